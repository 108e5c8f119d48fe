import QuestionKit
import QuestionKitForms

/// Where things go on a page of the printed form: 40 pt margins all round, the footer inside the
/// bottom margin's frame, the body between.
struct FormPDFFrame {
    let pageSize: PDFPageSize
    let margin = 40.0
    /// The footer's rule and its "Page N of M" line take this much above the bottom margin.
    let footerHeight = 22.0

    var left: Double { margin }
    var right: Double { pageSize.width - margin }
    var width: Double { pageSize.width - 2 * margin }
    var top: Double { margin }
    /// The lowest point body content may reach.
    var bodyBottom: Double { pageSize.height - margin - footerHeight }
    var bodyHeight: Double { bodyBottom - top }
    /// Where the footer's rule is drawn.
    var footerRule: Double { pageSize.height - margin - footerHeight + 8 }
    /// The baseline of the footer's text, kept above the margin by the font's descent.
    var footerBaseline: Double { pageSize.height - margin - 3 }
}

/// A font, size, colour and line spacing for text.
struct FormPDFTextStyle {
    var font: PDFStandardFont
    var size: Double
    var color: PDFColor = .black
    /// The distance from one baseline to the next.
    var lineHeight: Double

    init(_ font: PDFStandardFont, size: Double, color: PDFColor = .black, lineHeight: Double? = nil) {
        self.font = font
        self.size = size
        self.color = color
        self.lineHeight = lineHeight ?? (size * 1.3).rounded(.up)
    }

    /// The baseline's distance below the top of a line: the ascender, with the leading shared above and below.
    var baselineOffset: Double {
        let ascender = Double(font.ascender) / 1000 * size
        let descender = -Double(font.descender) / 1000 * size
        return (lineHeight - ascender - descender) / 2 + ascender
    }

    func with(font: PDFStandardFont? = nil, color: PDFColor? = nil) -> FormPDFTextStyle {
        var style = self
        style.font = font ?? self.font
        style.color = color ?? self.color
        return style
    }

    /// The bold face of the same family.
    var bold: PDFStandardFont {
        font == .helveticaOblique || font == .helveticaBoldOblique ? .helveticaBoldOblique : .helveticaBold
    }
}

/// The typography and colours of the printed form.
enum FormPDFStyle {
    static let title = FormPDFTextStyle(.helveticaBold, size: 15, color: .white, lineHeight: 19)
    static let metadata = FormPDFTextStyle(.helvetica, size: 9, lineHeight: 11.5)
    static let gridLabel = FormPDFTextStyle(.helvetica, size: 6.5, color: PDFColor(gray: 0.4), lineHeight: 8.5)
    static let body = FormPDFTextStyle(.helvetica, size: 10, lineHeight: 13)
    static let heading = FormPDFTextStyle(.helveticaBold, size: 10.5, lineHeight: 16)
    static let note = FormPDFTextStyle(.helveticaOblique, size: 8.5, color: noteGray, lineHeight: 11)
    static let flag = FormPDFTextStyle(.helvetica, size: 9.5, color: flagRed, lineHeight: 12.5)
    static let footer = FormPDFTextStyle(.helvetica, size: 8, color: PDFColor(gray: 0.35), lineHeight: 10)
    static let summaryTitle = FormPDFTextStyle(.helveticaBold, size: 12.5, color: .white, lineHeight: 16)

    static let titleBar = PDFColor(gray: 0.2)
    static let headingBand = PDFColor(gray: 0.92)
    static let boxRule = PDFColor(gray: 0.45)
    static let tableRule = PDFColor(gray: 0.4)
    static let tableHeader = PDFColor(gray: 0.88)
    static let noCellFill = PDFColor(gray: 0.78)
    static let noCellBorder = PDFColor(red: 0.85, green: 0, blue: 0)
    static let noteGray = PDFColor(gray: 0.38)
    static let flagRed = PDFColor(red: 0.78, green: 0, blue: 0)
    static let mark = PDFColor(gray: 0.12)

    /// How far answers, comments and media sit to the right of the question.
    static let answerIndent = 14.0
    /// The red bar beside a flagged question, in the left margin.
    static let flagBarX = 29.0
    static let flagBarWidth = 3.5
    /// Space before each question.
    static let questionGap = 9.0
}
