import QuestionKit
import QuestionKitForms

// MARK: - Questions

extension FormPDFComposer {
    /// One question: its heading band ("Question N - Section"), the question, the answer as its
    /// rendering says, "Comment:" (even when empty, as the original printed it), thumbnails of its
    /// photos, the names of its other media, and the flags. The heading and the question keep with
    /// the first line of the answer; the heading is repeated, "(continued)", on every page the
    /// question runs onto; a flagged question has a red bar beside it.
    func question(_ row: ReviewRow) -> [LayoutUnit] {
        var heading = "Question \(row.number)"
        if let section = row.section, !TypedText.isBlank(section) { heading += " - " + section }
        let body = FormPDFStyle.body
        let headingUnits = headingBand(heading)
        var units = setter.units(
            setter.paragraph(row.question, style: body, width: frame.width - 4), style: body, x: frame.left + 4)
        // Its conditions in words, under the question (a template with logic only).
        if let askedWhen = row.logic?.askedWhen {
            units += setter.units(
                setter.paragraph(askedWhen, style: Self.conditionStyle, width: frame.width - 4),
                style: Self.conditionStyle, x: frame.left + 4)
        }
        units = ([.space(3)] + units).keptWithNext()
        units.append(.space(3))
        let x = frame.left + FormPDFStyle.answerIndent
        let width = frame.width - FormPDFStyle.answerIndent
        if let notAsked = row.logic?.notAsked {
            // Not asked: the reason stands where the answer would.
            units += setter.units(
                setter.paragraph(notAsked, style: Self.conditionStyle, width: width), style: Self.conditionStyle, x: x)
        } else {
            for (index, block) in row.rendering.blocks.enumerated() {
                if index > 0 { units.append(.space(2)) }
                units += answer(block, x: x, width: width, place: "question \(row.number)")
            }
        }
        units.append(.space(3))
        units += setter.units(setter.labeled("Comment", row.comment, style: body, width: width), style: body, x: x)
        let (thumbnails, unshown) = self.thumbnails(row.media, x: x, width: width)
        if !unshown.isEmpty {
            units += setter.units(
                setter.labeled("Media", unshown.map(\.name).joined(separator: ", "), style: body, width: width),
                style: body, x: x)
        }
        // A stored answer its type could not read is printed as stored, with why.
        let warnings = row.warningTexts.flatMap { setter.labeled("Warning", $0, style: body, width: width) }
        units += setter.units(warnings, style: body, x: x)
        if !thumbnails.isEmpty {
            units.append(.space(4))
            units += thumbnails
        }
        let flagLines = row.flags.flatMap { flag in
            setter.labeled("Flag", flag.message, style: FormPDFStyle.flag, width: width)
        }
        if !flagLines.isEmpty {
            units.append(.space(3))
            units += setter.units(flagLines, style: FormPDFStyle.flag, x: x)
        }
        let continued = headingBand(Self.continued(heading))
        return [.space(FormPDFStyle.questionGap)]
            + (headingUnits + units.continuing(under: continued)).flagged(!row.flags.isEmpty)
    }

    /// A question's conditions, and why it was not asked: in the grey italic of a missing answer.
    static let conditionStyle = FormPDFStyle.body.with(font: .helveticaOblique, color: FormPDFStyle.noteGray)

    /// Bold text on a light band across the body.
    func headingBand(_ text: String) -> [LayoutUnit] {
        let style = FormPDFStyle.heading
        let padding = 4.0
        let lines = setter.paragraph(text, style: style, width: frame.width - 2 * padding)
        let (left, width) = (frame.left, frame.width)
        return lines.map { line in
            LayoutUnit(height: style.lineHeight, keepWithNext: true) { page, top in
                page.fillRectangle(
                    PDFRect(x: left, y: top, width: width, height: style.lineHeight), color: FormPDFStyle.headingBand)
                FormPDFTypesetter.draw(
                    line, on: &page, x: left + padding, baseline: top + style.baselineOffset, size: style.size)
            }
        }
    }

    /// One block of an answer, at `x`, no wider than `width`; `place` names the question in warnings.
    private func answer(_ block: AnswerRendering.Block, x: Double, width: Double, place: String) -> [LayoutUnit] {
        switch block {
        case .value(let text):
            let isMissing = AnswerRendering.noAnswer.blocks == [block]
            let style = isMissing ? Self.conditionStyle : FormPDFStyle.body
            return setter.units(setter.paragraph(text, style: style, width: width), style: style, x: x)
        case .note(let text):
            let style = FormPDFStyle.note
            return setter.units(setter.paragraph("(" + text + ")", style: style, width: width), style: style, x: x)
        case .choices(let choices):
            // A list of options reads best on one page; it is short, nearly always.
            return choices.flatMap { choice(_: $0, x: x, width: width) }.keptTogether()
        case .grid(let grid):
            return table(grid, x: x, width: width)
        case .drawing(let picture):
            return drawing(picture, x: x, width: width, place: place)
        }
    }

    /// An option with its box: filled and ticked, the label bold and followed by "- Selected", when chosen.
    private func choice(_ choice: AnswerRendering.Choice, x: Double, width: Double) -> [LayoutUnit] {
        let style = choice.isChosen ? FormPDFStyle.body.with(font: .helveticaBold) : FormPDFStyle.body
        let boxSpace = 15.0
        let label = choice.isChosen ? choice.label + " - Selected" : choice.label
        var units = setter.units(
            setter.paragraph(label, style: style, width: width - boxSpace), style: style, x: x + boxSpace)
        guard let first = units.first else { return units }
        let isChosen = choice.isChosen
        units[0].draw = { page, top in
            let side = 8.0
            let box = PDFRect(x: x + 1, y: top + style.baselineOffset - side + 0.5, width: side, height: side)
            if isChosen {
                page.fillRectangle(box, color: FormPDFStyle.mark)
                FormPDFMarks.tick(in: box.insetBy(1.6), on: &page, color: .white, width: 1.2)
            } else {
                page.strokeRectangle(box, lineWidth: 0.75, color: FormPDFStyle.mark)
            }
            first.draw(&page, top)
        }
        return units
    }
}

/// The marks drawn with lines rather than characters, so that they show in any font set.
enum FormPDFMarks {
    /// A tick filling `box`.
    static func tick(in box: PDFRect, on page: inout PDFPage, color: PDFColor, width: Double) {
        let start = PDFPoint(x: box.x, y: box.y + box.height * 0.55)
        let corner = PDFPoint(x: box.x + box.width * 0.38, y: box.maxY)
        let end = PDFPoint(x: box.maxX, y: box.y)
        page.drawLine(from: start, to: corner, width: width, color: color)
        page.drawLine(from: corner, to: end, width: width, color: color)
    }

    /// A cross filling `box`.
    static func cross(in box: PDFRect, on page: inout PDFPage, color: PDFColor, width: Double) {
        page.drawLine(
            from: PDFPoint(x: box.x, y: box.y), to: PDFPoint(x: box.maxX, y: box.maxY), width: width, color: color)
        page.drawLine(
            from: PDFPoint(x: box.x, y: box.maxY), to: PDFPoint(x: box.maxX, y: box.y), width: width, color: color)
    }
}

extension PDFRect {
    /// The rectangle shrunk by `amount` on every side.
    func insetBy(_ amount: Double) -> PDFRect {
        PDFRect(x: x + amount, y: y + amount, width: max(0, width - 2 * amount), height: max(0, height - 2 * amount))
    }
}
