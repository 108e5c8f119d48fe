import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// Pagination of the printed form, read back from the pages' content: nothing below the footer's
/// rule, headings kept with their answers, tables continued with their header row, page numbers.
@Suite("Printed form layout")
struct PDFExportLayoutTests {
    static let frame = PDFExportSamples.frame

    /// Questions with answers of several lines, a comment and a flag; `padding` lines in the first
    /// question shift everything after it, so that page breaks fall at every kind of place.
    static func longForm(padding: Int, questions: Int = 40) throws -> Review {
        var rows = [
            try PDFExportSamples.row(
                1, question: "Opening remarks",
                blocks: [.value((0..<padding).map { "Line \($0)" }.joined(separator: "\n"))])
        ]
        for number in 2...questions {
            let blocks: [AnswerRendering.Block] =
                switch number % 3 {
                case 0: [.value("A long answer that wraps " + String(repeating: "and wraps again ", count: 12))]
                case 1: [.choices(["Good", "Worn", "Cracked"].map { .init($0, isChosen: $0 == "Worn") })]
                default: [.grid(PDFExportSamples.grid(rows: 3, columns: 3)), .note("accepted: 0 to 75")]
                }
            rows.append(
                try PDFExportSamples.row(
                    number,
                    question: "Text of question \(number) that is long enough to need two lines when "
                        + "printed at ten points across the width of a Letter page",
                    blocks: blocks, comment: "Comment \(number)",
                    flags: number % 5 == 0 ? [Flag(code: "test", message: "Flag \(number)")] : []))
        }
        return try PDFExportSamples.review(rows)
    }

    @Test(arguments: [0, 1, 2, 3, 5, 8, 13, 21])
    func noTextReachesTheFooter(padding: Int) throws {
        let document = FormPDF.render(try Self.longForm(padding: padding), options: PDFExportSamples.options)
        #expect(document.pages.count > 3)
        for (index, page) in document.pages.enumerated() {
            for text in PDFExportInspection.texts(on: page) where text.baseline < Self.frame.footerRule {
                let descent = text.size * 0.207
                let ascent = text.size * 0.718
                #expect(text.baseline + descent <= Self.frame.bodyBottom + 0.01, "page \(index + 1): \(text)")
                #expect(text.baseline - ascent >= Self.frame.top - 0.01, "page \(index + 1): \(text)")
                #expect(text.x >= Self.frame.left && text.x < Self.frame.right, "page \(index + 1): \(text)")
            }
        }
    }

    @Test(arguments: [0, 1, 2, 3, 5, 8, 13, 21])
    func aHeadingStaysWithTheQuestionAndItsFirstAnswerLine(padding: Int) throws {
        let document = FormPDF.render(try Self.longForm(padding: padding), options: PDFExportSamples.options)
        let texts = PDFExportInspection.bodyTexts(document)
        for (position, (page, text)) in texts.enumerated() where text.text.hasPrefix("Question ") {
            // The heading, the question's two lines, then the first line (or table header) of the answer.
            let following = texts.dropFirst(position + 1).prefix(3)
            #expect(following.count == 3)
            #expect(following.allSatisfy { $0.page == page }, "\(text.text) is cut from what follows it")
        }
    }

    @Test func everyPageHasItsNumberOutOfTheTotal() throws {
        let document = FormPDF.render(try Self.longForm(padding: 0), options: PDFExportSamples.options)
        let count = document.pages.count
        for (index, page) in document.pages.enumerated() {
            let footer = PDFExportInspection.texts(on: page).filter { $0.baseline > Self.frame.footerRule }
            #expect(footer.map(\.text).contains("Page \(index + 1) of \(count)"))
            #expect(footer.allSatisfy { abs($0.baseline - Self.frame.footerBaseline) < 0.01 })
            // The body is held compressed from the moment the page is full; only the footer is not.
            #expect(page.sealedContent.count == 1)
            #expect(!String(decoding: page.finishedContent, as: UTF8.self).contains("Question "))
        }
    }

