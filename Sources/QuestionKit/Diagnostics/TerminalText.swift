/// Text from templates, fixtures and forms made safe to print for people: on a terminal, a raw
/// control character from a file could move the cursor, retitle the window or clear the screen, and a
/// bidirectional override could reorder (and so hide) the text around it.
///
/// Every message, excerpt, hint, transcript and review printed as text goes through here, and shows
/// such a character as `\u001B`. Output for machines (`--format json`, completed-form JSON) keeps the
/// text exact: JSON escapes what it must itself.
package enum TerminalText {
    /// Whether `scalar` is shown escaped: a C0 control character (line breaks and tabs included), DEL,
    /// a C1 control character (U+0080–U+009F), or a bidirectional embedding, override or isolate
    /// (U+202A–U+202E, U+2066–U+2069).
    package static func isEscaped(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0..<0x20, 0x7F...0x9F, 0x202A...0x202E, 0x2066...0x2069: true
        default: false
        }
    }

    /// `scalar` as printed: itself, or `\u` and four upper-case hex digits when ``isEscaped(_:)``.
    package static func shown(_ scalar: Unicode.Scalar) -> String {
        guard isEscaped(scalar) else { return String(scalar) }
        let hex = String(scalar.value, radix: 16, uppercase: true)
        return "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
    }

    /// `text` with every character of ``isEscaped(_:)`` escaped, line breaks and tabs included: for
    /// one line of a message, where a line break from a file would forge a line of its own.
    package static func escaped(_ text: String) -> String {
        guard mayNeedEscaping(text), text.unicodeScalars.contains(where: isEscaped) else { return text }
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

    /// Whether `text` has a byte that can begin an escaped character: below 0x20, DEL, or the lead
    /// byte of U+0080–U+00BF (0xC2) or of U+2000–U+2FFF (0xE2). A scan of the UTF-8 bytes, so that
    /// the usual text, which has none, costs next to nothing (the printer escapes every message).
    private static func mayNeedEscaping(_ text: String) -> Bool {
        ByteScan.contains(below: 0x20, orAnyOf: (0x7F, 0xC2, 0xE2), in: text)
    }

    /// `text` on one line as laid out in a table or a text export: line breaks and tabs become
    /// spaces, any other control character is escaped.
    package static func line(_ text: String) -> String {
        escaped(oneLine(text))
    }

    /// `text` on one line: each line break or tab becomes a space.
    package static func oneLine(_ text: String) -> String {
        guard text.contains(where: { $0.isNewline || $0 == "\t" }) else { return text }
        return String(text.map { $0.isNewline || $0 == "\t" ? " " : $0 })
    }

    /// `lines` escaped one by one and joined by line breaks (the printer's own).
    package static func lines(_ lines: [String]) -> String {
        lines.map(escaped).joined(separator: "\n")
    }
}
