import QuestionKitArchive

/// One page being drawn: text, lines and rectangles, in points from the top-left corner (`y` downwards).
///
/// Drawing appends PDF content operators (ISO 32000-1 §8–9); the page remembers the fonts and glyphs it
/// used so that ``PDFDocument`` can embed them. Colours and line widths are only written when they change.
public struct PDFPage: Sendable {
    /// The page size; the default is US Letter.
    public let size: PDFPageSize
    /// The fonts text is drawn with.
    public let fonts: PDFFontSet
    /// Characters that no font could show on this page, each once, in the order met.
    public private(set) var warnings: [PDFWarning] = []

    var content = PDFBuffer()
    /// Content finished early by ``seal()``, compressed, each written as a stream of its own before `content`.
    private(set) var sealedContent: [PDFStreamPayload] = []
    /// Fonts in the order of first use; the first is the resource `/F1`.
    var faces: [PDFFontFace] { fontResources.items }
    private var fontResources = PDFResourceList<PDFFontFace>()
    /// For each TrueType font, its glyphs used and the character each shows (for `ToUnicode`).
    private(set) var glyphUsage: [TrueTypeFont: [UInt16: Unicode.Scalar]] = [:]
    /// Images in the order of first use; the first is the resource `/Im1` (see `PDFPage+Image`).
    var images: [PDFImage] { imageResources.items }
    private var imageResources = PDFResourceList<PDFImage>()
    private var state = GraphicsState()
    private var savedStates: [GraphicsState] = []

    private struct GraphicsState {
        var fill = PDFColor.black
        var stroke = PDFColor.black
        var lineWidth = 1.0
    }

    /// A blank page of `size`, drawing text with `fonts`.
    public init(size: PDFPageSize = .letter, fonts: PDFFontSet = .standardOnly) {
        self.size = size
        self.fonts = fonts
    }

    /// Saves the graphics state (colours, line width), to be restored by ``restoreState()``.
    public mutating func saveState() {
        savedStates.append(state)
        content.append("q\n")
    }

    /// Restores the state saved by the matching ``saveState()``; does nothing when none is saved.
    public mutating func restoreState() {
        guard let saved = savedStates.popLast() else { return }
        state = saved
        content.append("Q\n")
    }

    /// A straight line.
    public mutating func drawLine(from start: PDFPoint, to end: PDFPoint, width: Double = 1, color: PDFColor = .black) {
        setStroke(color, width: width)
        appendPoint(start)
        content.append(" m ")
        appendPoint(end)
        content.append(" l S\n")
    }

    /// The outline of a rectangle, centred on its edges.
    public mutating func strokeRectangle(_ rect: PDFRect, lineWidth: Double = 1, color: PDFColor = .black) {
        setStroke(color, width: lineWidth)
        appendRectangle(rect)
        content.append(" re S\n")
    }

    /// A filled rectangle.
    public mutating func fillRectangle(_ rect: PDFRect, color: PDFColor) {
        setFill(color)
        appendRectangle(rect)
        content.append(" re f\n")
    }

    /// A filled rectangle with an outline, such as a grey cell with a red border.
    public mutating func fillAndStrokeRectangle(
        _ rect: PDFRect, fill: PDFColor, stroke: PDFColor, lineWidth: Double = 1
    ) {
        setFill(fill)
        setStroke(stroke, width: lineWidth)
        appendRectangle(rect)
        content.append(" re B\n")
    }

    /// Compresses what has been drawn so far into a content stream of its own, so that a long document
    /// holds its finished pages compressed while the rest is laid out. Drawing may go on (into the next
    /// stream); a state still saved is restored first, as at the end of a page.
    public mutating func seal() {
        var heads = LZ77Heads()
        seal(reusing: &heads)
    }

    /// ``seal()`` with the compressor's hash table of the pages sealed before (see ``LZ77Heads``).
    mutating func seal(reusing heads: inout LZ77Heads) {
        guard content.count > 0 else { return }
        sealedContent.append(PDFStreamPayload(finishedContent, compress: true, heads: &heads))
        content = PDFBuffer()
        if let outermost = savedStates.first {
            state = outermost
        }
        savedStates = []
    }

    /// The content with any state still saved restored, so that the stream is balanced.
    var finishedContent: [UInt8] {
        var bytes = content.bytes
        for _ in savedStates {
            bytes.append(contentsOf: Array("Q\n".utf8))
        }
        return bytes
    }

    mutating func setFill(_ color: PDFColor) {
        guard color != state.fill else { return }
        state.fill = color
        appendColor(color)
        content.append(" rg\n")
    }

    mutating func setStroke(_ color: PDFColor, width: Double) {
        if color != state.stroke {
            state.stroke = color
            appendColor(color)
            content.append(" RG\n")
        }
        if width != state.lineWidth {
            state.lineWidth = width
            content.append(number: width)
            content.append(" w\n")
        }
    }

    private mutating func appendColor(_ color: PDFColor) {
        content.append(number: min(max(color.red, 0), 1))
        content.append(" ")
        content.append(number: min(max(color.green, 0), 1))
        content.append(" ")
        content.append(number: min(max(color.blue, 0), 1))
    }

    mutating func appendPoint(_ point: PDFPoint) {
        content.append(number: point.x)
        content.append(" ")
        content.append(number: size.height - point.y)
    }

    mutating func appendRectangle(_ rect: PDFRect) {
        appendPoint(PDFPoint(x: rect.x, y: rect.maxY))
        content.append(" ")
        content.append(number: rect.width)
        content.append(" ")
        content.append(number: rect.height)
    }

    /// The resource number of `face` on this page (`/F<n>`), registering it on first use.
    mutating func resourceNumber(for face: PDFFontFace) -> Int {
        fontResources.number(for: face)
    }

    /// The resource number of `image` on this page (`/Im<n>`), registering it on first use.
    mutating func resourceNumber(for image: PDFImage) -> Int {
        imageResources.number(for: image)
    }

    mutating func recordGlyphs(_ run: PDFTextRun) {
        guard case .trueType(let font) = run.face else { return }
        for (glyph, scalar) in run.glyphs where glyphUsage[font]?[glyph] == nil {
            glyphUsage[font, default: [:]][glyph] = scalar
        }
    }

    mutating func addWarnings(_ new: [PDFWarning]) {
        for warning in new where !warnings.contains(warning) {
            warnings.append(warning)
        }
    }
}
