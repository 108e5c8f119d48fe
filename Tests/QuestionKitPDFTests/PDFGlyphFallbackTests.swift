import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// Must-show 5: a font with one broken glyph stays usable. The glyph is replaced (by the next font that
/// has the character, else by the visible substitute), reported once naming the font, and the PDF is written.
@Suite("PDF fonts: a broken glyph costs that glyph, not the font")
struct PDFGlyphFallbackTests {
    private typealias F = PDFTestFont

    /// The test font in format 12, with U+1F600 mapped to glyph 2 (the composite) whose one component
    /// is glyph 9, which does not exist.
    private func fontWithABrokenComposite() throws -> [UInt8] {
        var bytes = F.bytes(format12: true)
        let group = try #require(PDFInspection.find(F.be32(0x1F600) + F.be32(0x1F600) + F.be32(1), in: bytes))
        bytes.replaceSubrange((group + 8)..<(group + 12), with: F.be32(2))
        let header = F.be16(0xFFFF) + F.be16(0) + F.be16(0) + F.be16(700) + F.be16(700) + F.be16(0x0002)
        let composite = try #require(PDFInspection.find(header + F.be16(1), in: bytes))
        bytes.replaceSubrange((composite + 12)..<(composite + 14), with: F.be16(9))
        return bytes
    }

