@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// A tiny TrueType font built in memory, so that font tests do not depend on installed fonts:
/// glyph 0 `.notdef` (empty), 1 a triangle for "A", 2 a composite of glyph 1 for "B", 3 empty for U+FFFD,
/// with a `cmap` of format 4, or 12 (which also maps U+1F600 to glyph 1).
enum PDFTestFont {
    static func bytes(format12: Bool = false, fsType: UInt16 = 0, unitsPerEm: UInt16 = 1000) -> [UInt8] {
        let triangle =
            be16(1) + box + be16(2) + be16(0) + [1, 1, 1] + be16(0) + be16(250) + be16(250)
            + be16(0) + be16(700) + be16(UInt16(bitPattern: -700))
        let composite = be16(0xFFFF) + box + be16(0x0002) + be16(1) + [10, 0]
        let glyf = triangle + [0, 0, 0] + composite
        let loca = [0, 0, 32, 48, 48].flatMap { be32(UInt32($0)) }
        let hmtx = [600, 0, 650, 50, 700, 0, 500, 0].flatMap { be16(UInt16($0)) }
        var head = be32(0x0001_0000) + be32(0) + be32(0) + be32(0x5F0F_3CF5) + be16(0) + be16(unitsPerEm)
        head += [UInt8](repeating: 0, count: 16) + box.suffix(8) + be16(0) + be16(8) + be16(2) + be16(1) + be16(0)
        let hhea =
            be32(0x0001_0000) + be16(800) + be16(UInt16(bitPattern: -200)) + be16(0)
            + [UInt8](repeating: 0, count: 24) + be16(4)
        let maxp = be32(0x0000_5000) + be16(4)
        var os2 = be16(1) + be16(500) + be16(400) + be16(5) + be16(fsType)
        os2 += [UInt8](repeating: 0, count: 86 - os2.count)
        let tables: [String: [UInt8]] = [
            "head": head, "hhea": hhea, "maxp": maxp, "hmtx": hmtx, "loca": loca, "glyf": glyf,
            "cmap": format12 ? cmap12 : cmap4, "OS/2": os2, "name": name,
        ]
        return TrueTypeSubsetter.assemble(tables)
    }

    private static let box = be16(0) + be16(0) + be16(700) + be16(700)

    /// Segments: 'A'…'B' → glyphs 1…2 by delta, U+FFFD → glyph 3 through the glyph array, and the final 0xFFFF.
    private static var cmap4: [UInt8] {
        let segments: [(start: UInt16, end: UInt16, delta: UInt16, rangeOffset: UInt16)] = [
            (0x41, 0x42, UInt16(bitPattern: -0x40), 0), (0xFFFD, 0xFFFD, 0, 4), (0xFFFF, 0xFFFF, 1, 0),
        ]
        var sub = be16(4) + be16(0) + be16(0) + be16(6) + be16(4) + be16(1) + be16(2)
        sub += segments.flatMap { be16($0.end) } + be16(0) + segments.flatMap { be16($0.start) }
        sub += segments.flatMap { be16($0.delta) } + segments.flatMap { be16($0.rangeOffset) } + be16(3)
        sub.replaceSubrange(2..<4, with: be16(UInt16(sub.count)))
        return be16(0) + be16(1) + be16(3) + be16(1) + be32(12) + sub
    }

    private static var cmap12: [UInt8] {
        let groups: [(UInt32, UInt32, UInt32)] = [(0x41, 0x42, 1), (0xFFFD, 0xFFFD, 3), (0x1F600, 0x1F600, 1)]
        let sub =
            be16(12) + be16(0) + be32(UInt32(16 + 12 * groups.count)) + be32(0) + be32(UInt32(groups.count))
            + groups.flatMap { be32($0.0) + be32($0.1) + be32($0.2) }
        return be16(0) + be16(1) + be16(3) + be16(10) + be32(12) + sub
    }

    /// One record: Windows, Unicode BMP, English, name ID 6 = "Test Font-Regular" (the space is dropped).
    private static var name: [UInt8] {
        let text = Array("Test Font-Regular".utf16).flatMap { be16($0) }
        return be16(0) + be16(1) + be16(18) + be16(3) + be16(1) + be16(0x409) + be16(6) + be16(UInt16(text.count))
            + be16(0) + text
    }

    static func be16(_ value: UInt16) -> [UInt8] { [UInt8(value >> 8), UInt8(value & 0xFF)] }

    static func be32(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8((value >> 16) & 0xFF), UInt8((value >> 8) & 0xFF), UInt8(value & 0xFF)]
    }
}
