/// A SurveyJS `visibleIf` in the forms we carry: comparisons of a question with a value
/// (`{q} = 'x'`, `{q} <> 2`, `{q} > 5`, `{q} = true`, `{q} notempty`, `{q} empty`), one alone or
/// several joined by `and` only or by `or` only. Anything else (functions, arithmetic, `anyof`,
/// parentheses, mixed connectives) is not one (nil).
enum SurveyJSCondition {
    static func parse(_ text: String) -> SimpleCondition? {
        SimpleCondition(text, syntax: .surveyJS, comparison: comparison)
    }

    private static func comparison(_ rest: inout ArraySlice<SimpleCondition.Token>) -> SimpleCondition.Comparison? {
        let tokens = Array(rest.prefix(3))
        guard tokens.count >= 2, case .name(let name) = tokens[0] else { return nil }
        switch tokens[1] {
        case .word("notempty"), .word("empty"):
            rest = rest.dropFirst(2)
            return .init(name: name, op: "exists", operand: .bool(tokens[1] == .word("notempty")))
        case .symbol(let symbol):
            guard tokens.count == 3, case .operand(let operand) = tokens[2], let op = ourOperator(symbol) else {
                return nil
            }
            rest = rest.dropFirst(3)
            return .init(name: name, op: op, operand: operand)
        default: return nil
        }
    }

    /// Our operator for a SurveyJS comparison symbol. A switch, not a dictionary: one made per condition
    /// was most of reading a survey's conditions.
    private static func ourOperator(_ symbol: String) -> String? {
        switch symbol {
        case "=", "==": "="
        case "!=", "<>": "!="
        case ">", "<", ">=", "<=": symbol
        default: nil
        }
    }
}
