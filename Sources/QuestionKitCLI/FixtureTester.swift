import Foundation
import QuestionKit
import QuestionKitForms

/// What came of one fixture in `test`: whether it passed, how long it took, and every problem,
/// the cause first.
struct FixtureOutcome: Sendable {
    /// The fixture's path.
    var path: String
    /// The template it was replayed with, when there was one to use.
    var templatePath: String?
    /// The template's problems when it could not be used, then the fixture's, cause first.
    var reports: [FileDiagnostics]
    /// The replay's problems that only follow from those (located in the fixture), told in one line.
    var followOns: ReplayFollowOns?
    /// The questions the replay flagged, nil when there was no replay.
    var flagsFound: [Int]?
    /// The questions the fixture expects flagged, nil when it does not say.
    var flagsExpected: [Int]?
    /// Seconds spent reading, checking and replaying the fixture (its template's reading, shared
    /// by the fixtures that use it, left out).
    var duration: Double

    /// Drops the notes (`--quiet`): they never decide whether a fixture passed.
    mutating func leaveOutNotes() {
        for index in reports.indices { reports[index].diagnostics.removeAll { $0.severity == .note } }
    }

    /// Whether the fixture passed: no errors anywhere.
    var passed: Bool { followOns == nil && !reports.contains { $0.diagnostics.containsErrors } }

    /// The first error, which is the cause, with its file.
    var cause: (path: String, diagnostic: Diagnostic)? {
        for report in reports {
            if let error = report.diagnostics.first(where: { $0.severity == .error }) { return (report.path, error) }
        }
        return nil
    }
}

/// Reads, checks and replays fixtures for `test`, on every core: each fixture is read, checked and
/// replayed by one thread, start to end, and let go there, so that nothing but the outcomes is held
/// and no step waits for the others (reading in one parallel pass and replaying in another left a
/// serial hand-over between them, which kept two cores from being faster than one). Each template
/// is read once through the `TemplateCache`, which the threads share. The outcomes come in the
/// order of the paths.
struct FixtureTester: Sendable {
    let files: FormFiles
    /// Whether outcomes list the questions flagged (only `--format json` shows them).
    var withFlags = false
    /// Where each replayed fixture's coverage of its template's logic is counted, when asked for.
    var coverage: CoverageTally?

    /// A fixture read, with the template it is to be replayed with.
    struct Read: Sendable {
        var fixture: FormFiles.Loaded<Fixture>
        var outcome: FixtureOutcome
        var diagnostics: [Diagnostic]
    }

    func test(_ paths: [String]) -> [FixtureOutcome] {
        var templates = TemplateCache()
        return test(paths, templates: &templates)
    }

    /// The outcomes of the fixtures at `paths`, their templates read through `templates`.
    func test(_ paths: [String], templates: inout TemplateCache) -> [FixtureOutcome] {
        let shared = SharedTemplates(templates)
        defer { templates = shared.cache }
        return ParallelMap.map(paths) { path in
            let read = read(path)
            let template = read.outcome.templatePath.map { shared.template(at: $0, files: files) }
            return replay(read, template: template)
        }
    }

    /// The template cache, used from every thread in turn. A template is read holding the lock, so
    /// that fixtures naming it wait for that one reading rather than read it again.
    private final class SharedTemplates: @unchecked Sendable {
        private let lock = NSLock()
        private(set) var cache: TemplateCache

        init(_ cache: TemplateCache) { self.cache = cache }

        func template(at path: String, files: FormFiles) -> FormFiles.Loaded<Template> {
            lock.withLock { cache.template(at: path, files: files) }
        }
    }

    private func read(_ path: String) -> Read {
        let start = DispatchTime.now().uptimeNanoseconds
        let fixture = files.fixture(at: path)
        var read = Read(
            fixture: fixture, outcome: FixtureOutcome(path: path, reports: [], duration: 0), diagnostics: [])
        read.diagnostics = fixture.report.diagnostics
        if let loaded = fixture.value {
            read.outcome.flagsExpected = loaded.expectations.flagged?.sorted()
            // Whether the template exists is asked when it is read, once for all its fixtures.
            let chosen = files.check.fixtureTemplate.choose(for: loaded, at: path) { _ in true }
            read.diagnostics += chosen.problems
            read.outcome.templatePath = chosen.path
        }
        read.outcome.duration = Self.seconds(since: start)
        return read
    }

    private func replay(_ read: Read, template: FormFiles.Loaded<Template>?) -> FixtureOutcome {
        let start = DispatchTime.now().uptimeNanoseconds
        var outcome = read.outcome
        var diagnostics = read.diagnostics
        if let template, template.report.source == nil, let fixture = read.fixture.value {
            // The template could not be read: a located problem of the fixture when it does not exist.
            let chosen = files.check.fixtureTemplate.choose(for: fixture, at: outcome.path)
            diagnostics += chosen.problems
            outcome.templatePath = chosen.path
            if chosen.path != nil { outcome.reports.append(template.report) }
        } else if let template, template.report.diagnostics.containsErrors {
            outcome.reports.append(files.check.fixtureTemplate.report(template.report, forFixtureAt: outcome.path))
        }
        if let fixture = read.fixture.value, let usable = template?.value {
            var replayer = FixtureReplayer(fixture: fixture, template: usable)
            replayer.keepsTranscript = false
            let result = replayer.replay()
            let told = FixtureChecks.replayProblems(result, besides: diagnostics)
            diagnostics += told.causes
            outcome.followOns = told.followOns
            if withFlags { outcome.flagsFound = result.session.form.flags().map(\.question.number) }
            if let coverage, let path = outcome.templatePath {
                coverage.record(result.session, template: usable, at: path)
            }
        }
        // The source is kept only to quote it in diagnostics: a clean fixture's is let go at once.
        outcome.reports.append(
            FileDiagnostics(
                path: outcome.path, diagnostics: FixtureChecks.causeFirst(diagnostics),
                source: diagnostics.isEmpty ? nil : read.fixture.report.source))
        outcome.duration += Self.seconds(since: start)
        return outcome
    }

    private static func seconds(since start: UInt64) -> Double {
        Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
    }
}
