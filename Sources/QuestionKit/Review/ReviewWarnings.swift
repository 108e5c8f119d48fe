extension Diagnostic {
    /// The warning as a review shows it under its question, located in the completed form:
    /// "line 12, column 9 (/questions/2/user-answer/check-boxes): … [multiple-choice.too-many-answers]".
    public var reviewText: String {
        let place = position.map { "line \($0.line), column \($0.column) " } ?? ""
        return "\(place)(\(pointer.isEmpty ? "/" : pointer)): \(message) [\(code)]"
    }
}

extension ReviewRow {
    /// The warnings, one text each (see `Diagnostic.reviewText`).
    public var warningTexts: [String] { warnings.map(\.reviewText) }
}
