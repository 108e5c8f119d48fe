import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

@Suite("PDF writer: file structure, strings, dates")
struct PDFWriterTests {
    private func sampleDocument(pages count: Int = 3) -> PDFDocument {
        var document = PDFDocument(info: PDFDocumentInfo(title: "Inspection (draft)", author: "Ana Müller"))
        for number in 1...count {
            var page = PDFPage()
            page.drawText("Page \(number) (of \(count)) \\ done", at: PDFPoint(x: 72, y: 72), size: 12)
            page.drawLine(from: PDFPoint(x: 72, y: 80), to: PDFPoint(x: 540, y: 80), width: 0.5, color: .red)
            page.fillAndStrokeRectangle(
                PDFRect(x: 72, y: 100, width: 100, height: 20), fill: .lightGray, stroke: .red)
            document.append(page)
        }
        return document
    }

    @Test func startsWithHeaderAndBinaryCommentAndEndsWithEOF() throws {
        let pdf = try sampleDocument().write()
        #expect(Array(pdf.prefix(9)) == Array("%PDF-1.7\n".utf8))
        #expect(pdf[9] == UInt8(ascii: "%"))
        #expect(pdf[10...13].allSatisfy { $0 >= 128 })
        #expect(Array(pdf.suffix(6)) == Array("%%EOF\n".utf8))
    }

    @Test func everyXrefOffsetPointsExactlyAtItsObject() throws {
        let pdf = try sampleDocument().write()
        let offsets = try #require(PDFInspection.xrefOffsets(pdf))
        #expect(offsets.count >= 3 + 2 * 3 + 1)
        for (number, offset) in offsets {
            let expected = Array("\(number) 0 obj\n".utf8)
            #expect(Array(pdf[offset..<(offset + expected.count)]) == expected, "object \(number)")
        }
    }

    @Test func xrefEntriesAreTwentyBytesAndTrailerNamesRootAndInfo() throws {
        let pdf = try sampleDocument(pages: 1).write()
        let xref = try #require(PDFInspection.find(Array("\nxref\n0 ".utf8), in: pdf)) + 1
        let headerEnd = try #require(pdf[(xref + 5)...].firstIndex(of: UInt8(ascii: "\n")))
        let subsection = String(decoding: pdf[(xref + 5)..<headerEnd], as: UTF8.self)
        let size = try #require(Int(subsection.split(separator: " ")[1]))
        for number in 0..<size {
            let start = headerEnd + 1 + 20 * number
            let entry = String(decoding: pdf[start..<(start + 20)], as: UTF8.self)
            let pattern = number == 0 ? "0000000000 65535 f\r\n" : "00000 n\r\n"
            #expect(entry.hasSuffix(pattern) && entry.prefix(10).allSatisfy(\.isNumber), "entry \(number)")
        }
        let text = String(decoding: pdf[(headerEnd + 1 + 20 * size)...], as: UTF8.self)
        #expect(text.hasPrefix("trailer\n<< /Size \(size) /Root 1 0 R /Info 3 0 R /ID [<"))
        #expect(text.hasSuffix("startxref\n\(xref)\n%%EOF\n"))
    }

    @Test func literalStringsEscapeParenthesesAndBackslash() {
        var buffer = PDFBuffer()
        buffer.append(literal: Array("a(b)c\\d".utf8))
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == #"(a\(b\)c\\d)"#)
    }

    @Test func literalStringsEscapeLineEndsAndControlBytesAsOctal() {
        var buffer = PDFBuffer()
        buffer.append(literal: [0x0D, 0x0A, 0x01, 0xE9])
        #expect(buffer.bytes == Array(#"(\015\012\001"#.utf8) + [0xE9, UInt8(ascii: ")")])
    }

    @Test func textStringsAreLiteralForASCIIAndUTF16WithByteOrderMarkOtherwise() {
        var ascii = PDFBuffer()
        ascii.append(text: "Report (v2)")
        #expect(String(decoding: ascii.bytes, as: UTF8.self) == #"(Report \(v2\))"#)
        var unicode = PDFBuffer()
        unicode.append(text: "Ω温😀")
        #expect(String(decoding: unicode.bytes, as: UTF8.self) == "<FEFF03A96E29D83DDE00>")
    }

