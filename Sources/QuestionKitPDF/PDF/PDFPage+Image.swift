extension PDFPage {
    /// Draws `image` stretched to fill `rect` (keep its proportions by choosing `rect` so); see
    /// ``PDFImage/fitted(in:)``.
    public mutating func drawImage(_ image: PDFImage, in rect: PDFRect) {
        let number = resourceNumber(for: image)
        content.append("q ")
        content.append(number: rect.width)
        content.append(" 0 0 ")
        content.append(number: rect.height)
        content.append(" ")
        // An image fills the unit square; the matrix puts its bottom-left corner at the rect's.
        appendPoint(PDFPoint(x: rect.x, y: rect.maxY))
        content.append(" cm ")
        content.append(name: "Im\(number)")
        content.append(" Do Q\n")
    }
}

extension PDFImage {
    /// The largest rectangle with the image's proportions inside `box`, centred in it.
    public func fitted(in box: PDFRect) -> PDFRect {
        let scale = min(box.width / Double(width), box.height / Double(height))
        let (fittedWidth, fittedHeight) = (Double(width) * scale, Double(height) * scale)
        return PDFRect(
            x: box.x + (box.width - fittedWidth) / 2, y: box.y + (box.height - fittedHeight) / 2, width: fittedWidth,
            height: fittedHeight)
    }
}
