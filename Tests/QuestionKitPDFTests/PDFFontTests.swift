import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

@Suite("PDF fonts: Helvetica metrics, TrueType reading and subsetting")
struct PDFFontTests {
    @Test(arguments: [
        (PDFStandardFont.helvetica, "Hello", 2278), (.helveticaBold, "Hello", 2445), (.helveticaOblique, "Hello", 2278),
        (.helvetica, "Prüfung €", 667 + 333 + 556 + 278 + 556 + 556 + 556 + 278 + 556),
        (.helvetica, "«»", 1112), (.helveticaBold, "ABC xyz", 722 * 3 + 278 + 556 * 2 + 500),
        (.helvetica, "'`\"", 191 + 333 + 355), (.helvetica, "\u{A0}\u{AD}", 278 + 333),
    ])
    func helveticaWidthsFromTheAFM(font: PDFStandardFont, text: String, thousandths: Int) throws {
        let width = try #require(font.width(of: text, size: 1000))
        #expect(Int(width.rounded()) == thousandths)
        #expect(try #require(font.width(of: text, size: 10)) == Double(thousandths) / 100)
    }

    @Test func helveticaHasNoWidthOutsideWinAnsi() {
        #expect(PDFStandardFont.helvetica.width(of: "Ω") == nil)
        #expect(PDFStandardFont.helvetica.width(of: "温度", size: 12) == nil)
    }

    @Test func winAnsiCodesAndCharactersRoundTripAndEveryCharacterHasAWidth() {
        var defined = 0
        for code in UInt8(32)...UInt8(255) {
            guard let scalar = WinAnsiEncoding.scalar(for: code) else {
                #expect(PDFStandardFont.helvetica.width(ofCode: code) == 0, "code \(code)")
                continue
            }
            defined += 1
            #expect(WinAnsiEncoding.code(for: scalar) == code)
            for font in PDFStandardFont.allCases {
                #expect(font.width(ofCode: code) > 0, "\(font) code \(code)")
            }
        }
        // 95 ASCII, 27 in 128…159, 96 in 160…255.
        #expect(defined == 218)
    }

    @Test func readsTheTestFont() throws {
        let font = try TrueTypeFont(data: PDFTestFont.bytes())
        #expect(font.postScriptName == "TestFont-Regular")
        #expect(font.unitsPerEm == 1000 && font.glyphCount == 4)
        #expect(font.glyph(for: "A") == 1 && font.glyph(for: "B") == 2 && font.glyph(for: "\u{FFFD}") == 3)
        #expect(font.glyph(for: "C") == nil && font.glyph(for: "\u{FFFF}") == nil)
        #expect(font.width(ofGlyph: 1) == 650 && font.width(ofGlyph: 3) == 500)
        #expect(try font.glyphs.components(of: 2) == [1])
        #expect(font.glyphs.closure(of: [2]) == [0, 1, 2])
    }

    @Test func readsCmapFormat12BeyondTheBMP() throws {
        let font = try TrueTypeFont(data: PDFTestFont.bytes(format12: true))
        #expect(font.glyph(for: "😀") == 1 && font.glyph(for: "B") == 2 && font.glyph(for: "😁") == nil)
    }

    @Test func widthsAreScaledToThousandthsOfAnEm() throws {
        let font = try TrueTypeFont(data: PDFTestFont.bytes(unitsPerEm: 2048))
        #expect(font.width(ofGlyph: 1) == 317)  // 650 × 1000 / 2048 = 317.4
    }

    @Test func refusesAFontWhoseLicenceForbidsEmbedding() {
        #expect(throws: TrueTypeError.embeddingNotPermitted("TestFont-Regular")) {
            try TrueTypeFont(data: PDFTestFont.bytes(fsType: 2))
        }
        #expect(throws: Never.self) { try TrueTypeFont(data: PDFTestFont.bytes(fsType: 8)) }
    }

    @Test func theSubsetIsAValidFontWithTheSameOutlines() throws {
        let font = try TrueTypeFont(data: PDFTestFont.bytes())
        let subset = try TrueTypeSubsetter.subset(of: font, characters: [0x42: 2])
        #expect(TrueTypeSubsetter.checksum(subset) == 0xB1B0_AFBA)
        let reread = try TrueTypeFont(data: subset + [])
        #expect(reread.glyphCount == 3)
        #expect(try reread.glyphs.outline(of: 1).array == font.glyphs.outline(of: 1).array)
        #expect(try reread.glyphs.outline(of: 2).array == font.glyphs.outline(of: 2).array)
        #expect(reread.glyphs.advanceWidth(of: 2) == 700)
        #expect(reread.glyph(for: "B") == 2 && reread.glyph(for: "A") == nil)
    }
}

