import FormGenerators
import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionKitForms
import TestSupport
import Testing

/// Issue 20: fixtures of a template with logic: the default walk moves over asked questions only,
/// `expect.notAsked` is checked, and an answer to a question not asked is an error at that answer.
@Suite("Replay of a template with logic")
struct ReplayLogicTests {
    static let template = packageRoot + "/Templates/leak-check.json"

    /// Writes a fixture of the leak check with `answers` and `expect` and runs `test` on it.
    static func test(answers: String, expect: String) throws -> QuestionKitTool.Outcome {
        let folder = try TemporaryFolder()
        let fixture = try folder.write(
            "leak.fixture.json",
            #"{"template": "\#(template)", "answers": {\#(answers)}, "expect": {\#(expect)}}"#)
        return runTool(["test", fixture])
    }

    static let noLeak = #""1": {"answer": ["Yes"]}, "2": {"answer": ["No"]}, "6": {"answer": "80"}"#

    @Test func theDefaultWalkSkipsTheQuestionsNotAsked() throws {
        let outcome = try Self.test(answers: Self.noLeak, expect: #""notAsked": [3, 4, 5, 7, 8]"#)
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
    }

    @Test func aWrongNotAskedListFailsAtTheExpectation() throws {
        let outcome = try Self.test(answers: Self.noLeak, expect: #""notAsked": [3, 4]"#)
        #expect(outcome.status != 0)
        #expect(
            outcome.standardOutput.contains(
                "questions not asked are 3, 4, 5, 7, 8, expected 3, 4 [fixture.not-asked-differs] at "))
    }

    /// `test` of a fixture answering every question of a chain (each asked once the one before it
    /// is answered): the conditions evaluated, and the questions looked at to find the next and the
    /// last asked, grow tenfold for ten times the questions.
    @Test func replayingAChainCostsWorkInProportionToItsLength() throws {
        func replay(_ count: Int) throws -> WorkCounter {
            let folder = try TemporaryFolder()
            _ = try folder.write("chain.json", LogicTemplateGenerator.chain(count))
            let answers = (1...count).map { #""\#($0)": {"answer": "1"}"# }.joined(separator: ", ")
            let fixture = try folder.write(
                "chain.fixture.json", #"{"template": "chain.json", "answers": {\#(answers)}}"#)
            let (outcome, work) = WorkCounter.counting { runTool(["test", fixture]) }
            #expect(outcome.status == 0, "\(outcome.standardOutput)")
            return work
        }
        let (small, large) = (try replay(300), try replay(3_000))
        for kind in [WorkCounter.Work.conditions, .askedScan] {
            #expect(small[kind] >= 300, "\(kind)")
            #expect(large[kind] <= 12 * small[kind], "\(kind): \(small[kind]) then \(large[kind])")
        }
    }

    @Test func anAnswerToAQuestionNotAskedIsAnErrorAtThatAnswer() throws {
        let outcome = try Self.test(answers: Self.noLeak + #", "4": {"answer": "3"}"#, expect: "")
        #expect(outcome.status != 0)
        #expect(
            outcome.standardOutput.contains(
                "question 4 is not asked ('Any leaks at hoses…?' is No), but the fixture answers it "
                    + "[fixture.answer-not-asked] at "),
            "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains("leak.fixture.json:1:"))
    }
}
