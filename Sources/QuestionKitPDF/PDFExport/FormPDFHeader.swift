import QuestionKit

/// Lays out the parts of the printed form as units; `FormPDF` places them on pages.
struct FormPDFComposer {
    let frame: FormPDFFrame
    let setter: FormPDFTypesetter
}

// MARK: - Header

extension FormPDFComposer {
    /// The title bar, the box of the template's metadata, who did the work and who reviewed it.
    func header(_ header: ReviewHeader) -> [LayoutUnit] {
        var units = band(
            header.title.flatMap { $0.isBlank ? nil : $0 } ?? "(untitled form)", style: FormPDFStyle.title,
            padding: 7)
        var fields: [(String, String)] = []
        if let revision = header.revision, !revision.isBlank { fields.append(("Revision", revision)) }
        fields += header.metadata.filter { !$0.value.isBlank }.map { ($0.key, $0.value) }
        if !fields.isEmpty {
            units.append(.space(6))
            units += metadataBox(fields).keptTogether()
        }
        units.append(.space(8))
        units += people(header)
        units.append(.space(5))
        units.append(rule(width: 0.8, color: .black))
        return units
    }

    /// Text in white on a dark band across the body, padded above and below.
    func band(_ text: String, style: FormPDFTextStyle, padding: Double) -> [LayoutUnit] {
        let lines = setter.paragraph(text, style: style, width: frame.width - 2 * padding)
        let left = frame.left
        let width = frame.width
        return lines.enumerated().map { index, line in
            let above = index == 0 ? padding : 0
            let height = style.lineHeight + above + (index == lines.count - 1 ? padding : 0)
            return LayoutUnit(height: height, keepWithNext: true) { page, top in
                page.fillRectangle(PDFRect(x: left, y: top, width: width, height: height), color: FormPDFStyle.titleBar)
                FormPDFTypesetter.draw(
                    line, on: &page, x: left + padding, baseline: top + above + style.baselineOffset, size: style.size)
            }
        }
    }

    /// A horizontal rule across the body.
    func rule(width lineWidth: Double, color: PDFColor) -> LayoutUnit {
        let (left, right) = (frame.left, frame.right)
        return LayoutUnit(height: lineWidth) { page, top in
            let y = top + lineWidth / 2
            page.drawLine(from: PDFPoint(x: left, y: y), to: PDFPoint(x: right, y: y), width: lineWidth, color: color)
        }
    }

    /// "Key: value" fields in two columns inside a ruled box, a pair of fields to a unit (cut between
    /// lines only when taller than a page), the left field drawn before the right one for reading order.
    private func metadataBox(_ fields: [(String, String)]) -> [LayoutUnit] {
        let style = FormPDFStyle.metadata
        let (padding, gutter, rowGap) = (6.0, 14.0, 2.5)
        let columnWidth = (frame.width - 2 * padding - gutter) / 2
        let maximumLines = max(1, Int((frame.bodyHeight - 2 * padding) / style.lineHeight))
        var slices: [(left: ArraySlice<[TextFragment]>, right: ArraySlice<[TextFragment]>, lines: Int)] = []
        for start in stride(from: 0, to: fields.count, by: 2) {
            let left = setter.labeled(fields[start].0, fields[start].1, style: style, width: columnWidth)
            let right =
                start + 1 < fields.count
                ? setter.labeled(fields[start + 1].0, fields[start + 1].1, style: style, width: columnWidth) : []
            let count = max(left.count, right.count)
            for first in stride(from: 0, to: count, by: maximumLines) {
                let end = min(first + maximumLines, count)
                slices.append(
                    (
                        left[min(first, left.count)..<min(end, left.count)],
                        right[min(first, right.count)..<min(end, right.count)], end - first
                    ))
            }
        }
        let (left, width) = (frame.left, frame.width)
        let rightColumn = left + padding + columnWidth + gutter
        return slices.enumerated().map { index, slice in
            let (isFirst, isLast) = (index == 0, index == slices.count - 1)
            let above = isFirst ? padding - 1 : 0
            let height = Double(slice.lines) * style.lineHeight + above + (isLast ? padding - 1 : rowGap)
            return LayoutUnit(height: height) { page, top in
                Self.drawBoxSides(
                    left: left, right: left + width, top: top, bottom: top + height, isFirst: isFirst, isLast: isLast,
                    on: &page)
                for (column, lines) in [(left + padding, slice.left), (rightColumn, slice.right)] {
                    for (offset, line) in lines.enumerated() {
                        let baseline = top + above + Double(offset) * style.lineHeight + style.baselineOffset
                        FormPDFTypesetter.draw(line, on: &page, x: column, baseline: baseline, size: style.size)
                    }
                }
            }
        }
    }

    /// The sides of one slice of a box; its top rule on the first slice, its bottom on the last.
    private static func drawBoxSides(
        left: Double, right: Double, top: Double, bottom: Double, isFirst: Bool, isLast: Bool, on page: inout PDFPage
    ) {
        let color = FormPDFStyle.boxRule
        page.drawLine(from: PDFPoint(x: left, y: top), to: PDFPoint(x: left, y: bottom), width: 0.75, color: color)
        page.drawLine(from: PDFPoint(x: right, y: top), to: PDFPoint(x: right, y: bottom), width: 0.75, color: color)
        if isFirst {
            page.drawLine(from: PDFPoint(x: left, y: top), to: PDFPoint(x: right, y: top), width: 0.75, color: color)
        }
        if isLast {
            page.drawLine(
                from: PDFPoint(x: left, y: bottom), to: PDFPoint(x: right, y: bottom), width: 0.75, color: color)
        }
    }

    /// "Work Performed by: … Date: …", "Work Leader Review: … Submitted: …", the foreman's comment.
    private func people(_ header: ReviewHeader) -> [LayoutUnit] {
        let style = FormPDFStyle.body
        var lines: [[TextFragment]] = []
        if header.technician != nil || header.completedDate != nil {
            var pairs = [("Work Performed by", header.technician ?? "")]
            if let date = header.completedDate { pairs.append(("Date", date)) }
            lines += setter.labeledPairs(pairs, style: style, width: frame.width)
        }
        if header.foreman != nil || header.submittedDate != nil {
            var pairs = [("Work Leader Review", header.foreman ?? "")]
            if let date = header.submittedDate { pairs.append(("Submitted", date)) }
            lines += setter.labeledPairs(pairs, style: style, width: frame.width)
        }
        if let comment = header.foremanComment, !comment.isBlank {
            lines += setter.labeled("Foreman Comment", comment, style: style, width: frame.width)
        }
        return setter.units(lines, style: style, x: frame.left)
    }
}
