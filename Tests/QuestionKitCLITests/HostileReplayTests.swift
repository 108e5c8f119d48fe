import FormGenerators
import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionKitForms
import TestSupport
import Testing

/// Replaying and printing cost work in proportion to the input, whatever its shape: each extreme
/// shape runs `run --out --pdf` at n and at 10n in one test, and the work that a quadratic step
/// would multiply (counted by `WorkCounter`, never timed) may grow at most 12 times (a linear
/// cost grows 10 times, a quadratic one 100).
@Suite("Replay and printing of extreme forms")
struct HostileReplayTests {
    /// The allowed growth of the work for ten times the input.
    static let allowedGrowth = 12

    @Test func aLongScriptedWalkCostsWorkInProportionToItsSteps() throws {
        let folder = try TemporaryFolder()
        let template = try folder.write("template.json", TemplateGenerator.template(questions: 4))
        let small = try Self.run(template, fixture: HostileFormGenerator.manySteps(2_000), in: folder)
        let steps = HostileFormGenerator.manySteps(20_000)
        let large = try Self.run(template, fixture: steps, in: folder)
        #expect(large.outcome.status == 0, "\(large.outcome.standardError)")
        let attachments = steps.components(separatedBy: "\"attach\"").count - 1
        #expect(attachments > 2_800)
        #expect(large.outcome.standardOutput.contains("question 1: attach image: Qid0(\(attachments))\n"))
        // Each cycle names a photo and saves it with the others of question 1.
        Self.expectLinear(small, large, in: [.mediaNames, .sessionMedia])
    }

    @Test func thousandsOfMediaOnOneQuestionCostWorkInProportion() throws {
        let folder = try TemporaryFolder()
        let template = try folder.write("template.json", TemplateGenerator.template(questions: 4))
        let small = try Self.run(template, fixture: HostileFormGenerator.manyMedia(1_000), in: folder)
        let large = try Self.run(template, fixture: HostileFormGenerator.manyMedia(10_000), in: folder)
        #expect(large.outcome.status == 0, "\(large.outcome.standardError)")
        let completed = try String(contentsOfFile: folder.path + "/out/template.completed.json", encoding: .utf8)
        #expect(completed.contains("\"Qid0(10000)\""))
        Self.expectLinear(small, large, in: [.mediaNames, .sessionMedia])
    }

    @Test func aQuestionThatIsOneLongWordCostsWorkInProportionToItsLength() throws {
        let folder = try TemporaryFolder()
        let small = try folder.write("small.json", HostileFormGenerator.longWordTemplate(length: 20_000))
        let large = try folder.write("large.json", HostileFormGenerator.longWordTemplate(length: 200_000))
        // Each fixture names its own template: one that names another fails (issue 11).
        let smallRun = try Self.run(
            small, fixture: HostileFormGenerator.manyMedia(0, templatePath: "small.json"), in: folder)
        let largeRun = try Self.run(
            large, fixture: HostileFormGenerator.manyMedia(0, templatePath: "large.json"), in: folder)
        #expect(largeRun.outcome.status == 0, "\(largeRun.outcome.standardError)")
        // The word is broken into lines a character at a time, for the page and for its height.
        Self.expectLinear(smallRun, largeRun, in: [.measuredCharacters])
    }

    /// Each kind of work was done at n, and at 10n at most `allowedGrowth` times as much.
    static func expectLinear(_ small: Run, _ large: Run, in kinds: [WorkCounter.Work]) {
        for kind in kinds {
            let (before, after) = (small.work[kind], large.work[kind])
            #expect(before > 0, "\(kind)")
            #expect(after <= allowedGrowth * before, "\(kind): \(before), then \(after)")
        }
    }

    /// A run's outcome and the work it counted.
    typealias Run = (outcome: QuestionKitTool.Outcome, work: WorkCounter)

    /// Writes `fixture` beside the template and runs it (see the other `run`).
    static func run(_ template: String, fixture: String, in folder: TemporaryFolder) throws -> Run {
        try run(template, fixturePath: folder.write("fixture.json", fixture), in: folder)
    }

    /// `run TEMPLATE --answers FIXTURE --out DIR --pdf FILE` in-process, counting its work.
    static func run(_ template: String, fixturePath: String, in folder: TemporaryFolder) -> Run {
        let arguments = [
            "run", template, "--answers", fixturePath, "--out", folder.path + "/out", "--pdf", folder.path + "/out.pdf",
        ]
        let (outcome, work) = WorkCounter.counting { runTool(arguments) }
        return (outcome, work)
    }
}
