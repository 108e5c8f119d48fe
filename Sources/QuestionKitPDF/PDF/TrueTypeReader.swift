/// Why a font file cannot be used. Every read of a font is bounds-checked: a damaged or hostile file
/// gives one of these errors, never a crash.
public enum TrueTypeError: Error, Hashable, CustomStringConvertible {
    /// The file is not a TrueType font (for example, an OpenType font with CFF outlines).
    case notTrueType(String)
    /// A table the writer needs is absent.
    case missingTable(String)
    /// A table or structure ends before its data does.
    case truncated(String)
    /// A value is out of range or inconsistent.
    case malformed(String)
    /// The font's licence flags (OS/2 `fsType`) forbid embedding it in a document.
    case embeddingNotPermitted(String)
    /// The file could not be read.
    case unreadable(path: String, reason: String)

    public var description: String {
        switch self {
        case .notTrueType(let detail): "not a TrueType font: \(detail)"
        case .missingTable(let tag): "the font has no '\(tag)' table"
        case .truncated(let what): "the font is truncated: \(what) ends early"
        case .malformed(let detail): "the font is malformed: \(detail)"
        case .embeddingNotPermitted(let name): "the licence of font '\(name)' does not permit embedding"
        case .unreadable(let path, let reason): "cannot read font '\(path)': \(reason)"
        }
    }
}

/// A bounds-checked, big-endian view of part of a font file (usually one table).
struct FontBytes {
    let bytes: [UInt8]
    /// Where the view starts in `bytes`, and its length.
    let base: Int
    let count: Int
    /// Named in errors ("'hmtx' table", "glyph 12").
    var name: String { glyph.map { "glyph \($0)" } ?? label }
    private let label: String
    /// The glyph whose outline this is: its name is made only when an error needs it, since outlines
    /// are read by the thousand when a font is loaded.
    private let glyph: Int?

    init(bytes: [UInt8], base: Int = 0, count: Int? = nil, name: String) {
        self.init(bytes: bytes, base: base, count: count ?? bytes.count - base, label: name, glyph: nil)
    }

    private init(bytes: [UInt8], base: Int, count: Int, label: String, glyph: Int?) {
        self.bytes = bytes
        self.base = base
        self.count = count
        self.label = label
        self.glyph = glyph
    }

    /// The outline of `glyph`: `slice(at:length:name:)` named "glyph N".
    func outline(at offset: Int, length: Int, glyph: Int) throws -> FontBytes {
        guard contains(offset, length: length) else { throw TrueTypeError.truncated("glyph \(glyph)") }
        return FontBytes(bytes: bytes, base: base + offset, count: length, label: "", glyph: glyph)
    }

    /// A sub-view of `length` bytes at `offset`, or `truncated` when it does not fit.
    func slice(at offset: Int, length: Int, name: String? = nil) throws -> FontBytes {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw TrueTypeError.truncated(name ?? self.name)
        }
        return FontBytes(bytes: bytes, base: base + offset, count: length, name: name ?? self.name)
    }

    func contains(_ offset: Int, length: Int) -> Bool {
        offset >= 0 && length >= 0 && offset <= count && length <= count - offset
    }

    func uint8(_ offset: Int) throws -> UInt8 {
        guard contains(offset, length: 1) else { throw TrueTypeError.truncated(name) }
        return bytes[base + offset]
    }

    func uint16(_ offset: Int) throws -> UInt16 {
        guard contains(offset, length: 2) else { throw TrueTypeError.truncated(name) }
        return UInt16(bytes[base + offset]) << 8 | UInt16(bytes[base + offset + 1])
    }

    func int16(_ offset: Int) throws -> Int16 {
        Int16(bitPattern: try uint16(offset))
    }

    func uint32(_ offset: Int) throws -> UInt32 {
        guard contains(offset, length: 4) else { throw TrueTypeError.truncated(name) }
        let start = base + offset
        return UInt32(bytes[start]) << 24 | UInt32(bytes[start + 1]) << 16 | UInt32(bytes[start + 2]) << 8
            | UInt32(bytes[start + 3])
    }

    /// The bytes of the view, copied out.
    var array: [UInt8] { Array(bytes[base..<(base + count)]) }

    /// Four bytes as a table tag ("glyf", "OS/2").
    func tag(_ offset: Int) throws -> String {
        let value = try uint32(offset)
        let scalars = [24, 16, 8, 0].map { Character(Unicode.Scalar(UInt8(truncatingIfNeeded: value >> $0))) }
        return String(scalars)
    }
}
