import QuestionKit

extension LogicAnalysis {
    /// Whether the conditions of the question at `position` can never all hold (reported, once, at
    /// the first condition that makes them so). Conditions are grouped by the question they look
    /// at, and each group keeps only what a next condition can contradict: linear in the conditions.
    mutating func findContradiction(in position: Int, problems: inout ProblemCollector) -> Bool {
        var groups: [Int: ConditionSet] = [:]
        for edge in edges[position] {
            guard let condition = edge.condition else { continue }
            let multipleAnswers: Bool
            if case .choice(_, true)? = targets[edge.target]??.subject.kind {
                multipleAnswers = true
            } else {
                multipleAnswers = false
            }
            // Added in place: a set taken out of the dictionary and put back would copy its tables each time.
            let earlier = groups[edge.target, default: ConditionSet(multipleAnswers: multipleAnswers)].add(
                condition, raw: edge.raw)
            if let earlier {
                problems.error(
                    LogicCode.contradiction,
                    "the conditions of \(name(position)) can never all hold: \(describe(earlier)) and \(describe(edge.raw))",
                    at: node(edge.raw.node),
                    hint: "The question would never be asked. Remove one condition, or write "
                        + "\"\(keys.spelling(of: .enableBehavior))\": \"any\" if either is enough.")
                return true
            }
        }
        return false
    }

    /// A condition as written: `'leak' = true`.
    func describe(_ raw: QuestionLogic.RawCondition) -> String {
        "'\(raw.reference)' \(raw.op.rawValue) \(node(raw.operandNode).sourceText)"
    }
}

/// What the conditions on one question, all of which must hold, require of its answer so far.
struct ConditionSet {
    /// Whether several options may be chosen: then `=` two options may both hold.
    let multipleAnswers: Bool
    /// `exists`'s operand, and its condition.
    private var exists: (Bool, QuestionLogic.RawCondition)?
    /// The first condition that needs an answer (any operator but `exists`).
    private var needsAnswer: QuestionLogic.RawCondition?
    /// The value `=` requires, for a single value.
    private var equal: (ConditionValue, QuestionLogic.RawCondition)?
    /// Values `=` requires among the chosen (several options), and `!=` excludes.
    private var required: [ConditionValue: QuestionLogic.RawCondition] = [:]
    private var excluded: [ConditionValue: QuestionLogic.RawCondition] = [:]
    /// The tightest lower and upper bounds so far: value, whether strict, condition.
    private var lower: (Double, Bool, QuestionLogic.RawCondition)?
    private var upper: (Double, Bool, QuestionLogic.RawCondition)?

    init(multipleAnswers: Bool) {
        self.multipleAnswers = multipleAnswers
    }

    /// Adds `condition`; returns an earlier condition it can never hold together with, if any.
    mutating func add(_ condition: Condition, raw: QuestionLogic.RawCondition) -> QuestionLogic.RawCondition? {
        switch condition.operand {
        case .exists(let wanted):
            if let (earlier, earlierRaw) = exists, earlier != wanted { return earlierRaw }
            if !wanted, let needsAnswer { return needsAnswer }
            exists = (wanted, raw)
            return nil
        case .value(let value):
            if let (wanted, existsRaw) = exists, !wanted { return existsRaw }
            if needsAnswer == nil { needsAnswer = raw }
            return add(condition.op, value, raw: raw)
        }
    }

    private mutating func add(
        _ op: ConditionOperator, _ value: ConditionValue, raw: QuestionLogic.RawCondition
    ) -> QuestionLogic.RawCondition? {
        switch op {
        case .equal:
            if let earlier = excluded[value] { return earlier }
            if multipleAnswers {
                required[value] = required[value] ?? raw
                return nil
            }
            if let (earlier, earlierRaw) = equal, earlier != value { return earlierRaw }
            if case .number(let number) = value, let conflict = outside(number) { return conflict }
            equal = equal ?? (value, raw)
        case .notEqual:
            if let earlier = required[value] { return earlier }
            if let (earlier, earlierRaw) = equal, earlier == value { return earlierRaw }
            excluded[value] = excluded[value] ?? raw
        case .less, .lessOrEqual, .greater, .greaterOrEqual:
            guard case .number(let number) = value else { return nil }
            let strict = op == .less || op == .greater
            if op == .less || op == .lessOrEqual {
                if upper.map({ number < $0.0 || (number == $0.0 && strict) }) ?? true { upper = (number, strict, raw) }
            } else if lower.map({ number > $0.0 || (number == $0.0 && strict) }) ?? true {
                lower = (number, strict, raw)
            }
            if let lower, let upper, lower.0 > upper.0 || (lower.0 == upper.0 && (lower.1 || upper.1)) {
                return op == .less || op == .lessOrEqual ? lower.2 : upper.2
            }
            if let (earlier, earlierRaw) = equal, case .number(let number) = earlier, outside(number) != nil {
                return earlierRaw
            }
        case .exists:
            return nil
        }
        return nil
    }

    /// The bound `number` lies outside of, if any.
    private func outside(_ number: Double) -> QuestionLogic.RawCondition? {
        if let lower, number < lower.0 || (number == lower.0 && lower.1) { return lower.2 }
        if let upper, number > upper.0 || (number == upper.0 && upper.1) { return upper.2 }
        return nil
    }
}
