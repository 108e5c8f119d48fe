import Foundation
import QuestionKit
import QuestionKitStore

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
    }

    /// Applies the safe fixes of `bytes` until none is left (or `maxRounds`), each round on the
    /// text the last one made; overlapping fixes wait for the next round, and those still
    /// overlapping at the end are reported as skipped.
    static func fix(_ bytes: [UInt8], reader: TemplateReader) -> Outcome {
        var outcome = Outcome(bytes: bytes)
        for _ in 0..<maxRounds {
            let safe = reader.diagnose(outcome.bytes).flatMap { $0.fixes.filter(\.isSafe) }
            let result = FixApplication.apply(safe, to: outcome.bytes)
            outcome.skipped = result.skipped
            guard !result.applied.isEmpty, result.bytes != outcome.bytes else { break }
            outcome.bytes = result.bytes
            outcome.applied += result.applied
        }
        return outcome
    }

    /// Fixes the template at `path` in place (atomically, keeping its mode and owner; see
    /// `OutputFile`) and returns the lines that say what changed, for standard error; a write
    /// failure becomes a diagnostic. The file is replaced only if it still holds `bytes`: a save
    /// made by someone else while the fix ran is kept, and the fix refused. Temporary files that
    /// an earlier, killed fix left beside it are removed first.
    static func fixFile(
        _ path: String, bytes: [UInt8], reader: TemplateReader
    ) -> (bytes: [UInt8], report: [String]) {
        let outcome = fix(bytes, reader: reader)
        var report = outcome.applied.map { "\(TerminalText.escaped(path)): fixed: \(TerminalText.escaped($0.title))" }
        report += outcome.skipped.map {
            "\(TerminalText.escaped(path)): not fixed (overlaps another fix): \(TerminalText.escaped($0.title))"
        }
        for name in sweptFolders.sweepOnce(besides: path).map(TerminalText.escaped) {
            report.append("\(TerminalText.escaped(path)): removed '\(name)', left by a fix that was stopped")
        }
        guard outcome.bytes != bytes else { return (bytes, report) }
        do {
            try OutputFile.write(outcome.bytes, to: path, expecting: bytes)
        } catch {
            return (bytes, ["\(TerminalText.escaped(path)): not fixed: \(TerminalText.escaped(error.reason))"])
        }
        return (outcome.bytes, report)
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
