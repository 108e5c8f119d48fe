extension PDFPage {
    /// Restricts everything drawn after it to `rect`, until the ``restoreState()`` matching the
    /// ``saveState()`` before it: a clip only ever narrows, and only a restore widens it again.
    public mutating func clip(to rect: PDFRect) {
        appendRectangle(rect)
        content.append(" re W n\n")
    }

    /// A closed shape through `points` (ISO 32000-1 §8.5.2): filled with `fill`, outlined with
    /// `stroke` at `lineWidth`, or both; nil for neither draws nothing, as do fewer than two points.
    /// Its inside follows the nonzero winding rule.
    public mutating func drawPolygon(
        _ points: [PDFPoint], fill: PDFColor? = nil, stroke: PDFColor? = nil, lineWidth: Double = 1
    ) {
        guard points.count >= 2, fill != nil || stroke != nil else { return }
        if let fill { setFill(fill) }
        if let stroke { setStroke(stroke, width: lineWidth) }
        appendPath(points)
        content.append(" h ")
        switch (fill, stroke) {
        case (.some, .some): content.append("B\n")
        case (.some, nil): content.append("f\n")
        default: content.append("S\n")
        }
    }

    /// An open line through `points`, joined at each of them: a trace, a signature's stroke.
    public mutating func drawPolyline(_ points: [PDFPoint], width: Double = 1, color: PDFColor = .black) {
        guard points.count >= 2 else { return }
        setStroke(color, width: width)
        appendPath(points)
        content.append(" S\n")
    }

    private mutating func appendPath(_ points: [PDFPoint]) {
        for (index, point) in points.enumerated() {
            if index > 0 { content.append(" ") }
            appendPoint(point)
            content.append(index == 0 ? " m" : " l")
        }
    }
}
