import QuestionKit

extension TableAnswerQuestion {
    /// The filled cells of a table, by address; a cell that is absent is empty.
    public struct Answer: Sendable, Hashable {
        /// The filled cells.
        public var cells: [TableCell: CellValue]

        /// An answer with the given filled cells; by default, none.
        public init(_ cells: [TableCell: CellValue] = [:]) {
            self.cells = cells
        }

        /// The value of `cell`, or nil when it is empty.
        public subscript(cell: TableCell) -> CellValue? {
            get { cells[cell] }
            set { cells[cell] = newValue }
        }
    }

    /// What a filled cell holds.
    public enum CellValue: Sendable, Hashable {
        /// A text cell's text.
        case text(String)
        /// A check cell: true for "yes", false for "no".
        case check(Bool)

        /// The value as a completed form stores it: the text, or `"yes"` / `"no"`.
        public var stored: String {
            switch self {
            case .text(let text): text
            case .check(let flag): flag ? "yes" : "no"
            }
        }

        /// Whether the cell counts as filled: non-blank text, or a check set either way.
        public var isFilled: Bool {
            switch self {
            case .text(let text): !TypedText.isBlank(text)
            case .check: true
            }
        }
    }
}

// A table is stored as `{"r,c": value}`: 1-based cells counting the header row and the label column.
extension TableAnswerQuestion {
    /// Answers are the filled cells under `table-answer`.
    public var answerKey: Key { .tableAnswer }

    /// Reads the filled cells. Every key must be a data cell `"r,c"` that is not a no-cell; a text
    /// cell holds a string, a check cell `"yes"` or `"no"` in any case (kept as a `Bool`). A blank
    /// value is an empty cell, so it is not kept, and is allowed even in a no-cell. Cells with
    /// problems are reported and left out; the rest of the answer is still read.
    public func parseAnswer(
        _ value: JSONNode, for definition: Definition, problems: inout ProblemCollector
    ) -> Answer? {
        guard value.kind == .object else {
            problems.error(
                Code.answerNotObject,
                "a table answer must be an object of cells such as {\"2,2\": \"Normal\"}, "
                    + "not \(value.quotedForMessage)",
                at: value,
                hint: "Key each filled cell by \"row,column\", counting the header row and the label column, "
                    + "so the first data cell is \"2,2\".")
            return nil
        }
        var answer = Answer()
        answer.cells.reserveCapacity(value.count)
        for member in value.members {
            guard let cell = readCell(member, of: definition, problems: &problems) else { continue }
            if let cellValue = readValue(member, kind: definition.kind(of: cell) ?? .text, problems: &problems) {
                answer[cell] = cellValue
            }
        }
        return answer
    }

    /// Answered when every cell outside `noCells` is filled (text non-blank, every check set).
    public func isAnswered(_ answer: Answer, for definition: Definition) -> Bool {
        // Cell by cell rather than through `dataCells`: every Next asks, and the array cost more than the look-ups.
        definition.dataRows.allSatisfy { row in
            definition.dataColumns.allSatisfy { column in
                let cell = TableCell(row: row, column: column)
                return definition.isNoCell(cell) || answer[cell]?.isFilled == true
            }
        }
    }

    /// The filled cells, row by row: `{"2,2": "Normal", "2,3": "yes"}`.
    public func encodeAnswer(_ answer: Answer, for definition: Definition) -> JSONWriter.Value {
        .object(answer.cells.sorted { $0.key < $1.key }.map { ($0.key.key, .string($0.value.stored)) })
    }

    /// The table as a grid: the corner and column headers, then each data row with its label;
    /// check cells as checks, no-cells as such. Without an answer, "(no answer)" above the empty grid.
    public func render(_ answer: Answer?, of definition: Definition) -> AnswerRendering {
        let header = [definition.corner] + definition.dataColumns.map { definition.header(ofColumn: $0) ?? "" }
        let rows = definition.dataRows.map { row in
            AnswerRendering.Grid.Row(
                label: definition.label(ofRow: row) ?? "",
                cells: definition.dataColumns.map { renderCell(TableCell(row: row, column: $0), answer, definition) })
        }
        let grid = AnswerRendering.Block.grid(AnswerRendering.Grid(header: header, rows: rows))
        return AnswerRendering(answer == nil ? AnswerRendering.noAnswer.blocks + [grid] : [grid])
    }

