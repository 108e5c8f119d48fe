import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

/// How a table's size and columns are chosen for the page: shrink to fit, then wrap.
@Suite("Printed form tables")
struct PDFExportTableTests {
    static let fonts = PDFFontSet.standardOnly
    static let width = 518.0

    static func lines(_ cell: FormPDFTableLayout.Content) -> [String] {
        if case .lines(let lines) = cell { return lines }
        return []
    }

    @Test func aTableThatFitsKeepsTheUsualSizeAndFillsTheWidth() {
        let layout = FormPDFTableLayout(
            grid: PDFExportSamples.grid(rows: 3, columns: 3), fonts: Self.fonts, width: Self.width)
        #expect(layout.size == FormPDFTableLayout.sizes[0])
        #expect(abs(layout.widths.reduce(0, +) - Self.width) < 0.001)
        #expect(layout.rows.allSatisfy { row in row.allSatisfy { Self.lines($0).count <= 1 } })
        #expect(layout.header?.map(Self.lines) == [["Point"], ["Reading 1"], ["Reading 2"], ["Reading 3"]])
    }

    @Test func aTableTooWideShrinksItsFontButNotBelowTheMinimum() {
        let grid = PDFExportSamples.grid(rows: 2, columns: 10) { "Measured \($0)" }
        let layout = FormPDFTableLayout(grid: grid, fonts: Self.fonts, width: Self.width)
        #expect(layout.size < FormPDFTableLayout.sizes[0])
        #expect(layout.size >= FormPDFTableLayout.minimumSize)
        // Shrunk, not wrapped: every header stays on one line.
        #expect(layout.header?.allSatisfy { Self.lines($0).count == 1 } == true)
        #expect(abs(layout.widths.reduce(0, +) - Self.width) < 0.001)
    }

    @Test func aTableTooWideAtTheMinimumWrapsItsCells() {
        let grid = PDFExportSamples.grid(rows: 2, columns: 14) { "Measurement point number \($0)" }
        let layout = FormPDFTableLayout(grid: grid, fonts: Self.fonts, width: Self.width)
        #expect(layout.size == FormPDFTableLayout.minimumSize)
        #expect(layout.header?.contains { Self.lines($0).count > 1 } == true)
        #expect(abs(layout.widths.reduce(0, +) - Self.width) < 0.001)
        // Every line fits its column.
        for (column, cell) in (layout.header ?? []).enumerated() {
            for line in Self.lines(cell) {
                let used = Self.fonts.width(of: line, font: .helveticaBold, size: layout.size)
                #expect(used <= layout.widths[column] - 2 * FormPDFTableLayout.paddingX + 0.001, "\(line)")
            }
        }
    }

    @Test func oneLongRemarkWrapsWithoutShrinkingTheTable() {
        let remark = String(repeating: "The seal leaked slightly at start-up and stopped when warm. ", count: 6)
        let grid = AnswerRendering.Grid(
            header: ["Point", "Reading", "Remark"], rows: [.init(label: "Seal", cells: [.text("12"), .text(remark)])])
        let layout = FormPDFTableLayout(grid: grid, fonts: Self.fonts, width: Self.width)
        #expect(layout.size == FormPDFTableLayout.sizes[0])
        #expect(Self.lines(layout.rows[0][2]).count > 1)
    }

    @Test func checksAndCellsWithoutAnswerAreKeptAsSuch() {
        let grid = AnswerRendering.Grid(
            header: ["", "A", "B", "C"], rows: [.init(label: "Checked", cells: [.check(true), .check(nil), .noCell])])
        let layout = FormPDFTableLayout(grid: grid, fonts: Self.fonts, width: Self.width)
        #expect(layout.rows[0] == [.lines(["Checked"]), .check(true), .check(nil), .noCell])
    }

    @Test func aRowIsCutIntoPiecesOfAtMostTheLinesGiven() {
        let row: [FormPDFTableLayout.Content] = [.lines(["a", "b", "c", "d", "e"]), .check(true), .noCell]
        let slices = FormPDFComposer.slices(of: row, maximumLines: 2)
        #expect(slices.map(\.lines) == [2, 2, 1])
        #expect(slices.map { $0.cells[0] } == [.lines(["a", "b"]), .lines(["c", "d"]), .lines(["e"])])
        #expect(slices.map { $0.cells[1] } == [.check(true), .check(nil), .check(nil)])
        #expect(slices.allSatisfy { $0.cells[2] == .noCell })
    }
}
