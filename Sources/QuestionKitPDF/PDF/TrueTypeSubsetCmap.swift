extension TrueTypeSubsetter {
    /// A `cmap` for the subset mapping the characters shown to their glyphs: a Windows BMP subtable
    /// (format 4), and a full-Unicode one (format 12) when a character lies beyond the BMP. PDF readers go by
    /// glyph id here, but a font without a character map is incomplete for other tools.
    static func characterMap(_ characters: [UInt32: UInt16]) -> [UInt8] {
        let entries = characters.sorted { $0.key < $1.key }
        let bmp = entries.filter { $0.key <= 0xFFFF }
        var subtables: [(encoding: UInt16, data: [UInt8])] = []
        // Format 4 lengths are 16-bit: with more than about 8,000 scattered characters only format 12 fits.
        if let data = format4(bmp.map { (UInt16($0.key), $0.value) }) {
            subtables.append((1, data))
        }
        if bmp.count < entries.count || subtables.isEmpty {
            subtables.append((10, format12(entries)))
        }
        var table = be16(0) + be16(UInt16(subtables.count))
        var offset = 4 + 8 * subtables.count
        for subtable in subtables {
            table += be16(3) + be16(subtable.encoding) + be32(UInt32(offset))
            offset += subtable.data.count
        }
        return table + subtables.flatMap(\.data)
    }

    /// Segments of consecutive characters with consecutive glyphs, each mapped by a delta, and the closing
    /// 0xFFFF segment the format requires.
    private static func format4(_ entries: [(character: UInt16, glyph: UInt16)]) -> [UInt8]? {
        var segments: [(start: UInt16, end: UInt16, glyph: UInt16)] = []
        for (character, glyph) in entries where character != 0xFFFF {
            if let last = segments.last, last.end &+ 1 == character, last.glyph &+ (last.end - last.start) &+ 1 == glyph
            {
                segments[segments.count - 1].end = character
            } else {
                segments.append((character, character, glyph))
            }
        }
        segments.append((0xFFFF, 0xFFFF, 0))
        let count = segments.count
        guard 16 + 8 * count <= 0xFFFF else { return nil }
        var power = 1
        while power * 2 <= count {
            power *= 2
        }
        let length = 16 + 8 * count
        var data = be16(4) + be16(UInt16(length)) + be16(0) + be16(UInt16(2 * count)) + be16(UInt16(2 * power))
        data += be16(UInt16(power.trailingZeroBitCount)) + be16(UInt16(2 * (count - power)))
        data += segments.flatMap { be16($0.end) } + be16(0) + segments.flatMap { be16($0.start) }
        data += segments.flatMap { be16($0.glyph &- $0.start) } + segments.flatMap { _ in be16(0) }
        return data
    }

    private static func format12(_ entries: [(key: UInt32, value: UInt16)]) -> [UInt8] {
        var groups: [(start: UInt32, end: UInt32, glyph: UInt32)] = []
        for (character, glyph) in entries {
            if let last = groups.last, last.end + 1 == character,
                last.glyph + (last.end - last.start) + 1 == UInt32(glyph)
            {
                groups[groups.count - 1].end = character
            } else {
                groups.append((character, character, UInt32(glyph)))
            }
        }
        return be16(12) + be16(0) + be32(UInt32(16 + 12 * groups.count)) + be32(0) + be32(UInt32(groups.count))
            + groups.flatMap { be32($0.start) + be32($0.end) + be32($0.glyph) }
    }
}
