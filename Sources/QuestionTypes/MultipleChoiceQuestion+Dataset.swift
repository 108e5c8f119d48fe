import QuestionKit

extension MultipleChoiceQuestion {
    /// A row per chosen option, in the order chosen: the option as text and as `option`.
    public func answerRows(_ answer: [String], of definition: MultipleChoiceDefinition) -> [AnswerRow] {
        answer.map { AnswerRow(text: $0, option: $0) }
    }
}
