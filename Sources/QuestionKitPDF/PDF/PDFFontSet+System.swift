extension PDFFontSet {
    /// DejaVu Sans, for Latin, Greek and Cyrillic (Debian package `fonts-dejavu-core`).
    public static let dejaVuSansPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
    /// DejaVu Sans Bold (Debian package `fonts-dejavu-core`).
    public static let dejaVuSansBoldPath = "/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf"
    /// Droid Sans Fallback, for Chinese, Japanese and Korean (Debian package `fonts-droid-fallback`).
    public static let droidSansFallbackPath = "/usr/share/fonts/truetype/droid/DroidSansFallbackFull.ttf"

    /// The usual fallbacks: DejaVu Sans, then Droid Sans Fallback for CJK, then `extraFontFiles`
    /// (or, with `extraFontsFirst`, those before everything, Helvetica included); DejaVu Sans Bold for bold text.
    ///
    /// A font that cannot be read is left out, so that a missing font costs only its characters. A fallback
    /// that cannot be read goes to ``unavailable``, to be named only when a character it would have shown
    /// is missing (see ``warnings(for:)``); an extra font, asked for by name, is a warning at once.
    public static func loadingFonts(
        fallbackFiles: [String] = [dejaVuSansPath, droidSansFallbackPath],
        boldFallbackFiles: [String] = [dejaVuSansBoldPath], extraFontFiles: [String] = [], extraFontsFirst: Bool = false
    ) -> (fonts: PDFFontSet, warnings: [PDFWarning]) {
        var extraFailures: [PDFUnavailableFont] = []
        let extra = load(extraFontFiles, failures: &extraFailures)
        var fonts = PDFFontSet()
        fonts.fallbacks = load(fallbackFiles, failures: &fonts.unavailable)
        fonts.boldFallbacks = load(boldFallbackFiles, failures: &fonts.unavailable)
        if extraFontsFirst {
            fonts.preferred = extra
        } else {
            fonts.fallbacks += extra
        }
        return (fonts, extraFailures.map { PDFWarning.fontUnavailable(path: $0.path, reason: $0.reason) })
    }

    /// The fonts of `paths` that can be read; the others are added to `failures`.
    private static func load(_ paths: [String], failures: inout [PDFUnavailableFont]) -> [TrueTypeFont] {
        var fonts: [TrueTypeFont] = []
        for path in paths {
            do {
                fonts.append(try TrueTypeFont(contentsOfFile: path))
            } catch {
                failures.append(PDFUnavailableFont(path: path, reason: String(describing: error)))
            }
        }
        return fonts
    }

    /// The warnings worth showing for `documentWarnings` (a document's, drawn with this font set): the
    /// characters an unavailable fallback font would have shown are named once, with that font, in a
    /// ``PDFWarning/fallbackFontUnavailable(path:reason:characters:)`` before the others; the other
    /// warnings follow as they are. A font nobody needed is not mentioned.
    public func warnings(for documentWarnings: [PDFWarning]) -> [PDFWarning] {
        var needed = [[Unicode.Scalar]](repeating: [], count: unavailable.count)
        var others: [PDFWarning] = []
        for warning in documentWarnings {
            if case .missingGlyph(let scalar) = warning,
                let index = unavailable.firstIndex(where: { $0.covers(scalar) })
            {
                needed[index].append(scalar)
            } else {
                others.append(warning)
            }
        }
        let named = zip(unavailable, needed).filter { !$0.1.isEmpty }.map { font, characters in
            PDFWarning.fallbackFontUnavailable(path: font.path, reason: font.reason, characters: characters)
        }
        return named + others
    }
}

/// A fallback font that could not be read, and the characters it is there for.
public struct PDFUnavailableFont: Sendable, Hashable {
    /// The font file as named.
    public var path: String
    /// Why it could not be read.
    public var reason: String
    /// The code points it would have shown, as ranges; nil when not known (then any missing character
    /// may have been its).
    public var coverage: [ClosedRange<UInt32>]?

    /// A font that could not be read; the coverage of the usual fallbacks is known by their path.
    public init(path: String, reason: String, coverage: [ClosedRange<UInt32>]? = nil) {
        self.path = path
        self.reason = reason
        self.coverage = coverage ?? Self.knownCoverage[path]
    }

    /// Whether the font would have shown `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        coverage?.contains { $0.contains(scalar.value) } ?? true
    }

    // The Unicode blocks of the usual fallbacks, coarsely: what they are installed for.
    private static let dejaVu: [ClosedRange<UInt32>] = [
        0x00A0...0x058F, 0x10A0...0x10FF, 0x1D00...0x1FFF, 0x2000...0x2BFF, 0xA640...0xA69F, 0xFFFD...0xFFFD,
    ]
    private static let knownCoverage: [String: [ClosedRange<UInt32>]] = [
        PDFFontSet.dejaVuSansPath: dejaVu,
        PDFFontSet.dejaVuSansBoldPath: dejaVu,
        PDFFontSet.droidSansFallbackPath: [
            0x1100...0x11FF, 0x2E80...0x33FF, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0xAC00...0xD7AF, 0xF900...0xFAFF,
            0xFE30...0xFE4F, 0xFF00...0xFFEF,
        ],
    ]
}
