import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// Embedding the fonts the product falls back to; runs where they are installed (`Scripts/install-pdf-tools.sh`).
@Suite(
    "PDF fonts: embedding subsets of DejaVu Sans and Droid Sans Fallback",
    .enabled(if: PDFTools.hasFonts, PDFTools.fontsMissing))
struct PDFEmbeddingTests {
    private func fontFiles(of pdf: [UInt8]) throws -> [[UInt8]] {
        let text = String(decoding: pdf, as: UTF8.self)
        var files: [[UInt8]] = []
        for stream in try PDFInspection.streams(pdf) where stream.starts(with: [0, 1, 0, 0]) {
            files.append(stream)
        }
        #expect(text.components(separatedBy: "/FontFile2 ").count - 1 == files.count)
        return files
    }

    @Test func readsTheInstalledFonts() throws {
        let dejaVu = try TrueTypeFont(contentsOfFile: PDFFontSet.dejaVuSansPath)
        #expect(dejaVu.postScriptName == "DejaVuSans" && dejaVu.unitsPerEm == 2048)
        #expect(dejaVu.covers("Ω") && dejaVu.covers("Ж") && dejaVu.covers("\u{FFFD}") && !dejaVu.covers("温"))
        let droid = try TrueTypeFont(contentsOfFile: PDFFontSet.droidSansFallbackPath)
        #expect(droid.postScriptName == "DroidSansFallback" && droid.covers("温") && droid.covers("度"))
        let (fonts, warnings) = PDFFontSet.loadingFonts()
        #expect(warnings.isEmpty && fonts.unavailable.isEmpty, "\(fonts.unavailable)")
    }

    @Test func aSubsetOfAFewGlyphsIsAFractionOfTheFont() throws {
        let (fonts, _) = PDFFontSet.loadingFonts()
        var page = PDFPage(fonts: fonts)
        page.drawText("Привет Ω", at: PDFPoint(x: 72, y: 72), size: 12)
        var document = PDFDocument()
        document.append(page)
        let pdf = try document.write()
        let files = try fontFiles(of: pdf)
        let subset = try #require(files.first)
        let fullSize = try #require(
            FileManager.default.attributesOfItem(atPath: PDFFontSet.dejaVuSansPath)[.size] as? Int)
        // The whole PDF, subset and all, is under 2% of the 760 KB font file.
        #expect(files.count == 1 && pdf.count * 50 < fullSize, "PDF \(pdf.count) bytes, font \(fullSize)")
        let reread = try TrueTypeFont(data: subset)
        #expect(TrueTypeSubsetter.checksum(subset) == 0xB1B0_AFBA)
        let original = try TrueTypeFont(contentsOfFile: PDFFontSet.dejaVuSansPath)
        for scalar in "ПриветΩ".unicodeScalars {
            let glyph = try #require(original.glyph(for: scalar))
            #expect(reread.glyph(for: scalar) == glyph)
            #expect(try reread.glyphs.outline(of: glyph).array == original.glyphs.outline(of: glyph).array)
        }
        #expect(reread.glyph(for: "Ж") == nil)
    }

    @Test func aDocumentWithAFewCJKCharactersStaysSmall() throws {
        let (fonts, _) = PDFFontSet.loadingFonts()
        var document = PDFDocument()
        for number in 1...3 {
            var page = PDFPage(fonts: fonts)
            page.drawText("Temperature 温度 \(number), pressure 压力, flow 流量", at: PDFPoint(x: 72, y: 72), size: 12)
            page.drawText("Ω «» Привет, Prüfung", at: PDFPoint(x: 72, y: 90), size: 12)
            document.append(page)
        }
        let pdf = try document.write()
        #expect(pdf.count < 20_000, "\(pdf.count) bytes")
        #expect(try fontFiles(of: pdf).count == 2)
        #expect(document.warnings.isEmpty)
    }

    @Test func boldTextUsesTheBoldFallback() throws {
        let (fonts, _) = PDFFontSet.loadingFonts()
        let (runs, _) = fonts.runs(for: "Ж", font: .helveticaBold)
        guard case .trueType(let font) = try #require(runs.first).face else {
            Issue.record("not a TrueType run")
            return
        }
        #expect(font.postScriptName == "DejaVuSans-Bold")
    }
}
