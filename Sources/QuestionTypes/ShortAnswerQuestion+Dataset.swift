import QuestionKit

extension ShortAnswerQuestion {
    /// One row: the text as typed and, for a numeric question, the number it reads as.
    public func answerRows(_ answer: String, of definition: Definition) -> [AnswerRow] {
        [AnswerRow(text: answer, number: definition.isNumeric ? DecimalText.parse(answer) : nil)]
    }
}
