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
        guard let tokens = Self.tokens(Array(text.utf8)) else { return nil }
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
                guard let op = Self.ourOperator(symbol) else { return nil }
                comparisons.append(Comparison(name: name, op: op, operand: operand))
                index += 3
            default: return nil
            }
        }
        guard !comparisons.isEmpty else { return nil }
        self.comparisons = comparisons
        self.any = connective == "or"
    }

    /// Our operator for a SurveyJS comparison symbol. A switch, not a dictionary: one made per condition
    /// was most of reading a survey's conditions.
    private static func ourOperator(_ symbol: String) -> String? {
        switch symbol {
        case "=", "==": return "="
        case "!=", "<>": return "!="
        case ">", "<", ">=", "<=": return symbol
        default: return nil
        }
    }

    /// The tokens of `bytes` (UTF-8): every delimiter is ASCII, and no byte of a longer UTF-8 sequence is, so
    /// the text between them is cut out whole (scalar by scalar, a String was most of reading a condition).
    private static func tokens(_ bytes: [UInt8]) -> [Token]? {
        var tokens: [Token] = []
        var index = 0
        func scan(while condition: (UInt8) -> Bool) -> String {
            let start = index
            while index < bytes.count, condition(bytes[index]) { index += 1 }
            return String(decoding: bytes[start..<index], as: UTF8.self)
        }
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            case UInt8(ascii: "{"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                let close = byte == UInt8(ascii: "{") ? UInt8(ascii: "}") : byte
                index += 1
                let text = scan { $0 != close }
                guard index < bytes.count else { return nil }
                index += 1
                tokens.append(byte == UInt8(ascii: "{") ? .name(text.trimmingSpaces) : .operand(.text(text)))
            case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                let symbol = scan { "=!<>".utf8.contains($0) }
                tokens.append(.symbol(symbol))
            case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
                let number = scan { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains($0) || "-.eE".utf8.contains($0) }
                guard Double(number) != nil else { return nil }
                tokens.append(.operand(.number(number)))
            case _ where isLetter(byte):
                let word = scan(while: isLetter).lowercased()
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
