/// An XLSForm `relevant` in the forms we carry: comparisons of a question with a value
/// (`${q} = 'x'`, `${q} != 'x'`, `${q} > 5`, `${q} != ''`), `selected(${q}, 'x')` and
/// `not(selected(${q}, 'x'))`, one alone or several joined by `and` only or by `or` only. Anything
/// else (other functions, arithmetic, parentheses around comparisons, mixed connectives, `.`) is not
/// one (init returns nil).
struct XLSFormCondition: Sendable {
    /// A compared value.
    enum Operand: Sendable, Equatable {
        case text(String)
        /// A number, as written.
        case number(String)
        /// `exists`: answered (true) or not.
        case answered(Bool)
    }

    /// One comparison, with our operator (`=`, `!=`, `>`, `<`, `>=`, `<=`, `exists`).
    struct Comparison: Sendable, Equatable {
        var name: String
        var op: String
        var operand: Operand
    }

    var comparisons: [Comparison]
    /// Joined by `or` (any one holds) rather than `and`.
    var any: Bool

    private enum Token: Equatable {
        case name(String)
        case text(String)
        case number(String)
        case symbol(String)
        case word(String)
    }

    init?(_ text: String) {
        guard let tokens = Self.tokens(Array(text.unicodeScalars)) else { return nil }
        var comparisons: [Comparison] = []
        var connective: String?
        var rest = tokens[...]
        while !rest.isEmpty {
            if !comparisons.isEmpty {
                guard case .word(let word) = rest.first, word == "and" || word == "or",
                    connective == nil || connective == word
                else { return nil }
                connective = word
                rest = rest.dropFirst()
            }
            guard let comparison = Self.comparison(&rest) else { return nil }
            comparisons.append(comparison)
        }
        guard !comparisons.isEmpty else { return nil }
        self.comparisons = comparisons
        self.any = connective == "or"
    }

    private static let operators = ["=": "=", "!=": "!=", ">": ">", "<": "<", ">=": ">=", "<=": "<="]

    private static func comparison(_ rest: inout ArraySlice<Token>) -> Comparison? {
        let selected: [Token] = [.word("selected"), .symbol("(")]
        let negated: [Token] = [.word("not"), .symbol("("), .word("selected"), .symbol("(")]
        if rest.starts(with: negated) {
            rest = rest.dropFirst(2)
            guard var found = Self.comparison(&rest), rest.first == .symbol(")") else { return nil }
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
            return Comparison(name: name, op: "=", operand: operand)
        }
        let tokens = Array(rest.prefix(3))
        guard tokens.count == 3, case .name(let name) = tokens[0], case .symbol(let symbol) = tokens[1],
            let op = operators[symbol], let operand = operand(tokens[2])
        else { return nil }
        rest = rest.dropFirst(3)
        if operand == .text(""), op == "=" || op == "!=" {
            return Comparison(name: name, op: "exists", operand: .answered(op == "!="))
        }
        return Comparison(name: name, op: op, operand: operand)
    }

    private static func operand(_ token: Token) -> Operand? {
        switch token {
        case .text(let text): .text(text)
        case .number(let text): .number(text)
        default: nil
        }
    }

    private static func tokens(_ scalars: [Unicode.Scalar]) -> [Token]? {
        var tokens: [Token] = []
        var index = 0
        func scan(while condition: (Unicode.Scalar) -> Bool) -> String {
            var text = ""
            while index < scalars.count, condition(scalars[index]) {
                text.unicodeScalars.append(scalars[index])
                index += 1
            }
            return text
        }
        while index < scalars.count {
            let scalar = scalars[index]
            switch scalar {
            case " ", "\t", "\n", "\r", "\u{A0}":
                index += 1
            case "$":
                guard index + 1 < scalars.count, scalars[index + 1] == "{" else { return nil }
                index += 2
                let name = scan { $0 != "}" }
                guard index < scalars.count, !name.isEmpty else { return nil }
                index += 1
                tokens.append(.name(name.trimmingSpaces))
            case "'", "\"":
                index += 1
                let text = scan { $0 != scalar }
                guard index < scalars.count else { return nil }
                index += 1
                tokens.append(.text(text))
            case "=", "!", "<", ">":
                tokens.append(.symbol(scan { ["=", "!", "<", ">"].contains($0) }))
            case "(", ")", ",":
                index += 1
                tokens.append(.symbol(String(scalar)))
            case "0"..."9", "-", ".":
                let number = scan { ("0"..."9").contains($0) || $0 == "." || $0 == "-" }
                guard Double(number) != nil else { return nil }
                tokens.append(.number(number))
            case "a"..."z", "A"..."Z":
                tokens.append(.word(scan { ("a"..."z").contains($0) || ("A"..."Z").contains($0) || $0 == "-" }))
            default:
                return nil
            }
        }
        return tokens
    }
}
