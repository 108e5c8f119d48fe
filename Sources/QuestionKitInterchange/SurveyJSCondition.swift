/// A SurveyJS `visibleIf` in the forms we carry: comparisons of a question with a value
/// (`{q} = 'x'`, `{q} <> 2`, `{q} > 5`, `{q} = true`, `{q} notempty`, `{q} empty`), one alone or
/// several joined by `and` only or by `or` only. Anything else (functions, arithmetic, `anyof`,
/// parentheses, mixed connectives) is not one (init returns nil).
struct SurveyJSCondition: Sendable {
    /// A compared value.
    enum Operand: Sendable, Equatable {
        case text(String)
        /// A number, as written.
        case number(String)
        case bool(Bool)
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
        case operand(Operand)
        case symbol(String)
        case word(String)
    }

    init?(_ text: String) {
        guard let tokens = Self.tokens(Array(text.unicodeScalars)) else { return nil }
        var comparisons: [Comparison] = []
        var connective: String?
        var index = 0
        while index < tokens.count {
            if !comparisons.isEmpty {
                guard case .word(let word) = tokens[index], word == "and" || word == "or",
                    connective == nil || connective == word
                else { return nil }
                connective = word
                index += 1
            }
            guard index + 1 < tokens.count, case .name(let name) = tokens[index] else { return nil }
            switch tokens[index + 1] {
            case .word("notempty"), .word("empty"):
                comparisons.append(
                    Comparison(name: name, op: "exists", operand: .bool(tokens[index + 1] == .word("notempty"))))
                index += 2
            case .symbol(let symbol):
                guard index + 2 < tokens.count, case .operand(let operand) = tokens[index + 2] else { return nil }
                let ops = ["=": "=", "==": "=", "!=": "!=", "<>": "!=", ">": ">", "<": "<", ">=": ">=", "<=": "<="]
                guard let op = ops[symbol] else { return nil }
                comparisons.append(Comparison(name: name, op: op, operand: operand))
                index += 3
            default: return nil
            }
        }
        guard !comparisons.isEmpty else { return nil }
        self.comparisons = comparisons
        self.any = connective == "or"
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
            case " ", "\t", "\n", "\r":
                index += 1
            case "{", "'", "\"":
                let close: Unicode.Scalar = scalar == "{" ? "}" : scalar
                index += 1
                let text = scan { $0 != close }
                guard index < scalars.count else { return nil }
                index += 1
                tokens.append(scalar == "{" ? .name(text.trimmingSpaces) : .operand(.text(text)))
            case "=", "!", "<", ">":
                let symbol = scan { ["=", "!", "<", ">"].contains($0) }
                tokens.append(.symbol(symbol))
            case "0"..."9", "-", ".":
                let number = scan { ("0"..."9").contains($0) || $0 == "." || $0 == "-" || $0 == "e" || $0 == "E" }
                guard Double(number) != nil else { return nil }
                tokens.append(.operand(.number(number)))
            case "a"..."z", "A"..."Z":
                let word = scan { ("a"..."z").contains($0) || ("A"..."Z").contains($0) }.lowercased()
                switch word {
                case "true", "false": tokens.append(.operand(.bool(word == "true")))
                default: tokens.append(.word(word))
                }
            default:
                return nil
            }
        }
        return tokens
    }
}
