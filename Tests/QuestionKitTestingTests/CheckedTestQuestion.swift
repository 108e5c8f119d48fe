import QuestionKit
import QuestionKitForms

/// A test type whose examples and answer examples the tests choose: text answers, flagged when
/// they are "bad".
struct CheckedTestQuestion: QuestionType {
    var description: QuestionTypeDescription

    init(
        summary: String = "A checked question (test type).",
        examples: [QuestionExample] = [.valid("Plain", Self.question)], answerExamples: [AnswerExample] = []
    ) {
        description = QuestionTypeDescription(
            identifier: "checked", summary: summary, codes: Code.allCases, examples: examples,
            answerExamples: answerExamples)
    }

    static let question = #"{"answer-type": "checked", "question": "Q?"}"#

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool? { true }

    var answerKey: Key { .shortAnswer }
    func parseAnswer(_ value: JSONNode, for _: Bool, problems: inout ProblemCollector) -> String? {
        guard let text = value.stringValue else {
            problems.error(CheckedTestQuestion.Code.notText, "the answer must be text, not \(value.kind)", at: value)
            return nil
        }
        return text
    }
    func isAnswered(_ answer: String, for _: Bool) -> Bool { !TypedText.isBlank(answer) }
    func encodeAnswer(_ answer: String, for _: Bool) -> JSONWriter.Value { .string(answer) }
    func flags(for answer: String, of _: Bool) -> [Flag] {
        answer == "bad" ? [Flag(code: CheckedTestQuestion.Code.bad, message: "bad")] : []
    }
    func render(_ answer: String?, of _: Bool) -> AnswerRendering { answer.map { .init([.value($0)]) } ?? .noAnswer }
}

extension CheckedTestQuestion {
    /// What checked questions and answers report, each code declared once.
    enum Code: String, DiagnosticCode, CaseIterable {
        case bad = "checked.bad"
        case notText = "checked.not-text"
        case x = "checked.x"
    }
}
