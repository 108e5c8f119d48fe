import Foundation

/// A TrueType font (`.ttf`, or the first font of a `.ttc` collection) read for embedding in PDFs.
///
/// Reading checks the tables the writer uses — `head`, `hhea`, `maxp`, `hmtx`, `loca`, `glyf`, `cmap`
/// (formats 4 and 12), and `OS/2`, `post` and `name` when present — and throws ``TrueTypeError`` for a
/// file that is truncated, inconsistent, not TrueType, or whose licence forbids embedding.
/// A font is immutable and can be shared between documents and threads; documents embed only the
/// glyphs they use (see ``PDFDocument``).
public final class TrueTypeFont: Sendable, Hashable, CustomStringConvertible {
    /// The PostScript name from the `name` table (or a name made from the family name).
    public let postScriptName: String
    /// Font design units per em (`head.unitsPerEm`).
    public let unitsPerEm: Int
    /// The number of glyphs (`maxp.numGlyphs`).
    public let glyphCount: Int
    /// Where the font came from, for warnings: its file's path, or its PostScript name when read from bytes.
    public let source: String

    let metrics: TrueTypeMetrics
    let characterMap: TrueTypeCharacterMap
    let glyphs: TrueTypeGlyphTable
    /// The glyphs that cannot be drawn, with the reason; the characters they show fall back to other fonts.
    /// Checked when first asked for, not when the font is read: a process reads the system fallback fonts
    /// (Droid Sans Fallback has 49,382 glyphs, a fifth of exporting a 1,000-question form), and most
    /// documents draw nothing from most of them.
    var unusableGlyphs: [UInt16: String] { glyphCheck.unusableGlyphs(of: glyphs) }
    let glyphCheck = TrueTypeGlyphCheck()
    /// The tables copied into subsets unchanged when present (hinting programs and their data).
    let hintingTables: [String: FontBytes]
    let headTable: FontBytes
    let hheaTable: FontBytes
    let maxpTable: FontBytes

    /// Reads the font at `path`, mapped into memory rather than copied: a document uses a few of its
    /// glyphs, and only the pages read are loaded (Droid Sans Fallback is 4 MB, read by every PDF).
    public convenience init(contentsOfFile path: String) throws {
        guard let file = FontFile(mapping: path) else {
            throw TrueTypeError.unreadable(path: path, reason: "no such file, or not readable")
        }
        try self.init(file: file, source: path)
    }

    /// Reads a font from the bytes of a font file; `source` names it in warnings (default: its PostScript name).
    public convenience init(data: [UInt8], source: String? = nil) throws {
        try self.init(file: FontFile(copying: data), source: source)
    }

    private init(file: FontFile, source: String?) throws {
        let directory = try TrueTypeDirectory(file: file)
        headTable = try directory.table("head", minimumLength: 54)
        hheaTable = try directory.table("hhea", minimumLength: 36)
        maxpTable = try directory.table("maxp", minimumLength: 6)
        let head = try TrueTypeHead(headTable)
        unitsPerEm = head.unitsPerEm
        glyphCount = Int(try maxpTable.uint16(4))
        guard glyphCount > 0 else { throw TrueTypeError.malformed("'maxp' says the font has no glyphs") }
        glyphs = try TrueTypeGlyphTable(
            directory: directory, glyphCount: glyphCount, longOffsets: head.longLocaOffsets,
            horizontalMetricsCount: Int(try hheaTable.uint16(34)))
        characterMap = try TrueTypeCharacterMap(try directory.table("cmap", minimumLength: 4), glyphCount: glyphCount)
        let names = try directory.optionalTable("name").map(TrueTypeNames.postScriptName(in:)) ?? nil
        postScriptName = TrueTypeNames.sanitized(names ?? "EmbeddedFont")
        self.source = source ?? postScriptName
        let os2 = try directory.optionalTable("OS/2").map(TrueTypeOS2.init)
        if let os2, !os2.permitsEmbedding {
            throw TrueTypeError.embeddingNotPermitted(postScriptName)
        }
        metrics = try TrueTypeMetrics(
            head: head, hhea: hheaTable, os2: os2, post: try directory.optionalTable("post"),
            capHeightFallback: { [characterMap, glyphs] in
                characterMap.glyph(for: 0x48).flatMap { try? glyphs.boundingBox(of: $0)?.yMax }
            })
        var hinting: [String: FontBytes] = [:]
        for tag in ["cvt ", "fpgm", "prep"] {
            hinting[tag] = try directory.optionalTable(tag)
        }
        hintingTables = hinting
    }

