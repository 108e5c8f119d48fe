import Dispatch
import FormGenerators
import Foundation
import QuestionKit
import QuestionKitForms

/// Replays of generated fixtures: one large form, and many small ones on every core.
enum ReplayBenchmark {
    static func run(reader: TemplateReader) -> [String] {
        var lines: [String] = []
        guard let large = reader.read(Array(TemplateGenerator.template(questions: 1_000).utf8)).template,
            let small = reader.read(Array(TemplateGenerator.template(questions: 20).utf8)).template
        else { return ["the generated templates did not read"] }

        let largeFixture = Array(FixtureGenerator.fixture(questions: 1_000, seed: 1).utf8)
        let largeReplay = Measure.seconds(runs: 10) { _ = replay(largeFixture, template: large) }
        let largeOutputs = Measure.seconds(runs: 10) {
            guard let form = replay(largeFixture, template: large) else { return }
            _ = CompletedFormWriter.json(form)
            _ = TextExport.render(Review(form: form))
        }
        lines.append(
            String(
                format:
                    "| 1,000-question form, one fixture | %.1f ms "
                    + "| %.1f ms with review, text export and completed JSON |",
                largeReplay.median * 1000, largeOutputs.median * 1000))

        let fixtures = (0..<10_000).map { Array(FixtureGenerator.fixture(questions: 20, seed: $0).utf8) }
        let cores = ProcessInfo.processInfo.activeProcessorCount
        let many = Measure.seconds(runs: 3) { replayAll(fixtures, template: small, threads: cores) }
        let single = Measure.seconds(runs: 1) { replayAll(fixtures, template: small, threads: 1) }
        lines.append(
            String(
                format: "| 10,000 fixtures of a 20-question form, %d cores | %.0f ms | %.0f forms/s; 1 core: %.0f ms |",
                cores, many.median * 1000, 10_000 / many.median, single.median * 1000))
        return lines
    }

    /// Reads a fixture and replays it to submission; nil when it does not pass.
    static func replay(_ bytes: [UInt8], template: Template) -> FilledForm? {
        guard let fixture = Fixture.read(bytes).fixture else { return nil }
        let result = FixtureReplayer(fixture: fixture, template: template).replay()
        return result.passed ? result.session.form : nil
    }

    /// Replays every fixture, split across `threads` threads; counts the failures.
    @discardableResult
    static func replayAll(_ fixtures: [[UInt8]], template: Template, threads: Int) -> Int {
        let failures = Counter()
        DispatchQueue.concurrentPerform(iterations: threads) { run in
            let range = (fixtures.count * run / threads)..<(fixtures.count * (run + 1) / threads)
            var failed = 0
            for index in range where replay(fixtures[index], template: template) == nil { failed += 1 }
            failures.add(failed)
        }
        return failures.value
    }
}

/// A total that threads add to.
final class Counter: @unchecked Sendable {
    private let lock = NSLock()
    private var total = 0

    func add(_ amount: Int) { lock.withLock { total += amount } }
    var value: Int { lock.withLock { total } }
}