    @Test func namesEscapeDelimitersAndSpaces() {
        var buffer = PDFBuffer()
        buffer.append(name: "A B/C#")
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == "/A#20B#2FC#23")
    }

    @Test(arguments: [
        (0.0, "0"), (12.0, "12"), (3.5, "3.5"), (-0.25, "-0.25"), (0.004, "0"), (-0.004, "0"), (1.005, "1"),
        (841.89, "841.89"), (1e12, "10000000"), (.nan, "0"), (595.28, "595.28"),
    ])
    func numbersHaveAtMostTwoDecimals(value: Double, text: String) {
        var buffer = PDFBuffer()
        buffer.append(number: value)
        #expect(String(decoding: buffer.bytes, as: UTF8.self) == text)
    }

    @Test(arguments: [
        (0.0, "D:19700101000000Z"), (951_782_400.0, "D:20000229000000Z"), (1_700_000_000.0, "D:20231114221320Z"),
        (-1.0, "D:19691231235959Z"), (4_107_542_399.0, "D:21000228235959Z"), (.nan, "D:19700101000000Z"),
        (1e300, "D:99991231235959Z"), (-1e300, "D:00000101000000Z"),
    ])
    func datesAreUTC(seconds: Double, text: String) {
        #expect(PDFDate.string(for: Date(timeIntervalSince1970: seconds)) == text)
    }

    @Test func infoDictionaryHasTitleAuthorCreatorAndDate() throws {
        var document = PDFDocument(
            info: PDFDocumentInfo(title: "Pump (A)", author: "Zoë", creationDate: Date(timeIntervalSince1970: 0)))
        document.append(PDFPage())
        let text = String(decoding: try document.write(), as: UTF8.self)
        #expect(text.contains(#"/Title (Pump \(A\))"#))
        #expect(text.contains("/Author <FEFF005A006F00EB>"))
        #expect(text.contains("/Creator (QuestionKit)"))
        #expect(text.contains("/CreationDate (D:19700101000000Z)"))
    }

    @Test func contentUsesBottomUpCoordinatesAndWritesColoursOnlyWhenTheyChange() throws {
        var page = PDFPage(size: .a4)
        page.fillRectangle(PDFRect(x: 10, y: 20, width: 30, height: 40), color: .lightGray)
        page.fillRectangle(PDFRect(x: 10, y: 70, width: 30, height: 40), color: .lightGray)
        page.saveState()
        page.strokeRectangle(PDFRect(x: 0, y: 0, width: 5, height: 5), lineWidth: 2, color: .red)
        page.restoreState()
        page.drawLine(from: PDFPoint(x: 0, y: 0), to: PDFPoint(x: 10, y: 10))
        page.saveState()
        let content = String(decoding: page.finishedContent, as: UTF8.self)
        #expect(
            content == """
                0.85 0.85 0.85 rg
                10 781.89 30 40 re f
                10 731.89 30 40 re f
                q
                0.8 0 0 RG
                2 w
                0 836.89 5 5 re S
                Q
                0 841.89 m 10 831.89 l S
                q
                Q

                """)
    }

    @Test func anEmptyDocumentStillHasOnePage() throws {
        let text = String(decoding: try PDFDocument().write(), as: UTF8.self)
        #expect(text.contains("/Type /Pages /Kids [4 0 R] /Count 1"))
    }

    /// `run --pdf` of a long form writes its document once: the pages go as the file's bytes are made.
    @Test func writingLettingPagesGoMakesTheSameFileAndLeavesNoPages() throws {
        var document = PDFDocument(info: PDFDocumentInfo(title: "T", creationDate: Date(timeIntervalSince1970: 0)))
        for number in 1...3 {
            var page = PDFPage()
            page.drawText("page \(number)", at: PDFPoint(x: 72, y: 100), size: 12)
            page.seal()
            page.drawText("footer \(number)", at: PDFPoint(x: 72, y: 700), size: 8)
            document.append(page)
        }
        let written = try document.write()
        #expect(document.pages.count == 3)
        #expect(try document.writeLettingPagesGo() == written)
        #expect(document.pages.isEmpty)
    }

    @Test func pageContentIsCompressedAndReadsBack() throws {
        var document = PDFDocument()
        var page = PDFPage()
        page.drawText("Hello (world)", at: PDFPoint(x: 72, y: 100), size: 12)
        document.append(page)
        let streams = try PDFInspection.streams(try document.write())
        let content = String(decoding: try #require(streams.first), as: UTF8.self)
        #expect(content == "BT\n/F1 12 Tf 72 692 Td\n(Hello \\(world\\)) Tj\nET\n")
    }

    @Test func aSealedPageKeepsItsContentCompressedAndWritesItsStreamsInOrder() throws {
        var page = PDFPage()
        page.drawText("first", at: PDFPoint(x: 72, y: 100), size: 12)
        page.seal()
        page.drawText("second", at: PDFPoint(x: 72, y: 120), size: 12)
        #expect(page.sealedContent.count == 1, "short content stays uncompressed, but apart")
        #expect(String(decoding: page.finishedContent, as: UTF8.self).contains("(second) Tj"))
        var document = PDFDocument()
        document.append(page)
        let bytes = try document.write()
        #expect(String(decoding: bytes, as: UTF8.self).contains(/\/Contents \[\d+ 0 R \d+ 0 R\]/))
        let streams = try PDFInspection.streams(bytes).map { String(decoding: $0, as: UTF8.self) }
        #expect(streams.prefix(2).map { $0.contains("(first) Tj") } == [true, false])
        #expect(streams.prefix(2).map { $0.contains("(second) Tj") } == [false, true])
    }
}