    /// The glyph that shows `scalar`, or nil when the font has none (glyph 0, `.notdef`, counts as none)
    /// or its glyph cannot be drawn.
    public func glyph(for scalar: Unicode.Scalar) -> UInt16? {
        guard let glyph = characterMap.glyph(for: scalar.value) else { return nil }
        return unusableGlyphs.isEmpty || unusableGlyphs[glyph] == nil ? glyph : nil
    }

    /// The glyph the font maps `scalar` to when it cannot be drawn, with the reason.
    func unusableGlyph(for scalar: Unicode.Scalar) -> (glyph: UInt16, reason: String)? {
        guard !unusableGlyphs.isEmpty, let glyph = characterMap.glyph(for: scalar.value),
            let reason = unusableGlyphs[glyph]
        else { return nil }
        return (glyph, reason)
    }

    /// Whether the font has a glyph for `scalar`.
    public func covers(_ scalar: Unicode.Scalar) -> Bool {
        glyph(for: scalar) != nil
    }

    /// The advance width of `glyph` in thousandths of an em, rounded as written in the PDF's `/W` array,
    /// so that measuring and showing agree exactly.
    public func width(ofGlyph glyph: UInt16) -> Int {
        let advance = glyphs.advanceWidth(of: glyph)
        return (advance * 1000 + unitsPerEm / 2) / unitsPerEm
    }

    public var description: String { "TrueTypeFont(\(postScriptName), \(glyphCount) glyphs)" }

    public static func == (lhs: TrueTypeFont, rhs: TrueTypeFont) -> Bool { lhs === rhs }

    public func hash(into hasher: inout Hasher) {
        hasher.combine(ObjectIdentifier(self))
    }
}

/// The table directory at the start of the file (or of the first font of a collection).
struct TrueTypeDirectory {
    private var tables: [String: FontBytes] = [:]

    init(file bytes: FontFile) throws {
        let file = FontBytes(file: bytes, name: "font file")
        guard file.count >= 12 else { throw TrueTypeError.truncated("font file") }
        var start = 0
        var version = try file.uint32(0)
        if version == 0x7474_6366 {  // 'ttcf': a collection; use its first font
            start = Int(try file.uint32(12))
            version = try file.uint32(start)
        }
        if version == 0x4F54_544F {  // 'OTTO'
            throw TrueTypeError.notTrueType("it has PostScript (CFF) outlines; only TrueType outlines can be embedded")
        }
        guard version == 0x0001_0000 || version == 0x7472_7565 else {  // 1.0 or 'true'
            throw TrueTypeError.notTrueType("unknown signature 0x\(String(version, radix: 16))")
        }
        let tableCount = Int(try file.uint16(start + 4))
        for index in 0..<tableCount {
            let record = start + 12 + 16 * index
            let tag = try file.tag(record)
            let offset = Int(try file.uint32(record + 8))
            let length = Int(try file.uint32(record + 12))
            tables[tag] = try file.slice(at: offset, length: length, name: "'\(tag)' table")
        }
    }

    func table(_ tag: String, minimumLength: Int = 0) throws -> FontBytes {
        guard let table = tables[tag] else { throw TrueTypeError.missingTable(tag) }
        guard table.count >= minimumLength else { throw TrueTypeError.truncated("'\(tag)' table") }
        return table
    }

    func optionalTable(_ tag: String) throws -> FontBytes? {
        tables[tag]
    }
}
