import QuestionKit

// MARK: - Documentation and schema

extension TableAnswerQuestion {
    /// How the size, the headers, the row types and the empty cells fit together.
    static var documentation: String {
        """
        A grid the technician fills in, row by row. `numRows` and `numColumns` count the header row \
        and the label column. `firstRow` holds the corner, then one header per data column; \
        `firstColumn` holds the corner, then one label per data row. `rowType` has `""` for the \
        header row, then `"text"` (written answers) or `"check"` (yes/no) for each data row. \
        `noCells` lists data cells, as `"row,column"` counting from the header row and label column \
        (the first data cell is `"2,2"`), that must stay empty; they print greyed out.

        Tables have no accepted answer and raise no flags.
        """
    }

    /// What makes a table question invalid.
    static var rules: [String] {
        [
            "`numRows`, `numColumns`, `firstRow`, `firstColumn` and `rowType` are all present.",
            "`numRows` and `numColumns` are whole numbers from 2 to \(Self.maximumSize).",
            "`firstRow` has `numColumns` strings and `firstColumn` has `numRows` strings.",
            "`rowType` has `numRows` entries: `\"\"` for the header row, then \"text\" or \"check\".",
            "Every `noCells` entry is a data cell \"r,c\" (from \"2,2\" to \"numRows,numColumns\").",
        ]
    }

    /// The size, the labels, the row types and the empty cells.
    static var schemaProperties: [KeySchema] {
        let size =
            JSONSchema.types("integer", "string") + [("minimum", .integer(2)), ("maximum", .integer(Self.maximumSize))]
        let kind: JSONWriter.Value = .object(JSONSchema.oneOf(RowKind.allCases.map(\.rawValue)))
        // Row and column 1 are the headers, never data cells, whatever the size.
        let index = "0*([2-9]|[1-9][0-9]{1,8})"
        let cell: JSONWriter.Value = .object([("type", .string("string")), ("pattern", .string("^\(index),\(index)$"))])
        return [
            KeySchema(Self.numRows, required: true, size),
            KeySchema(Self.numColumns, required: true, size),
            KeySchema(Self.firstRow, required: true, JSONSchema.stringList),
            KeySchema(Self.firstColumn, required: true, JSONSchema.stringList),
            KeySchema(
                Self.rowType, required: true,
                [("type", .string("array")), ("prefixItems", .array([.object([])])), ("items", kind)]),
            KeySchema(
                Self.noCells, [("type", .array([.string("array"), .string("null")])), ("items", cell)]),
            KeySchema(.acceptedAnswer, description: "Not used by tables; ignored, with a warning unless \"none\"."),
        ]
    }
}
