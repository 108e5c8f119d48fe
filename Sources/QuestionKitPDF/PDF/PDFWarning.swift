/// Something a document shows differently from what was asked, reported once per document.
public enum PDFWarning: Hashable, Sendable, CustomStringConvertible {
    /// No font of the font set has this character; a replacement (U+FFFD, or a red "?") is shown instead.
    case missingGlyph(Unicode.Scalar)
    /// A font could not be loaded, so the characters only it has are replaced.
    case fontUnavailable(path: String, reason: String)
    /// A fallback font could not be loaded, and these characters, which it would have shown, are replaced.
    case fallbackFontUnavailable(path: String, reason: String, characters: [Unicode.Scalar])
    /// A glyph of a font cannot be drawn (a damaged outline); the characters the font shows with it come
    /// from the next font that has them, or are replaced. `font` is the font's ``TrueTypeFont/source``.
    case unusableGlyph(font: String, glyph: UInt16, reason: String)
    /// An image a question type drew (an `AnswerDrawing`) cannot be embedded; a grey box is shown in
    /// its place. `place` says where ("question 4").
    case drawingImageUnreadable(place: String, reason: String)

    public var description: String {
        switch self {
        case .missingGlyph(let scalar):
            return "no font has a glyph for \(Self.name(scalar)); shown as a replacement"
        case .fontUnavailable(let path, let reason):
            return "font '\(path)' not used: \(reason)"
        case .unusableGlyph(let font, let glyph, let reason):
            return "font '\(font)': glyph \(glyph) cannot be used (\(reason)); its characters are shown "
                + "from the next font that has them, or as a replacement"
        case .drawingImageUnreadable(let place, let reason):
            return "\(place): an image of its drawing is not printed (\(reason)); a grey box is shown instead"
        case .fallbackFontUnavailable(let path, let reason, let characters):
            let shown = characters.prefix(Self.charactersNamed).map(Self.name).joined(separator: ", ")
            let more =
                characters.count > Self.charactersNamed ? " and \(characters.count - Self.charactersNamed) more" : ""
            let count =
                characters.count == 1
                ? "1 character it would have shown is" : "\(characters.count) characters it would have shown are"
            return "font '\(path)' not used, so \(count) replaced (\(shown)\(more)): \(reason)\(Self.installHint(path))"
        }
    }

    /// How many characters a warning names before "and N more".
    static let charactersNamed = 10

    /// `U+6E29 '温'`.
    static func name(_ scalar: Unicode.Scalar) -> String {
        let code = String(scalar.value, radix: 16, uppercase: true)
        let padded = String(repeating: "0", count: max(0, 4 - code.count)) + code
        return "U+\(padded) '\(scalar.escaped(asASCII: false))'"
    }

    private static func installHint(_ path: String) -> String {
        switch path {
        case PDFFontSet.dejaVuSansPath, PDFFontSet.dejaVuSansBoldPath: "; install the Debian package fonts-dejavu-core"
        case PDFFontSet.droidSansFallbackPath: "; install the Debian package fonts-droid-fallback"
        default: ""
        }
    }
}
