/// A foreign condition in the simple forms we carry: comparisons of a question with a value, one
/// alone or several joined by `and` only or by `or` only. SurveyJS's `visibleIf` and XLSForm's
/// `relevant` share this shape and their tokens; each format says how one comparison is written
/// (`comparison` of ``init(_:syntax:comparison:)``), and anything else is not one (init returns nil).
struct SimpleCondition: Sendable {
    /// A compared value.
    enum Operand: Sendable, Equatable {
        case text(String)
        /// A number, as written.
        case number(String)
        /// `true`/`false`; for `exists`, answered (true) or not.
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

    enum Token: Equatable {
        /// A question's name: `{q}` or `${q}`.
        case name(String)
        case operand(Operand)
        /// A run of `=!<>`, or one of `(`, `)`, `,`.
        case symbol(String)
        case word(String)
    }

    /// How a format writes its conditions.
    struct Syntax: Sendable {
        /// What opens a question's name before `{`: `$` for XLSForm's `${q}`, nothing for SurveyJS's `{q}`.
        var namePrefix: UInt8?
        /// Whether `AND` is `and` (SurveyJS); XPath's words are case-sensitive.
        var wordsIgnoreCase: Bool
        /// Whether a number may have an exponent (`1e3`, as JavaScript writes); XPath has none.
        var exponents: Bool

        static let surveyJS = Syntax(namePrefix: nil, wordsIgnoreCase: true, exponents: true)
        static let xlsForm = Syntax(namePrefix: UInt8(ascii: "$"), wordsIgnoreCase: false, exponents: false)
    }

    init?(_ text: String, syntax: Syntax, comparison: (inout ArraySlice<Token>) -> Comparison?) {
        // Read in the string's own bytes: an Array of them was one more made and freed for each condition.
        var text = text
        guard let tokens = text.withUTF8({ Self.tokens($0, syntax: syntax) }) else { return nil }
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
            guard let found = comparison(&rest) else { return nil }
            comparisons.append(found)
        }
        guard !comparisons.isEmpty else { return nil }
        self.comparisons = comparisons
        self.any = connective == "or"
    }

    /// The tokens of `bytes` (UTF-8): every delimiter is ASCII, and no byte of a longer UTF-8 sequence is, so
    /// the text between them is cut out whole (scalar by scalar, a String was most of reading a condition).
    private static func tokens(_ bytes: UnsafeBufferPointer<UInt8>, syntax: Syntax) -> [Token]? {
        var tokens: [Token] = []
        tokens.reserveCapacity(8)  // most conditions are 3 or 6 tokens: grown from empty, the array was made thrice
        var index = 0
        func scan(while condition: (UInt8) -> Bool) -> String {
            let start = index
            while index < bytes.count, condition(bytes[index]) { index += 1 }
            return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<index]), as: UTF8.self)
        }
        func isLetter(_ byte: UInt8) -> Bool {
            (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte)
                || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
        }
        func isDigit(_ byte: UInt8) -> Bool { (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"):
                index += 1
            case 0xC2 where index + 1 < bytes.count && bytes[index + 1] == 0xA0:
                index += 2  // a no-break space, as a spreadsheet cell often holds
            case syntax.namePrefix, UInt8(ascii: "{"), UInt8(ascii: "'"), UInt8(ascii: "\""):
                let isName = byte == syntax.namePrefix || (syntax.namePrefix == nil && byte == UInt8(ascii: "{"))
                if byte == syntax.namePrefix {
                    guard index + 1 < bytes.count, bytes[index + 1] == UInt8(ascii: "{") else { return nil }
                    index += 1
                } else if byte == UInt8(ascii: "{"), !isName {
                    return nil  // `{q}` where a name is `${q}`
                }
                let close = isName ? UInt8(ascii: "}") : byte
                index += 1
                let text = scan { $0 != close }
                guard index < bytes.count, !isName || !text.isEmpty else { return nil }
                index += 1
                tokens.append(isName ? .name(text.trimmingSpaces) : .operand(.text(text)))
            case UInt8(ascii: "="), UInt8(ascii: "!"), UInt8(ascii: "<"), UInt8(ascii: ">"):
                tokens.append(.symbol(scan { "=!<>".utf8.contains($0) }))
            case UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","):
                index += 1
                tokens.append(.symbol(String(UnicodeScalar(byte))))
            case _ where isDigit(byte) || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "."):
                let number = scan {
                    isDigit($0) || "-.".utf8.contains($0) || (syntax.exponents && "eE".utf8.contains($0))
                }
                guard Double(number) != nil else { return nil }
                tokens.append(.operand(.number(number)))
            case _ where isLetter(byte):
                let written = scan { isLetter($0) || $0 == UInt8(ascii: "-") }
                let word = syntax.wordsIgnoreCase ? written.lowercased() : written
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
