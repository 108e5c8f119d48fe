import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

/// Issue 20: a runnable template keeps its conditions resolved (`Template.logic`), and that one
/// value says which questions are asked for given answers.
@Suite("Template logic")
struct TemplateLogicTests {
    static func template(_ text: String) throws -> Template {
        let result = TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all)).read(Array(text.utf8))
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        return try #require(result.template)
    }

    static func leakCheck() throws -> Template {
        try template(String(contentsOfFile: packageRoot + "/Templates/leak-check.json", encoding: .utf8))
    }

    /// Answers by question number, read from JSON by each question's type.
    static func answers(_ template: Template, _ json: [Int: String]) throws -> [QuestionAnswer?] {
        try template.questions.map { question in
            guard let text = json[question.number] else { return nil }
            let document = try #require(JSONParser.parse(Array(text.utf8)).document)
            var problems = ProblemCollector(document: document)
            return question.parseAnswer(document.root, problems: &problems)
        }
    }

    @Test func aTemplateWithoutConditionsHasNoLogic() throws {
        let plain = try Self.template(
            #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "Q", "answers": ["Yes", "No"]}]}"#)
        #expect(plain.logic == nil)
        let named = try Self.template(
            #"{"Title": "T", "questions": [{"linkId": "q", "answer-type": "true/false", "question": "Q", "answers": ["Yes", "No"]}]}"#
        )
        #expect(named.logic == nil, "a linkId alone decides nothing")
    }

    @Test func theLeakCheckKeepsEachConditionWithItsReferredQuestionAndLine() throws {
        let template = try Self.leakCheck()
        let logic = try #require(template.logic)
        #expect(logic.conditions.map { $0?.conditions.count ?? 0 } == [0, 0, 1, 1, 2, 0, 2, 1])
        let seal = try #require(logic.conditions[4])
        #expect(seal.isAny)
        #expect(seal.conditions.map(\.referred) == [2, 3])
        #expect(seal.conditions[1].condition == Condition(.greater, .value(.number(10))))
        let source = try String(contentsOfFile: packageRoot + "/Templates/leak-check.json", encoding: .utf8)
        let lines = source.split(separator: "\n", omittingEmptySubsequences: false)
        for condition in logic.conditions.compactMap({ $0 }).flatMap(\.conditions) {
            #expect(lines[condition.line - 1].contains("\"question\": \""), "line \(condition.line)")
        }
        #expect(logic.dependents[1] == [2, 3])
    }

    @Test func whichQuestionsAreAskedFollowsTheAnswers() throws {
        let template = try Self.leakCheck()
        let logic = try #require(template.logic)
        #expect(
            logic.askedQuestions(try Self.answers(template, [:]))
                == [true, true, false, false, false, true, false, false])
        let leaking = try Self.answers(template, [1: "true", 2: "true", 4: #""12""#, 6: #""30""#])
        #expect(logic.askedQuestions(leaking) == [true, true, true, true, true, true, true, false])
        let notLeaking = try Self.answers(template, [1: "false", 2: "false", 4: #""12""#, 6: #""30""#])
        #expect(
            logic.askedQuestions(notLeaking) == [true, true, false, false, false, true, false, true],
            "the rate's answer counts for nothing once the rate is not asked")
        let asked = logic.askedQuestions(leaking)
        #expect(
            logic.conditionResults(of: 4, answer: { leaking[$0] }, isAsked: { asked[$0] }) == [false, true])
        #expect(logic.conditionResults(of: 0, answer: { leaking[$0] }, isAsked: { asked[$0] }) == [])
    }

    @Test func aForwardReferenceIsEvaluatedAfterTheQuestionItLooksAt() throws {
        let template = try Self.template(
            #"""
            {"Title": "T", "questions": [
            {"answer-type": "short-answer", "question": "Why?", "enableWhen": [{"question": "b", "operator": "exists", "answer": true}]},
            {"linkId": "b", "answer-type": "true/false", "question": "B", "answers": ["Yes", "No"], "enableWhen": [{"question": "a", "operator": "=", "answer": true}]},
            {"linkId": "a", "answer-type": "true/false", "question": "A", "answers": ["Yes", "No"]}
            ]}
            """#)
        let logic = try #require(template.logic)
        #expect(logic.askedQuestions(try Self.answers(template, [2: "true", 3: "true"])) == [true, true, true])
        #expect(
            logic.askedQuestions(try Self.answers(template, [2: "true", 3: "false"])) == [false, false, true],
            "b is not asked, so its answer does not count")
    }
}
