import Foundation

/// A font as a page uses it: a standard font, or an embedded TrueType font.
enum PDFFontFace: Hashable {
    case standard(PDFStandardFont)
    case trueType(TrueTypeFont)
}

/// A stretch of text that one font shows: WinAnsi codes for a standard font, glyph ids for a TrueType font.
struct PDFTextRun {
    var face: PDFFontFace
    /// WinAnsi codes (standard font).
    var codes: [UInt8] = []
    /// Glyph ids and the characters each shows, for the `ToUnicode` map (TrueType font).
    var glyphs: [(glyph: UInt16, scalar: Unicode.Scalar)] = []
    /// The total advance width in thousandths of an em.
    var width = 0
    /// Whether the run stands for characters no font has (drawn in a marking colour).
    var isReplacement = false
}

/// The fonts text is shown with, tried per character: the caller's `preferred` fonts, then the standard
/// Helvetica font asked for, then (for bold text) `boldFallbacks`, then `fallbacks` — typically DejaVu Sans for
/// Latin, Greek and Cyrillic, a CJK font, and any font the caller adds.
///
/// A character that no font has is replaced by U+FFFD from the first fallback that has that glyph (else by
/// a "?" drawn in red) and reported as a ``PDFWarning``; text never silently loses a character.
public struct PDFFontSet: Sendable {
    /// Fonts tried before the standard font (a caller's override).
    public var preferred: [TrueTypeFont]
    /// Fonts tried, in order, after the standard font.
    public var fallbacks: [TrueTypeFont]
    /// Fonts tried before `fallbacks` for bold text.
    public var boldFallbacks: [TrueTypeFont]
    /// Fallback fonts that could not be read: named in a warning when a character they would have shown is
    /// missing (see ``warnings(for:)``).
    public var unavailable: [PDFUnavailableFont] = []

    /// A font set with the given fonts; with none given it is Helvetica alone (`standardOnly`).
    public init(preferred: [TrueTypeFont] = [], fallbacks: [TrueTypeFont] = [], boldFallbacks: [TrueTypeFont] = []) {
        self.preferred = preferred
        self.fallbacks = fallbacks
        self.boldFallbacks = boldFallbacks
    }

    /// Helvetica only: characters outside WinAnsiEncoding are replaced and reported.
    public static let standardOnly = PDFFontSet()

    /// The fonts tried for text set in `font`, in order.
    func chain(for font: PDFStandardFont) -> [PDFFontFace] {
        preferred.map(PDFFontFace.trueType) + [.standard(font)]
            + (font.isBold ? boldFallbacks.map(PDFFontFace.trueType) : []) + fallbacks.map(PDFFontFace.trueType)
    }

    /// Splits `text` into runs per font. Clusters (a letter and its combining marks) stay in one font when
    /// one font has all of their characters. Control characters are dropped (a tab becomes a space), and so
    /// are invisible format characters that no font has. Returns the characters no font has.
    func runs(for text: String, font: PDFStandardFont) -> (runs: [PDFTextRun], missing: [Unicode.Scalar]) {
        let (runs, warnings) = runsAndWarnings(for: text, font: font)
        return (runs, warnings.compactMap { if case .missingGlyph(let scalar) = $0 { scalar } else { nil } })
    }

    /// The runs of `text` (see `runs(for:font:)`) and what to warn about: characters no font has, and
    /// glyphs that a font has but cannot draw (each character then comes from the next font that has it).
    func runsAndWarnings(for text: String, font: PDFStandardFont) -> (runs: [PDFTextRun], warnings: [PDFWarning]) {
        if preferred.isEmpty, let run = Self.plainRun(text, font: font) {
            return ([run], [])
        }
        let chain = chain(for: font)
        var builder = PDFRunBuilder()
        for cluster in text.precomposedStringWithCanonicalMapping {
            let scalars = cluster.unicodeScalars.compactMap(Self.visible)
            if let face = chain.first(where: { face in scalars.allSatisfy { Self.covers(face, $0) } }) {
                for scalar in scalars {
                    builder.noteUnusableGlyphs(of: scalar, in: chain, before: face)
                    builder.add(scalar, face: face)
                }
                continue
            }
            for scalar in scalars {
                let face = chain.first { Self.covers($0, scalar) }
                let isNoted = builder.noteUnusableGlyphs(of: scalar, in: chain, before: face)
                if let face {
                    builder.add(scalar, face: face)
                } else if !scalar.properties.isDefaultIgnorableCodePoint {
                    builder.addReplacement(for: scalar, fallbacks: fallbacks, isReported: !isNoted)
                }
            }
        }
        return (builder.runs, builder.warnings)
    }

