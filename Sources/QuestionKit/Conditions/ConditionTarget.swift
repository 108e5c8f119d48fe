/// A question as conditions on it see it, its type opened: what they compare and how its type
/// reads their operands. The engine makes one per referred question, from its JSON.
package struct ConditionTarget {
    /// What conditions on the question compare, and with which operators.
    package let subject: ConditionSubject
    /// Reads an operand as the question's type does, reporting against its node.
    package let parseOperand: (JSONNode, inout ProblemCollector) -> ConditionValue?
}

extension QuestionType {
    /// The question as conditions see it, or nil when its type cannot read it (its own problems
    /// are reported where it is read, so those found here are dropped).
    package func conditionTarget(of question: QuestionJSON) -> ConditionTarget? {
        var ignored = ProblemCollector(document: question.node.document)
        guard let definition = parseDefinition(of: question, problems: &ignored) else { return nil }
        return ConditionTarget(
            subject: conditionSubject(of: definition),
            parseOperand: { node, problems in parseConditionOperand(node, for: definition, problems: &problems) })
    }
}