    @Test func aTableThatContinuesRepeatsItsHeaderRow() throws {
        let grid = PDFExportSamples.grid(rows: 120, columns: 3)
        let review = try PDFExportSamples.review([
            try PDFExportSamples.row(1, question: "Many readings", blocks: [.grid(grid)])
        ])
        let document = FormPDF.render(review, options: PDFExportSamples.options)
        #expect(document.pages.count >= 3)
        var rowsSeen = 0
        for page in document.pages {
            let texts = PDFExportInspection.texts(on: page).map(\.text)
            guard let firstRow = texts.firstIndex(where: { $0.hasPrefix("Row ") }) else { continue }
            rowsSeen += texts.filter { $0.hasPrefix("Row ") }.count
            let header = texts[..<firstRow].suffix(4)
            #expect(Array(header) == ["Point", "Reading 1", "Reading 2", "Reading 3"], "\(texts.prefix(8))")
        }
        #expect(rowsSeen == 120)
    }

    @Test func aRowTallerThanAPageIsCutBetweenItsLines() throws {
        let tall = (1...150).map { "Remark line \($0)" }.joined(separator: "\n")
        let grid = AnswerRendering.Grid(
            header: ["Point", "Remarks"], rows: [.init(label: "Only", cells: [.text(tall)])])
        let review = try PDFExportSamples.review([try PDFExportSamples.row(1, question: "Tall", blocks: [.grid(grid)])])
        let document = FormPDF.render(review, options: PDFExportSamples.options)
        let texts = PDFExportInspection.bodyTexts(document)
        #expect(texts.filter { $0.text.text.hasPrefix("Remark line") }.count == 150)
        #expect(texts.allSatisfy { $0.text.baseline <= Self.frame.bodyBottom })
        #expect(document.pages.count >= 3)
    }

    @Test func textNoFontHasIsReplacedAndReported() throws {
        let review = try PDFExportSamples.review([
            try PDFExportSamples.row(1, question: "Temperature 温度", blocks: [.value("42 Ω")])
        ])
        let document = FormPDF.render(review, options: PDFExportSamples.options)
        #expect(document.warnings.contains(.missingGlyph("温")))
        #expect(document.warnings.contains(.missingGlyph("Ω")))
    }

    @Test func aFlaggedQuestionHasARedBarInTheMargin() throws {
        let flagged = try PDFExportSamples.review([
            try PDFExportSamples.row(
                1, question: "Oil temperature", blocks: [.value("82")], flags: [Flag(code: "x", message: "too hot")])
        ])
        let page = FormPDF.render(flagged, options: PDFExportSamples.options).pages[0]
        let content = String(decoding: try page.drawnContent, as: UTF8.self)
        let bars = content.split(separator: "\n").filter { $0.hasPrefix("29 ") && $0.hasSuffix(" re f") }
        // One beside the question, one beside its entry in the closing "Attention required" list.
        #expect(bars.count == 2, "\(content)")
        #expect(PDFExportInspection.texts(on: page).map(\.text).contains("too hot"))
    }

    @Test func oddInputsStillLayOutInsideTheBody() throws {
        let word = String(repeating: "x", count: 3_000)
        let wide = PDFExportSamples.grid(rows: 2, columns: 60) { "Column \($0)" }
        let empty = AnswerRendering.Grid(header: [], rows: [])
        var review = try PDFExportSamples.review([
            try PDFExportSamples.row(1, question: word, blocks: [.value(" \t\u{7}\r\n"), .grid(wide), .grid(empty)]),
            try PDFExportSamples.row(2, question: "", blocks: [.choices([]), .note(""), .value("")], comment: word),
        ])
        review.header.title = String(repeating: "Very long title ", count: 200)
        review.header.metadata = (1...80).map { ReviewHeader.Field(key: "Key\($0)", value: "Value \($0)") }
        for pageSize in [PDFPageSize.letter, .a4] {
            let options = FormPDFOptions(pageSize: pageSize, fonts: .standardOnly)
            let document = FormPDF.render(review, options: options)
            let frame = FormPDFFrame(pageSize: pageSize)
            for page in document.pages {
                #expect(page.size == pageSize)
                for text in PDFExportInspection.texts(on: page) where text.baseline < frame.footerRule {
                    #expect(text.baseline <= frame.bodyBottom && text.baseline >= frame.top, "\(text)")
                }
            }
            #expect(try document.write().count > 0)
        }
        let emptyForm = FormPDF.render(
            try PDFExportSamples.review([]), options: FormPDFOptions(fonts: .standardOnly))
        #expect(emptyForm.pages.count == 1)
    }
}
