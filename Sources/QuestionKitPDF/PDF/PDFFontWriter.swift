/// Writes the font objects of a document (ISO 32000-1 §9.6–9.10).
///
/// A standard font is a Type1 font dictionary with WinAnsiEncoding and nothing embedded. A TrueType font
/// becomes a Type0 font with Identity-H encoding (two-byte codes that are glyph ids) over a CIDFontType2
/// with `/CIDToGIDMap /Identity`, a font descriptor, the embedded subset (`FontFile2`), and a `ToUnicode`
/// CMap so that text extraction gets the characters back.
enum PDFFontWriter {
    static func write(
        _ face: PDFFontFace, glyphs: [UInt16: Unicode.Scalar], object: Int, into writer: inout PDFObjectWriter,
        _ compress: Bool
    ) throws {
        switch face {
        case .standard(let font):
            writer.writeObject(object) { buffer in
                buffer.append("<< /Type /Font /Subtype /Type1 /BaseFont ")
                buffer.append(name: font.postScriptName)
                buffer.append(" /Encoding /WinAnsiEncoding >>")
            }
        case .trueType(let font):
            try writeType0(font, glyphs: glyphs, object: object, into: &writer, compress)
        }
    }

    private static func writeType0(
        _ font: TrueTypeFont, glyphs: [UInt16: Unicode.Scalar], object: Int, into writer: inout PDFObjectWriter,
        _ compress: Bool
    ) throws {
        var characters: [UInt32: UInt16] = [:]
        for (glyph, scalar) in glyphs {
            characters[scalar.value] = glyph
        }
        let subset = try TrueTypeSubsetter.subset(of: font, characters: characters)
        let baseFont = subsetTag(font, glyphs: glyphs.keys) + "+" + font.postScriptName
        let cidFont = writer.allocate()
        let descriptor = writer.allocate()
        let fontFile = writer.allocate()
        let toUnicode = writer.allocate()
        writer.writeObject(object) { buffer in
            buffer.append("<< /Type /Font /Subtype /Type0 /BaseFont ")
            buffer.append(name: baseFont)
            buffer.append(" /Encoding /Identity-H /DescendantFonts [\(cidFont) 0 R] /ToUnicode \(toUnicode) 0 R >>")
        }
        writer.writeObject(cidFont) { buffer in
            buffer.append("<< /Type /Font /Subtype /CIDFontType2 /BaseFont ")
            buffer.append(name: baseFont)
            buffer.append(" /CIDSystemInfo << /Registry (Adobe) /Ordering (Identity) /Supplement 0 >>")
            buffer.append(" /FontDescriptor \(descriptor) 0 R /CIDToGIDMap /Identity /W ")
            appendWidths(of: font, glyphs: glyphs.keys.sorted(), into: &buffer)
            buffer.append(" >>")
        }
        writer.writeObject(descriptor) { buffer in
            appendDescriptor(of: font, name: baseFont, fontFile: fontFile, into: &buffer)
        }
        writer.writeStream(fontFile, data: subset, compress: compress) { buffer in
            buffer.append(" /Length1 ")
            buffer.append(int: subset.count)
        }
        writer.writeStream(toUnicode, data: toUnicodeCMap(glyphs), compress: compress)
    }

    /// `/W`: runs of consecutive glyph ids as `first [w1 w2 …]`.
    private static func appendWidths(of font: TrueTypeFont, glyphs: [UInt16], into buffer: inout PDFBuffer) {
        buffer.append("[")
        var previous: UInt16?
        for glyph in glyphs {
            if let previous, previous &+ 1 == glyph {
                buffer.append(" ")
            } else {
                buffer.append(previous == nil ? "" : "] ")
                buffer.append(int: Int(glyph))
                buffer.append(" [")
            }
            buffer.append(int: font.width(ofGlyph: glyph))
            previous = glyph
        }
        buffer.append(previous == nil ? "]" : "]]")
    }

    private static func appendDescriptor(
        of font: TrueTypeFont, name: String, fontFile: Int, into buffer: inout PDFBuffer
    ) {
        let metrics = font.metrics
        let scale = { (value: Int) -> Int in Int((Double(value) * 1000 / Double(font.unitsPerEm)).rounded()) }
        // Flags (Table 123): 4 Symbolic — glyphs are chosen by id, not by a standard encoding; 1 FixedPitch; 64 Italic.
        let flags = 4 | (metrics.isFixedPitch ? 1 : 0) | (metrics.isItalic ? 64 : 0)
        // No stem width is recorded in TrueType fonts; estimated from the weight class as is customary.
        let stemV = 10 + 220 * max(0, metrics.weightClass - 50) / 900
        let box = metrics.boundingBox
        buffer.append("<< /Type /FontDescriptor /FontName ")
        buffer.append(name: name)
        buffer.append(" /Flags \(flags) /FontBBox [\(scale(box.xMin)) \(scale(box.yMin)) \(scale(box.xMax))")
        buffer.append(" \(scale(box.yMax))] /ItalicAngle ")
        buffer.append(number: metrics.italicAngle)
        buffer.append(" /Ascent \(scale(metrics.ascent)) /Descent \(scale(metrics.descent))")
        buffer.append(" /CapHeight \(scale(metrics.capHeight)) /StemV \(stemV) /FontFile2 \(fontFile) 0 R >>")
    }

    /// The `ToUnicode` CMap (§9.10.3): each glyph id to the UTF-16BE of its character.
    static func toUnicodeCMap(_ glyphs: [UInt16: Unicode.Scalar]) -> [UInt8] {
        var buffer = PDFBuffer()
        buffer.append("/CIDInit /ProcSet findresource begin\n12 dict begin\nbegincmap\n")
        buffer.append("/CIDSystemInfo << /Registry (Adobe) /Ordering (UCS) /Supplement 0 >> def\n")
        buffer.append("/CMapName /Adobe-Identity-UCS def\n/CMapType 2 def\n")
        buffer.append("1 begincodespacerange\n<0000> <FFFF>\nendcodespacerange\n")
        let entries = glyphs.sorted { $0.key < $1.key }
        // At most 100 entries per bfchar block (§9.7.5.4).
        for start in stride(from: 0, to: entries.count, by: 100) {
            let block = entries[start..<min(start + 100, entries.count)]
            buffer.append("\(block.count) beginbfchar\n")
            for (glyph, scalar) in block {
                buffer.append("<")
                buffer.appendHex16(glyph)
                buffer.append("> <")
                for unit in String(scalar).utf16 {
                    buffer.appendHex16(unit)
                }
                buffer.append(">\n")
            }
            buffer.append("endbfchar\n")
        }
        buffer.append("endcmap\nCMapName currentdict /CMap defineresource pop\nend\nend\n")
        return buffer.bytes
    }

    /// Six capital letters naming the subset (§9.6.4), from the font and the glyphs it holds.
    static func subsetTag(_ font: TrueTypeFont, glyphs: some Sequence<UInt16>) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in font.postScriptName.utf8 {
            hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3
        }
        for glyph in glyphs.sorted() {
            hash = (hash ^ UInt64(glyph)) &* 0x0000_0100_0000_01B3
        }
        return String((0..<6).map { Character(Unicode.Scalar(UInt8(65 + (hash >> (8 * UInt64($0))) % 26))) })
    }
}
