/// The outlines (`glyf`, located by `loca`) and advance widths (`hmtx`) of a font.
struct TrueTypeGlyphTable {
    let glyf: FontBytes
    let hmtx: FontBytes
    /// Where each glyph's outline starts in `glyf`; one more entry than glyphs, the last being the end.
    let offsets: [Int]
    let advances: [UInt16]

    init(directory: TrueTypeDirectory, glyphCount: Int, longOffsets: Bool, horizontalMetricsCount: Int) throws {
        glyf = try directory.table("glyf")
        hmtx = try directory.table("hmtx")
        guard (1...glyphCount).contains(horizontalMetricsCount) else {
            throw TrueTypeError.malformed("numberOfHMetrics \(horizontalMetricsCount) for \(glyphCount) glyphs")
        }
        advances = try (0..<horizontalMetricsCount).map { [hmtx] in try hmtx.uint16(4 * $0) }
        let loca = try directory.table("loca", minimumLength: (glyphCount + 1) * (longOffsets ? 4 : 2))
        var offsets: [Int] = []
        offsets.reserveCapacity(glyphCount + 1)
        // An entry out of order or past 'glyf' spoils the glyphs next to it, not the font (see `unusableGlyphs`).
        for index in 0...glyphCount {
            offsets.append(longOffsets ? Int(try loca.uint32(4 * index)) : 2 * Int(try loca.uint16(2 * index)))
        }
        self.offsets = offsets
    }

    var glyphCount: Int { offsets.count - 1 }

    /// The advance width in font units; glyphs past `numberOfHMetrics` share the last width.
    func advanceWidth(of glyph: UInt16) -> Int {
        guard let last = advances.last else { return 0 }
        return Int(Int(glyph) < advances.count ? advances[Int(glyph)] : last)
    }

    /// The left side bearing from `hmtx`, or 0 when the table does not hold one for `glyph`.
    func leftSideBearing(of glyph: UInt16) -> Int16 {
        let index = Int(glyph)
        let offset = index < advances.count ? 4 * index + 2 : 4 * advances.count + 2 * (index - advances.count)
        return (try? hmtx.int16(offset)) ?? 0
    }

    /// The outline of `glyph` (empty for a glyph without contours, such as the space).
    func outline(of glyph: UInt16) throws -> FontBytes {
        let index = Int(glyph)
        guard index < glyphCount else { throw TrueTypeError.malformed("glyph \(index) does not exist") }
        return try glyf.outline(at: offsets[index], length: offsets[index + 1] - offsets[index], glyph: index)
    }

    /// The bounding box of `glyph` from its outline header, or nil for an empty glyph.
    func boundingBox(of glyph: UInt16) throws -> TrueTypeBox? {
        let outline = try outline(of: glyph)
        return outline.count == 0 ? nil : try TrueTypeBox(outline, at: 2)
    }

    /// The glyphs a composite glyph is built from (none for a simple glyph).
    func components(of glyph: UInt16) throws -> [UInt16] {
        let outline = try outline(of: glyph)
        guard outline.count > 0, try outline.int16(0) < 0 else { return [] }
        var components: [UInt16] = []
        var offset = 10
        var flags: UInt16
        repeat {
            flags = try outline.uint16(offset)
            let component = try outline.uint16(offset + 2)
            guard Int(component) < glyphCount else {
                throw TrueTypeError.malformed("glyph \(glyph) refers to missing glyph \(component)")
            }
            components.append(component)
            offset += 4 + (flags & 0x0001 != 0 ? 4 : 2)  // ARG_1_AND_2_ARE_WORDS
            if flags & 0x0008 != 0 {  // WE_HAVE_A_SCALE
                offset += 2
            } else if flags & 0x0040 != 0 {  // WE_HAVE_AN_X_AND_Y_SCALE
                offset += 4
            } else if flags & 0x0080 != 0 {  // WE_HAVE_A_TWO_BY_TWO
                offset += 8
            }
        } while flags & 0x0020 != 0  // MORE_COMPONENTS
        guard offset <= outline.count else { throw TrueTypeError.truncated("glyph \(glyph)") }
        return components
    }

    /// `glyphs`, glyph 0 and every glyph they are composed of, however deep (cycles are not followed twice).
    /// An unusable glyph (see `unusableGlyphs`) has no components here; the subset leaves it empty.
    func closure(of glyphs: some Sequence<UInt16>) -> Set<UInt16> {
        var result: Set<UInt16> = [0]
        var pending = Array(glyphs) + [0]
        while let glyph = pending.popLast() {
            for component in (try? components(of: glyph)) ?? [] where result.insert(component).inserted {
                pending.append(component)
            }
            result.insert(glyph)
        }
        return result
    }
}
