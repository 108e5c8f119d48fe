import QuestionKit

/// A value that a search filter compares a field with (`questionkit store find --title …`): exactly,
/// or as a shell pattern when it holds `*` or `?`.
///
/// - Exact (no `*`, no `?`): the whole field equals the value, case and all; text that differs
///   only in how its accents are encoded (composed or not) is equal, as Swift compares strings.
/// - Pattern: `*` stands for any run of characters (none too), `?` for one character as people
///   see it, and `\` makes the next character plain (`\*` a star); the whole field must match,
///   ignoring case (`Pump*` finds "pump station P-7"; `*leak*` a word anywhere).
///
/// No regular expressions: the original server searched exactly or by pattern, and a shell
/// pattern is what a technician already types. Matching takes time in proportion to the field's
/// length times the pattern's (the usual greedy walk that returns to the last `*`), never more.
public struct TextPattern: Sendable, Hashable, CustomStringConvertible {
    /// The value as given.
    public let text: String
    /// The pattern's parts, lowercased; nil for an exact value.
    private let parts: [Part]?

    private enum Part: Sendable, Hashable {
        case anyRun, anyOne
        case character(Character)
    }

    /// `text` as a filter's value: a pattern when it holds `*` or `?`, else exact.
    public init(_ text: String) {
        self.text = text
        guard text.contains(where: { $0 == "*" || $0 == "?" }) else {
            parts = nil
            return
        }
        var parts: [Part] = []
        var escaped = false
        for character in text.lowercased() {
            switch (escaped, character) {
            case (false, "\\"): escaped = true
            case (false, "*"): if parts.last != .anyRun { parts.append(.anyRun) }
            case (false, "?"): parts.append(.anyOne)
            default:
                parts.append(.character(character))
                escaped = false
            }
        }
        if escaped { parts.append(.character("\\")) }
        self.parts = parts
    }

    /// Whether the value is a pattern (it holds `*` or `?`) rather than an exact value.
    public var isPattern: Bool { parts != nil }

    public var description: String { text }

    /// Whether `value` matches: equals the exact value, or matches the whole pattern ignoring case.
    public func matches(_ value: String) -> Bool {
        guard let parts else { return value == text }
        let characters = Array(value.lowercased())
        var steps = 0
        defer { WorkCounter.add(steps, to: .searchSteps) }
        // The greedy walk: on a mismatch, the last `*` takes one more character and the rest is tried again.
        var (part, index) = (0, 0)
        var lastRun: (part: Int, index: Int)?
        while index < characters.count {
            steps += 1
            if part < parts.count {
                switch parts[part] {
                case .anyRun:
                    lastRun = (part, index)
                    part += 1
                    continue
                case .anyOne:
                    part += 1
                    index += 1
                    continue
                case .character(let character) where character == characters[index]:
                    part += 1
                    index += 1
                    continue
                case .character:
                    break
                }
            }
            guard let run = lastRun else { return false }
            lastRun = (run.part, run.index + 1)
            (part, index) = (run.part + 1, run.index + 1)
        }
        while part < parts.count, parts[part] == .anyRun { part += 1 }
        return part == parts.count
    }

    /// Whether any of `patterns` matches `value`; true when there are none (no filter), false when
    /// there is no value to compare.
    static func any(_ patterns: [TextPattern], match value: String?) -> Bool {
        guard !patterns.isEmpty else { return true }
        guard let value else { return false }
        return patterns.contains { $0.matches(value) }
    }
}
