import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitPDF
import TestSupport
import Testing

/// A generated 1,000-question form: many pages, and no word outside the page margins.
@Suite("Printed forms (PDF): a large form")
struct PDFExportLargeFormTests {
    /// A word `pdftotext -bbox` found, with its box in points from the page's top-left corner.
    struct WordBox {
        var page: Int
        var text: String
        var xMin, yMin, xMax, yMax: Double
    }

    /// The words of `pdftotext -bbox` output (XHTML with one `<word>` element per word).
    static func wordBoxes(_ html: String) -> [WordBox] {
        var boxes: [WordBox] = []
        var page = 0
        for line in html.split(separator: "\n") {
            let trimmed = line.trimmingCharacters(in: .whitespaces)
            if trimmed.hasPrefix("<page ") {
                page += 1
                continue
            }
            guard trimmed.hasPrefix("<word "), let close = trimmed.firstIndex(of: ">") else { continue }
            func value(_ name: String) -> Double? {
                guard let start = trimmed.range(of: name + "=\"") else { return nil }
                return Double(trimmed[start.upperBound...].prefix { $0 != "\"" })
            }
            guard let xMin = value("xMin"), let yMin = value("yMin"), let xMax = value("xMax"),
                let yMax = value("yMax")
            else { continue }
            let text = trimmed[trimmed.index(after: close)...].replacingOccurrences(of: "</word>", with: "")
            boxes.append(WordBox(page: page, text: text, xMin: xMin, yMin: yMin, xMax: xMax, yMax: yMax))
        }
        return boxes
    }

    @Test(.enabled(if: PDFExportTools.available, PDFExportTools.toolsMissing))
    func aThousandQuestionsStayInsideTheMargins() throws {
        let review = try PDFExportForms.generatedReview(questions: 1_000)
        #expect(review.rows.count == 1_000)
        let document = FormPDF.render(review, options: PDFExportFixtureTests.options)
        #expect(document.pages.count > 100)
        let bytes = try document.write()
        try PDFExportFixtureTests.keep(bytes, as: "generated-1000.pdf")
        let folder = try TemporaryFolder()
        let file = folder.path + "/large.pdf"
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let qpdf = try PDFExportTools.run("qpdf", ["--check", file])
        #expect(qpdf.status == 0 && qpdf.error.isEmpty, "\(qpdf.output) \(qpdf.error)")
        let html = try PDFExportTools.run("pdftotext", ["-bbox", "-enc", "UTF-8", file, "-"]).output
        let boxes = Self.wordBoxes(html)
        #expect(Set(boxes.map(\.page)).count == document.pages.count)
        let (margin, size, slack) = (40.0, PDFPageSize.letter, 0.5)
        let outside = boxes.filter { box in
            box.xMin < margin - slack || box.yMin < margin - slack || box.xMax > size.width - margin + slack
                || box.yMax > size.height - margin + slack
        }
        #expect(outside.isEmpty, "\(outside.count) words outside the margins, first: \(outside.prefix(5))")
        let last = "Page \(document.pages.count) of \(document.pages.count)"
        let text = PDFExportForms.normalized(try PDFExportTools.run("pdftotext", ["-enc", "UTF-8", file, "-"]).output)
        #expect(text.contains(last))
        let missing = PDFExportForms.replacedCharacters(document)
        for row in review.rows where !row.question.unicodeScalars.contains(where: missing.contains) {
            #expect(text.contains(PDFExportForms.normalized(row.question)), "missing: \(row.question)")
        }
    }
}
