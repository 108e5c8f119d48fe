import QuestionKit

// Conditions on a date question compare dates, with all six operators: `{"question": "tested",
// "operator": "<", "answer": "2025-01-01"}` holds for a test before 2025. Dates compare as their
// day numbers, so the core needs nothing of its own for them.
extension DateQuestion {
    /// Dates, ordered, with all six comparisons.
    public func conditionSubject(of _: DateDefinition) -> ConditionSubject {
        ConditionSubject(.number, operandDescription: "a date written yyyy-MM-dd")
    }

    /// A real date written `yyyy-MM-dd`, as a bound is.
    public func parseConditionOperand(
        _ node: JSONNode, for _: DateDefinition, problems: inout ProblemCollector
    ) -> ConditionValue? {
        guard case .date(let date)? = node.stringValue.map(CalendarDate.read) else {
            problems.error(
                Code.conditionOperandMalformed,
                "a condition on a date question compares with a date written yyyy-MM-dd, not \(node.quotedForMessage)",
                at: node, hint: Self.formatHint(for: node.stringValue, otherwise: "in quotes"))
            return nil
        }
        return date.conditionValue
    }

    /// The date answered.
    public func conditionValues(of answer: CalendarDate, for _: DateDefinition) -> [ConditionValue] {
        [answer.conditionValue]
    }
}

extension CalendarDate {
    /// The date as conditions compare it: a number that orders as the days do (yyyymmdd).
    public var conditionValue: ConditionValue { .number(Double(year * 10_000 + month * 100 + day)) }
}
