import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// `validate --fix`: applies the safe fix-its of a template in place, round after round (a fix can
/// reveal the next problem), then reports what is left.
enum ValidateFix {
    /// Rounds of fixing before giving up on reaching a text with nothing left to fix.
    static let maxRounds = 8

    /// What fixing one file did.
    struct Outcome {
        var bytes: [UInt8]
        var applied: [FixIt] = []
        var skipped: [FixIt] = []
        var unfinished: Diagnostic?
    }

    /// Applies the safe fixes of `bytes` until none is left, each round on the text the last one
    /// made; overlapping fixes wait for the next round, and those still overlapping at the end are
    /// reported as skipped. After `rounds` rounds it stops, and says so in `unfinished` when safe
    /// fixes would still change the text.
    static func fix(_ bytes: [UInt8], rounds: Int = maxRounds, diagnose: ([UInt8]) -> [Diagnostic]) -> Outcome {
        var outcome = Outcome(bytes: bytes)
        for round in 0...rounds {
            let safe = diagnose(outcome.bytes).flatMap { $0.fixes.filter(\.isSafe) }
            let result = FixApplication.apply(safe, to: outcome.bytes)
            guard !result.applied.isEmpty, result.bytes != outcome.bytes else {
                outcome.skipped = result.skipped
                break
            }
            guard round < rounds else {
                outcome.unfinished = unfinished(after: rounds, left: safe.count)
                break
            }
            outcome.skipped = result.skipped
            outcome.bytes = result.bytes
            outcome.applied += result.applied
        }
        return outcome
    }

    /// The error saying that fixing stopped at the round limit with `left` safe fixes still to
    /// apply: the file is left as the last round made it, and `--fix` may be run again.
    static func unfinished(after rounds: Int, left: Int) -> Diagnostic {
        Diagnostic(
            severity: .error, code: "fix.unfinished",
            message:
                "--fix stopped after \(rounds) rounds with \(left) safe fix\(left == 1 ? "" : "es") still to apply",
            hint: "The fixed text is written; run --fix again, or apply the rest by hand.")
    }

    /// Fixes the template at `path` in place (atomically, keeping its mode and owner; see
    /// `OutputFile`) and returns the lines that say what changed, for standard error; a write
    /// failure becomes a diagnostic. The file is replaced only if it still holds `bytes`: a save
    /// made by someone else while the fix ran is kept, and the fix refused. Temporary files that
    /// an earlier, killed fix left beside it are removed first.
    static func fixFile(
        _ path: String, bytes: [UInt8], reader: TemplateReader
    ) -> (bytes: [UInt8], report: [String], unfinished: Diagnostic?) {
        let outcome = fix(bytes) { reader.diagnose($0) }
        var report = outcome.applied.map { "\(TerminalText.escaped(path)): fixed: \(TerminalText.escaped($0.title))" }
        report += outcome.skipped.map {
            "\(TerminalText.escaped(path)): not fixed (overlaps another fix): \(TerminalText.escaped($0.title))"
        }
        for name in sweptFolders.sweepOnce(besides: path).map(TerminalText.escaped) {
            report.append("\(TerminalText.escaped(path)): removed '\(name)', left by a fix that was stopped")
        }
        guard outcome.bytes != bytes else { return (bytes, report, outcome.unfinished) }
        do {
            try OutputFile.write(outcome.bytes, to: path, expecting: bytes)
        } catch {
            return (bytes, ["\(TerminalText.escaped(path)): not fixed: \(TerminalText.escaped(error.reason))"], nil)
        }
        return (outcome.bytes, report, outcome.unfinished)
    }
}

/// The folders whose stale temporary files were already removed in this process: one sweep per
/// folder, however many of its templates are fixed.
private let sweptFolders = SweptFolders()

private final class SweptFolders: @unchecked Sendable {
    private let lock = NSLock()
    private var folders: Set<String> = []

    /// Sweeps the folder of `path` unless it was swept already; returns the names removed.
    func sweepOnce(besides path: String) -> [String] {
        let folder = PathText.parent(of: path)
        guard lock.withLock({ folders.insert(folder).inserted }) else { return [] }
        return OutputFile.sweepStaleTemporaries(besides: path)
    }
}
