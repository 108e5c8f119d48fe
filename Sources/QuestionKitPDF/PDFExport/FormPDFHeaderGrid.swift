import QuestionKit
import QuestionKitForms

/// The header as the original printed it: a heading bar with an optional logo, a fixed grid of
/// labelled boxes (drawn even when empty, labels in words), then the signature lines.
extension FormPDFComposer {
    /// What a box of the grid shows.
    enum GridField {
        case title, revision
        /// A metadata field, by its ``Key`` name (spelled through the key map).
        case metadata(String)
    }

    /// The rows of the grid: each box's label, field and share of the width. `email` is not printed.
    static let gridRows: [[(label: String, field: GridField, share: Double)]] = [
        [("Title", .title, 0.6), ("MI Discipline", .metadata("MIDiscipline"), 0.4)],
        [
            ("Instruction Number", .metadata("InstructionNumber"), 0.6),
            ("Original Issue Date", .metadata("OriginalIssueDate"), 0.4),
        ],
        [("Applied to Equipment", .metadata("AppliedToEquipment"), 0.6), ("Supersedes", .metadata("Supersedes"), 0.4)],
        [("References", .metadata("References"), 0.6), ("File #", .metadata("FileNumber"), 0.4)],
        [
            ("Prepared By", .metadata("PreparedBy"), 0.24), ("Title", .metadata("PreparedByTitle"), 0.18),
            ("Accepted By", .metadata("AcceptedBy"), 0.24), ("Title", .metadata("AcceptedByTitle"), 0.18),
            ("EOR", .metadata("Eor"), 0.16),
        ],
        [("Revision History", .metadata("RevisionHistory"), 1)],
        [
            ("Revision #", .revision, 0.2), ("Revised by", .metadata("RevisionNumberRevisedBy"), 0.4),
            ("Revised Date", .metadata("RevisionNumberDate"), 0.4),
        ],
    ]

    /// The dark bar across the top: the logo, if any, at its left, then the heading text in white.
    func headingBar() -> [LayoutUnit] {
        let style = FormPDFStyle.title
        let padding = 7.0
        let logoBox = logo.map { image in
            image.fitted(in: PDFRect(x: 0, y: 0, width: Self.logoHeight * 3, height: Self.logoHeight))
        }
        let textX = padding + (logoBox.map { $0.width + 10 } ?? 0)
        // The bar holds one line: a heading too long for it is cut (it comes from an option, not the form).
        let text = setter.truncated(TerminalText.oneLine(heading), style: style, width: frame.width - textX - padding)
        let height = max(style.lineHeight, logoBox?.height ?? 0) + 2 * padding
        let (left, width, logo) = (frame.left, frame.width, self.logo)
        let unit = LayoutUnit(height: height, keepWithNext: true) { page, top in
            page.fillRectangle(PDFRect(x: left, y: top, width: width, height: height), color: FormPDFStyle.titleBar)
            if let logo, let box = logoBox {
                page.drawImage(
                    logo,
                    in: PDFRect(
                        x: left + padding, y: top + (height - box.height) / 2, width: box.width, height: box.height))
            }
            let baseline = top + (height - style.lineHeight) / 2 + style.baselineOffset
            page.drawText(
                text, at: PDFPoint(x: left + textX, y: baseline), font: style.font, size: style.size, color: style.color
            )
        }
        return [unit]
    }

    static let logoHeight = 26.0

    /// The grid, a row of boxes to a unit.
    func headerGrid(_ header: ReviewHeader) -> [LayoutUnit] {
        Self.gridRows.flatMap { row in
            gridRow(row.map { ($0.label, value(of: $0.field, in: header), $0.share) })
        }
    }

    private func value(of field: GridField, in header: ReviewHeader) -> String {
        switch field {
        case .title: return header.title ?? ""
        case .revision: return header.revision ?? ""
        case .metadata(let name):
            guard let key = Key.metadata.first(where: { $0.name == name }) else { return "" }
            // Spelled as the form's template spells it.
            let spelling = header.keys.spelling(of: key)
            return header.metadata.first { $0.key == spelling }?.value ?? ""
        }
    }

    /// One row of boxes: each a small grey label over its value; the row as tall as its tallest
    /// value, cut between lines only when taller than a page.
    private func gridRow(_ boxes: [(label: String, value: String, share: Double)]) -> [LayoutUnit] {
        let (labelStyle, valueStyle) = (FormPDFStyle.gridLabel, FormPDFStyle.metadata)
        let padding = 3.0
        let widths = boxes.map { $0.share * frame.width }
        let labels = zip(boxes, widths).map { box, width in
            setter.truncated(box.label, style: labelStyle, width: width - 2 * padding)
        }
        let values = zip(boxes, widths).map { box, width in
            box.value.isEmpty ? [] : setter.paragraph(box.value, style: valueStyle, width: width - 2 * padding)
        }
        let fixed = 2 * padding + labelStyle.lineHeight
        let maximumLines = max(1, Int((frame.bodyHeight - fixed) / valueStyle.lineHeight))
        let lineCount = max(1, values.map(\.count).max() ?? 1)
        let left = frame.left
        return stride(from: 0, to: lineCount, by: maximumLines).map { first in
            let last = min(first + maximumLines, lineCount)
            let height = fixed + Double(last - first) * valueStyle.lineHeight
            return LayoutUnit(height: height) { page, top in
                var x = left
                for (index, width) in widths.enumerated() {
                    page.strokeRectangle(
                        PDFRect(x: x, y: top, width: width, height: height), lineWidth: 0.75,
                        color: FormPDFStyle.boxRule)
                    page.drawText(
                        labels[index], at: PDFPoint(x: x + padding, y: top + padding + labelStyle.baselineOffset),
                        font: labelStyle.font, size: labelStyle.size, color: labelStyle.color)
                    let lines = values[index]
                    for line in min(first, lines.count)..<min(last, lines.count) {
                        let baseline =
                            top + padding + labelStyle.lineHeight + Double(line - first) * valueStyle.lineHeight
                            + valueStyle.baselineOffset
                        FormPDFTypesetter.draw(
                            lines[line], on: &page, x: x + padding, baseline: baseline, size: valueStyle.size)
                    }
                    x += width
                }
            }
        }
    }
}
