import Foundation
import QuestionKit

/// What came of one fixture in `test`: whether it passed, how long it took, and every problem,
/// the cause first.
struct FixtureOutcome: Sendable {
    /// The fixture's path.
    var path: String
    /// The template it was replayed with, when there was one to use.
    var templatePath: String?
    /// The template's problems when it could not be used, then the fixture's, cause first.
    var reports: [FileDiagnostics]
    /// The questions the replay flagged, nil when there was no replay.
    var flagsFound: [Int]?
    /// The questions the fixture expects flagged, nil when it does not say.
    var flagsExpected: [Int]?
    /// Seconds spent reading, checking and replaying the fixture.
    var duration: Double

    /// Whether the fixture passed: no errors anywhere.
    var passed: Bool { !reports.contains { $0.diagnostics.containsErrors } }

    /// The first error, which is the cause, with its file.
    var cause: (path: String, diagnostic: Diagnostic)? {
        for report in reports {
            if let error = report.diagnostics.first(where: { $0.severity == .error }) { return (report.path, error) }
        }
        return nil
    }
}

/// Reads, checks and replays fixtures for `test`.
struct FixtureTester: Sendable {
    let files: FormFiles

    /// The outcome of the fixture at `path`, its template read by `template`.
    func test(_ path: String, template: (String) -> FormFiles.Loaded<Template>) -> FixtureOutcome {
        let start = DispatchTime.now().uptimeNanoseconds
        let fixture = files.fixture(at: path)
        var outcome = FixtureOutcome(path: path, reports: [], duration: 0)
        var diagnostics = fixture.report.diagnostics
        if let loaded = fixture.value {
            outcome.flagsExpected = loaded.expectations.flagged?.sorted()
            let chosen = FixtureTemplate.choose(for: loaded, at: path)
            diagnostics += chosen.problems
            outcome.templatePath = chosen.path
            if let templatePath = chosen.path {
                let template = template(templatePath)
                if template.report.diagnostics.containsErrors { outcome.reports.append(template.report) }
                if let usable = template.value {
                    let result = FixtureReplayer(fixture: loaded, template: usable).replay()
                    diagnostics += FixtureChecks.replayProblems(result.diagnostics, besides: diagnostics)
                    outcome.flagsFound = result.session.form.flags().map(\.question.number)
                }
            }
        }
        outcome.reports.append(
            FileDiagnostics(
                path: path, diagnostics: FixtureChecks.causeFirst(diagnostics), source: fixture.report.source))
        outcome.duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
        return outcome
    }
}
