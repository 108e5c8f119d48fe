/// An XLSForm `relevant` in the forms we carry: comparisons of a question with a value
/// (`${q} = 'x'`, `${q} != 'x'`, `${q} > 5`, `${q} != ''`), `selected(${q}, 'x')` and
/// `not(selected(${q}, 'x'))`, one alone or several joined by `and` only or by `or` only. Anything
/// else (other functions, arithmetic, parentheses around comparisons, mixed connectives, `.`) is not
/// one (nil).
enum XLSFormCondition {
    static func parse(_ text: String) -> SimpleCondition? {
        SimpleCondition(text, syntax: .xlsForm, comparison: comparison)
    }

    private typealias Token = SimpleCondition.Token

    private static func comparison(_ rest: inout ArraySlice<Token>) -> SimpleCondition.Comparison? {
        let selected: [Token] = [.word("selected"), .symbol("(")]
        let negated: [Token] = [.word("not"), .symbol("("), .word("selected"), .symbol("(")]
        if rest.starts(with: negated) {
            rest = rest.dropFirst(2)
            guard var found = comparison(&rest), rest.first == .symbol(")") else { return nil }
            rest = rest.dropFirst()
            found.op = "!="
            return found
        }
        if rest.starts(with: selected) {
            // selected ( ${q} , 'x' )
            let tokens = Array(rest.prefix(6))
            guard tokens.count == 6, case .name(let name) = tokens[2], tokens[3] == .symbol(","),
                let operand = operand(tokens[4]), tokens[5] == .symbol(")")
            else { return nil }
            rest = rest.dropFirst(6)
            return .init(name: name, op: "=", operand: operand)
        }
        let tokens = Array(rest.prefix(3))
        guard tokens.count == 3, case .name(let name) = tokens[0], case .symbol(let symbol) = tokens[1],
            let op = ourOperator(symbol), let operand = operand(tokens[2])
        else { return nil }
        rest = rest.dropFirst(3)
        if operand == .text(""), op == "=" || op == "!=" {
            return .init(name: name, op: "exists", operand: .bool(op == "!="))
        }
        return .init(name: name, op: op, operand: operand)
    }

    /// Our operator for an XPath comparison symbol: XPath writes ours.
    private static func ourOperator(_ symbol: String) -> String? {
        switch symbol {
        case "=", "!=", ">", "<", ">=", "<=": symbol
        default: nil
        }
    }

    /// A text or a number: XPath has no boolean literal (`true()` is a function).
    private static func operand(_ token: Token) -> SimpleCondition.Operand? {
        switch token {
        case .operand(.text(let text)): .text(text)
        case .operand(.number(let text)): .number(text)
        default: nil
        }
    }
}
