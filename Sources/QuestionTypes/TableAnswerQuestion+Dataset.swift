import QuestionKit

extension TableAnswerQuestion {
    /// A row per filled cell, by row then column: the cell's address, its text as stored, a check
    /// cell as a boolean, and a text cell's number where it reads as one.
    public func answerRows(_ answer: Answer, of definition: Definition) -> [AnswerRow] {
        answer.cells.sorted { $0.key < $1.key }.map { cell, value in
            var row = AnswerRow(text: value.stored, cellRow: cell.row, cellColumn: cell.column)
            switch value {
            case .text(let text): row.number = DecimalText.parse(text)
            case .check(let flag): row.boolean = flag
            }
            return row
        }
    }
}
