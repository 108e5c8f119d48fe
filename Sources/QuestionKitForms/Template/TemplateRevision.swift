import QuestionKit

/// A template's `RevisionNumber`, ordered the way the template library picks the latest one.
///
/// A revision written as a decimal number (`"2"`, `"9.00"`, `"10.00"`, `".5"`, `"-1"`; spaces
/// around it ignored) compares by its value, so `"10.00"` is later than `"9.00"` (the original
/// server compared the text and got that wrong) and `"2"` equals `"2.0"`. The digits are compared
/// as text, never through a `Double`, so any number of them compares exactly. Any other revision
/// (`"B"`, `"2a"`) is earlier than every number and compares with other such revisions by its text;
/// a template without a revision is earlier than both.
public struct TemplateRevision: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The revision as written; nil when the template has none.
    public let text: String?
    private let rank: Rank
    /// For a number: its sign, and its digits without leading (integer) or trailing (fraction) zeros.
    private let isNegative: Bool
    private let integerDigits: [UInt8]
    private let fractionDigits: [UInt8]

    private enum Rank: Int {
        case missing, text, number
    }

    /// The revision written as `text` (nil: the template has none).
    public init(_ text: String?) {
        self.text = text
        guard let text else {
            (rank, isNegative, integerDigits, fractionDigits) = (.missing, false, [], [])
            return
        }
        guard let number = Self.number(text) else {
            (rank, isNegative, integerDigits, fractionDigits) = (.text, false, [], [])
            return
        }
        rank = .number
        integerDigits = number.integer
        fractionDigits = number.fraction
        // Minus zero is zero.
        isNegative = number.negative && !(number.integer.isEmpty && number.fraction.isEmpty)
    }

    /// Whether the revision is a decimal number (compared by value).
    public var isNumeric: Bool { rank == .number }

    /// The revision as written, or `-` when there is none.
    public var description: String { text ?? "-" }

    /// Optional minus, digits, optional point and digits (at least one digit in all), as the
    /// original's number fields allowed (`.5`, `5.`); nil for anything else.
    private static func number(_ text: String) -> (negative: Bool, integer: [UInt8], fraction: [UInt8])? {
        var bytes = Substring(text).utf8.drop { $0 == 0x20 }
        while bytes.last == 0x20 { bytes = bytes.dropLast() }
        let negative = bytes.first == UInt8(ascii: "-")
        if negative { bytes = bytes.dropFirst() }
        let integer = bytes.prefix { (0x30...0x39).contains($0) }
        var rest = bytes.dropFirst(integer.count)
        var fraction = rest.prefix(0)
        if rest.first == UInt8(ascii: ".") {
            rest = rest.dropFirst()
            fraction = rest.prefix { (0x30...0x39).contains($0) }
            rest = rest.dropFirst(fraction.count)
        }
        guard rest.isEmpty, !(integer.isEmpty && fraction.isEmpty) else { return nil }
        var trimmedFraction = Array(fraction)
        while trimmedFraction.last == UInt8(ascii: "0") { trimmedFraction.removeLast() }
        return (negative, Array(integer.drop { $0 == UInt8(ascii: "0") }), trimmedFraction)
    }

    public static func == (lhs: TemplateRevision, rhs: TemplateRevision) -> Bool {
        guard lhs.rank == rhs.rank else { return false }
        switch lhs.rank {
        case .missing: return true
        case .text: return lhs.text == rhs.text
        case .number:
            return lhs.isNegative == rhs.isNegative && lhs.integerDigits == rhs.integerDigits
                && lhs.fractionDigits == rhs.fractionDigits
        }
    }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(rank)
        switch rank {
        case .missing: break
        case .text: hasher.combine(text)
        case .number:
            hasher.combine(isNegative)
            hasher.combine(integerDigits)
            hasher.combine(fractionDigits)
        }
    }

    public static func < (lhs: TemplateRevision, rhs: TemplateRevision) -> Bool {
        guard lhs.rank == rhs.rank else { return lhs.rank.rawValue < rhs.rank.rawValue }
        switch lhs.rank {
        case .missing: return false
        case .text:
            return (lhs.text ?? "").unicodeScalars.lexicographicallyPrecedes((rhs.text ?? "").unicodeScalars) {
                $0.value < $1.value
            }
        case .number:
            guard lhs.isNegative == rhs.isNegative else { return lhs.isNegative }
            return lhs.isNegative ? magnitudeLess(rhs, lhs) : magnitudeLess(lhs, rhs)
        }
    }

    /// Whether the magnitude of `lhs` is below that of `rhs`: more integer digits is larger, then
    /// digit by digit, then the fractions digit by digit (a shorter fraction, padded with zeros).
    private static func magnitudeLess(_ lhs: TemplateRevision, _ rhs: TemplateRevision) -> Bool {
        if lhs.integerDigits.count != rhs.integerDigits.count {
            return lhs.integerDigits.count < rhs.integerDigits.count
        }
        if lhs.integerDigits != rhs.integerDigits {
            return lhs.integerDigits.lexicographicallyPrecedes(rhs.integerDigits)
        }
        return lhs.fractionDigits.lexicographicallyPrecedes(rhs.fractionDigits)
    }
}
