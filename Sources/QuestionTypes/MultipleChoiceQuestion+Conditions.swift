import QuestionKit

// A condition on a multiple-choice question names an option: `=` holds when it is among the
// chosen, `!=` when it is not.
extension MultipleChoiceQuestion {
    /// The options, and whether more than one may be chosen (then `=` two options may both hold).
    public func conditionSubject(of definition: MultipleChoiceDefinition) -> ConditionSubject {
        ConditionSubject(
            .choice(options: definition.options, multipleAnswers: definition.selectionLimit != .single),
            operandDescription: "one of the options \(Suggestion.quotedList(definition.options))")
    }

    /// An option of the question (matched as answers are: ignoring case and surrounding spaces),
    /// spelled as the question lists it. Anything else is an error, with the nearest option as a fix.
    public func parseConditionOperand(
        _ node: JSONNode, for definition: MultipleChoiceDefinition, problems: inout ProblemCollector
    ) -> ConditionValue? {
        readOption(node, of: definition, as: .condition, problems: &problems).map(ConditionValue.option)
    }

    /// The chosen options.
    public func conditionValues(of answer: [String], for _: MultipleChoiceDefinition) -> [ConditionValue] {
        answer.map(ConditionValue.option)
    }
}
