import Foundation

/// Counts the passes `JSONParser` makes over input while it is bound (`counting`), so that tests
/// can hold each command to one parse per file. Unbound, a parse only reads the task-local.
package final class JSONParseCounter: @unchecked Sendable {
    /// The counter of the current task (and of the threads it hands work to; see `ParallelMap`).
    @TaskLocal package static var current: JSONParseCounter?

    // A lock, not `Synchronization.Atomic`: that needs macOS 15 and the package names no platforms.
    private let lock = NSLock()
    private var passes = 0

    package init() {}

    /// The passes counted so far.
    package var count: Int { lock.withLock { passes } }

    /// Counts one pass over input in the current task's counter, if one is bound.
    static func countPass() {
        guard let counter = current else { return }
        counter.lock.withLock { counter.passes += 1 }
    }

    /// Runs `body` with a fresh counter bound and returns its result with the passes it made.
    package static func counting<Result>(_ body: () throws -> Result) rethrows -> (result: Result, parses: Int) {
        let counter = JSONParseCounter()
        let result = try $current.withValue(counter) { try body() }
        return (result, counter.count)
    }
}
