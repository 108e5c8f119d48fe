import Foundation
import QuestionKitForms

/// The coverage of each template's logic by the fixtures `test` replays, gathered from the threads
/// that replay them: each fixture's final answers are judged on its own thread, and only the
/// counting holds the lock. A template's conditions are located once, by its first fixture.
final class CoverageTally: @unchecked Sendable {
    private let lock = NSLock()
    private var byPath: [String: LogicCoverage] = [:]

    /// Adds the final state of `session`, a fixture replayed with `template`, read from `path`.
    func record(_ session: FormSession, template: Template, at path: String) {
        let judged = LogicCoverage.judge(session, template: template)
        lock.withLock {
            if byPath[path] == nil { byPath[path] = LogicCoverage(of: template) }
            byPath[path]?.record(truths: judged.truths, asked: judged.asked)
        }
    }

    /// Each template's coverage, in the order of their paths.
    var templates: [TemplateCoverage] {
        lock.withLock {
            byPath.sorted { $0.key < $1.key }.map { TemplateCoverage(path: $0.key, coverage: $0.value) }
        }
    }
}