    @Test func aBrokenCompositeIsSubstitutedAndReportedOnceAndThePDFIsWritten() throws {
        let font = try TrueTypeFont(data: try fontWithABrokenComposite(), source: "broken.ttf")
        let reason = "glyph 2 refers to missing glyph 9"
        #expect(font.unusableGlyphs == [2: reason])
        #expect(font.glyph(for: "A") == 1 && font.glyph(for: "B") == nil && font.glyph(for: "😀") == nil)
        let fonts = PDFFontSet(preferred: [font], fallbacks: [font])
        var page = PDFPage(fonts: fonts)
        page.drawText("A😀B", at: PDFPoint(x: 10, y: 10), size: 12)
        page.drawText("😀😀 B", at: PDFPoint(x: 10, y: 30), size: 12)
        var document = PDFDocument()
        document.append(page)
        document.append(page)
        let pdf = try document.write(compress: false)
        #expect(document.warnings == [.unusableGlyph(font: "broken.ttf", glyph: 2, reason: reason)])
        #expect(
            document.warnings.first?.description
                == "font 'broken.ttf': glyph 2 cannot be used (glyph 2 refers to missing glyph 9); its characters "
                + "are shown from the next font that has them, or as a replacement")
        // "A" from the font, "😀" as its U+FFFD (glyph 3) marked as a replacement, "B" from Helvetica.
        let runs = fonts.runsAndWarnings(for: "A😀B", font: .helvetica).runs
        #expect(runs.map(\.face) == [.trueType(font), .trueType(font), .standard(.helvetica)])
        #expect(runs.map { $0.glyphs.map(\.glyph) } == [[1], [3], []])
        #expect(runs.map(\.isReplacement) == [false, true, false])
        #expect(pdf.starts(with: Array("%PDF-".utf8)) && PDFInspection.find(Array("/FontFile2".utf8), in: pdf) != nil)
    }

    /// A process reads the system fallback fonts whether or not a document needs them: their glyphs
    /// (49,382 in Droid Sans Fallback) are checked only once a character is looked up in them.
    @Test func aFontsGlyphsAreCheckedWhenTextFirstNeedsTheFont() throws {
        let font = try TrueTypeFont(data: try fontWithABrokenComposite(), source: "broken.ttf")
        #expect(!font.glyphCheck.isMade)
        var page = PDFPage(fonts: PDFFontSet(fallbacks: [font]))
        page.drawText("Helvetica has all of this", at: PDFPoint(x: 10, y: 10), size: 12)
        #expect(!font.glyphCheck.isMade && page.warnings.isEmpty)
        page.drawText("A😀", at: PDFPoint(x: 10, y: 30), size: 12)
        #expect(font.glyphCheck.isMade)
        let reason = "glyph 2 refers to missing glyph 9"
        #expect(page.warnings == [.unusableGlyph(font: "broken.ttf", glyph: 2, reason: reason)])
    }

    @Test func loadingFindsEachKindOfBrokenGlyph() throws {
        let original = F.bytes()
        let glyfRecord = try #require(PDFInspection.find(Array("glyf".utf8), in: original))
        let glyf = original[(glyfRecord + 8)..<(glyfRecord + 12)].reduce(0) { $0 << 8 | Int($1) }
        var cutContours = original
        // The triangle's instruction length (at 12 + 2 × 1 contour) now claims more bytes than the glyph has.
        cutContours.replaceSubrange((glyf + 12)..<(glyf + 14), with: F.be16(400))
        let cut = try TrueTypeFont(data: cutContours)
        #expect(cut.unusableGlyphs.keys.sorted() == [1, 2])
        #expect(cut.unusableGlyphs[2] == "its component glyph 1 cannot be used")
        var selfReference = original
        selfReference.replaceSubrange((glyf + 32 + 12)..<(glyf + 32 + 14), with: F.be16(2))
        #expect(try TrueTypeFont(data: selfReference).unusableGlyphs == [2: "it is a composite that contains itself"])
    }

    @Test func aLocaPastTheGlyphTableSpoilsOnlyTheGlyphsItBounds() throws {
        var bytes = F.bytes()
        let loca = try #require(PDFInspection.find(Array("loca".utf8), in: bytes))
        let table = bytes[(loca + 8)..<(loca + 12)].reduce(0) { $0 << 8 | Int($1) }
        // Entries 1 and 2 (long format) now point far past the end of 'glyf': glyphs 0, 1 and 2 are lost.
        bytes.replaceSubrange((table + 4)..<(table + 12), with: F.be32(0xFFFF) + F.be32(0xFFFF))
        let font = try TrueTypeFont(data: bytes)
        #expect(font.unusableGlyphs.keys.sorted() == [0, 1, 2])
        #expect(font.glyph(for: "\u{FFFD}") == 3)
        var page = PDFPage(fonts: PDFFontSet(fallbacks: [font]))
        page.drawText("Ω", at: PDFPoint(x: 10, y: 10), size: 10)
        var document = PDFDocument()
        document.append(page)
        #expect(throws: Never.self) { try document.write() }
    }

    @Test(.enabled(if: PDFTools.hasFonts, PDFTools.fontsMissing))
    func dejaVuWithOneBrokenCompositeStillPrintsTheRest() throws {
        let path = PDFFontSet.dejaVuSansPath
        let data = try #require(FileManager.default.contents(atPath: path))
        var bytes = [UInt8](data)
        let intact = try TrueTypeFont(data: bytes)
        #expect(intact.unusableGlyphs.isEmpty)
        // The first letter of Latin Extended-A outside WinAnsi whose glyph is a composite (such as 'Ā').
        let (scalar, glyph) = try #require(
            (0x100...0x17F).lazy.compactMap { Unicode.Scalar($0) }
                .filter { WinAnsiEncoding.code(for: $0) == nil }
                .compactMap { scalar in intact.glyph(for: scalar).map { (scalar, $0) } }
                .first { (try? intact.glyphs.components(of: $0.1).isEmpty) == false })
        let outline = try intact.glyphs.outline(of: glyph)
        bytes.replaceSubrange((outline.base + 12)..<(outline.base + 14), with: F.be16(0xFFFE))
        let font = try TrueTypeFont(data: bytes, source: path)
        #expect(font.unusableGlyphs == [glyph: "glyph \(glyph) refers to missing glyph 65534"])
        var page = PDFPage(fonts: PDFFontSet(fallbacks: [font]))
        page.drawText("Ω \(scalar) Ж", at: PDFPoint(x: 10, y: 10), size: 10)
        var document = PDFDocument()
        document.append(page)
        #expect(try document.write().count > 1000)
        #expect(
            document.warnings == [
                .unusableGlyph(font: path, glyph: glyph, reason: "glyph \(glyph) refers to missing glyph 65534")
            ])
        #expect(page.glyphUsage[font]?.values.sorted() == ["Ω", "Ж", "\u{FFFD}"].sorted())
    }
}
