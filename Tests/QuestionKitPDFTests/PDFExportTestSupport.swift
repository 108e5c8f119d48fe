import Foundation
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// Reviews made to order for the layout tests: the header and a row of the stand-in inspection
/// (`ReviewFixture`), with rows copied from it and given other questions and answers.
enum PDFExportSamples {
    static func review(_ rows: [ReviewRow]) throws -> Review {
        var review = Review(form: try ReviewFixture.filledInspection())
        review.rows = rows
        return review
    }

    /// A row showing `blocks`, numbered `number`.
    static func row(
        _ number: Int, question: String, blocks: [AnswerRendering.Block], comment: String = "", flags: [Flag] = []
    ) throws -> ReviewRow {
        var row = try #require(Review(form: try ReviewFixture.filledInspection()).rows.first)
        row.number = number
        row.section = "Section \(number / 10 + 1)"
        row.question = question
        row.rendering = AnswerRendering(blocks)
        row.answerSummary = ReviewRow.summary(of: row.rendering)
        row.comment = comment
        row.media = []
        row.flags = flags
        return row
    }

    /// A grid of `rows` rows and `columns` data columns, its cells numbered.
    static func grid(rows: Int, columns: Int, header: (Int) -> String = { "Reading \($0)" }) -> AnswerRendering.Grid {
        AnswerRendering.Grid(
            header: ["Point"] + (1...columns).map(header),
            rows: (1...rows).map { row in
                AnswerRendering.Grid.Row(label: "Row \(row)", cells: (1...columns).map { .text("\(row).\($0)") })
            })
    }

    /// Helvetica alone: text is written as literal strings, which `PDFExportInspection` reads back.
    static let options = FormPDFOptions(fonts: .standardOnly, creationDate: Date(timeIntervalSince1970: 0))
    static let frame = FormPDFFrame(pageSize: .letter)
}

/// Text drawn on a page, read back from its content stream.
struct PlacedText: CustomStringConvertible {
    var text: String
    var x: Double
    /// The baseline, in points from the top of the page.
    var baseline: Double
    var size: Double

    var description: String { "\(text) @ (\(x), \(baseline))" }
}

enum PDFExportInspection {
    /// The texts of `page` in drawing order, when drawn in the standard fonts (literal strings).
    static func texts(on page: PDFPage) -> [PlacedText] {
        // A sealed part that does not inflate leaves no text, and the test reading it fails.
        let content = String(decoding: (try? page.drawnContent) ?? [], as: UTF8.self)
        return content.components(separatedBy: "BT\n").dropFirst().compactMap { block in
            let body = block.components(separatedBy: "ET\n")[0]
            let words = body.prefix { $0 != "\n" }.split(separator: " ")
            guard words.count >= 6, let size = Double(words[1]), let x = Double(words[3]),
                let y = Double(words[4])
            else { return nil }
            return PlacedText(text: literals(in: body), x: x, baseline: page.size.height - y, size: size)
        }
    }

    /// The literal strings shown in a text block, unescaped and joined.
    private static func literals(in body: String) -> String {
        var text = ""
        var isInside = false
        var isEscaped = false
        for character in body {
            if isEscaped {
                text.append(character)
                isEscaped = false
            } else if isInside {
                switch character {
                case "\\": isEscaped = true
                case ")": isInside = false
                default: text.append(character)
                }
            } else if character == "(" {
                isInside = true
            }
        }
        return text
    }

    /// The texts of every page, footers left out, each with its page's index.
    static func bodyTexts(_ document: PDFDocument) -> [(page: Int, text: PlacedText)] {
        let frame = PDFExportSamples.frame
        return document.pages.enumerated().flatMap { index, page in
            texts(on: page).filter { $0.baseline < frame.footerRule }.map { (index, $0) }
        }
    }
}
