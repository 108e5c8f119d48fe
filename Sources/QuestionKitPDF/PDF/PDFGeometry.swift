/// A point on a page, in PDF points (1/72 inch), measured from the page's top-left corner with `y` growing
/// downwards, which is how layout code thinks. The page converts to PDF's bottom-up coordinates.
public struct PDFPoint: Sendable, Hashable {
    /// Points from the left edge of the page.
    public var x: Double
    /// Points down from the top edge of the page.
    public var y: Double

    /// The point `x` points from the left and `y` points down from the top.
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle on a page in top-left coordinates: `(x, y)` is its top-left corner.
public struct PDFRect: Sendable, Hashable {
    /// The left edge, in points from the left edge of the page.
    public var x: Double
    /// The top edge, in points down from the top edge of the page.
    public var y: Double
    /// The width in points.
    public var width: Double
    /// The height in points, measured downwards from `y`.
    public var height: Double

    /// The rectangle with its top-left corner at (`x`, `y`) and the given size, all in points.
    public init(x: Double, y: Double, width: Double, height: Double) {
        self.x = x
        self.y = y
        self.width = width
        self.height = height
    }

    /// The bottom edge (`y + height`).
    public var maxY: Double { y + height }
    /// The right edge (`x + width`).
    public var maxX: Double { x + width }
}

/// The size of a page in points.
public struct PDFPageSize: Sendable, Hashable {
    /// The width in points.
    public var width: Double
    /// The height in points.
    public var height: Double

    /// A page size of `width` by `height` points.
    public init(width: Double, height: Double) {
        self.width = width
        self.height = height
    }

    /// US Letter, 8.5 × 11 inches (612 × 792 points): the default.
    public static let letter = PDFPageSize(width: 612, height: 792)
    /// ISO A4, 210 × 297 mm (595.28 × 841.89 points).
    public static let a4 = PDFPageSize(width: 595.28, height: 841.89)
}

/// An RGB colour with components from 0 to 1 (values outside are clamped when written).
public struct PDFColor: Sendable, Hashable {
    /// The red component, 0 to 1.
    public var red: Double
    /// The green component, 0 to 1.
    public var green: Double
    /// The blue component, 0 to 1.
    public var blue: Double

    /// The colour with the given components, each from 0 to 1.
    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A grey: 0 is black, 1 is white.
    public init(gray: Double) {
        self.init(red: gray, green: gray, blue: gray)
    }

    /// Black: the default colour of text and lines.
    public static let black = PDFColor(gray: 0)
    /// White, e.g. for text on a dark bar.
    public static let white = PDFColor(gray: 1)
    /// The light grey used for cells that take no answer.
    public static let lightGray = PDFColor(gray: 0.85)
    /// A dark red, used to mark characters that no font could show.
    public static let red = PDFColor(red: 0.8, green: 0, blue: 0)
}
