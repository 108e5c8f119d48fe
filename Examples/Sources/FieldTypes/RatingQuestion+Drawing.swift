import QuestionKit

/// A rating as it is printed: a row of boxes numbered 1 to N, those up to the rating filled, and
/// "4 of 5" after them. The text export and the review print the text fallback, "4 of 5".
extension RatingQuestion {
    /// The side of a box and the gap after it, in the drawing's units.
    static let boxSide = 22.0
    static let boxGap = 4.0
    /// The drawing's width: room for the largest scale's boxes and the words after them, so that
    /// every rating prints at the same size whatever its scale.
    static let drawingWidth = 520.0

    /// The row of boxes for `rating` on `definition`'s scale.
    public func drawing(_ rating: Int, of definition: RatingDefinition) -> AnswerDrawing {
        let ink = AnswerDrawing.Color(red: 0.15, green: 0.2, blue: 0.35)
        let white = AnswerDrawing.Color(red: 1, green: 1, blue: 1)
        let text = "\(rating) of \(definition.scale)"
        var elements: [AnswerDrawing.Element] = []
        for value in 1...definition.scale {
            let left = Double(value - 1) * (Self.boxSide + Self.boxGap) + 1
            let isFilled = value <= rating
            elements.append(
                .rectangle(
                    origin: .init(x: left, y: 1), width: Self.boxSide, height: Self.boxSide,
                    paint: .init(stroke: ink, fill: isFilled ? ink : nil, lineWidth: 1.2)))
            elements.append(
                .text(
                    String(value), at: .init(x: left + Self.boxSide / 2, y: 16.5), size: 11,
                    color: isFilled ? white : ink, anchor: .middle))
        }
        let after = Double(definition.scale) * (Self.boxSide + Self.boxGap) + 8
        elements.append(.text(text, at: .init(x: after, y: 16.5), size: 12, color: .black))
        return AnswerDrawing(
            width: Self.drawingWidth, height: Self.boxSide + 2, elements: elements, textFallback: text)
    }
}
