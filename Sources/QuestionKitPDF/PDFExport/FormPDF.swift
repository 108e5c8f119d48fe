import Foundation
import QuestionKit
import QuestionKitForms

/// How ``FormPDF`` prints a form.
public struct FormPDFOptions: Sendable {
    /// The page size: US Letter unless set (``PDFPageSize/a4`` is the other common one).
    public var pageSize: PDFPageSize
    /// The fonts. By default the system fonts of ``systemFonts`` (DejaVu Sans and Droid Sans Fallback
    /// where installed), else Helvetica alone, which replaces what it cannot show and reports it.
    public var fonts: PDFFontSet
    /// The document's author, shown in a viewer's document properties; the technician when nil.
    public var author: String?
    /// When the document was made, for the document properties.
    public var creationDate: Date
    /// The text of the heading bar at the top of the first page; ``defaultHeading`` unless set.
    public var heading = FormPDFOptions.defaultHeading
    /// A logo drawn at the left of the heading bar (26 pt high), or none.
    public var logo: PDFImage?
    /// The form's photos by name (see ``FormPDFPhotos``), printed as thumbnails; a photo not here
    /// is printed as its name.
    public var photos: [String: PDFImage] = [:]

    /// The heading when none is set: the kind of document, naming no one's company.
    public static let defaultHeading = "Maintenance Instruction"

    /// Options with the given settings; by default US Letter, the system fonts, the technician as author, dated now.
    public init(
        pageSize: PDFPageSize = .letter, fonts: PDFFontSet = FormPDFOptions.systemFonts.fonts, author: String? = nil,
        creationDate: Date = Date()
    ) {
        self.pageSize = pageSize
        self.fonts = fonts
        self.author = author
        self.creationDate = creationDate
    }

    /// The usual fallback fonts, as `PDFFontSet.loadingFonts()` finds them, read once per process; those
    /// that could not be read are in `fonts.unavailable`, named by ``PDFFontSet/warnings(for:)`` when a
    /// character needed them. Without any of them this is Helvetica alone.
    public static let systemFonts: (fonts: PDFFontSet, warnings: [PDFWarning]) = PDFFontSet.loadingFonts()
}

/// A completed form printed as PDF, laid out like the original system's print (Docs/PrintedForm.md).
///
/// US Letter (or A4), 40 pt margins. The header has a heading bar (``FormPDFOptions/heading`` in white
/// on a dark bar, with the optional ``FormPDFOptions/logo``), the fixed grid of labelled boxes of the
/// template's metadata (drawn even when empty; `email` is not printed), the signature lines "Work
/// Performed by: … Date: … WO#: …" and "Work Leader Review: … Date: …", and the foreman's comment.
/// Each question follows: a grey band "Question N - Section", the question, the answer as its
/// ``AnswerRendering`` says (values; notes smaller and grey; every option of a choice with a box, the
/// chosen ones filled, bold and followed by "- Selected"; tables as ruled grids), "Comment: …" (always),
/// thumbnails of its photos (``FormPDFOptions/photos``), "Media: …" for the rest. A flagged question
/// has a red bar in the left margin and its flags in red under it. An "Attention required" list closes
/// the document, and every page ends with "Page N of M".
///
/// Text wraps to the width; a question's heading stays with its first answer line and is repeated,
/// "(continued)", on each page the question runs onto (so is the "Attention required" band). A table
/// too wide shrinks its font and wraps its cells at spaces (see `FormPDFTableLayout`); when a word
/// would still have to break, it prints in groups of columns that repeat the row labels (see
/// `FormPDFTableGroups`); a table that continues on the next page repeats its header row. Text is
/// drawn in reading order, so that a text extractor reads it like ``TextExport``. Characters the fonts
/// lack are replaced visibly and listed in the document's ``PDFDocument/warnings``.
public enum FormPDF {
    /// The PDF of `review`, laid out and ready to write.
    public static func render(_ review: Review, options: FormPDFOptions = FormPDFOptions()) -> PDFDocument {
        let frame = FormPDFFrame(pageSize: options.pageSize)
        let composer = FormPDFComposer(
            frame: frame, setter: FormPDFTypesetter(fonts: options.fonts), heading: options.heading, logo: options.logo,
            photos: options.photos)
        var flow = FormPDFFlow(frame: frame, fonts: options.fonts)
        flow.place(composer.header(review.header))
        for row in review.rows {
            flow.place(composer.question(row))
        }
        flow.place(composer.summary(review))
        var pages = flow.finish()

        let title = review.header.title.flatMap { TypedText.isBlank($0) ? nil : $0 }
        var document = PDFDocument(
            info: PDFDocumentInfo(
                title: title, author: options.author ?? review.header.technician,
                subject: title.map { "Completed form: \($0)" }, creationDate: options.creationDate))
        var footer = FormPDFFooter(frame: frame, setter: composer.setter, title: footerTitle(review.header))
        for index in pages.indices {
            // Taken out of the list, so that drawing the footer appends to the page's content in
            // place: a copy would hold every page's content twice.
            var page = PDFPage(size: frame.pageSize, fonts: options.fonts)
            swap(&page, &pages[index])
            footer.draw(on: &page, number: index + 1, of: pages.count)
            document.append(page)
        }
        return document
    }

    private static func footerTitle(_ header: ReviewHeader) -> String {
        let title = header.title.flatMap { TypedText.isBlank($0) ? nil : TerminalText.oneLine($0) } ?? ""
        guard let revision = header.revision, !TypedText.isBlank(revision) else { return title }
        return title + " (revision " + TerminalText.oneLine(revision) + ")"
    }
}

/// The footer of every page: a rule, the form's title on the left, "Page N of M" on the right.
struct FormPDFFooter {
    let frame: FormPDFFrame
    let setter: FormPDFTypesetter
    let title: String
    /// The title cut to each room the page labels leave (a few widths): cut once, not once per page.
    private var fittedTitles: [Double: String] = [:]

    init(frame: FormPDFFrame, setter: FormPDFTypesetter, title: String) {
        self.frame = frame
        self.setter = setter
        self.title = title
    }

    mutating func draw(on page: inout PDFPage, number: Int, of count: Int) {
        let style = FormPDFStyle.footer
        page.drawLine(
            from: PDFPoint(x: frame.left, y: frame.footerRule), to: PDFPoint(x: frame.right, y: frame.footerRule),
            width: 0.5, color: style.color)
        let label = "Page \(number) of \(count)"
        let labelWidth = setter.width(label, style.font, style.size)
        let room = frame.width - labelWidth - 24
        if !title.isEmpty, room > 40 {
            let fitted = fittedTitles[room] ?? setter.truncated(title, style: style, width: room)
            fittedTitles[room] = fitted
            page.drawText(
                fitted,
                at: PDFPoint(x: frame.left, y: frame.footerBaseline),
                font: style.font, size: style.size, color: style.color)
        }
        page.drawText(
            label, at: PDFPoint(x: frame.right - labelWidth, y: frame.footerBaseline), font: style.font,
            size: style.size, color: style.color)
    }
}
