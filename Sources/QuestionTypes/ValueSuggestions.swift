import QuestionKit

extension MultipleChoiceQuestion: SuggestsValues {
    /// The option texts, for an answer and for `acceptedAnswer`.
    public func suggestedValues(for definition: MultipleChoiceDefinition, at key: Key?) -> [String] {
        key == nil || key == .acceptedAnswer ? definition.options : []
    }
}

extension TrueFalseQuestion: SuggestsValues {
    /// The spellings of true and false.
    public func suggestedValues(for definition: TrueFalseDefinition, at key: Key?) -> [String] {
        key == nil || key == .acceptedAnswer ? TrueFalseDefinition.spellings : []
    }
}

extension TableAnswerQuestion: SuggestsValues {
    /// The data cells (`"r,c"`): those to fill, for an answer; all of them, for `noCells`.
    public func suggestedValues(for definition: Definition, at key: Key?) -> [String] {
        switch key {
        case nil: definition.dataCells.map(\.key)
        case Self.noCells?:
            definition.dataRows.flatMap { row in definition.dataColumns.map { TableCell(row: row, column: $0).key } }
        default: []
        }
    }
}
