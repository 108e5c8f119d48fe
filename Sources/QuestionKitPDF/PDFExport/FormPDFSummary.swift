import QuestionKit
import QuestionKitForms

// MARK: - Attention required

extension FormPDFComposer {
    /// The closing "Attention required" list: each flagged question with its answer, what differs
    /// and the comment; or a line saying that no answer needs attention. On every page the list runs
    /// onto, its band is repeated, "Attention required (continued)".
    func summary(_ review: Review) -> [LayoutUnit] {
        let body = FormPDFStyle.body
        var units: [LayoutUnit] = [.space(18)]
        units += band("Attention required", style: FormPDFStyle.summaryTitle, padding: 5)
        units.append(.space(4))
        let flagged = review.flaggedRows
        if flagged.isEmpty {
            units += setter.units(
                setter.paragraph("No answers need attention.", style: body, width: frame.width), style: body,
                x: frame.left)
            return units
        }
        let x = frame.left + FormPDFStyle.answerIndent
        let width = frame.width - FormPDFStyle.answerIndent
        let continued =
            band(Self.continued("Attention required"), style: FormPDFStyle.summaryTitle, padding: 5) + [.space(4)]
        for (index, row) in flagged.enumerated() {
            if index > 0 { units.append(.space(6)) }
            var heading = "Question \(row.number)"
            if let section = row.section, !TypedText.isBlank(section) { heading += " - " + section }
            var entry = setter.units(
                setter.paragraph(heading + ": " + row.question, style: body.with(font: .helveticaBold), width: width),
                style: body, x: frame.left + 4)
            entry += setter.units(
                setter.labeled("Answer", row.answerSummary, style: body, width: width), style: body, x: x)
            let flagLines = row.flags.flatMap {
                setter.labeled("Flag", $0.message, style: FormPDFStyle.flag, width: width)
            }
            entry += setter.units(flagLines, style: FormPDFStyle.flag, x: x)
            if !TypedText.isBlank(row.comment) {
                entry += setter.units(
                    setter.labeled("Comment", row.comment, style: body, width: width), style: body, x: x)
            }
            units += entry.keptTogether().flagged().continuing(under: continued)
        }
        return units
    }
}
