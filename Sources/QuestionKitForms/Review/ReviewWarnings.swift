import QuestionKit

extension Diagnostic {
    /// The warning as a review shows it under its question, located in the completed form:
    /// "line 12, column 9 (/questions/2/user-answer/check-boxes): … [multiple-choice.too-many-answers]".
    public var reviewText: String {
        let place = position.map { "line \($0.line), column \($0.column) " } ?? ""
        return "\(place)(\(pointer.isEmpty ? "/" : pointer)): \(message) [\(code)]"
    }

    /// The warning as `review --format json` gives it under its row: `line` and `column` (null when
    /// it has no position), `pointer`, `code`, `message`.
    var reviewJSON: JSONWriter.Value {
        .object([
            ("line", position.map { .integer($0.line) } ?? .null),
            ("column", position.map { .integer($0.column) } ?? .null),
            ("pointer", .string(pointer)),
            ("code", .string(code)),
            ("message", .string(message)),
        ])
    }
}

extension ReviewRow {
    /// The warnings, one text each (see `Diagnostic.reviewText`).
    public var warningTexts: [String] { warnings.map(\.reviewText) }
}
