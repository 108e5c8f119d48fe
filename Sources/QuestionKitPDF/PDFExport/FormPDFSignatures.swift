import QuestionKit
import QuestionKitForms

/// The signature lines under the header grid, with the values filled in on the lines:
/// "Work Performed by: ____ Date: ____ WO#: ____" and "Work Leader Review: ____ Date: ____";
/// then the foreman's comment.
extension FormPDFComposer {
    /// The fields of each line: label, value, share of the width. WO# is left blank for a pen:
    /// no form field holds it.
    static func signatureLines(_ header: ReviewHeader) -> [[(label: String, value: String, share: Double)]] {
        [
            [
                ("Work Performed by", header.technician ?? "", 0.46), ("Date", header.completedDate ?? "", 0.3),
                ("WO#", "", 0.24),
            ],
            [("Work Leader Review", header.foreman ?? "", 0.46), ("Date", header.submittedDate ?? "", 0.3)],
        ]
    }

    func signatures(_ header: ReviewHeader) -> [LayoutUnit] {
        let style = FormPDFStyle.body
        var units: [LayoutUnit] = []
        for (index, fields) in Self.signatureLines(header).enumerated() {
            if index > 0 { units.append(.space(7)) }
            units += signatureLine(fields, style: style)
        }
        if let comment = header.foremanComment, !TypedText.isBlank(comment) {
            units.append(.space(6))
            units += setter.units(
                setter.labeled("Foreman Comment", comment, style: style, width: frame.width), style: style,
                x: frame.left)
        }
        return units
    }

    /// The fields on one line, each value on a rule after its label; when a value is too long for
    /// its rule, the fields as "Label: value" pairs that wrap instead.
    private func signatureLine(
        _ fields: [(label: String, value: String, share: Double)], style: FormPDFTextStyle
    ) -> [LayoutUnit] {
        let gap = 10.0
        var placed: [(label: TextFragment, value: TextFragment, rule: ClosedRange<Double>)] = []
        var x = 0.0
        for field in fields {
            let fieldWidth = field.share * frame.width
            let label = field.label + ":"
            let ruleStart = x + setter.width(label + " ", style.bold, style.size)
            let ruleEnd = x + fieldWidth - gap
            let fits =
                ruleEnd > ruleStart && setter.width(field.value, style.font, style.size) <= ruleEnd - ruleStart - 4
            guard fits, !field.value.contains(where: \.isNewline) else {
                let pairs = fields.map { ($0.label, $0.value) }
                return setter.units(
                    setter.labeledPairs(pairs, style: style, width: frame.width), style: style, x: frame.left)
            }
            placed.append(
                (
                    TextFragment(text: label, font: style.bold, x: x, color: style.color),
                    TextFragment(text: field.value, font: style.font, x: ruleStart + 2, color: style.color),
                    ruleStart...ruleEnd
                ))
            x += fieldWidth
        }
        let left = frame.left
        return [
            LayoutUnit(height: style.lineHeight + 2) { page, top in
                let baseline = top + style.baselineOffset
                for field in placed {
                    FormPDFTypesetter.draw(
                        [field.label, field.value], on: &page, x: left, baseline: baseline, size: style.size)
                    page.drawLine(
                        from: PDFPoint(x: left + field.rule.lowerBound, y: baseline + 2.5),
                        to: PDFPoint(x: left + field.rule.upperBound, y: baseline + 2.5), width: 0.6,
                        color: FormPDFStyle.mark)
                }
            }
        ]
    }
}
