/// A picture a question type draws itself, for answers the other blocks cannot say: a rating as a
/// row of boxes, a gauge as a dial, a signature. Medium-neutral: the PDF scales it into the answer
/// column, keeping its aspect; the review and the text export print `textFallback` instead.
///
/// Coordinates are the drawing's own units, from the top-left corner of a `width` × `height` box,
/// y growing downwards (as text is read). Lengths such as line widths and text sizes are in the same
/// units, so the whole picture scales together.
public struct AnswerDrawing: Sendable, Hashable {
    /// The box's width, in the drawing's units; with `height`, it gives the aspect.
    public var width: Double
    /// The box's height, in the drawing's units.
    public var height: Double
    /// What is drawn, in order: later elements paint over earlier ones.
    public var elements: [Element]
    /// What a text medium shows instead of the picture, e.g. `"4 of 5"`.
    public var textFallback: String

    /// A drawing in a `width` × `height` box; sizes that are not finite and positive become 1.
    public init(width: Double, height: Double, elements: [Element], textFallback: String) {
        self.width = Self.positive(width)
        self.height = Self.positive(height)
        self.elements = elements
        self.textFallback = textFallback
    }

    private static func positive(_ value: Double) -> Double { value.isFinite && value > 0 ? value : 1 }

    /// A point in the drawing's units.
    public struct Point: Sendable, Hashable {
        /// From the left edge.
        public var x: Double
        /// From the top edge, downwards.
        public var y: Double

        /// The point at `x`, `y`.
        public init(x: Double, y: Double) {
            self.x = x
            self.y = y
        }
    }

    /// A colour, each component from 0 to 1 (values outside are clamped when drawn).
    public struct Color: Sendable, Hashable {
        /// Red, green and blue, 0...1.
        public var red, green, blue: Double

        /// The colour of the given components.
        public init(red: Double, green: Double, blue: Double) {
            self.red = red
            self.green = green
            self.blue = blue
        }

        /// Black.
        public static let black = Color(red: 0, green: 0, blue: 0)
        /// The grey QuestionKit uses for secondary marks.
        public static let gray = Color(red: 0.55, green: 0.55, blue: 0.55)
    }

    /// How a shape is painted: its outline, its inside, or both.
    public struct Paint: Sendable, Hashable {
        /// The outline's colour, or nil for none.
        public var stroke: Color?
        /// The inside's colour, or nil for none.
        public var fill: Color?
        /// The outline's width, in the drawing's units.
        public var lineWidth: Double

        /// A paint with the given outline and inside.
        public init(stroke: Color? = .black, fill: Color? = nil, lineWidth: Double = 1) {
            self.stroke = stroke
            self.fill = fill
            self.lineWidth = lineWidth
        }
    }

    /// Which point of a text run its `at.x` is.
    public enum TextAnchor: Sendable, Hashable {
        /// The start of the text (its left end).
        case start
        /// The middle of the text: centred on `at.x`.
        case middle
        /// The end of the text (its right end).
        case end
    }

    /// One element of a drawing.
    public enum Element: Sendable, Hashable {
        /// A straight line.
        case line(from: Point, to: Point, width: Double, color: Color)
        /// An open line through `points`, joined at each: a trace, a signature's stroke.
        case polyline([Point], width: Double, color: Color)
        /// An axis-aligned rectangle with its top-left corner at `origin`.
        case rectangle(origin: Point, width: Double, height: Double, paint: Paint)
        /// A closed shape through `points` (a triangle, a dial's needle, a sector).
        case polygon([Point], paint: Paint)
        /// A run of text on one line, `size` units high, its baseline at `at.y`; `anchor` says whether
        /// `at.x` is where it starts, its middle or where it ends (a type cannot measure text: the
        /// medium's font decides its width).
        case text(String, at: Point, size: Double, color: Color = .black, anchor: TextAnchor = .start)
        /// An image (JPEG or PNG bytes) scaled into the rectangle at `origin`.
        case image([UInt8], origin: Point, width: Double, height: Double)
    }
}
