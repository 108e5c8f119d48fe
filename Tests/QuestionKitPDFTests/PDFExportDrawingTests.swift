import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// Drawings a question type makes (`AnswerRendering.Block.drawing`) on the printed form, read back
/// from the content stream: scaled to the answer column, capped in height, clipped to their box.
@Suite("Printed form drawings")
struct PDFExportDrawingTests {
    static let frame = PDFExportSamples.frame
    static let column = frame.width - FormPDFStyle.answerIndent

    /// The first page of a form whose one question shows `drawing`.
    static func page(_ drawing: AnswerDrawing) throws -> PDFPage {
        try document(drawing).pages[0]
    }

    static func document(_ drawing: AnswerDrawing) throws -> PDFDocument {
        let review = try PDFExportSamples.review([
            try PDFExportSamples.row(4, question: "Condition of the impeller", blocks: [.drawing(drawing)])
        ])
        return FormPDF.render(review, options: PDFExportSamples.options)
    }

    /// The drawing's part of the content: the clip's `re` operands (in PDF's bottom-up coordinates),
    /// and the lines from the clip to the restore that ends it.
    static func drawn(on page: PDFPage) throws -> (clip: [Double], lines: [Substring]) {
        let lines = String(decoding: try page.drawnContent, as: UTF8.self).split(separator: "\n")
        let clip = try #require(lines.firstIndex { $0.hasSuffix(" re W n") })
        #expect(lines[clip - 1] == "q")
        let end = try #require(lines[clip...].firstIndex(of: "Q"))
        let operands = lines[clip].split(separator: " ").prefix(4).compactMap { Double($0) }
        return (operands, Array(lines[(clip + 1)..<end]))
    }

    @Test func aWideDrawingFillsTheAnswerColumnKeepingItsAspect() throws {
        let box = AnswerDrawing(
            width: 100, height: 20,
            elements: [.rectangle(origin: .init(x: 0, y: 0), width: 100, height: 20, paint: .init(fill: .gray))],
            textFallback: "a bar")
        let (clip, lines) = try Self.drawn(on: try Self.page(box))
        #expect(clip.count == 4)
        #expect(clip[0] == Self.frame.left + FormPDFStyle.answerIndent)
        #expect(abs(clip[2] - Self.column) < 0.01)
        #expect(abs(clip[3] - Self.column / 5) < 0.01)
        // The rectangle fills the box exactly: a path through its four corners, stroked and filled.
        let path = try #require(lines.first { $0.hasSuffix(" h B") })
        let numbers = path.split(separator: " ").compactMap { Double($0) }
        #expect(numbers.count == 8)
        #expect(Set(numbers.enumerated().filter { $0.offset % 2 == 0 }.map(\.element)) == [clip[0], clip[0] + clip[2]])
    }

    @Test func aTallDrawingIsCappedAtAThirdOfTheBody() throws {
        let tall = AnswerDrawing(
            width: 10, height: 100,
            elements: [.line(from: .init(x: 5, y: 0), to: .init(x: 5, y: 100), width: 1, color: .black)],
            textFallback: "a needle")
        let (clip, lines) = try Self.drawn(on: try Self.page(tall))
        #expect(abs(clip[3] - Self.frame.bodyHeight / 3) < 0.01)
        #expect(abs(clip[2] - Self.frame.bodyHeight / 30) < 0.01)
        // y grows downwards in the drawing, upwards in PDF: its top (y 0) is the clip's top edge.
        let line = try #require(lines.first { $0.hasSuffix(" l S") })
        let numbers = line.split(separator: " ").compactMap { Double($0) }
        #expect(abs(numbers[1] - (clip[1] + clip[3])) < 0.01)
        #expect(abs(numbers[3] - clip[1]) < 0.01)
    }

    @Test func textIsPlacedByItsAnchorInTheFontsOfThePage() throws {
        let labels = AnswerDrawing(
            width: 200, height: 20,
            elements: [
                .text("left", at: .init(x: 0, y: 15), size: 10),
                .text("middle", at: .init(x: 100, y: 15), size: 10, anchor: .middle),
                .text("right", at: .init(x: 200, y: 15), size: 10, anchor: .end),
            ],
            textFallback: "three labels")
        let page = try Self.page(labels)
        let texts = PDFExportInspection.texts(on: page).filter { ["left", "middle", "right"].contains($0.text) }
        let scale = Self.column / 200
        let left = Self.frame.left + FormPDFStyle.answerIndent
        let fonts = PDFExportSamples.options.fonts
        #expect(texts.map(\.text) == ["left", "middle", "right"])
        #expect(abs(texts[0].x - left) < 0.01)
        let middleWidth = fonts.width(of: "middle", font: .helvetica, size: 10 * scale)
        #expect(abs(texts[1].x - (left + 100 * scale - middleWidth / 2)) < 0.02)
        let rightWidth = fonts.width(of: "right", font: .helvetica, size: 10 * scale)
        #expect(abs(texts[2].x + rightWidth - (left + 200 * scale)) < 0.02)
        #expect(texts.allSatisfy { abs($0.size - 10 * scale) < 0.01 })
    }

