/// The standard Helvetica fonts, which every PDF reader provides: nothing is embedded. Text in them is
/// written in WinAnsiEncoding, so they show Western European text; other characters fall back to
/// embedded TrueType fonts (see ``PDFFontSet``).
public enum PDFStandardFont: String, Sendable, Hashable, CaseIterable {
    case helvetica = "Helvetica"
    case helveticaBold = "Helvetica-Bold"
    case helveticaOblique = "Helvetica-Oblique"
    case helveticaBoldOblique = "Helvetica-BoldOblique"

    /// The font's PostScript name, as written in the PDF.
    public var postScriptName: String { rawValue }

    /// Whether the font is a bold face (its fallbacks are then the bold ones first).
    public var isBold: Bool { self == .helveticaBold || self == .helveticaBoldOblique }

    /// Height of capitals and ascenders above the baseline, in thousandths of an em (AFM `Ascender`).
    public var ascender: Int { 718 }
    /// Depth of descenders below the baseline, negative, in thousandths of an em (AFM `Descender`).
    public var descender: Int { -207 }

    /// The advance width of `scalar` in thousandths of an em, or nil when WinAnsiEncoding has no such character.
    public func width(of scalar: Unicode.Scalar) -> Int? {
        guard let code = WinAnsiEncoding.code(for: scalar) else { return nil }
        return width(ofCode: code)
    }

    /// The width of `text` at `size` points, or nil when some character is outside WinAnsiEncoding
    /// (measure such text with ``PDFFontSet/width(of:font:size:)``, which knows the fallback fonts).
    public func width(of text: String, size: Double) -> Double? {
        var total = 0
        for scalar in text.unicodeScalars {
            guard let width = width(of: scalar) else { return nil }
            total += width
        }
        return Double(total) * size / 1000
    }

    func width(ofCode code: UInt8) -> Int {
        guard code >= 32 else { return 0 }
        let table = isBold ? HelveticaWidths.bold : HelveticaWidths.regular
        return Int(table[Int(code) - 32])
    }
}

/// WinAnsiEncoding (ISO 32000-1 Annex D.2), which is Windows code page 1252 for the characters it has.
enum WinAnsiEncoding {
    /// The characters of codes 128…159, where the encoding departs from ISO Latin-1; nil where undefined.
    private static let highCodes: [UInt32?] = [
        0x20AC, nil, 0x201A, 0x0192, 0x201E, 0x2026, 0x2020, 0x2021, 0x02C6, 0x2030, 0x0160, 0x2039, 0x0152, nil,
        0x017D, nil, nil, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014, 0x02DC, 0x2122, 0x0161, 0x203A,
        0x0153, nil, 0x017E, 0x0178,
    ]

    private static let codesByScalar: [UInt32: UInt8] = {
        var codes: [UInt32: UInt8] = [:]
        for (offset, value) in highCodes.enumerated() {
            if let value {
                codes[value] = UInt8(128 + offset)
            }
        }
        return codes
    }()

    /// The code of `scalar`, or nil when the encoding has no such character.
    static func code(for scalar: Unicode.Scalar) -> UInt8? {
        let value = scalar.value
        if (0x20...0x7E).contains(value) || (0xA0...0xFF).contains(value) {
            return UInt8(value)
        }
        return value > 0xFF ? codesByScalar[value] : nil
    }

    /// The character of `code`, or nil when the code is undefined.
    static func scalar(for code: UInt8) -> Unicode.Scalar? {
        switch code {
        case 0x20...0x7E, 0xA0...0xFF: return Unicode.Scalar(code)
        case 0x80...0x9F: return highCodes[Int(code) - 0x80].flatMap(Unicode.Scalar.init)
        default: return nil
        }
    }
}
