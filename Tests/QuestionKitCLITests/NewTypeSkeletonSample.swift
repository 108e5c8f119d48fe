import QuestionKit

/// A sample-kind question. TODO: say what it asks and which keys it reads.
///
/// Register it with the other types, e.g. in your tool's `main.swift`:
/// `QuestionKitTool.main(types: BuiltInQuestionTypes.all + [SampleKindQuestion()])`.
public struct SampleKindQuestion: QuestionType {
    /// `sample-kind`, the `answer-type` of these questions: what it reads, its documentation and
    /// its examples.
    public var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "sample-kind",
            // One line for `questionkit types` and the documentation index.
            summary: "TODO: one line saying what a sample-kind question asks.",
            // The keys the type reads besides the ones every question has. TODO: add yours, and
            // describe their values for `questionkit schema` in `schemaProperties:`.
            keys: [],
            // The rules the type enforces, one sentence each, for its documentation page.
            rules: [],
            codes: Code.allCases, examples: Self.examples, answerExamples: Self.answerExamples)
    }
    /// Answers are stored under `user-answer` → `sample-kind`.
    public var answerKey: Key { Self.answer }

    public init() {}

    /// The answer to a sample-kind question, under `user-answer`.
    public static let answer = Key(
        "sampleKindAnswer", spelling: "sample-kind", summary: "The answer to a sample-kind question.")

    /// Reads the type's keys, reporting each problem at its JSON node.
    public func parseDefinition(
        of question: QuestionJSON, problems: inout ProblemCollector
    ) -> SampleKindDefinition? {
        // TODO: read your keys (`question[Self.someKey]`) and report what is wrong with
        // `problems.error(Code.someProblem, "a message quoting the value", at: node)`, after
        // adding `case someProblem = "sample-kind.some-problem"` to `Code`.
        SampleKindDefinition()
    }
}

/// What a sample-kind question reads into: everything needed to check, flag and show its answers.
public struct SampleKindDefinition: Sendable, Hashable {
    public init() {}
}

// MARK: - Answers

extension SampleKindQuestion {
    /// The answer: text. TODO: your type's answer.
    public typealias Answer = String

    /// Reads a string, reporting anything else.
    public func parseAnswer(
        _ value: JSONNode, for definition: SampleKindDefinition, problems: inout ProblemCollector
    ) -> String? {
        guard let text = value.stringValue else {
            problems.error(
                Code.answerNotString, "the answer must be a string, not \(value.kind)", at: value)
            return nil
        }
        return text
    }

    /// Text that is not blank counts as answered.
    public func isAnswered(_ answer: String, for definition: SampleKindDefinition) -> Bool {
        !answer.allSatisfy(\.isWhitespace)
    }

    /// The answer as a completed form stores it.
    public func encodeAnswer(_ answer: String, for definition: SampleKindDefinition) -> JSONWriter.Value {
        .string(answer)
    }

    /// The answer as the review, the text export and the PDF show it.
    public func render(_ answer: String?, of definition: SampleKindDefinition) -> AnswerRendering {
        answer.map { AnswerRendering([.value($0)]) } ?? .noAnswer
    }
}

// MARK: - Examples

extension SampleKindQuestion {
    /// Valid and invalid questions: the type's tests and its documentation page.
    static var examples: [QuestionExample] {
        [
            .valid(
                "A typical question", #"{"answer-type": "sample-kind", "question": "TODO: a typical question?"}"#),
            // TODO: fails until replaced by a question the type rejects, with the code and the
            // pointer of the error it reports.
            .invalid(
                "TODO: replace with a question sample-kind rejects, and the code and pointer of its error",
                #"{"answer-type": "sample-kind", "question": "TODO", "TODO": true}"#,
                .error(Code.todo, at: "/TODO")),
        ]
    }

    /// Example answers: how answers are read, when they count, and what they flag.
    static var answerExamples: [AnswerExample] {
        let question = #"{"answer-type": "sample-kind", "question": "TODO: a typical question?"}"#
        return [
            .valid("A text answer", question: question, answer: #""TODO""#),
            .valid("A blank answer does not count", question: question, answer: #"" ""#, isAnswered: false),
            .invalid(
                "A number", question: question, answer: "1", .error(Code.answerNotString, at: "")),
        ]
    }
}

// MARK: - Codes

extension SampleKindQuestion {
    /// What sample-kind questions and answers report: each code declared once, used by the code that
    /// reports it and by the examples that expect it. Every code starts with `sample-kind.`.
    public enum Code: String, DiagnosticCode, CaseIterable {
        /// An answer that is not a string.
        case answerNotString = "sample-kind.answer-not-string"
        /// TODO: the placeholder example's code; replace it with your own codes.
        case todo = "sample-kind.todo"
    }
}