    @Test func polygonsAndPolylinesArePaths() throws {
        let shapes = AnswerDrawing(
            width: 10, height: 10,
            elements: [
                .polygon(
                    [.init(x: 0, y: 10), .init(x: 5, y: 0), .init(x: 10, y: 10)],
                    paint: .init(stroke: nil, fill: .black)),
                .polygon([.init(x: 0, y: 0), .init(x: 10, y: 0), .init(x: 5, y: 5)], paint: .init()),
                .polyline([.init(x: 0, y: 0), .init(x: 3, y: 3), .init(x: 6, y: 0)], width: 1, color: .gray),
                .polygon([.init(x: 1, y: 1)], paint: .init()),
            ],
            textFallback: "shapes")
        let (_, lines) = try Self.drawn(on: try Self.page(shapes))
        let paths = lines.filter { $0.contains(" m ") }
        #expect(paths.count == 3)
        #expect(paths[0].hasSuffix(" h f") && paths[0].split(separator: " ").filter { $0 == "l" }.count == 2)
        #expect(paths[1].hasSuffix(" h S"))
        #expect(paths[2].hasSuffix(" l S") && !paths[2].contains(" h "))
    }

    @Test func anImageIsDrawnAndAnUnreadableOneIsAGreyBoxAndAWarning() throws {
        let pictures = AnswerDrawing(
            width: 40, height: 10,
            elements: [
                .image(TestImages.png(), origin: .init(x: 0, y: 0), width: 20, height: 10),
                .image(Array("not an image".utf8), origin: .init(x: 20, y: 0), width: 20, height: 10),
            ],
            textFallback: "two pictures")
        let document = try Self.document(pictures)
        let (clip, lines) = try Self.drawn(on: document.pages[0])
        #expect(lines.contains { $0.hasPrefix("q ") && $0.hasSuffix(" cm /Im1 Do Q") })
        let grey = try #require(lines.first { $0.hasSuffix(" re f") })
        #expect(abs((grey.split(separator: " ").compactMap { Double($0) }.first ?? 0) - (clip[0] + clip[2] / 2)) < 0.01)
        #expect(
            document.warnings
                == [.drawingImageUnreadable(place: "question 4", reason: "not a JPEG or PNG image")])
        #expect(try !document.write().isEmpty)
    }

    @Test func hostileCoordinatesAreDrawnInsideTheClipWithoutCrashing() throws {
        let huge = 1e300
        let points: [AnswerDrawing.Point] = [
            .init(x: .nan, y: .infinity), .init(x: -huge, y: huge), .init(x: .infinity, y: -.infinity),
        ]
        var drawing = AnswerDrawing(
            width: 10, height: 10,
            elements: [
                .line(from: points[0], to: points[1], width: .nan, color: .init(red: .nan, green: 9, blue: -3)),
                .polygon(points, paint: .init(fill: .black, lineWidth: huge)),
                .rectangle(origin: points[2], width: -huge, height: .nan, paint: .init()),
                .text(String(repeating: "x\n", count: 50), at: points[1], size: huge),
                .text("gone", at: points[0], size: .nan),
                .image(TestImages.png(), origin: points[0], width: .infinity, height: -1),
            ],
            textFallback: "hostile")
        let (clip, lines) = try Self.drawn(on: try Self.page(drawing))
        #expect(clip[2] > 0 && clip[3] > 0)
        #expect(lines.count >= 4)
        for number in lines.flatMap({ $0.split(separator: " ") }).compactMap({ Double($0) }) {
            // In reach of the box, give or take the page's height (PDF's y runs upwards from its bottom).
            #expect(number.isFinite && abs(number) <= FormPDFDrawing.reach + Self.frame.pageSize.height)
        }
        // A box of no usable size prints the fallback rather than a picture.
        drawing.width = .leastNonzeroMagnitude
        drawing.height = .leastNonzeroMagnitude
        let texts = PDFExportInspection.texts(on: try Self.page(drawing)).map(\.text)
        #expect(texts.contains("hostile"))
    }

    @Test func manyElementsAreAllDrawnOnOnePage() throws {
        let count = 100_000
        let dots = AnswerDrawing(
            width: 1000, height: 100,
            elements: (0..<count).map {
                .line(
                    from: .init(x: Double($0 % 1000), y: 0), to: .init(x: Double($0 % 1000), y: 100), width: 0.5,
                    color: .black)
            },
            textFallback: "many lines")
        let document = try Self.document(dots)
        let (_, lines) = try Self.drawn(on: document.pages[0])
        #expect(lines.filter { $0.hasSuffix(" l S") }.count == count)
    }

    @Test(.enabled(if: PDFTools.has("qpdf"), PDFTools.missing("qpdf")))
    func qpdfFindsAHostileDrawingClean() throws {
        let drawing = AnswerDrawing(
            width: 30, height: 10,
            elements: [
                .polygon(
                    [.init(x: .nan, y: 1e300), .init(x: 5, y: 5), .init(x: -.infinity, y: 0)], paint: .init(fill: .gray)
                ),
                .polyline([.init(x: 0, y: 0), .init(x: 30, y: 10)], width: -1, color: .black),
                .text("(x) \\ 温", at: .init(x: 15, y: 8), size: 6, anchor: .middle),
                .image(TestImages.png(), origin: .init(x: 20, y: 0), width: 10, height: 10),
                .image([0xFF, 0xD8, 0], origin: .init(x: 0, y: 0), width: 10, height: 10),
            ],
            textFallback: "hostile")
        let directory = try PDFTools.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("drawing.pdf").path
        try Data(try Self.document(drawing).write()).write(to: URL(fileURLWithPath: file))
        let result = try PDFTools.run("qpdf", ["--check", file])
        #expect(result.status == 0, "\(result.output)\(result.error)")
        #expect(!result.output.contains("WARNING") && !result.error.contains("WARNING"))
    }
}
