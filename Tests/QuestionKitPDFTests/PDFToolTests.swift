import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// The PDF checked by independent readers: `qpdf --check`, `pdftotext`, `pdftoppm` (poppler-utils).
/// Each test runs only where its tool and the fonts are installed (`Scripts/install-pdf-tools.sh`).
@Suite("PDF checked by qpdf and poppler")
struct PDFToolTests {
    static let multilingual = "Temperature 温度 Ω «» Привет, Prüfung"

    /// A page in every font and script the fallbacks cover, with lines and rectangles.
    static func sampleDocument() throws -> PDFDocument {
        let (fonts, problems) = PDFFontSet.loadingFonts()
        #expect(problems.isEmpty)
        var document = PDFDocument(info: PDFDocumentInfo(title: "Prüfbericht – 温度", author: "QuestionKit tests"))
        var page = PDFPage(size: .letter, fonts: fonts)
        page.fillRectangle(PDFRect(x: 36, y: 36, width: 540, height: 28), color: PDFColor(gray: 0.2))
        page.drawText(
            "Inspection report (sample)", at: PDFPoint(x: 44, y: 56), font: .helveticaBold, size: 16, color: .white)
        page.drawText(multilingual, at: PDFPoint(x: 44, y: 100), size: 14)
        page.drawText("Bold: Привет мир, Ωμέγα, 温度计", at: PDFPoint(x: 44, y: 124), font: .helveticaBold, size: 12)
        page.drawText(
            "Oblique: naïve café, “quotes” – dash € 5", at: PDFPoint(x: 44, y: 144), font: .helveticaOblique, size: 12)
        page.drawText("Outside the BMP: 😀, no font: \u{1D11E}", at: PDFPoint(x: 44, y: 164), size: 12)
        page.drawLine(from: PDFPoint(x: 44, y: 176), to: PDFPoint(x: 568, y: 176), width: 0.5)
        page.fillAndStrokeRectangle(PDFRect(x: 44, y: 190, width: 120, height: 24), fill: .lightGray, stroke: .red)
        page.strokeRectangle(PDFRect(x: 170, y: 190, width: 120, height: 24), lineWidth: 1)
        var y = 240.0
        let paragraph =
            "Long answers wrap at spaces; a word longer than the line, such as "
            + "Donaudampfschifffahrtsgesellschaftskapitänsmützenabzeichen, breaks inside the word. 温度计读数正常。"
        for line in fonts.lines(for: paragraph, font: .helvetica, size: 11, width: 240) {
            page.drawText(line, at: PDFPoint(x: 44, y: y), size: 11)
            y += 14
        }
        document.append(page)
        #expect(document.warnings == [.missingGlyph("\u{1D11E}")])
        return document
    }

    @Test(
        .enabled(if: PDFTools.has("qpdf"), PDFTools.missing("qpdf")),
        .enabled(if: PDFTools.hasFonts, PDFTools.fontsMissing),
        arguments: [true, false])
    func qpdfFindsNoErrorsOrWarnings(compress: Bool) throws {
        let directory = try PDFTools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sample.pdf").path
        var document = try Self.sampleDocument()
        for number in 2...40 {
            var page = PDFPage(size: .a4)
            page.drawText("Page \(number) (of 40) \\ ok", at: PDFPoint(x: 56, y: 60), size: 11)
            document.append(page)
        }
        try Data(try document.write(compress: compress)).write(to: URL(fileURLWithPath: file))
        let result = try PDFTools.run("qpdf", ["--check", file])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(result.output.contains("No syntax or stream encoding errors found"))
        #expect(
            !result.output.lowercased().contains("warning") && result.error.isEmpty, "\(result.output)\(result.error)")
    }

    @Test(
        .enabled(if: PDFTools.has("pdftotext"), PDFTools.missing("pdftotext")),
        .enabled(if: PDFTools.hasFonts, PDFTools.fontsMissing))
    func pdftotextGetsEveryCharacterBack() throws {
        let directory = try PDFTools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("sample.pdf").path
        try Data(try Self.sampleDocument().write()).write(to: URL(fileURLWithPath: file))
        let result = try PDFTools.run("pdftotext", ["-layout", "-enc", "UTF-8", file, "-"])
        #expect(result.status == 0, "\(result.error)")
        let lines = result.output.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
        #expect(lines.contains(Self.multilingual), "\(result.output)")
        #expect(lines.contains("Bold: Привет мир, Ωμέγα, 温度计"))
        #expect(lines.contains("Oblique: naïve café, “quotes” – dash € 5"))
        #expect(lines.contains("Outside the BMP: 😀, no font: \u{FFFD}"))
    }
}

extension PDFToolTests {
    /// Writes the sample page as PNG for a person to look at when `PDF_SAMPLE_DIRECTORY` is set.
    @Test(
        .enabled(if: PDFTools.has("pdftoppm"), PDFTools.missing("pdftoppm")),
        .enabled(if: PDFTools.hasFonts, PDFTools.fontsMissing))
    func pdftoppmRendersThePage() throws {
        let keep = ProcessInfo.processInfo.environment["PDF_SAMPLE_DIRECTORY"]
        let directory = try keep.map { URL(fileURLWithPath: $0) } ?? PDFTools.temporaryDirectory()
        defer {
            if keep == nil { try? FileManager.default.removeItem(at: directory) }
        }
        let file = directory.appendingPathComponent("sample.pdf").path
        try Data(try Self.sampleDocument().write()).write(to: URL(fileURLWithPath: file))
        let prefix = directory.appendingPathComponent("sample").path
        let result = try PDFTools.run("pdftoppm", ["-png", "-r", "100", "-singlefile", file, prefix])
        #expect(result.status == 0 && result.error.isEmpty, "\(result.error)")
        #expect(FileManager.default.fileExists(atPath: prefix + ".png"))
    }
}
