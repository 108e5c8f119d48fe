import Foundation

/// Counts work while it is bound (`counting`), for the tests that hold a cost to its bound by
/// counting it, never by timing it: the passes `JSONParser` makes over input (one parse per file),
/// and the work of the steps whose cost could grow with the square of their input, so that a
/// scaling test compares n with 10n. Unbound, counting reads the task-local once per operation;
/// an operation's own loops count in a local integer and add it once.
package final class WorkCounter: @unchecked Sendable {
    /// What is counted.
    package enum Work: Int, CaseIterable, Sendable {
        /// Passes of `JSONParser` over input.
        case jsonParses
        /// Media names tried for a new attachment, and saved names hashed, by the session's namer.
        case mediaNames
        /// Media copied by the session between a question's draft and its saved entry.
        case sessionMedia
        /// Characters measured to break a text that does not fit on one line.
        case measuredCharacters
        /// Questions and conditions visited by the language server following a `linkId`.
        case linkIdVisits
        /// Questions whose conditions were evaluated again after an answer they look at changed.
        case conditions
        /// Questions looked at to find the next, previous or last question asked.
        case askedScan
        /// Items, members and answer options visited by a format converter (`QuestionKitInterchange`).
        case interchangeVisits
        /// Characters of forms' fields stepped over by a search pattern (`TextPattern`, `store find`).
        case searchSteps
    }

    /// The counter of the current task (and of the threads it hands work to; see `ParallelMap`).
    @TaskLocal package static var current: WorkCounter?

    // A lock, not `Synchronization.Atomic`: that needs macOS 15 and the package names no platforms.
    private let lock = NSLock()
    private var counts = [Int](repeating: 0, count: Work.allCases.count)

    package init() {}

    /// The work of one kind counted so far.
    package subscript(work: Work) -> Int { lock.withLock { counts[work.rawValue] } }

    /// Adds `amount` to the current task's counter, if one is bound.
    package static func add(_ amount: Int, to work: Work) {
        guard let counter = current else { return }
        counter.lock.withLock { counter.counts[work.rawValue] += amount }
    }

    /// Runs `body` with a fresh counter bound and returns its result with the counter.
    package static func counting<Result>(_ body: () throws -> Result) rethrows -> (result: Result, work: WorkCounter) {
        let counter = WorkCounter()
        let result = try $current.withValue(counter) { try body() }
        return (result, counter)
    }
}
