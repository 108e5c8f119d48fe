import QuestionKit
import QuestionKitForms

// MARK: - Tables

extension FormPDFComposer {
    /// A table laid out as ruled rows: the header row bold on grey, kept with the first data row and
    /// drawn again at the top of each page the table continues on. A row taller than a page is cut
    /// between its lines.
    func tableRows(_ layout: FormPDFTableLayout, x: Double) -> [LayoutUnit] {
        var headerUnits: [LayoutUnit] = []
        if let header = layout.header {
            var unit = rowUnit(header, lines: FormPDFTableLayout.lineCount(header), isHeader: true, layout, x: x)
            unit.keepWithNext = true
            headerUnits = [unit]
        }
        let headerHeight = headerUnits.first?.height ?? 0
        // Room is left for the question's heading, repeated above the header row on a new page.
        let room =
            frame.bodyHeight - headerHeight - 2 * FormPDFTableLayout.paddingY - 2 * FormPDFStyle.heading.lineHeight
        let maximumLines = max(1, Int(room / layout.lineHeight))
        var units = headerUnits
        for row in layout.rows {
            for slice in Self.slices(of: row, maximumLines: maximumLines) {
                var unit = rowUnit(slice.cells, lines: slice.lines, isHeader: false, layout, x: x)
                unit.repeatedHeader = headerUnits
                units.append(unit)
            }
        }
        return units
    }

    /// The row cut into pieces of at most `maximumLines` lines (one piece, nearly always). A check
    /// shows in the first piece; a cell that takes no answer is grey in every piece.
    static func slices(
        of row: [FormPDFTableLayout.Content], maximumLines: Int
    ) -> [(cells: [FormPDFTableLayout.Content], lines: Int)] {
        let total = FormPDFTableLayout.lineCount(row)
        guard total > maximumLines else { return [(row, total)] }
        return stride(from: 0, to: total, by: maximumLines).map { start in
            let end = min(start + maximumLines, total)
            let cells = row.map { cell -> FormPDFTableLayout.Content in
                switch cell {
                case .lines(let lines):
                    .lines(Array(lines[min(start, lines.count)..<min(end, lines.count)]))
                case .check: start == 0 ? cell : .check(nil)
                case .noCell: .noCell
                }
            }
            return (cells, end - start)
        }
    }

    private func rowUnit(
        _ cells: [FormPDFTableLayout.Content], lines: Int, isHeader: Bool, _ layout: FormPDFTableLayout, x: Double
    ) -> LayoutUnit {
        let height = layout.rowHeight(lines: lines)
        return LayoutUnit(height: height) { page, top in
            FormPDFTableDrawing(layout: layout, x: x, top: top, height: height).draw(
                cells, isHeader: isHeader, on: &page)
        }
    }
}

/// Draws one row of a table: backgrounds, rules, cells that take no answer, then the text, so that
/// text reads row by row, left to right.
struct FormPDFTableDrawing {
    let layout: FormPDFTableLayout
    let x: Double
    let top: Double
    let height: Double

    func draw(_ cells: [FormPDFTableLayout.Content], isHeader: Bool, on page: inout PDFPage) {
        let width = layout.widths.reduce(0, +)
        let row = PDFRect(x: x, y: top, width: width, height: height)
        if isHeader {
            page.fillRectangle(row, color: FormPDFStyle.tableHeader)
        }
        page.strokeRectangle(row, lineWidth: 0.6, color: FormPDFStyle.tableRule)
        var cellX = x
        for columnWidth in layout.widths.dropLast() {
            cellX += columnWidth
            page.drawLine(
                from: PDFPoint(x: cellX, y: top), to: PDFPoint(x: cellX, y: top + height), width: 0.6,
                color: FormPDFStyle.tableRule)
        }
        cellX = x
        for (column, cell) in cells.enumerated() where layout.widths.indices.contains(column) {
            let rect = PDFRect(x: cellX, y: top, width: layout.widths[column], height: height)
            draw(cell, in: rect, font: isHeader ? .helveticaBold : .helvetica, on: &page)
            cellX += layout.widths[column]
        }
    }

    private func draw(
        _ cell: FormPDFTableLayout.Content, in rect: PDFRect, font: PDFStandardFont, on page: inout PDFPage
    ) {
        let style = layout.style.with(font: font)
        let textX = rect.x + FormPDFTableLayout.paddingX
        let baseline = rect.y + FormPDFTableLayout.paddingY + style.baselineOffset
        switch cell {
        case .lines(let lines):
            for (index, line) in lines.enumerated() where !line.isEmpty {
                page.drawText(
                    line, at: PDFPoint(x: textX, y: baseline + Double(index) * style.lineHeight), font: font,
                    size: style.size)
            }
        case .check(let value?):
            let side = FormPDFTableLayout.markSide(style.size)
            let box = PDFRect(x: textX, y: baseline - side - style.size * 0.02, width: side, height: side)
            if value {
                FormPDFMarks.tick(in: box, on: &page, color: FormPDFStyle.mark, width: 1.1)
            } else {
                FormPDFMarks.cross(in: box.insetBy(side * 0.08), on: &page, color: FormPDFStyle.mark, width: 1)
            }
            page.drawText(
                value ? "yes" : "no",
                at: PDFPoint(x: textX + side + FormPDFTableLayout.markGap(style.size), y: baseline),
                font: font, size: style.size)
        case .check(nil):
            break
        case .noCell:
            page.fillAndStrokeRectangle(
                rect.insetBy(1.5), fill: FormPDFStyle.noCellFill, stroke: FormPDFStyle.noCellBorder, lineWidth: 1)
        }
    }
}
