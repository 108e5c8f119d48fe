import QuestionKit
import QuestionKitForms

/// A piece of one line of text, at `x` points from the line's start.
struct TextFragment {
    var text: String
    var font: PDFStandardFont
    var x: Double
    var color: PDFColor
}

/// Breaks text into lines of fragments, and lines into layout units. Labels ("Comment:") are bold
/// and the text after them hangs under its first line, as in the text export.
struct FormPDFTypesetter {
    let fonts: PDFFontSet

    func width(_ text: String, _ font: PDFStandardFont, _ size: Double) -> Double {
        fonts.width(of: text, font: font, size: size)
    }

    /// `text` broken into lines no wider than `width`.
    func paragraph(_ text: String, style: FormPDFTextStyle, width: Double, x: Double = 0) -> [[TextFragment]] {
        fonts.lines(for: text, font: style.font, size: style.size, width: max(width, 1)).map { line in
            [TextFragment(text: line, font: style.font, x: x, color: style.color)]
        }
    }

    /// "Label: text" with the label bold; the lines of `text` hang under its first line. When the
    /// label would leave too little room, the text starts on the next line, indented.
    func labeled(
        _ label: String, _ text: String, style: FormPDFTextStyle, width: Double, labelColor: PDFColor? = nil
    ) -> [[TextFragment]] {
        let labelText = label + ":"
        let labelFragment = TextFragment(
            text: labelText, font: style.bold, x: 0, color: labelColor ?? style.color)
        let hang = self.width(labelText + " ", style.bold, style.size)
        if text.isEmpty {
            return [[labelFragment]]
        }
        guard hang <= width * 0.5 else {
            return [[labelFragment]] + paragraph(text, style: style, width: width - 10, x: 10)
        }
        var lines = paragraph(text, style: style, width: width - hang, x: hang)
        lines[0].insert(labelFragment, at: 0)
        return lines
    }

    /// Pairs of "Label: value" on one line when they fit, else each on its own lines.
    func labeledPairs(_ pairs: [(String, String)], style: FormPDFTextStyle, width: Double) -> [[TextFragment]] {
        let gap = 24.0
        var line: [TextFragment] = []
        var x = 0.0
        for (label, value) in pairs {
            let labelText = label + ":"
            let labelWidth = self.width(labelText + " ", style.bold, style.size)
            line.append(TextFragment(text: labelText, font: style.bold, x: x, color: style.color))
            line.append(TextFragment(text: value, font: style.font, x: x + labelWidth, color: style.color))
            x += labelWidth + self.width(value, style.font, style.size) + gap
        }
        let fitsOnOneLine = x - gap <= width && !pairs.contains { $0.1.contains(where: \.isNewline) }
        if fitsOnOneLine {
            return [line]
        }
        return pairs.flatMap { labeled($0.0, $0.1, style: style, width: width) }
    }

    /// One unit per line, the fragments drawn at `x` plus their own offset.
    func units(_ lines: [[TextFragment]], style: FormPDFTextStyle, x: Double) -> [LayoutUnit] {
        lines.map { line in
            LayoutUnit(height: style.lineHeight) { page, top in
                Self.draw(line, on: &page, x: x, baseline: top + style.baselineOffset, size: style.size)
            }
        }
    }

    static func draw(_ line: [TextFragment], on page: inout PDFPage, x: Double, baseline: Double, size: Double) {
        for fragment in line where !fragment.text.isEmpty {
            page.drawText(
                fragment.text, at: PDFPoint(x: x + fragment.x, y: baseline), font: fragment.font, size: size,
                color: fragment.color)
        }
    }

    /// `text` cut to fit `width`, ending in "…" when cut. Characters are measured one by one, only as
    /// far as the width reaches, so a long text costs no more than the part of it that fits.
    func truncated(_ text: String, style: FormPDFTextStyle, width: Double) -> String {
        let ellipsis = self.width("…", style.font, style.size)
        var used = 0.0
        var fits = text.startIndex
        var index = text.startIndex
        while index < text.endIndex {
            let next = text.index(after: index)
            used += self.width(String(text[index]), style.font, style.size)
            if used > width {
                return String(text[..<fits]) + "…"
            }
            if used + ellipsis <= width {
                fits = next
            }
            index = next
        }
        return text
    }
}