    private func renderCell(_ cell: TableCell, _ answer: Answer?, _ definition: Definition) -> AnswerRendering.Cell {
        if definition.isNoCell(cell) { return .noCell }
        let value = answer?[cell]
        switch definition.kind(of: cell) ?? .text {
        case .text:
            return .text(value?.stored ?? "")
        case .check:
            guard case .check(let flag) = value else { return .check(nil) }
            return .check(flag)
        }
    }

    // MARK: Reading cells

    /// The member's cell when it is a data cell that may be filled; nil otherwise (reported, unless
    /// it is a no-cell left blank).
    private func readCell(
        _ member: JSONMember, of definition: Definition, problems: inout ProblemCollector
    ) -> TableCell? {
        // Quoted only for a message: most cells have none.
        var key: String { member.keyNode.quotedForMessage }
        guard let cell = TableCell(parsing: member.key) else {
            problems.report(
                .error, Code.malformedCell, "\(key) is not a cell \"row,column\"", at: member.value,
                hint: "Key the cell by two numbers without spaces, e.g. \"2,3\" for row 2, column 3.", atKey: true)
            return nil
        }
        guard definition.isDataCell(cell) else {
            problems.report(
                .error, Code.cellOutsideTable,
                "cell \(key) is not a data cell; data cells run from \"2,2\" to "
                    + "\"\(definition.rows),\(definition.columns)\"",
                at: member.value, hint: Self.outsideHint(cell, rows: definition.rows, columns: definition.columns),
                atKey: true)
            return nil
        }
        guard definition.isNoCell(cell) else { return cell }
        if member.value.stringValue.map(TypedText.isBlank) != true {
            problems.error(
                Code.noCellFilled,
                "cell \(key) must stay empty (the template marks it as a cell that takes no answer), not \(member.value.quotedForMessage)",
                at: member.value, hint: "Leave the cell out of the answer.")
        }
        return nil
    }

    /// The value of a data cell; nil when it is blank (an empty cell) or wrong (reported).
    private func readValue(_ member: JSONMember, kind: RowKind, problems: inout ProblemCollector) -> CellValue? {
        var key: String { member.keyNode.quotedForMessage }
        let value = member.value
        switch kind {
        case .text:
            guard let text = value.stringValue else {
                let scalar = value.kind == .number || value.kind == .boolean
                problems.error(
                    Code.cellNotString,
                    "text cell \(key) must hold a string, not \(value.quotedForMessage)", at: value,
                    hint: scalar
                        ? "Write it in quotes: \"\(value.sourceText)\"."
                        : "Write the cell's text as a string, e.g. \"Normal\", or leave the cell out.")
                return nil
            }
            return TypedText.isBlank(text) ? nil : .text(text)
        case .check:
            let text = value.stringValue
            if text.map(TypedText.isBlank) == true { return nil }
            switch text.map(TypedText.comparisonKey) {
            case "yes": return .check(true)
            case "no": return .check(false)
            default:
                problems.error(
                    Code.invalidCheck,
                    "check cell \(key) must be 'yes' or 'no', not \(value.quotedForMessage)", at: value,
                    hint: "Write \"yes\" or \"no\" (any case); leave the cell out when it is not set.")
                return nil
            }
        }
    }
}

extension TableAnswerQuestion {
    /// Example answers: how cells are read, and when a table counts as answered.
    static var answerExamples: [AnswerExample] { Self.validAnswerExamples + Self.invalidAnswerExamples }

