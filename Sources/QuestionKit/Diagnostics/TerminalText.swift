/// Text from templates, fixtures and forms made safe to print for people: on a terminal, a raw
/// control character from a file could move the cursor, retitle the window or clear the screen, and a
/// bidirectional override could reorder (and so hide) the text around it.
///
/// Every message, excerpt, hint, transcript and review printed as text goes through here, and shows
/// such a character as `\u001B`. Output for machines (`--format json`, completed-form JSON) keeps the
/// text exact: JSON escapes what it must itself.
public enum TerminalText {
    /// Whether `scalar` is shown escaped: a C0 control character (line breaks and tabs included), DEL,
    /// a C1 control character (U+0080–U+009F), or a bidirectional embedding, override or isolate
    /// (U+202A–U+202E, U+2066–U+2069).
    public static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `scalar` as printed: itself, or `\u` and four upper-case hex digits when ``isEscaped(_:)``.
    public static func shown(_ scalar: Unicode.Scalar) -> String {
        guard isEscaped(scalar) else { return String(scalar) }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// `text` with every character of ``isEscaped(_:)`` escaped, line breaks and tabs included: for
    /// one line of a message, where a line break from a file would forge a line of its own.
    public static func escaped(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isEscaped) else { return text }
        var result = ""
        for scalar in text.unicodeScalars {
            if isEscaped(scalar) {
                result += shown(scalar)
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    /// `text` on one line as laid out in a table or a text export: line breaks and tabs become
    /// spaces, any other control character is escaped.
    public static func line(_ text: String) -> String {
        escaped(TextColumns.oneLine(text))
    }

    /// `lines` escaped one by one and joined by line breaks (the printer's own).
    public static func lines(_ lines: [String]) -> String {
        lines.map(escaped).joined(separator: "\n")
    }
}
