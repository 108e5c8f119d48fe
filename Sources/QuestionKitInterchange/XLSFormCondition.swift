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

    // The openings of `selected(` and `not(selected(`, made once rather than for each comparison read.
    private static let selected: [Token] = [.word("selected"), .symbol("(")]
    private static let negated: [Token] = [.word("not"), .symbol("("), .word("selected"), .symbol("(")]

    private static func comparison(_ rest: inout ArraySlice<Token>) -> SimpleCondition.Comparison? {
        if rest.starts(with: negated) {
            rest = rest.dropFirst(2)
            guard var found = comparison(&rest), rest.first == .symbol(")") else { return nil }
            rest = rest.dropFirst()
            found.op = "!="
            return found
        }
        if rest.starts(with: selected) {
            // selected ( ${q} , 'x' )
            // Read in place: an Array of the prefix was one made and freed for each comparison.
            let start = rest.startIndex
            guard rest.count >= 6, case .name(let name) = rest[start + 2], rest[start + 3] == .symbol(","),
                let operand = operand(rest[start + 4]), rest[start + 5] == .symbol(")")
            else { return nil }
            rest = rest.dropFirst(6)
            return .init(name: name, op: "=", operand: operand)
        }
        let start = rest.startIndex
        guard rest.count >= 3, case .name(let name) = rest[start], case .symbol(let symbol) = rest[start + 1],
            let op = ourOperator(symbol), let operand = operand(rest[start + 2])
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
