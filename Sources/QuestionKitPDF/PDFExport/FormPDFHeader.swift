import QuestionKit
import QuestionKitForms

/// Lays out the parts of the printed form as units; `FormPDF` places them on pages.
struct FormPDFComposer {
    let frame: FormPDFFrame
    let setter: FormPDFTypesetter
    /// The heading bar's text and logo and the photos (see ``FormPDFOptions``).
    var heading = FormPDFOptions.defaultHeading
    var logo: PDFImage?
    var photos: [String: PDFImage] = [:]
}

// MARK: - Header

extension FormPDFComposer {
    /// The heading bar, the grid of the template's metadata, the signature lines and the foreman's comment.
    func header(_ header: ReviewHeader) -> [LayoutUnit] {
        var units = headingBar()
        units.append(.space(6))
        units += headerGrid(header).keptTogether()
        units.append(.space(10))
        units += signatures(header)
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
}
