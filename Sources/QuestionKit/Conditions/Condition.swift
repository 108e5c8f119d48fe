/// An `enableWhen` operator (FHIR's set).
public enum ConditionOperator: String, Sendable, CaseIterable, Hashable {
    /// Whether the question is answered (operand `true`) or not (`false`).
    case exists
    /// `=`: equal to; for multiple choice, "is among the chosen".
    case equal = "="
    /// `!=`: not equal to; for multiple choice, "is not among the chosen".
    case notEqual = "!="
    /// `<`.
    case less = "<"
    /// `>`.
    case greater = ">"
    /// `<=`.
    case lessOrEqual = "<="
    /// `>=`.
    case greaterOrEqual = ">="

    /// The ordered comparisons: `<`, `>`, `<=`, `>=`.
    public static let ordering: [ConditionOperator] = [.less, .greater, .lessOrEqual, .greaterOrEqual]
}

/// A value a condition compares: an operand, or part of an answer as conditions see it.
public enum ConditionValue: Sendable, Hashable {
    /// An option, spelled as the question lists it.
    case option(String)
    /// A true/false answer.
    case boolean(Bool)
    /// A number; also any ordered value a type maps onto numbers (a date as its day number).
    case number(Double)
    /// Text, compared exactly.
    case text(String)
}

/// What conditions on a question compare, and which operators apply (besides `exists`, which
/// always does).
public struct ConditionSubject: Sendable, Hashable {
    /// What the question's answer is, compared.
    public enum Kind: Sendable, Hashable {
        /// Options of a list; `multipleAnswers` when more than one may be chosen.
        case choice(options: [String], multipleAnswers: Bool)
        /// True or false.
        case boolean
        /// A number or another ordered value.
        case number
        /// Text.
        case text
        /// Nothing to compare: only `exists`.
        case existsOnly
    }

    /// What the answer is, compared.
    public var kind: Kind
    /// The operators besides `exists` that apply, in the order messages list them.
    public var operators: [ConditionOperator]
    /// What an operand is, for messages: "one of the options", "true or false", "a date".
    public var operandDescription: String

    /// A subject of `kind`; `operators` default to the kind's (= and != for choices, booleans and
    /// text; all six for numbers; none for exists-only).
    public init(_ kind: Kind, operators: [ConditionOperator]? = nil, operandDescription: String? = nil) {
        self.kind = kind
        switch kind {
        case .choice: self.operators = operators ?? [.equal, .notEqual]
        case .boolean, .text: self.operators = operators ?? [.equal, .notEqual]
        case .number: self.operators = operators ?? [.equal, .notEqual] + ConditionOperator.ordering
        case .existsOnly: self.operators = []
        }
        self.operandDescription =
            operandDescription
            ?? {
                switch kind {
                case .choice: "one of the question's options"
                case .boolean: "true or false"
                case .number: "a number"
                case .text: "a string"
                case .existsOnly: "nothing"
                }
            }()
    }

    /// Only `exists`.
    public static let existsOnly = ConditionSubject(.existsOnly)
    /// True or false, with = and !=.
    public static let boolean = ConditionSubject(.boolean)
    /// Numbers, with all six comparisons.
    public static let number = ConditionSubject(.number)
    /// Text, with = and !=.
    public static let text = ConditionSubject(.text)

    /// Whether `op` applies: `exists` always does.
    public func supports(_ op: ConditionOperator) -> Bool { op == .exists || operators.contains(op) }
}

/// One condition, read: an operator and its operand.
public struct Condition: Sendable, Hashable {
    /// What a condition compares with.
    public enum Operand: Sendable, Hashable {
        /// `exists`'s operand: answered (true) or not (false).
        case exists(Bool)
        /// Any other operator's operand, as the referred question's type read it.
        case value(ConditionValue)
    }

    /// The operator.
    public var op: ConditionOperator
    /// The operand.
    public var operand: Operand

    /// A condition `op operand`.
    public init(_ op: ConditionOperator, _ operand: Operand) {
        self.op = op
        self.operand = operand
    }

    /// Whether the condition holds for an answer that `isAnswered` and compares as `values`: `=`
    /// holds when some value equals the operand ("is among the chosen"), `!=` when none does, an
    /// ordered comparison when the (first) value compares so. Without an answer only `exists
    /// false` holds.
    public func holds(isAnswered: Bool, values: [ConditionValue]) -> Bool {
        switch operand {
        case .exists(let wanted): return isAnswered == wanted
        case .value(let operand):
            guard isAnswered, !values.isEmpty else { return false }
            switch op {
            case .exists: return false
            case .equal: return values.contains(operand)
            case .notEqual: return !values.contains(operand)
            case .less, .greater, .lessOrEqual, .greaterOrEqual:
                guard case .number(let bound) = operand, case .number(let value) = values[0] else { return false }
                return Self.compare(value, op, bound)
            }
        }
    }

    /// `value op bound` for an ordered operator.
    static func compare(_ value: Double, _ op: ConditionOperator, _ bound: Double) -> Bool {
        switch op {
        case .less: value < bound
        case .greater: value > bound
        case .lessOrEqual: value <= bound
        case .greaterOrEqual: value >= bound
        case .equal: value == bound
        case .notEqual: value != bound
        case .exists: false
        }
    }
}
