/// The fields of `head` the writer uses.
struct TrueTypeHead {
    let unitsPerEm: Int
    let boundingBox: TrueTypeBox
    let macStyle: UInt16
    let longLocaOffsets: Bool

    init(_ table: FontBytes) throws {
        unitsPerEm = Int(try table.uint16(18))
        guard (16...16_384).contains(unitsPerEm) else {
            throw TrueTypeError.malformed("unitsPerEm \(unitsPerEm) is outside 16…16384")
        }
        boundingBox = try TrueTypeBox(table, at: 36)
        macStyle = try table.uint16(44)
        switch try table.int16(50) {
        case 0: longLocaOffsets = false
        case 1: longLocaOffsets = true
        case let format: throw TrueTypeError.malformed("indexToLocFormat \(format) is neither 0 nor 1")
        }
    }
}

/// A bounding box in font units.
struct TrueTypeBox: Hashable {
    var xMin: Int
    var yMin: Int
    var xMax: Int
    var yMax: Int

    init(xMin: Int, yMin: Int, xMax: Int, yMax: Int) {
        self.xMin = xMin
        self.yMin = yMin
        self.xMax = xMax
        self.yMax = yMax
    }

    /// Four signed 16-bit values at `offset`: xMin, yMin, xMax, yMax.
    init(_ table: FontBytes, at offset: Int) throws {
        xMin = Int(try table.int16(offset))
        yMin = Int(try table.int16(offset + 2))
        xMax = Int(try table.int16(offset + 4))
        yMax = Int(try table.int16(offset + 6))
    }
}

/// The fields of `OS/2` the writer uses.
struct TrueTypeOS2 {
    let weightClass: Int
    let embeddingFlags: UInt16
    let capHeight: Int?

    init(_ table: FontBytes) throws {
        let version = try table.uint16(0)
        weightClass = Int(try table.uint16(4))
        embeddingFlags = try table.uint16(8)
        // sCapHeight exists from version 2 on.
        capHeight = version >= 2 && table.count >= 90 ? Int(try table.int16(88)) : nil
    }

    /// `fsType` 2 alone means "restricted licence embedding"; bit 9 allows bitmaps only, and we embed outlines.
    var permitsEmbedding: Bool {
        embeddingFlags & 0x000F != 0x0002 && embeddingFlags & 0x0200 == 0
    }
}

/// What a PDF font descriptor says about a font (ISO 32000-1 §9.8), in font units.
struct TrueTypeMetrics {
    let boundingBox: TrueTypeBox
    let ascent: Int
    let descent: Int
    let capHeight: Int
    let italicAngle: Double
    let weightClass: Int
    let isFixedPitch: Bool
    let isItalic: Bool

    init(
        head: TrueTypeHead, hhea: FontBytes, os2: TrueTypeOS2?, post: FontBytes?, capHeightFallback: () -> Int?
    ) throws {
        boundingBox = head.boundingBox
        ascent = Int(try hhea.int16(4))
        descent = Int(try hhea.int16(6))
        let capHeight = os2?.capHeight.flatMap { $0 > 0 ? $0 : nil } ?? capHeightFallback()
        self.capHeight = capHeight ?? ascent
        if let post, post.count >= 16 {
            italicAngle = Double(try post.int16(4)) + Double(try post.uint16(6)) / 65_536
            isFixedPitch = try post.uint32(12) != 0
        } else {
            italicAngle = 0
            isFixedPitch = false
        }
        weightClass = os2?.weightClass ?? (head.macStyle & 1 != 0 ? 700 : 400)
        isItalic = head.macStyle & 2 != 0 || italicAngle != 0
    }
}

/// The PostScript name in the `name` table.
enum TrueTypeNames {
    /// Name ID 6 (PostScript name), else 4 (full name); Windows Unicode records first, then Macintosh Roman.
    static func postScriptName(in table: FontBytes) throws -> String? {
        let count = Int(try table.uint16(2))
        let storage = Int(try table.uint16(4))
        var candidates: [(rank: Int, name: String)] = []
        for index in 0..<count {
            let record = 6 + 12 * index
            let platform = try table.uint16(record)
            let nameID = try table.uint16(record + 6)
            guard nameID == 6 || nameID == 4, platform <= 3 else { continue }
            let length = Int(try table.uint16(record + 8))
            let offset = storage + Int(try table.uint16(record + 10))
            guard let text = try? table.slice(at: offset, length: length).array else { continue }
            let name = platform == 1 ? String(decoding: text, as: UTF8.self) : utf16BigEndian(text)
            let rank = (nameID == 6 ? 0 : 10) + (platform == 3 ? 0 : platform == 1 ? 1 : 2)
            candidates.append((rank, name))
        }
        return candidates.filter { !sanitized($0.name).isEmpty }.min { $0.rank < $1.rank }?.name
    }

    /// Letters, digits and `-` only, at most 63 characters (PostScript names are printable ASCII without
    /// spaces; a PDF name may be longer, but a subset prefix is added).
    static func sanitized(_ name: String) -> String {
        let kept = name.unicodeScalars.filter { scalar in
            scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) || scalar == "-")
        }
        return String(String.UnicodeScalarView(kept.prefix(63)))
    }

    private static func utf16BigEndian(_ bytes: [UInt8]) -> String {
        let units = stride(from: 0, to: bytes.count - 1, by: 2).map { UInt16(bytes[$0]) << 8 | UInt16(bytes[$0 + 1]) }
        return String(decoding: units, as: UTF16.self)
    }
}
