import QuestionKit
import QuestionKitForms

/// A table of an answer laid out for print: its font size, its column widths and the lines of each cell.
///
/// The table fills the width it is given. When its columns do not fit at the usual size, the font
/// shrinks step by step down to ``minimumSize``; when they still do not fit, cell text wraps (inside
/// words, when a word alone is wider than its column). A column's natural width counts a long text
/// as at most ``comfortableWidth``, since such text wraps anyway: one long remark does not shrink the table.
struct FormPDFTableLayout {
    /// What a cell shows.
    enum Content: Equatable {
        /// Lines of text (a row's label, a text cell, a header).
        case lines([String])
        /// A check cell: a tick and "yes", a cross and "no", or nothing when not set.
        case check(Bool?)
        /// A cell that takes no answer: grey with a red border.
        case noCell
    }

    /// The sizes tried, largest first.
    static let sizes: [Double] = [9, 8.5, 8, 7.5, 7]
    static var minimumSize: Double { sizes[sizes.count - 1] }
    static let comfortableWidth = 180.0
    static let paddingX = 3.5
    static let paddingY = 2.5

    /// The font size of every cell.
    private(set) var size: Double
    /// The width of each column, the row labels' first; they add up to the width given.
    private(set) var widths: [Double]
    /// The header row's cells, or nil when the header is blank.
    private(set) var header: [Content]?
    /// The data rows, each with its label first.
    private(set) var rows: [[Content]]

    var lineHeight: Double { (size * 1.22 * 10).rounded() / 10 }
    /// The style of text in the cells: regular, bold for the header row.
    var style: FormPDFTextStyle { FormPDFTextStyle(.helvetica, size: size, lineHeight: lineHeight) }
    /// The side of a check cell's mark and the gap after it, at `size`.
    static func markSide(_ size: Double) -> Double { size * 0.68 }
    static func markGap(_ size: Double) -> Double { size * 0.35 }

    init(grid: AnswerRendering.Grid, fonts: PDFFontSet, width: Double) {
        self.init(Measured(grid: grid, fonts: fonts), fonts: fonts, width: width)
    }

    /// The layout of a measured table (or of some of its columns, see `Measured.columns(_:)`).
    init(_ measured: Measured, fonts: PDFFontSet, width: Double) {
        let (size, widths) = Self.fit(natural: measured.natural, longestWord: measured.longestWord, width: width)
        self.size = size
        self.widths = widths
        let wrap = { (text: String, font: PDFStandardFont, column: Int) -> Content in
            // A hair of slack: a word measured as exactly the column's width must not break on rounding.
            let room = max(1, widths[column] - 2 * Self.paddingX) + 0.001
            return .lines(fonts.lines(for: text, font: font, size: size, width: room))
        }
        header = measured.hasHeader ? measured.headerTexts.enumerated().map { wrap($1, .helveticaBold, $0) } : nil
        rows = measured.cells.map { row in
            row.enumerated().map { column, cell in
                switch cell {
                case .text(let text): wrap(text, .helvetica, column)
                case .check(let value): .check(value)
                case .noCell: .noCell
                }
            }
        }
    }

    /// A table's cells, every row as long as the header, with each column's widths at size 1.
    struct Measured {
        var headerTexts: [String]
        var hasHeader: Bool
        /// The data rows, each with its label first.
        var cells: [[AnswerRendering.Cell]]
        /// The widest line of each column, and its longest word, without padding.
        var natural: [Double]
        var longestWord: [Double]

        init(grid: AnswerRendering.Grid, fonts: PDFFontSet) {
            let columns = max(1, grid.header.count, (grid.rows.map(\.cells.count).max() ?? 0) + 1)
            headerTexts = (0..<columns).map { grid.header.indices.contains($0) ? grid.header[$0] : "" }
            cells = grid.rows.map { row in
                [.text(row.label)]
                    + (1..<columns).map { row.cells.indices.contains($0 - 1) ? row.cells[$0 - 1] : .text("") }
            }
            hasHeader = headerTexts.contains { !TypedText.isBlank($0) }
            let measure = Measure(fonts: fonts)
            // Widths are proportional to the size, so each cell is measured once, at size 1.
            natural = [Double](repeating: 0, count: columns)
            longestWord = natural
            for (row, isHeader) in (hasHeader ? [(headerTexts.map(AnswerRendering.Cell.text), true)] : [])
                + cells.map({ ($0, false) })
            {
                for (column, cell) in row.enumerated() {
                    let (full, word) = measure.unitWidths(of: cell, font: isHeader ? .helveticaBold : .helvetica)
                    natural[column] = max(natural[column], full)
                    longestWord[column] = max(longestWord[column], word)
                }
            }
        }

        /// The label column and the data columns of `range` (indices of `natural`, the labels being 0).
        func columns(_ range: Range<Int>) -> Measured {
            var part = self
            let kept = [0] + Array(range)
            part.headerTexts = kept.map { headerTexts[$0] }
            part.hasHeader = part.headerTexts.contains { !TypedText.isBlank($0) }
            part.cells = cells.map { row in kept.map { row[$0] } }
            part.natural = kept.map { natural[$0] }
            part.longestWord = kept.map { longestWord[$0] }
            return part
        }
    }

    /// The largest size at which the natural widths fit, and the widths stretched to fill `width`;
    /// else the smallest size, with widths that give every column its longest word where possible.
    static func fit(natural: [Double], longestWord: [Double], width: Double) -> (size: Double, widths: [Double]) {
        let padding = 2 * paddingX
        for size in sizes {
            let widths = natural.map { min($0 * size, comfortableWidth) + padding }
            let total = widths.reduce(0, +)
            if total <= width {
                return (size, widths.map { $0 * width / total })
            }
        }
        let size = minimumSize
        let preferred = natural.map { min($0 * size, comfortableWidth) + padding }
        let least = zip(longestWord, preferred).map { min($0 * size + padding, $1) }
        let (leastTotal, preferredTotal) = (least.reduce(0, +), preferred.reduce(0, +))
        if leastTotal <= width {
            let share = preferredTotal > leastTotal ? (width - leastTotal) / (preferredTotal - leastTotal) : 0
            return (size, zip(least, preferred).map { $0 + ($1 - $0) * share })
        }
        return (size, least.map { $0 * width / leastTotal })
    }

    /// The height of a row of cells showing `lineCount` lines.
    func rowHeight(lines lineCount: Int) -> Double {
        Double(max(1, lineCount)) * lineHeight + 2 * Self.paddingY
    }

    /// The lines a row's tallest cell has.
    static func lineCount(_ cells: [Content]) -> Int {
        cells.map { cell in
            if case .lines(let lines) = cell { return lines.count }
            return 1
        }.max() ?? 1
    }

    /// Measures cells at size 1.
    private struct Measure {
        let fonts: PDFFontSet

        /// The width of the cell's widest line, and of its longest word, both without padding.
        func unitWidths(of cell: AnswerRendering.Cell, font: PDFStandardFont) -> (full: Double, word: Double) {
            switch cell {
            case .text(let text):
                let full = text.split(whereSeparator: \.isNewline).map { width(String($0), font) }.max() ?? 0
                let word = text.split(whereSeparator: \.isWhitespace).map { width(String($0), font) }.max() ?? 0
                return (full, word)
            case .check(let value):
                let full = value == nil ? 0 : markSide(1) + markGap(1) + width("yes", font)
                return (full, full)
            case .noCell:
                return (1.2, 1.2)
            }
        }

        private func width(_ text: String, _ font: PDFStandardFont) -> Double {
            fonts.width(of: text, font: font, size: 1)
        }
    }
}
