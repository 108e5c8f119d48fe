import Foundation
import QuestionKitFiles

/// What `validate --watch` compares between runs: each file the arguments name (a folder's
/// templates as its walk finds them) with its modification time and size. A file added to a
/// folder, removed, written or touched changes it; an editor's swap file (not a template) does not.
struct WatchedFiles: Equatable {
    /// Modification time (seconds) and size of each path; nil for one that cannot be read now.
    private var stamps: [String: Stamp?] = [:]

    private struct Stamp: Equatable {
        var modified: Double
        var size: Int
    }

    /// The files `arguments` name now (`-`, standard input, is not watched).
    init(_ arguments: [String]) {
        for argument in arguments where argument != "-" {
            let walk = FileInput.expand(argument)
            for path in walk.paths { stamps[path] = Self.stamp(path) }
        }
    }

    private static func stamp(_ path: String) -> Stamp? {
        guard let attributes = try? FileManager.default.attributesOfItem(atPath: path),
            let modified = attributes[.modificationDate] as? Date
        else { return nil }
        return Stamp(modified: modified.timeIntervalSince1970, size: (attributes[.size] as? Int) ?? 0)
    }
}

/// How `validate --watch` waits: it looks at the files every `interval` seconds (a poll, not a busy
/// loop: a few stat calls, then sleep), and stops after `runs` runs when that is set (tests).
package struct WatchLoop: Sendable {
    package var interval = 0.5
    /// Runs before the loop returns; nil (the command line) watches until Ctrl-C ends the process.
    package var runs: Int?
    /// Called instead of sleeping between looks (tests change a file here).
    package var pause: @Sendable (Double) -> Void = { Thread.sleep(forTimeInterval: $0) }

    package init() {}

    /// Runs `check` (whose status is returned when the loop ends), then again each time a file
    /// `arguments` name changes, a separator line before each run.
    func run(
        _ arguments: [String], context: inout CommandContext,
        check: (inout CommandContext) -> Int32
    ) -> Int32 {
        var count = 0
        while true {
            count += 1
            let before = WatchedFiles(arguments)
            context.print("--- validate --watch: run \(count); Ctrl-C stops ---")
            let status = check(&context)
            context.flushOutput()
            if let runs, count >= runs { return status }
            repeat { pause(interval) } while WatchedFiles(arguments) == before
        }
    }
}