extension PDFFontTests {
    @Test func subsetCharacterMapsReadBackInBothFormats() throws {
        let few: [UInt32: UInt16] = [0x41: 5, 0x42: 6, 0x44: 7, 0x1F600: 9]
        var many: [UInt32: UInt16] = [:]
        for index in 0..<9000 {
            many[UInt32(0x4E00 + 2 * index)] = UInt16(1 + 3 * index)
        }
        for characters in [few, many] {
            let bytes = TrueTypeSubsetter.characterMap(characters)
            let map = try TrueTypeCharacterMap(FontBytes(bytes: bytes, name: "cmap"), glyphCount: 65_535)
            #expect(characters.allSatisfy { map.glyph(for: $0.key) == $0.value })
            #expect(map.glyph(for: 0x43) == nil && map.glyph(for: 0x4E01) == nil)
        }
    }
}

@Suite("PDF fonts: malformed font files throw, never crash")
struct PDFMalformedFontTests {
    @Test(arguments: [0, 1, 11, 12, 40, 100, 200, 300, 400, 500])
    func truncatedFontsThrow(length: Int) {
        let bytes = Array(PDFTestFont.bytes().prefix(length))
        #expect(throws: TrueTypeError.self) { try TrueTypeFont(data: bytes) }
    }

    @Test func cffFontsAndGarbageAreNotTrueType() {
        #expect(throws: TrueTypeError.self) {
            try TrueTypeFont(data: Array("OTTO".utf8) + [UInt8](repeating: 0, count: 20))
        }
        #expect(throws: TrueTypeError.self) { try TrueTypeFont(data: Array("%PDF-1.7 not a font at all".utf8)) }
    }

    @Test func aMissingFileIsUnreadable() {
        #expect(throws: TrueTypeError.unreadable(path: "/no/such/font.ttf", reason: "no such file, or not readable")) {
            try TrueTypeFont(contentsOfFile: "/no/such/font.ttf")
        }
    }

    /// A font file is mapped, not read: the mapped font is the font its bytes make, and an empty
    /// file or a folder is an error like any other unusable file.
    @Test func aFontFileIsReadInPlaceAsItsBytesAre() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("qk-font-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("test.ttf").path
        try Data(PDFTestFont.bytes()).write(to: URL(fileURLWithPath: path))
        let mapped = try TrueTypeFont(contentsOfFile: path)
        let copied = try TrueTypeFont(data: PDFTestFont.bytes())
        #expect(mapped.postScriptName == copied.postScriptName && mapped.glyphCount == copied.glyphCount)
        #expect(mapped.glyph(for: "A") == copied.glyph(for: "A"))
        #expect(mapped.width(ofGlyph: 1) == copied.width(ofGlyph: 1))
        #expect(
            try TrueTypeSubsetter.subset(of: mapped, characters: [0x41: 1])
                == TrueTypeSubsetter.subset(of: copied, characters: [0x41: 1]))
        let empty = folder.appendingPathComponent("empty.ttf").path
        try Data().write(to: URL(fileURLWithPath: empty))
        #expect(throws: TrueTypeError.truncated("font file")) { try TrueTypeFont(contentsOfFile: empty) }
        #expect(throws: TrueTypeError.self) { try TrueTypeFont(contentsOfFile: folder.path) }
    }

    @Test func everySingleByteCorruptionThrowsOrReadsButNeverCrashes() throws {
        let original = PDFTestFont.bytes()
        for index in original.indices {
            for value: UInt8 in [0x00, 0xFF, 0x7F, original[index] ^ 0x80] {
                var bytes = original
                bytes[index] = value
                guard let font = try? TrueTypeFont(data: bytes) else { continue }
                var page = PDFPage(fonts: PDFFontSet(fallbacks: [font]))
                page.drawText("AB😀\u{FFFD}Ω", at: PDFPoint(x: 10, y: 10), size: 10)
                var document = PDFDocument()
                document.append(page)
                // A damaged glyph costs that glyph only (see PDFGlyphFallbackTests): writing never throws.
                #expect(throws: Never.self) { try document.write() }
            }
        }
    }
}
