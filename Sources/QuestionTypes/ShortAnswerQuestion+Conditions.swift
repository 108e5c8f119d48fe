import QuestionKit

// A condition on a numeric short answer compares numbers (all six operators); on a text short
// answer, text (`=` and `!=`, exactly as typed).
extension ShortAnswerQuestion {
    /// Numbers for a numeric question, text otherwise.
    public func conditionSubject(of definition: Definition) -> ConditionSubject {
        definition.isNumeric ? .number : .text
    }

    /// A JSON number (or a string holding one, as bounds may be written) for a numeric question; a
    /// string for a text question.
    public func parseConditionOperand(
        _ node: JSONNode, for definition: Definition, problems: inout ProblemCollector
    ) -> ConditionValue? {
        guard definition.isNumeric else {
            guard let text = node.stringValue else {
                problems.error(
                    Code.conditionOperandNotString,
                    "a condition on a text question compares with a string, not \(node.quotedForMessage)", at: node,
                    hint: "Write the text in quotes.",
                    fixes: node.kind == .number || node.kind == .boolean
                        ? [
                            NodeFix(
                                "Quote it", edits: [.replace(node, json: JSONWriter.text(of: .string(node.sourceText)))]
                            )
                        ]
                        : [])
                return nil
            }
            return .text(text)
        }
        guard let number = (node.numberText ?? node.stringValue).flatMap(DecimalText.parse), number.isFinite else {
            problems.error(
                Code.conditionOperandNotNumber,
                "a condition on a numeric question compares with a number, not \(node.quotedForMessage)", at: node,
                hint: "Write a number, such as 5.")
            return nil
        }
        return .number(number)
    }

    /// The number typed, for a numeric question; the text, for a text question. Blank is nothing.
    public func conditionValues(of answer: String, for definition: Definition) -> [ConditionValue] {
        guard !TypedText.isBlank(answer) else { return [] }
        guard definition.isNumeric else { return [.text(answer)] }
        return DecimalText.parse(answer).map { [.number($0)] } ?? []
    }
}