    /// The whole of `text` in the standard font when it only has characters of WinAnsiEncoding (the usual case).
    private static func plainRun(_ text: String, font: PDFStandardFont) -> PDFTextRun? {
        var run = PDFTextRun(face: .standard(font))
        run.codes.reserveCapacity(text.utf8.count)
        let isPlain = plainCodes(of: text) { code in
            run.codes.append(code)
            run.width += font.width(ofCode: code)
        }
        return isPlain ? run : nil
    }

    /// The width of `text` in thousandths of an em at size 1, as drawn.
    func thousandths(of text: String, font: PDFStandardFont) -> Int {
        var total = 0
        if preferred.isEmpty && Self.plainCodes(of: text, { total += font.width(ofCode: $0) }) {
            return total
        }
        return runs(for: text, font: font).runs.reduce(0) { $0 + $1.width }
    }

    /// Calls `body` with the WinAnsi code of each character of `text` (a tab as a space, control characters
    /// skipped); returns false, early, at a character that needs more than that (another font, normalisation).
    static func plainCodes(of text: String, _ body: (UInt8) -> Void) -> Bool {
        for scalar in text.unicodeScalars {
            if let code = WinAnsiEncoding.code(for: scalar == "\t" ? " " : scalar) {
                body(code)
            } else if scalar.value >= 0x20 && scalar.value != 0x7F {
                return false
            }
        }
        return true
    }

    /// The scalar as drawn: a tab as a space, other control characters not at all.
    private static func visible(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        if scalar == "\t" { return " " }
        return scalar.properties.generalCategory == .control ? nil : scalar
    }

    static func covers(_ face: PDFFontFace, _ scalar: Unicode.Scalar) -> Bool {
        switch face {
        case .standard: WinAnsiEncoding.code(for: scalar) != nil
        case .trueType(let font): font.covers(scalar)
        }
    }
}

/// Collects runs, joining consecutive characters of the same font.
struct PDFRunBuilder {
    private(set) var runs: [PDFTextRun] = []
    /// Each once, in order of occurrence.
    private(set) var warnings: [PDFWarning] = []

    mutating func add(_ scalar: Unicode.Scalar, face: PDFFontFace, isReplacement: Bool = false) {
        if runs.last?.face != face || runs.last?.isReplacement != isReplacement {
            runs.append(PDFTextRun(face: face, isReplacement: isReplacement))
        }
        let index = runs.count - 1
        switch face {
        case .standard(let font):
            guard let code = WinAnsiEncoding.code(for: scalar) else { return }
            runs[index].codes.append(code)
            runs[index].width += font.width(ofCode: code)
        case .trueType(let font):
            guard let glyph = font.glyph(for: scalar) else { return }
            runs[index].glyphs.append((glyph, scalar))
            runs[index].width += font.width(ofGlyph: glyph)
        }
    }

    /// U+FFFD from the first fallback font that has it, else "?" in Helvetica; the run is marked.
    /// `isReported: false` when the reason (an unusable glyph) has already been reported.
    mutating func addReplacement(for scalar: Unicode.Scalar, fallbacks: [TrueTypeFont], isReported: Bool = true) {
        if isReported {
            warn(.missingGlyph(scalar))
        }
        if let font = fallbacks.first(where: { $0.covers("\u{FFFD}") }) {
            add("\u{FFFD}", face: .trueType(font), isReplacement: true)
        } else {
            add("?", face: .standard(.helvetica), isReplacement: true)
        }
    }

    /// Reports the fonts of `chain` before `face` (all of them when nil) that map `scalar` to a glyph they
    /// cannot draw; returns whether there was one.
    @discardableResult
    mutating func noteUnusableGlyphs(of scalar: Unicode.Scalar, in chain: [PDFFontFace], before face: PDFFontFace?)
        -> Bool
    {
        var isNoted = false
        for candidate in chain {
            if candidate == face { break }
            guard case .trueType(let font) = candidate, let (glyph, reason) = font.unusableGlyph(for: scalar)
            else { continue }
            warn(.unusableGlyph(font: font.source, glyph: glyph, reason: reason))
            isNoted = true
        }
        return isNoted
    }

    private mutating func warn(_ warning: PDFWarning) {
        if !warnings.contains(warning) {
            warnings.append(warning)
        }
    }
}
