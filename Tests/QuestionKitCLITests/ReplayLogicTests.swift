import Foundation
import QuestionKit
import QuestionKitCLI
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
