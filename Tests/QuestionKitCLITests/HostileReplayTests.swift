import FormGenerators
import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionKitForms
import TestSupport
import Testing

/// Replaying and printing cost time in proportion to the input, whatever its shape: each extreme
/// shape runs `run --out --pdf` at n and at 10n in one test, and 10n may take at most 30 times as
/// long (a linear cost takes about 10 times, a quadratic one 100). No absolute time is asserted.
@Suite("Replay and printing of extreme forms")
struct HostileReplayTests {
    /// The allowed growth of the time for ten times the input.
    static let allowedGrowth = 30.0

    @Test func aLongScriptedWalkCostsTimeInProportionToItsSteps() throws {
        let folder = try TemporaryFolder()
        let template = try folder.write("template.json", TemplateGenerator.template(questions: 4))
        let small = try Self.run(template, fixture: HostileFormGenerator.manySteps(2_000), in: folder)
        let steps = HostileFormGenerator.manySteps(20_000)
        let large = try Self.run(template, fixture: steps, in: folder)
        #expect(large.outcome.status == 0, "\(large.outcome.standardError)")
        let attachments = steps.components(separatedBy: "\"attach\"").count - 1
        #expect(attachments > 2_800)
        #expect(large.outcome.standardOutput.contains("question 1: attach image: Qid0(\(attachments))\n"))
        #expect(large.seconds < Self.allowedGrowth * small.seconds, "\(small.seconds) s, then \(large.seconds) s")
    }

    @Test func thousandsOfMediaOnOneQuestionCostTimeInProportion() throws {
        let folder = try TemporaryFolder()
        let template = try folder.write("template.json", TemplateGenerator.template(questions: 4))
        let small = try Self.run(template, fixture: HostileFormGenerator.manyMedia(1_000), in: folder)
        let large = try Self.run(template, fixture: HostileFormGenerator.manyMedia(10_000), in: folder)
        #expect(large.outcome.status == 0, "\(large.outcome.standardError)")
        let completed = try String(contentsOfFile: folder.path + "/out/template.completed.json", encoding: .utf8)
        #expect(completed.contains("\"Qid0(10000)\""))
        #expect(large.seconds < Self.allowedGrowth * small.seconds, "\(small.seconds) s, then \(large.seconds) s")
    }

    @Test func aQuestionThatIsOneLongWordCostsTimeInProportionToItsLength() throws {
        let folder = try TemporaryFolder()
        let small = try folder.write("small.json", HostileFormGenerator.longWordTemplate(length: 20_000))
        let large = try folder.write("large.json", HostileFormGenerator.longWordTemplate(length: 200_000))
        // Each fixture names its own template: one that names another fails (issue 11).
        let smallRun = try Self.run(
            small, fixture: HostileFormGenerator.manyMedia(0, templatePath: "small.json"), in: folder)
        let largeRun = try Self.run(
            large, fixture: HostileFormGenerator.manyMedia(0, templatePath: "large.json"), in: folder)
        #expect(largeRun.outcome.status == 0, "\(largeRun.outcome.standardError)")
        #expect(
            largeRun.seconds < Self.allowedGrowth * smallRun.seconds,
            "\(smallRun.seconds) s, then \(largeRun.seconds) s")
    }

    /// Writes `fixture` beside the template and runs it (see the other `run`).
    static func run(
        _ template: String, fixture: String, in folder: TemporaryFolder
    ) throws -> (seconds: Double, outcome: QuestionKitTool.Outcome) {
        try run(template, fixturePath: folder.write("fixture.json", fixture), in: folder)
    }

    /// `run TEMPLATE --answers FIXTURE --out DIR --pdf FILE` in-process: the best of two times, and the outcome.
    static func run(
        _ template: String, fixturePath: String, in folder: TemporaryFolder
    ) throws -> (seconds: Double, outcome: QuestionKitTool.Outcome) {
        let arguments = [
            "run", template, "--answers", fixturePath, "--out", folder.path + "/out", "--pdf", folder.path + "/out.pdf",
        ]
        var best = Double.infinity
        var outcome: QuestionKitTool.Outcome?
        for _ in 0..<2 {
            let start = Date()
            outcome = runTool(arguments)
            best = min(best, Date().timeIntervalSince(start))
        }
        return (best, try #require(outcome))
    }
}
