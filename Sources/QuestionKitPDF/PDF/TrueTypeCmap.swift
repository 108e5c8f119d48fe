/// The Unicode character map of a font: `cmap` format 12 (all of Unicode) when the font has one, else
/// format 4 (the Basic Multilingual Plane). Lookups are binary searches over the ranges as stored.
struct TrueTypeCharacterMap {
    private struct Group {
        var first: UInt32
        var last: UInt32
        var glyph: UInt32
    }

    private struct Segment {
        var start: UInt32
        var end: UInt32
        var delta: UInt16
        /// 0, or where `idRangeOffset` points from (its own position in the subtable) plus its value.
        var rangeBase: Int
    }

    private var groups: [Group] = []
    private var segments: [Segment] = []
    private var subtable: FontBytes
    private let glyphCount: Int

    init(_ table: FontBytes, glyphCount: Int) throws {
        self.glyphCount = glyphCount
        let count = Int(try table.uint16(2))
        var best: (rank: Int, offset: Int)?
        for index in 0..<count {
            let platform = try table.uint16(4 + 8 * index)
            let encoding = try table.uint16(6 + 8 * index)
            let offset = Int(try table.uint32(8 + 8 * index))
            guard let format = try? table.uint16(offset), let rank = Self.rank(platform, encoding, format) else {
                continue
            }
            if rank < best?.rank ?? .max {
                best = (rank, offset)
            }
        }
        guard let best else { throw TrueTypeError.notTrueType("no Unicode 'cmap' subtable of format 4 or 12") }
        subtable = try table.slice(at: best.offset, length: table.count - best.offset, name: "'cmap' subtable")
        if try subtable.uint16(0) == 12 {
            try readFormat12()
        } else {
            try readFormat4()
        }
    }

    /// Lower is better: full-Unicode format 12 first, then BMP format 4; Windows before Unicode platform.
    private static func rank(_ platform: UInt16, _ encoding: UInt16, _ format: UInt16) -> Int? {
        switch (platform, encoding, format) {
        case (3, 10, 12): 0
        case (0, 4, 12), (0, 6, 12): 1
        case (3, 1, 4): 2
        case (0, _, 4): 3
        default: nil
        }
    }

    private mutating func readFormat12() throws {
        let count = Int(try subtable.uint32(12))
        guard subtable.contains(16, length: count * 12) else { throw TrueTypeError.truncated("'cmap' format 12") }
        groups.reserveCapacity(count)
        for index in 0..<count {
            let record = 16 + 12 * index
            let group = Group(
                first: try subtable.uint32(record), last: try subtable.uint32(record + 4),
                glyph: try subtable.uint32(record + 8))
            guard group.first <= group.last else { throw TrueTypeError.malformed("'cmap' group \(index) is reversed") }
            groups.append(group)
        }
        groups.sort { $0.first < $1.first }
    }

    private mutating func readFormat4() throws {
        let segmentCount = Int(try subtable.uint16(6)) / 2
        let ends = 14
        let starts = ends + 2 * segmentCount + 2
        let deltas = starts + 2 * segmentCount
        let rangeOffsets = deltas + 2 * segmentCount
        guard subtable.contains(rangeOffsets, length: 2 * segmentCount) else {
            throw TrueTypeError.truncated("'cmap' format 4")
        }
        for index in 0..<segmentCount {
            let rangeOffset = Int(try subtable.uint16(rangeOffsets + 2 * index))
            let segment = Segment(
                start: UInt32(try subtable.uint16(starts + 2 * index)),
                end: UInt32(try subtable.uint16(ends + 2 * index)), delta: try subtable.uint16(deltas + 2 * index),
                rangeBase: rangeOffset == 0 ? 0 : rangeOffsets + 2 * index + rangeOffset)
            if segment.start <= segment.end {
                segments.append(segment)
            }
        }
        segments.sort { $0.start < $1.start }
    }

    /// The glyph for a Unicode code point, or nil for none (glyph 0, or a glyph the font does not have).
    func glyph(for codePoint: UInt32) -> UInt16? {
        let glyph = groups.isEmpty ? format4Glyph(codePoint) : format12Glyph(codePoint)
        guard let glyph, glyph != 0, glyph < glyphCount else { return nil }
        return UInt16(glyph)
    }

    private func format12Glyph(_ codePoint: UInt32) -> Int? {
        var low = 0
        var high = groups.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let group = groups[middle]
            if codePoint < group.first {
                high = middle - 1
            } else if codePoint > group.last {
                low = middle + 1
            } else {
                return Int(group.glyph) + Int(codePoint - group.first)
            }
        }
        return nil
    }

    private func format4Glyph(_ codePoint: UInt32) -> Int? {
        var low = 0
        var high = segments.count - 1
        while low <= high {
            let middle = (low + high) / 2
            let segment = segments[middle]
            if codePoint < segment.start {
                high = middle - 1
            } else if codePoint > segment.end {
                low = middle + 1
            } else if segment.rangeBase == 0 {
                return Int(UInt16(truncatingIfNeeded: codePoint) &+ segment.delta)
            } else {
                let offset = segment.rangeBase + 2 * Int(codePoint - segment.start)
                guard let glyph = try? subtable.uint16(offset), glyph != 0 else { return nil }
                return Int(glyph &+ segment.delta)
            }
        }
        return nil
    }
}
