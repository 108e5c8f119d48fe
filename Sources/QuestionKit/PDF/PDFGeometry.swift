/// A point on a page, in PDF points (1/72 inch), measured from the page's top-left corner with `y` growing
/// downwards, which is how layout code thinks. The page converts to PDF's bottom-up coordinates.
public struct PDFPoint: Sendable, Hashable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
}

/// A rectangle on a page in top-left coordinates: `(x, y)` is its top-left corner.
public struct PDFRect: Sendable, Hashable {
    public var x: Double
    public var y: Double
    public var width: Double
    public var height: Double

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
    public var width: Double
    public var height: Double

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
    public var red: Double
    public var green: Double
    public var blue: Double

    public init(red: Double, green: Double, blue: Double) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// A grey: 0 is black, 1 is white.
    public init(gray: Double) {
        self.init(red: gray, green: gray, blue: gray)
    }

    public static let black = PDFColor(gray: 0)
    public static let white = PDFColor(gray: 1)
    /// The light grey used for cells that take no answer.
    public static let lightGray = PDFColor(gray: 0.85)
    public static let red = PDFColor(red: 0.8, green: 0, blue: 0)
}
