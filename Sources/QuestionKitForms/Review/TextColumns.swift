import QuestionKit

/// Measuring, padding and cutting text in the columns of a monospaced display.
///
/// Widths count what a terminal or editor shows, never bytes: one column per character ("°C" is
/// two, "Ü" one), two for wide East Asian characters and emoji ("温度" is four), so that "温度"
/// lines up under "Temp" in a review table.
enum TextColumns {
    /// The number of columns `text` takes.
    static func width<S: StringProtocol>(_ text: S) -> Int {
        // Most text is printable ASCII: a byte is a column.
        if text.utf8.allSatisfy({ (0x20..<0x7F).contains($0) }) { return text.utf8.count }
        return text.reduce(0) { $0 + width(of: $1) }
    }

    /// The columns one character takes: 0 for a control character, 2 for a wide one, else 1.
    static func width(of character: Character) -> Int {
        guard let scalar = character.unicodeScalars.first else { return 0 }
        if scalar.value < 0x20 || (0x7F..<0xA0).contains(scalar.value) { return 0 }
        // Nothing below U+1100 is wide or shown as an emoji by default.
        if scalar.value < 0x1100 { return 1 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return wideRanges.contains { $0.contains(scalar.value) } ? 2 : 1
    }

    // East Asian Wide and Fullwidth blocks (Unicode Standard Annex #11), coarsely.
    private static let wideRanges: [ClosedRange<UInt32>] = [
        0x1100...0x115F, 0x2E80...0x303E, 0x3041...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF,
        0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFE30...0xFE4F, 0xFF00...0xFF60, 0xFFE0...0xFFE6, 0x20000...0x2FFFD,
        0x30000...0x3FFFD,
    ]

    /// `text` followed by spaces up to `width` columns.
    static func pad(_ text: String, to width: Int) -> String {
        text + String(repeating: " ", count: max(0, width - self.width(text)))
    }

    /// `line` without the spaces at its end.
    static func trimmingTrailingSpaces(_ line: String) -> String {
        guard line.utf8.last == UInt8(ascii: " ") else { return line }
        // A padded cell ends in many spaces, and stepping back over each by Character cost more than
        // the rest of printing a review. After an ASCII byte every trailing space is a Character of
        // its own (no ASCII character joins a space to it), so the bytes are cut at once; after
        // anything else (a prepended mark may hold a space in its Character) or none, by Character.
        let utf8 = line.utf8
        var end = utf8.endIndex
        while end > utf8.startIndex, utf8[utf8.index(before: end)] == UInt8(ascii: " ") {
            end = utf8.index(before: end)
        }
        if end > utf8.startIndex, utf8[utf8.index(before: end)] < 0x80 {
            return String(line[..<end])
        }
        var trimmed = Substring(line)
        while trimmed.last == " " { trimmed.removeLast() }
        return String(trimmed)
    }
}
