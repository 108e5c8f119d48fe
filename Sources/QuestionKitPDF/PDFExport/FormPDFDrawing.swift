import QuestionKit
import QuestionKitForms

extension FormPDFComposer {
    /// A picture a question type drew, as one unit (so on one page): scaled uniformly to `width`, or
    /// smaller when it would be taller than ``drawingHeightLimit``, and clipped to its box. A drawing
    /// that cannot be scaled (a box of no size) prints its text fallback instead.
    func drawing(_ drawing: AnswerDrawing, x: Double, width: Double, place: String) -> [LayoutUnit] {
        guard
            let placed = FormPDFDrawing(
                drawing, width: width, heightLimit: drawingHeightLimit, fonts: setter.fonts, place: place)
        else {
            let style = FormPDFStyle.body
            return setter.units(setter.paragraph(drawing.textFallback, style: style, width: width), style: style, x: x)
        }
        return [LayoutUnit(height: placed.height) { page, top in placed.draw(on: &page, left: x, top: top) }]
    }

    /// The tallest a drawing is printed: a third of the page's body, so that it keeps to one page
    /// with its question and leaves room around it.
    var drawingHeightLimit: Double { frame.bodyHeight / 3 }
}

/// An ``AnswerDrawing`` placed on the printed form: its scale, its size in points, and its images,
/// read once. Drawing costs time linear in the number of elements and their text and points.
struct FormPDFDrawing {
    let drawing: AnswerDrawing
    let scale: Double
    let width: Double
    let height: Double
    let fonts: PDFFontSet
    let place: String
    /// The image of each image element, by its index, or why it cannot be shown.
    let images: [Int: Result<PDFImage, PDFImageError>]

    /// The colour of the box shown in place of an image that cannot be read.
    static let missingImage = PDFColor(gray: 0.8)
    /// How far outside the page a coordinate may reach: the clip hides it, and PDF readers only
    /// guarantee reals of modest size.
    static let reach = 100_000.0

    init?(_ drawing: AnswerDrawing, width: Double, heightLimit: Double, fonts: PDFFontSet, place: String) {
        // The size is checked where it is set, but it is a `var`: check again.
        let units = (width: Self.positive(drawing.width), height: Self.positive(drawing.height))
        let scale = min(width / units.width, heightLimit / units.height)
        guard scale.isFinite, scale > 0, (units.width * scale).isFinite, (units.height * scale).isFinite else {
            return nil
        }
        self.drawing = drawing
        self.scale = scale
        self.width = units.width * scale
        self.height = units.height * scale
        self.fonts = fonts
        self.place = place
        var images: [Int: Result<PDFImage, PDFImageError>] = [:]
        for (index, element) in drawing.elements.enumerated() {
            guard case .image(let bytes, _, _, _) = element else { continue }
            images[index] = Result { () throws(PDFImageError) in try PDFImage.read(bytes) }
        }
        self.images = images
    }

    private static func positive(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 1 }

    /// Draws the picture with its top-left corner at (`left`, `top`), nothing outside its box.
    func draw(on page: inout PDFPage, left: Double, top: Double) {
        page.saveState()
        page.clip(to: PDFRect(x: left, y: top, width: width, height: height))
        let place = Placement(left: left, top: top, scale: scale)
        for (index, element) in drawing.elements.enumerated() {
            draw(element, index: index, on: &page, place)
        }
        page.restoreState()
    }

    private func draw(_ element: AnswerDrawing.Element, index: Int, on page: inout PDFPage, _ at: Placement) {
        switch element {
        case .line(let from, let to, let lineWidth, let color):
            page.drawLine(from: at.point(from), to: at.point(to), width: at.length(lineWidth), color: color.pdf)
        case .polyline(let points, let lineWidth, let color):
            page.drawPolyline(points.map(at.point), width: at.length(lineWidth), color: color.pdf)
        case .rectangle(let origin, let width, let height, let paint):
            let rect = at.rect(origin, width, height)
            page.drawPolygon(
                [
                    PDFPoint(x: rect.x, y: rect.y), PDFPoint(x: rect.maxX, y: rect.y),
                    PDFPoint(x: rect.maxX, y: rect.maxY), PDFPoint(x: rect.x, y: rect.maxY),
                ],
                fill: paint.fill?.pdf, stroke: paint.stroke?.pdf, lineWidth: at.length(paint.lineWidth))
        case .polygon(let points, let paint):
            page.drawPolygon(
                points.map(at.point), fill: paint.fill?.pdf, stroke: paint.stroke?.pdf,
                lineWidth: at.length(paint.lineWidth))
        case .text(let text, let point, let size, let color, let anchor):
            drawText(text, point: at.point(point), size: at.length(size), color: color.pdf, anchor: anchor, on: &page)
        case .image(_, let origin, let width, let height):
            drawImage(index: index, in: at.rect(origin, width, height), on: &page)
        }
    }

    private func drawText(
        _ text: String, point: PDFPoint, size: Double, color: PDFColor, anchor: AnswerDrawing.TextAnchor,
        on page: inout PDFPage
    ) {
        guard size > 0 else { return }
        let line = TerminalText.oneLine(text)
        let shift: Double
        switch anchor {
        case .start: shift = 0
        case .middle: shift = fonts.width(of: line, font: .helvetica, size: size) / 2
        case .end: shift = fonts.width(of: line, font: .helvetica, size: size)
        }
        page.drawText(line, at: PDFPoint(x: point.x - shift, y: point.y), font: .helvetica, size: size, color: color)
    }

    private func drawImage(index: Int, in rect: PDFRect, on page: inout PDFPage) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch images[index] {
        case .success(let image):
            page.drawImage(image, in: rect)
        case .failure(let error):
            page.fillRectangle(rect, color: Self.missingImage)
            page.addWarnings([.drawingImageUnreadable(place: place, reason: "\(error)")])
        case nil:
            return
        }
    }

    /// The drawing's units to the page's points.
    private struct Placement {
        let left: Double
        let top: Double
        let scale: Double

        func point(_ point: AnswerDrawing.Point) -> PDFPoint {
            PDFPoint(x: Self.bounded(left + point.x * scale), y: Self.bounded(top + point.y * scale))
        }

        /// A line width or text size; nothing usable (negative, not a number) is 0.
        func length(_ length: Double) -> Double {
            let points = length * scale
            return points.isFinite && points > 0 ? min(points, FormPDFDrawing.reach) : 0
        }

        /// The rectangle at `origin`, its corners put in order when its size is negative.
        func rect(_ origin: AnswerDrawing.Point, _ width: Double, _ height: Double) -> PDFRect {
            let corner = point(origin)
            let far = point(AnswerDrawing.Point(x: origin.x + width, y: origin.y + height))
            return PDFRect(
                x: min(corner.x, far.x), y: min(corner.y, far.y), width: abs(far.x - corner.x),
                height: abs(far.y - corner.y))
        }

        /// Far points kept in reach, in their direction; a point that is not a number is at the corner.
        private static func bounded(_ value: Double) -> Double {
            value.isNaN ? 0 : min(max(value, -FormPDFDrawing.reach), FormPDFDrawing.reach)
        }
    }
}

extension AnswerDrawing.Color {
    /// The colour for the PDF writer (which clamps each component to 0...1).
    var pdf: PDFColor { PDFColor(red: red, green: green, blue: blue) }
}
