#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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

/// The bytes of a font file: a copy of an array, or the file mapped into memory (read-only, private).
final class FontFile: @unchecked Sendable {
    /// Never written after `init`; shared by the views of the font's tables.
    let bytes: UnsafeBufferPointer<UInt8>
    private let isMapped: Bool

    init(copying array: [UInt8]) {
        let copy = UnsafeMutableBufferPointer<UInt8>.allocate(capacity: array.count)
        _ = copy.initialize(from: array)
        bytes = UnsafeBufferPointer(copy)
        isMapped = false
    }

    /// The file at `path` mapped, or nil when it cannot be opened or mapped. An empty file is an empty
    /// buffer (it cannot be mapped), for the reader to report as truncated.
    init?(mapping path: String) {
        // Opened without waiting: a FIFO planted among the fonts is refused below, not waited on.
        let descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else { return nil }
        let size = Int(status.st_size)
        guard size > 0 else {
            bytes = UnsafeBufferPointer(start: nil, count: 0)
            isMapped = false
            return
        }
        guard let address = mmap(nil, size, PROT_READ, MAP_PRIVATE, descriptor, 0), address != MAP_FAILED else {
            return nil
        }
        bytes = UnsafeBufferPointer(start: address.assumingMemoryBound(to: UInt8.self), count: size)
        isMapped = true
    }

    deinit {
        guard let start = bytes.baseAddress else { return }
        if isMapped {
            munmap(UnsafeMutableRawPointer(mutating: start), bytes.count)
        } else {
            start.deallocate()
        }
    }
}

/// A bounds-checked, big-endian view of part of a font file (usually one table).
struct FontBytes {
    private let file: FontFile
    private var bytes: UnsafeBufferPointer<UInt8> { file.bytes }
    /// Where the view starts in `bytes`, and its length.
    let base: Int
    let count: Int
    /// Named in errors ("'hmtx' table", "glyph 12").
    var name: String { glyph.map { "glyph \($0)" } ?? label }
    private let label: String
    /// The glyph whose outline this is: its name is made only when an error needs it, since outlines
    /// are read by the thousand when a font is loaded.
    private let glyph: Int?

    init(bytes: [UInt8], name: String) {
        self.init(file: FontFile(copying: bytes), name: name)
    }

    init(file: FontFile, name: String) {
        self.init(file: file, base: 0, count: file.bytes.count, label: name, glyph: nil)
    }

    private init(file: FontFile, base: Int, count: Int, label: String, glyph: Int?) {
        self.file = file
        self.base = base
        self.count = count
        self.label = label
        self.glyph = glyph
    }

    /// The outline of `glyph`: `slice(at:length:name:)` named "glyph N".
    func outline(at offset: Int, length: Int, glyph: Int) throws -> FontBytes {
        guard contains(offset, length: length) else { throw TrueTypeError.truncated("glyph \(glyph)") }
        return FontBytes(file: file, base: base + offset, count: length, label: "", glyph: glyph)
    }

    /// A sub-view of `length` bytes at `offset`, or `truncated` when it does not fit.
    func slice(at offset: Int, length: Int, name: String? = nil) throws -> FontBytes {
        guard offset >= 0, length >= 0, offset <= count, length <= count - offset else {
            throw TrueTypeError.truncated(name ?? self.name)
        }
        return FontBytes(file: file, base: base + offset, count: length, label: name ?? self.name, glyph: nil)
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
