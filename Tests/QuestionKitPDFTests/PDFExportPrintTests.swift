import Foundation
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// The printout of the original, improved (issue 12): the header grid, "Comment:" always, photo
/// thumbnails, wide tables in column groups, headings repeated on the pages they continue on.
@Suite("Printed form: the original's layout")
struct PDFExportPrintTests {
    static let frame = PDFExportSamples.frame

    static func texts(_ document: PDFDocument) -> [String] {
        PDFExportInspection.bodyTexts(document).map(\.text.text)
    }

    @Test func theHeaderGridShowsEveryBoxWithWordLabelsEvenWhenEmpty() throws {
        var review = Review(form: try ReviewFixture.filledInspection())
        // Literal strings in the standard fonts are not UTF-8: the texts read back are kept ASCII.
        review.header.title = "Pump P-101 check"
        review.header.metadata.append(.init(key: "email", value: "alerts@example.com"))
        let texts = Self.texts(FormPDF.render(review, options: PDFExportSamples.options))
        let labels = [
            "Title", "MI Discipline", "Instruction Number", "Original Issue Date", "Applied to Equipment",
            "Supersedes", "References", "File #", "Prepared By", "Accepted By", "EOR", "Revision History",
            "Revision #", "Revised by", "Revised Date",
        ]
        for label in labels {
            #expect(texts.contains(label), "no box labelled \(label)")
        }
        #expect(texts.filter { $0 == "Title" }.count == 3, "the form's title and the two job titles")
        for value in ["Pump P-101 check", "Mechanical", "MI-7", "1.10"] {
            #expect(texts.contains(value), "\(value) is not in its box")
        }
        #expect(!texts.contains { $0.contains("MIDiscipline") || $0.contains("alerts@example.com") })
        #expect(texts.first == PDFExportSamples.options.heading)
    }

    /// The key map comes with the form: its template was read with it.
    @Test func aRenamedMetadataKeyLandsInItsBox() throws {
        let keys = KeyMap(overrides: ["MIDiscipline": "discipline"])
        var review = Review(form: try ReviewFixture.filledInspection(keys: keys))
        review.header.metadata = [.init(key: "discipline", value: "Hydraulic"), .init(key: "MIDiscipline", value: "x")]
        let texts = Self.texts(FormPDF.render(review, options: PDFExportSamples.options))
        let box = try #require(texts.firstIndex(of: "MI Discipline"))
        #expect(texts[box + 1] == "Hydraulic")
        #expect(!texts.contains("x"))
    }

