import QuestionKit

extension TrueFalseQuestion {
    /// One row: `Yes` or `No` as text, and the answer as a boolean.
    public func answerRows(_ answer: Bool, of definition: TrueFalseDefinition) -> [AnswerRow] {
        [AnswerRow(text: Self.spelling(of: answer), boolean: answer)]
    }
}
