/// What conditions on a question of a type see: the operand an `enableWhen` condition compares the
/// question's answer with, which operators apply, and what an answer is, compared.
///
/// A condition `{"question": "leak", "operator": "=", "answer": true}` belongs to the question it
/// refers to (`leak`): that question's type reads the operand (`true`) and says what its answers
/// are when compared. `exists` (`true`/`false`: answered or not) works for every type without the
/// type doing anything; a type that does nothing here supports `exists` only.
///
/// ```swift
/// extension RatingQuestion {
///     func conditionSubject(of definition: RatingDefinition) -> ConditionSubject { .number }
///     func parseConditionOperand(
///         _ node: JSONNode, for _: RatingDefinition, problems: inout ProblemCollector
///     ) -> ConditionValue? {
///         guard let number = node.doubleValue else {
///             problems.error(Code.operandNotNumber, "a rating condition compares with a number", at: node)
///             return nil
///         }
///         return .number(number)
///     }
///     func conditionValues(of answer: Int, for _: RatingDefinition) -> [ConditionValue] { [.number(Double(answer))] }
/// }
/// ```
public protocol ConditionHandling: AnswerHandling {
    /// What conditions on a question of this definition compare, and with which operators.
    /// Default: `.existsOnly`.
    func conditionSubject(of definition: Definition) -> ConditionSubject

    /// Reads the `answer` operand of a condition on a question of this definition (for any
    /// operator but `exists`, whose operand the core reads), reporting a value of the wrong kind
    /// or one the question cannot have (an option it does not list) against `node` with the
    /// type's own codes. Nil when unusable; then at least one error was reported.
    func parseConditionOperand(
        _ node: JSONNode, for definition: Definition, problems: inout ProblemCollector
    ) -> ConditionValue?

    /// The answer as conditions compare it: the options chosen, the number, the text … Empty when
    /// the answer holds nothing to compare. Default: none.
    func conditionValues(of answer: Answer, for definition: Definition) -> [ConditionValue]
}

extension ConditionHandling {
    /// `exists` only.
    public func conditionSubject(of definition: Definition) -> ConditionSubject { .existsOnly }

    /// Never called for a type that supports `exists` only (the operator is reported first); a
    /// type that declares a subject without reading operands gets an error, never a silent pass.
    public func parseConditionOperand(
        _ node: JSONNode, for definition: Definition, problems: inout ProblemCollector
    ) -> ConditionValue? {
        problems.error(
            ConditionCode.operandUnsupported, "questions of this type cannot be compared with \(node.quotedForMessage)",
            at: node, hint: "Use \"operator\": \"exists\" with true or false.")
        return nil
    }

    /// Nothing to compare.
    public func conditionValues(of answer: Answer, for definition: Definition) -> [ConditionValue] { [] }

    /// Whether `condition` holds for `answer` (nil when the question has no answer): `exists`
    /// asks whether it is answered; any other operator is false without an answer.
    public func evaluate(_ condition: Condition, answer: Answer?, for definition: Definition) -> Bool {
        guard let answer else { return condition.holds(isAnswered: false, values: []) }
        return condition.holds(
            isAnswered: isAnswered(answer, for: definition), values: conditionValues(of: answer, for: definition))
    }
}

/// The codes the core reports for conditions a type cannot read.
public enum ConditionCode: String, DiagnosticCode, CaseIterable {
    /// An operand for a type that declares a subject but reads no operands.
    case operandUnsupported = "condition.operand-unsupported"
}