    @Test func theSignatureLinesCarryTheValuesAndAWorkOrderBlank() throws {
        var review = Review(form: try ReviewFixture.filledInspection())
        review.header.foreman = "J. Weiss"
        let texts = Self.texts(FormPDF.render(review, options: PDFExportSamples.options))
        let start = try #require(texts.firstIndex(of: "Work Performed by:"))
        #expect(
            Array(texts[start..<(start + 9)]) == [
                "Work Performed by:", "jdoe", "Date:", "Mar 4, 2019", "WO#:", "Work Leader Review:", "J. Weiss",
                "Date:", "Mar 5, 2019",
            ])
    }

    /// Issue 25, item 13: a form without dates leaves its Date lines blank to be written on.
    @Test func dateLinesWithoutADateAreLeftBlank() throws {
        var review = Review(form: try ReviewFixture.filledInspection())
        review.header.foreman = "J. Weiss"
        review.header.completedDate = nil
        review.header.submittedDate = nil
        let texts = Self.texts(FormPDF.render(review, options: PDFExportSamples.options))
        let start = try #require(texts.firstIndex(of: "Work Performed by:"))
        #expect(
            Array(texts[start..<(start + 7)]) == [
                "Work Performed by:", "jdoe", "Date:", "WO#:", "Work Leader Review:", "J. Weiss", "Date:",
            ])
    }

    @Test func theHeadingTextAndLogoAreConfigurable() throws {
        var options = PDFExportSamples.options
        options.heading = "Generation Maintenance Instruction"
        options.logo = try PDFImage.read(TestImages.png(width: 60, height: 20))
        let document = FormPDF.render(Review(form: try ReviewFixture.filledInspection()), options: options)
        #expect(Self.texts(document).first == "Generation Maintenance Instruction")
        let content = String(decoding: try document.pages[0].drawnContent, as: UTF8.self)
        #expect(content.contains("/Im1 Do"))
    }

    @Test func aHeadingTooLongForTheBarIsCutToOneLine() throws {
        var options = PDFExportSamples.options
        options.heading = String(repeating: "Maintenance ", count: 80)
        let texts = Self.texts(FormPDF.render(Review(form: try ReviewFixture.filledInspection()), options: options))
        #expect(texts[0].hasPrefix("Maintenance Maintenance") && texts[0].count < 80, "\(texts[0])")
        #expect(texts[1] == "Title")
    }

    @Test func everyQuestionHasACommentLineEvenWhenEmpty() throws {
        let review = Review(form: try ReviewFixture.filledInspection())
        let texts = Self.texts(FormPDF.render(review, options: PDFExportSamples.options))
        let questions = texts[..<(texts.firstIndex(of: "Attention required") ?? texts.endIndex)]
        #expect(questions.filter { $0 == "Comment:" }.count == review.rows.count)
    }

    @Test func photosAreThumbnailsEachEmbeddedOnceAndTheRestAreNamed() throws {
        var options = PDFExportSamples.options
        let photo = try PDFImage.read(TestImages.jpeg())
        options.photos = ["Qid1": photo, "Qid1(3)": photo]
        let review = Review(form: try ReviewFixture.filledInspection())
        let document = FormPDF.render(review, options: options)
        let texts = Self.texts(document)
        #expect(texts.contains("Qid1") && texts.contains("Qid1(3)"), "captions")
        #expect(texts.contains("Qid1(2)"), "the voice note is named")
        let content = String(decoding: try document.pages[0].drawnContent, as: UTF8.self)
        #expect(content.components(separatedBy: "/Im1 Do").count - 1 == 2, "the same image drawn twice")
        let bytes = String(decoding: try document.write(), as: UTF8.self)
        #expect(bytes.components(separatedBy: "/Subtype /Image").count - 1 == 1, "and written once")
        #expect(bytes.contains("/Filter /DCTDecode"))
    }

    @Test func aPhotoWithoutItsImageIsNamed() throws {
        let review = Review(form: try ReviewFixture.filledInspection())
        let texts = Self.texts(FormPDF.render(review, options: PDFExportSamples.options))
        #expect(texts.contains("Qid1, Qid1(2), Qid1(3)"))
    }

    /// 24 data columns of numbers such as "2.215": too wide at any size, so the table prints in
    /// groups that repeat the row labels, and every number is drawn whole.
    @Test func aWideTableSplitsIntoColumnGroupsAndNeverBreaksANumber() throws {
        let values = (1...3).map { row in (1...24).map { String(format: "%.3f", 2.1 + Double(row * 24 + $0) / 997) } }
        let grid = AnswerRendering.Grid(
            header: ["Phase"] + (1...24).map { "Tap \($0)" },
            rows: values.enumerated().map { index, row in .init(label: "Row \(index + 1)", cells: row.map { .text($0) })
            })
        let review = try PDFExportSamples.review([
            try PDFExportSamples.row(1, question: "Readings", blocks: [.grid(grid)])
        ])
        let texts = Self.texts(FormPDF.render(review, options: PDFExportSamples.options))
        for value in values.joined() {
            #expect(texts.contains(value), "\(value) is not drawn whole")
        }
        // The dash is not UTF-8 in a literal string: the captions are matched around it.
        let captions = texts.filter { $0.hasPrefix("(columns ") }
        #expect(captions.count == 2 && captions[0].hasSuffix("12 of 24)") && captions[1].hasSuffix("24 of 24)"))
        #expect(texts.filter { $0 == "Row 1" }.count == 2, "each group repeats the row labels")
        #expect(texts.filter { $0 == "Phase" }.count == 2)
    }

    @Test func aNarrowTableStaysWhole() throws {
        let grid = PDFExportSamples.grid(rows: 2, columns: 6)
        let review = try PDFExportSamples.review([try PDFExportSamples.row(1, question: "Few", blocks: [.grid(grid)])])
        let texts = Self.texts(FormPDF.render(review, options: PDFExportSamples.options))
        #expect(!texts.contains { $0.hasPrefix("(columns") })
        #expect(texts.filter { $0 == "Point" }.count == 1)
    }

    @Test func aQuestionRunningOntoTheNextPageRepeatsItsHeading() throws {
        let long = (1...120).map { "Reading \($0) within limits." }.joined(separator: "\n")
        let review = try PDFExportSamples.review([try PDFExportSamples.row(7, question: "Log", blocks: [.value(long)])])
        let document = FormPDF.render(review, options: PDFExportSamples.options)
        #expect(document.pages.count >= 3)
        for page in document.pages.dropFirst() {
            let first = PDFExportInspection.texts(on: page).first?.text
            #expect(first == "Question 7 - Section 1 (continued)", "\(first ?? "nothing")")
        }
    }

    @Test func theAttentionListRepeatsItsBandOnTheNextPage() throws {
        let rows = try (1...40).map { number in
            try PDFExportSamples.row(
                number, question: "Check \(number)", blocks: [.value("bad")],
                flags: [Flag(code: "x", message: "out of range")])
        }
        let document = FormPDF.render(try PDFExportSamples.review(rows), options: PDFExportSamples.options)
        let texts = PDFExportInspection.bodyTexts(document)
        let start = try #require(texts.first { $0.text.text == "Attention required" }?.page)
        let continued = texts.filter { $0.text.text == "Attention required (continued)" }.map(\.page)
        #expect(!continued.isEmpty)
        #expect(continued == Array((start + 1)..<document.pages.count), "once on every page after the first")
    }
}
