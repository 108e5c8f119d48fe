/// Something a document shows differently from what was asked, reported once per document.
public enum PDFWarning: Hashable, Sendable, CustomStringConvertible {
    /// No font of the font set has this character; a replacement (U+FFFD, or a red "?") is shown instead.
    case missingGlyph(Unicode.Scalar)
    /// A font could not be loaded, so the characters only it has are replaced.
    case fontUnavailable(path: String, reason: String)
    /// A glyph of a font cannot be drawn (a damaged outline); the characters the font shows with it come
    /// from the next font that has them, or are replaced. `font` is the font's ``TrueTypeFont/source``.
    case unusableGlyph(font: String, glyph: UInt16, reason: String)

    public var description: String {
        switch self {
        case .missingGlyph(let scalar):
            let code = String(scalar.value, radix: 16, uppercase: true)
            let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
            return "no font has a glyph for U+\(padded) '\(scalar.escaped(asASCII: false))'; shown as a replacement"
        case .fontUnavailable(let path, let reason):
            return "font '\(path)' not used: \(reason)"
        case .unusableGlyph(let font, let glyph, let reason):
            return "font '\(font)': glyph \(glyph) cannot be used (\(reason)); its characters are shown "
                + "from the next font that has them, or as a replacement"
        }
    }
}