    private static let textTable = bearingTable()
    private static let checkTable = bearingTable(
        rows: "4", firstRow: #"["", "Noise normal", "Temperature normal", "Lubricated"]"#,
        firstColumn: #"["", "Drive end", "Non-drive end", "Coupling"]"#,
        rowType: #"["", "check", "check", "check"]"#, more: #""noCells": ["4,3"]"#)
    private static let spareTable = bearingTable(
        rows: "4", firstColumn: #"["", "Drive end", "Non-drive end", "Spare (not fitted)"]"#,
        rowType: #"["", "text", "check", "text"]"#, more: #""noCells": ["4,2", "4,3", "4,4"]"#)

    private static var validAnswerExamples: [AnswerExample] {
        let (text, check, spare) = (textTable, checkTable, spareTable)
        let filled = #"""
            {"2,2": "Normal", "2,3": "62", "2,4": "Grease added",
             "3,2": "Slight hum", "3,3": "58", "3,4": "OK"}
            """#
        let checked = #"""
            {"2,2": "yes", "2,3": "Yes", "2,4": "YES", "3,2": "no", "3,3": "yes", "3,4": "No",
             "4,2": "yes", "4,4": "yes"}
            """#
        return [
            .valid("Every cell filled", question: text, answer: filled),
            .valid("Some cells empty", question: text, answer: #"{"2,2": "Normal", "3,3": "58"}"#, isAnswered: false),
            .valid("Nothing filled", question: text, answer: "{}", isAnswered: false),
            .valid(
                "A cell of spaces is empty", question: text,
                answer: #"{"2,2": "Normal", "2,3": "62", "2,4": " ", "3,2": "OK", "3,3": "58", "3,4": "OK"}"#,
                isAnswered: false),
            .valid("Every check set, in any case; the no-cell left out", question: check, answer: checked),
            .valid(
                "A blank no-cell counts as empty", question: check,
                answer: #"{"2,2": "yes", "2,3": "yes", "2,4": "yes", "3,2": "no", "3,3": "yes", "3,4": "no", "#
                    + #""4,2": "yes", "4,3": "", "4,4": "yes"}"#),
            .valid(
                "A check not set", question: check,
                answer: #"{"2,2": "yes", "2,3": "yes", "2,4": "yes", "3,2": "no", "3,3": "yes", "4,2": "yes", "#
                    + #""4,4": "yes"}"#, isAnswered: false),
            .valid(
                "A row that is all no-cells needs nothing", question: spare,
                answer: #"{"2,2": "Normal", "2,3": "62", "2,4": "Grease added", "3,2": "yes", "3,3": "no", "#
                    + #""3,4": "yes"}"#),
        ]
    }

    private static var invalidAnswerExamples: [AnswerExample] {
        let (text, check) = (textTable, checkTable)
        return [
            .invalid(
                "Not an object", question: text, answer: #""Normal""#,
                .error(Code.answerNotObject, at: "")),
            .invalid(
                "A list of values", question: text, answer: #"["Normal", "62"]"#,
                .error(Code.answerNotObject, at: "")),
            .invalid(
                "Malformed cell keys", question: text, answer: #"{"2-3": "62", "a,b": "OK", "2, 3": "62"}"#,
                .error(Code.malformedCell, at: "/2-3"), .error(Code.malformedCell, at: "/a,b"),
                .error(Code.malformedCell, at: "/2, 3")),
            .invalid(
                "Cells outside the data cells", question: text,
                answer: #"{"1,2": "Noise", "2,1": "Drive end", "4,2": "Normal", "2,5": "OK", "2,2": "Normal"}"#,
                .error(Code.cellOutsideTable, at: "/1,2"),
                .error(Code.cellOutsideTable, at: "/2,1"),
                .error(Code.cellOutsideTable, at: "/4,2"),
                .error(Code.cellOutsideTable, at: "/2,5")),
            .invalid(
                "A no-cell filled", question: check, answer: #"{"2,2": "yes", "4,3": "no"}"#,
                .error(Code.noCellFilled, at: "/4,3")),
            .invalid(
                "Checks that are not yes or no", question: check, answer: #"{"2,2": "maybe", "2,3": true, "2,4": "y"}"#,
                .error(Code.invalidCheck, at: "/2,2"), .error(Code.invalidCheck, at: "/2,3"),
                .error(Code.invalidCheck, at: "/2,4")),
            .invalid(
                "Text cells that are not strings", question: text, answer: #"{"2,2": 62, "2,3": null, "2,4": ["OK"]}"#,
                .error(Code.cellNotString, at: "/2,2"), .error(Code.cellNotString, at: "/2,3"),
                .error(Code.cellNotString, at: "/2,4")),
        ]
    }
}
