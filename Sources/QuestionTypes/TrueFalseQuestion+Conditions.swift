import QuestionKit

// A condition on a true/false question compares with JSON `true` or `false`.
extension TrueFalseQuestion {
    /// True or false, with `=` and `!=`.
    public func conditionSubject(of _: TrueFalseDefinition) -> ConditionSubject { .boolean }

    /// JSON `true` or `false`; a word such as "Yes" is an error whose fix writes the boolean.
    public func parseConditionOperand(
        _ node: JSONNode, for _: TrueFalseDefinition, problems: inout ProblemCollector
    ) -> ConditionValue? {
        if let value = node.boolValue { return .boolean(value) }
        let meant = node.stringValue.flatMap(TrueFalseDefinition.value(of:))
        problems.error(
            Code.conditionOperandNotBoolean,
            "a condition on a true/false question compares with true or false, not \(node.quotedForMessage)",
            at: node, hint: "Write true or false, without quotes.",
            fixes: meant.map { [NodeFix("Write \($0)", edits: [.replace(node, json: $0 ? "true" : "false")])] } ?? [])
        return nil
    }

    /// The answer.
    public func conditionValues(of answer: Bool, for _: TrueFalseDefinition) -> [ConditionValue] {
        [.boolean(answer)]
    }
}
