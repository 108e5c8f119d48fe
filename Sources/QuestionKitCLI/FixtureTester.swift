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
    /// Seconds spent reading, checking and replaying the fixture (its template's reading, shared
    /// by the fixtures that use it, left out).
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

/// Reads, checks and replays fixtures for `test`, on every core. In batches (so that a batch of
/// fixtures is held at a time): the fixtures are read in parallel, then, template by template
/// (each read once through the `TemplateCache`), its fixtures replayed in parallel. The outcomes
/// come in the order of the paths.
struct FixtureTester: Sendable {
    let files: FormFiles
    /// Whether outcomes list the questions flagged (only `--format json` shows them).
    var withFlags = false

    /// How many fixtures are read before they are replayed.
    static let batchSize = 1024

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
        var outcomes: [FixtureOutcome] = []
        outcomes.reserveCapacity(paths.count)
        for start in stride(from: 0, to: paths.count, by: Self.batchSize) {
            let batch = Array(paths[start..<min(start + Self.batchSize, paths.count)])
            outcomes += test(batch: batch, templates: &templates)
        }
        return outcomes
    }

    private func test(batch: [String], templates: inout TemplateCache) -> [FixtureOutcome] {
        var read = ParallelMap.map(batch, read)
        var order: [String?] = []
        var groups: [String?: [Int]] = [:]
        for (index, item) in read.enumerated() {
            let key = item.outcome.templatePath
            if groups[key] == nil { order.append(key) }
            groups[key, default: []].append(index)
        }
        // Each fixture is handed over to the thread that replays it and freed there, not on this one.
        let handed = read.map(Handover.init)
        read.removeAll()
        var outcomes = [FixtureOutcome?](repeating: nil, count: handed.count)
        for key in order {
            let template = key.map { templates.template(at: $0, files: files) }
            let indices = groups[key] ?? []
            let done = ParallelMap.map(indices) { index in
                handed[index].take().map { replay($0, template: template) }
            }
            for (index, outcome) in zip(indices, done) { outcomes[index] = outcome }
        }
        return outcomes.compactMap { $0 }
    }

    /// A fixture read, taken once by the thread that replays it (only that thread touches it).
    private final class Handover: @unchecked Sendable {
        private var read: Read?

        init(_ read: Read) { self.read = read }

        func take() -> Read? {
            defer { read = nil }
            return read
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
            let chosen = FixtureTemplate.choose(for: loaded, at: path) { _ in true }
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
            let chosen = FixtureTemplate.choose(for: fixture, at: outcome.path)
            diagnostics += chosen.problems
            outcome.templatePath = chosen.path
            if chosen.path != nil { outcome.reports.append(template.report) }
        } else if let template, template.report.diagnostics.containsErrors {
            outcome.reports.append(FixtureTemplate.report(template.report, forFixtureAt: outcome.path))
        }
        if let fixture = read.fixture.value, let usable = template?.value {
            var replayer = FixtureReplayer(fixture: fixture, template: usable)
            replayer.keepsTranscript = false
            let result = replayer.replay()
            diagnostics += FixtureChecks.replayProblems(result.diagnostics, besides: diagnostics)
            if withFlags { outcome.flagsFound = result.session.form.flags().map(\.question.number) }
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
