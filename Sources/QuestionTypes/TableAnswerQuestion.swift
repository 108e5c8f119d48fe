import QuestionKit

/// A grid of cells: one row of column headers, one column of row labels, and data cells that hold
/// text or a yes/no check, row by row.
///
/// `numRows` and `numColumns` count the header row and the label column. `firstRow` holds the
/// column headers and `firstColumn` the row labels, each starting with the corner. `rowType` says
/// per row whether its cells are `"text"` or `"check"`. `noCells` lists cells that must stay empty.
public struct TableAnswerQuestion: QuestionType {
    /// `table-answer` (legacy `qid` "3"): reads the size, headers, labels, row kinds and no-cells
    /// beyond the shared keys; its documentation and its examples.
    public var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "table-answer",
            summary: "A grid of text or yes/no check cells, with column headers and row labels.",
            documentation: Self.documentation, legacyTypeCode: "3",
            keys: [Self.numRows, Self.numColumns, Self.firstRow, Self.firstColumn, Self.rowType, Self.noCells],
            originalValueNames: Self.originalValueNames, schemaProperties: Self.schemaProperties, rules: Self.rules,
            codes: Code.allCases, examples: Self.examples, answerExamples: Self.answerExamples)
    }

    /// The table-answer type, ready to register.
    public init() {}

    /// `numRows`: rows, counting the header row.
    public static let numRows = Key(
        "numRows", originalNames: ["numberOfRows"], summary: "Number of rows, counting the header row (table).")
    /// `numColumns`: columns, counting the label column.
    public static let numColumns = Key(
        "numColumns", originalNames: ["numberOfColumns"],
        summary: "Number of columns, counting the label column (table).")
    /// `firstRow`: the corner, then one header per data column.
    public static let firstRow = Key(
        "firstRow", originalNames: ["firstRow"], summary: "The corner, then the column headers (table).")
    /// `firstColumn`: the corner, then one label per data row.
    public static let firstColumn = Key(
        "firstColumn", originalNames: ["firstColumn"], summary: "The corner, then the row labels (table).")
    /// `rowType`: `""` for the header row, then `"text"` or `"check"` per data row.
    public static let rowType = Key(
        "rowType", originalNames: ["rowInputType"], summary: "\"\", then \"text\" or \"check\" for each row (table).")
    /// `noCells`: `"r,c"` cells that must stay empty.
    public static let noCells = Key(
        "noCells", originalNames: ["cellsThatAreNotAnswerable"], summary: "Cells \"r,c\" that must stay empty (table).")

    /// The type's and the row types' names in the original app's key list.
    static var originalValueNames: [OriginalValueName] {
        [
            OriginalValueName("tableQuestion", key: .answerType, value: "table-answer"),
            OriginalValueName("rowTypeText", key: Self.rowType, value: RowKind.text.rawValue),
            OriginalValueName("rowTypeCheckBoxes", key: Self.rowType, value: RowKind.check.rawValue),
        ]
    }

    /// The largest `numRows` or `numColumns` accepted; far above any real form, it keeps a typo
    /// such as `10000` from building millions of cells.
    public static let maximumSize = 1000

    /// What the cells of a data row hold.
    public enum RowKind: String, Sendable, Hashable, CaseIterable {
        /// Free text.
        case text
        /// A check: `"yes"` or `"no"`.
        case check
    }

    /// Reads the table's size, headers, labels, row kinds and no-cells, reporting every problem.
    /// Returns nil when the size, headers, labels or row kinds cannot be read.
    public func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition? {
        guard let layout = readLayout(question, problems: &problems) else { return nil }
        let headers = Self.texts(of: layout.headers)
        let labels = Self.texts(of: layout.labels)
        let corner = headers.first.flatMap { $0.isEmpty ? nil : $0 } ?? labels.first ?? ""
        return Definition(
            rows: layout.rows, columns: layout.columns, corner: corner, columnHeaders: Array(headers.dropFirst()),
            rowLabels: Array(labels.dropFirst()), rowKinds: layout.kinds, noCells: layout.noCells)
    }

}

extension TableAnswerQuestion: DefinitionChecking {
    /// Whether the table reads as a definition, reporting every problem as `parseDefinition` does,
    /// without a `String` per header or label.
    package func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool {
        readLayout(question, problems: &problems) != nil
    }

    /// What a table question reads as, with every problem reported, before a `String` is made for
    /// a header or label: `parseDefinition` builds the definition from it, `checkDefinition` only asks it.
    private struct Layout {
        var rows: Int
        var columns: Int
        /// `firstRow`, its entries counted.
        var headers: JSONNode
        /// `firstColumn`, its entries counted.
        var labels: JSONNode
        var kinds: [RowKind]
        var noCells: Set<TableCell>
    }

    private func readLayout(_ question: QuestionJSON, problems: inout ProblemCollector) -> Layout? {
        let headerNode = readArray(Self.firstRow, of: question, problems: &problems)
        let labelNode = readArray(Self.firstColumn, of: question, problems: &problems)
        let kindNode = readArray(Self.rowType, of: question, problems: &problems)
        let rows = readSize(Self.numRows, of: question, counting: Self.firstColumn, problems: &problems)
        let columns = readSize(Self.numColumns, of: question, counting: Self.firstRow, problems: &problems)
        let headers = checkLabels(headerNode, key: Self.firstRow, expected: columns, of: question, problems: &problems)
        let labels = checkLabels(labelNode, key: Self.firstColumn, expected: rows, of: question, problems: &problems)
        let kinds = readRowKinds(kindNode, expected: rows, of: question, problems: &problems)
        let noCells = readNoCells(question, rows: rows, columns: columns, problems: &problems)
        checkAcceptedAnswer(question, problems: &problems)
        guard let rows, let columns, let headers, let labels, let kinds else { return nil }
        return Layout(rows: rows, columns: columns, headers: headers, labels: labels, kinds: kinds, noCells: noCells)
    }

    /// The texts of `firstRow` or `firstColumn`, corner first; an entry that is not a string
    /// (reported by `checkLabels`) stands as written.
    private static func texts(of labels: JSONNode) -> [String] {
        labels.elements.map { $0.stringValue ?? $0.sourceText }
    }

    // MARK: Size and headers

    /// The array under `key`; nil when missing or not an array (reported, unless an optional key is missing).
    private func readArray(
        _ key: Key, of question: QuestionJSON, required: Bool = true, problems: inout ProblemCollector
    ) -> JSONNode? {
        let name = question.spelling(of: key)
        guard let node = question[key], !node.isNull else {
            let example = Self.layout(of: key).example
            if required {
                problems.error(
                    Code.missingKey, "a table question needs '\(name)'", at: question.node,
                    hint: "Add \"\(name)\": [\(example)].")
            }
            return nil
        }
        guard node.kind == .array else {
            problems.error(
                Code.notAnArray, "'\(name)' must be an array, not \(node.quotedForMessage)", at: node,
                hint: "Write \"\(name)\": [\(Self.layout(of: key).example)].")
            return nil
        }
        return node
    }

    /// `numRows` or `numColumns`: a whole number from 2 to `maximumSize`; nil when unusable
    /// (reported). When missing, the count of `counting` stands in for it (still reported).
    private func readSize(
        _ key: Key, of question: QuestionJSON, counting arrayKey: Key, problems: inout ProblemCollector
    ) -> Int? {
        let name = question.spelling(of: key)
        let arrayName = question.spelling(of: arrayKey)
        let valid = 2...Self.maximumSize
        guard let node = question[key], !node.isNull else {
            let inferred = question[arrayKey].flatMap { $0.kind == .array ? $0.count : nil }
            problems.error(
                Code.missingKey, "a table question needs '\(name)'", at: question.node,
                hint: inferred.map { "'\(arrayName)' has \($0) entries, so add \"\(name)\": \($0)." }
                    ?? "Add \"\(name)\", counting the header row and the label column.")
            return inferred.flatMap { valid.contains($0) ? $0 : nil }
        }
        guard let size = node.integerValue else {
            problems.error(
                Code.sizeNotWholeNumber, "'\(name)' must be a whole number, not \(node.quotedForMessage)",
                at: node,
                hint: "Write the count as a number, e.g. \"\(name)\": 3, counting the header row "
                    + "and the label column.")
            return nil
        }
        guard valid.contains(size) else {
            problems.error(
                Code.sizeOutOfRange,
                "'\(name)' is \(size); it must be from \(valid.lowerBound) to \(valid.upperBound)", at: node,
                hint: size < valid.lowerBound
                    ? "'\(name)' counts the header row and the label column, so one data cell needs 2."
                    : "Split the table into several questions.")
            return nil
        }
        return size
    }

    /// `firstRow` or `firstColumn`, each entry checked to be a string; nil when absent or when the
    /// count disagrees with the size (reported) or the size is unknown.
    private func checkLabels(
        _ node: JSONNode?, key: Key, expected: Int?, of question: QuestionJSON, problems: inout ProblemCollector
    ) -> JSONNode? {
        guard let node else { return nil }
        for (position, element) in node.elements.enumerated() where element.kind != .string {
            problems.error(
                Code.labelNotString,
                "'\(question.spelling(of: key))' entry \(position) must be a string, not \(element.quotedForMessage)",
                at: element, hint: "Write it in quotes: \"\(element.sourceText.prefix(40))\".")
        }
        let counted = checkCount(node, key: key, expected: expected, of: question, problems: &problems)
        return counted ? node : nil
    }

    /// Whether `node` has `expected` entries; reports when it does not. False when `expected` is unknown.
    private func checkCount(
        _ node: JSONNode, key: Key, expected: Int?, of question: QuestionJSON, problems: inout ProblemCollector
    ) -> Bool {
        guard let expected else { return false }
        guard node.count != expected else { return true }
        let name = question.spelling(of: key)
        let sizeName = question.spelling(of: key == Self.firstRow ? Self.numColumns : Self.numRows)
        problems.error(
            Code.sizeMismatch, "'\(name)' has \(node.count) entries but '\(sizeName)' is \(expected)",
            at: node,
            hint: "Give \(Self.layout(of: key).entries) (\(expected) in all)"
                + (node.count >= 2 ? ", or set \"\(sizeName)\": \(node.count)." : "."))
        return false
    }

    /// What the entries of an array key are, and an example of them, for hints.
    private static func layout(of key: Key) -> (entries: String, example: String) {
        switch key {
        case firstRow: ("one header per column, the corner first", #""", "Noise", "Temperature °C""#)
        case firstColumn: ("one label per row, the corner first", #""", "Drive end", "Non-drive end""#)
        case rowType: (#"one type per row, "" first for the header row"#, #""", "text", "check""#)
        default: ("one cell per entry", #""2,3", "3,4""#)
        }
    }

    // MARK: Row types, no-cells, acceptedAnswer

    private func readRowKinds(
        _ node: JSONNode?, expected: Int?, of question: QuestionJSON, problems: inout ProblemCollector
    ) -> [RowKind]? {
        guard let node else { return nil }
        let name = question.spelling(of: Self.rowType)
        var kinds: [RowKind] = []
        kinds.reserveCapacity(node.count)
        for (position, element) in node.elements.enumerated() {
            if position == 0, !element.stringEquals("") {
                problems.warning(
                    Code.rowTypeHeaderNotEmpty,
                    "'\(name)' entry 0 is for the header row and is ignored; it is "
                        + "\(element.quotedForMessage), not \"\"",
                    at: element, hint: "Write \"\" as the first entry of '\(name)'.")
            }
            if position == 0 { continue }
            guard
                let kind = RowKind.allCases.first(where: {
                    question.keys.node(element, spells: $0.rawValue, in: Self.rowType)
                })
            else {
                let choices = question.keys.spellings(ofValues: RowKind.allCases.map(\.rawValue), in: Self.rowType)
                let suggestion = element.stringValue.flatMap { Suggestion.nearest(to: $0, in: choices) }
                problems.error(
                    Code.invalidRowType,
                    "row \(position + 1) has the type \(element.quotedForMessage); valid types are "
                        + Suggestion.quotedList(choices),
                    at: element,
                    hint: (suggestion.map { "Did you mean '\($0)'? " } ?? "")
                        + "Use '\(choices[0])' for written answers, '\(choices[1])' for yes/no.")
                kinds.append(.text)
                continue
            }
            kinds.append(kind)
        }
        let counted = checkCount(node, key: Self.rowType, expected: expected, of: question, problems: &problems)
        return counted ? kinds : nil
    }

    private func readNoCells(
        _ question: QuestionJSON, rows: Int?, columns: Int?, problems: inout ProblemCollector
    ) -> Set<TableCell> {
        guard let node = readArray(Self.noCells, of: question, required: false, problems: &problems) else { return [] }
        let name = question.spelling(of: Self.noCells)
        var cells: Set<TableCell> = []
        for element in node.elements {
            guard let cell = TableCell(parsing: element) else {
                problems.error(
                    Code.malformedCell,
                    "'\(name)' entry \(element.quotedForMessage) is not a cell \"row,column\"",
                    at: element, hint: "Write the cell as a string of two numbers, e.g. \"2,3\" for row 2, column 3.")
                continue
            }
            if let rows, let columns, cell.row < 2 || cell.row > rows || cell.column < 2 || cell.column > columns {
                problems.error(
                    Code.cellOutsideTable,
                    "'\(name)' cell '\(element.stringValue ?? "")' is not a data cell; "
                        + "data cells run from \"2,2\" to \"\(rows),\(columns)\"",
                    at: element, hint: Self.outsideHint(cell, rows: rows, columns: columns))
                continue
            }
            if !cells.insert(cell).inserted {
                problems.warning(
                    Code.duplicateNoCell,
                    "'\(name)' lists cell '\(element.stringValue ?? "")' more than once", at: element,
                    hint: "Remove the repeated entry.")
            }
        }
        return cells
    }

    /// Why a cell is not a data cell, for hints about `noCells` and answers alike.
    static func outsideHint(_ cell: TableCell, rows: Int, columns: Int) -> String {
        cell.row == 1 || cell.column == 1
            ? "Cells count the header row and the label column, which are never filled; "
                + "the first data cell is \"2,2\"."
            : "The table has \(rows) rows and \(columns) columns, counting the header row and the label column."
    }

    private func checkAcceptedAnswer(_ question: QuestionJSON, problems: inout ProblemCollector) {
        guard let node = question[.acceptedAnswer], !node.isNull else { return }
        if let text = node.stringValue, TypedText.isBlank(text) || text.lowercased() == "none" { return }
        let name = question.spelling(of: .acceptedAnswer)
        problems.warning(
            Code.acceptedAnswerIgnored,
            "tables have no accepted answer and no flags; '\(name)' (\(node.quotedForMessage)) is ignored", at: node,
            hint: "Remove '\(name)' or set it to \"none\".")
    }

}

extension TableAnswerQuestion {
    /// Valid and invalid questions: the type's tests and documentation.
    static var examples: [QuestionExample] {
        let checks = #"["", "Noise normal", "Temperature normal", "Lubricated"]"#
        let bearings = #"["", "Drive end", "Non-drive end", "Coupling"]"#
        return [
            .valid("A text table", Self.bearingTable()),
            .valid(
                "A check table with noCells, sizes as strings",
                Self.bearingTable(
                    rows: #""4""#, columns: #""4""#, firstRow: checks, firstColumn: bearings,
                    rowType: #"["", "check", "check", "check"]"#, more: #""noCells": ["4,3"]"#)),
            .valid(
                "Text and check rows, a whole row left empty, editor filler",
                Self.bearingTable(
                    rows: "4", firstColumn: #"["", "Drive end", "Non-drive end", "Spare (not fitted)"]"#,
                    rowType: #"["", "text", "check", "text"]"#,
                    more: #""noCells": ["4,2", "4,3", "4,4"], "qid": "3", "acceptedAnswer": "none""#)),
            .invalid(
                "numRows and rowType missing", Self.bearingTable(rows: nil, rowType: nil),
                .error(Code.missingKey, at: ""), .error(Code.missingKey, at: "")),
            .invalid(
                "numColumns not a whole number", Self.bearingTable(columns: #""four""#),
                .error(Code.sizeNotWholeNumber, at: "/numColumns")),
            .invalid(
                "Sizes out of range", Self.bearingTable(rows: "1", columns: "5000"),
                .error(Code.sizeOutOfRange, at: "/numRows"),
                .error(Code.sizeOutOfRange, at: "/numColumns")),
            .invalid(
                "Arrays that disagree with the sizes",
                Self.bearingTable(
                    firstRow: #"["", "Noise", "Temperature °C"]"#, firstColumn: #"["Drive end", "Non-drive end"]"#,
                    rowType: #"["", "text", "text", "text"]"#),
                .error(Code.sizeMismatch, at: "/firstRow"),
                .error(Code.sizeMismatch, at: "/firstColumn"),
                .error(Code.sizeMismatch, at: "/rowType")),
            .invalid(
                "Row labels that are not strings", Self.bearingTable(firstColumn: #"["", 1, 2]"#),
                .error(Code.labelNotString, at: "/firstColumn/1"),
                .error(Code.labelNotString, at: "/firstColumn/2")),
            .invalid(
                "firstRow and noCells not arrays",
                Self.bearingTable(
                    firstRow: #""Noise, Temperature °C, Lubricated""#, more: #""noCells": "3,4""#),
                .error(Code.notAnArray, at: "/firstRow"),
                .error(Code.notAnArray, at: "/noCells")),
            .invalid(
                "A misspelled row type", Self.bearingTable(rowType: #"["", "text", "chek"]"#),
                .error(Code.invalidRowType, at: "/rowType/2")),
            .valid(
                "A type given to the header row", Self.bearingTable(rowType: #"["text", "text", "check"]"#),
                warnings: [.warning(Code.rowTypeHeaderNotEmpty, at: "/rowType/0")]),
            .invalid(
                "Malformed noCells", Self.bearingTable(more: #""noCells": ["2-3", "a,b", 7, "2,"]"#),
                .error(Code.malformedCell, at: "/noCells/0"),
                .error(Code.malformedCell, at: "/noCells/1"),
                .error(Code.malformedCell, at: "/noCells/2"),
                .error(Code.malformedCell, at: "/noCells/3")),
            .invalid(
                "noCells outside the data cells",
                Self.bearingTable(
                    more: #""noCells": ["1,2", "2,1", "4,2", "2,5", "3,4"]"#),
                .error(Code.cellOutsideTable, at: "/noCells/0"),
                .error(Code.cellOutsideTable, at: "/noCells/1"),
                .error(Code.cellOutsideTable, at: "/noCells/2"),
                .error(Code.cellOutsideTable, at: "/noCells/3")),
            .valid(
                "A repeated no-cell", Self.bearingTable(more: #""noCells": ["3,4", "2,2", "3,4"]"#),
                warnings: [.warning(Code.duplicateNoCell, at: "/noCells/2")]),
            .valid(
                "An accepted answer, which tables ignore", Self.bearingTable(more: #""acceptedAnswer": "yes""#),
                warnings: [.warning(Code.acceptedAnswerIgnored, at: "/acceptedAnswer")]),
        ]
    }

    /// The JSON of a bearing-inspection table; a nil argument leaves its key out, `more` adds members.
    static func bearingTable(
        rows: String? = "3", columns: String? = "4",
        firstRow: String? = #"["", "Noise", "Temperature °C", "Lubricated"]"#,
        firstColumn: String? = #"["", "Drive end", "Non-drive end"]"#, rowType: String? = #"["", "text", "text"]"#,
        more: String? = nil
    ) -> String {
        let members = [
            #""answer-type": "table-answer", "question": "Bearing inspection""#,
            rows.map { #""numRows": \#($0)"# }, columns.map { #""numColumns": \#($0)"# },
            firstRow.map { #""firstRow": \#($0)"# }, firstColumn.map { #""firstColumn": \#($0)"# },
            rowType.map { #""rowType": \#($0)"# }, more,
        ]
        return "{" + members.compactMap { $0 }.joined(separator: ",\n ") + "}"
    }
}

// MARK: - Codes

extension TableAnswerQuestion {
    /// What table-answer questions and answers report: each code declared once, used by the code that
    /// reports it and by the examples that expect it.
    public enum Code: String, DiagnosticCode, CaseIterable {
        case acceptedAnswerIgnored = "table-answer.accepted-answer-ignored"
        case answerNotObject = "table-answer.answer-not-object"
        case cellNotString = "table-answer.cell-not-string"
        case cellOutsideTable = "table-answer.cell-outside-table"
        case duplicateNoCell = "table-answer.duplicate-no-cell"
        case fhirCornerNotWritten = "table-answer.fhir-corner-not-written"
        case fhirGridColumnsUnclear = "table-answer.fhir-grid-columns-unclear"
        case fhirHeadersNotDistinct = "table-answer.fhir-headers-not-distinct"
        case invalidCheck = "table-answer.invalid-check"
        case invalidRowType = "table-answer.invalid-row-type"
        case labelNotString = "table-answer.label-not-string"
        case malformedCell = "table-answer.malformed-cell"
        case missingKey = "table-answer.missing-key"
        case noCellFilled = "table-answer.no-cell-filled"
        case notAnArray = "table-answer.not-an-array"
        case rowTypeHeaderNotEmpty = "table-answer.row-type-header-not-empty"
        case sizeMismatch = "table-answer.size-mismatch"
        case sizeNotWholeNumber = "table-answer.size-not-whole-number"
        case sizeOutOfRange = "table-answer.size-out-of-range"
        case surveyJSNoColumns = "table-answer.surveyjs-no-columns"
        case surveyJSNoRows = "table-answer.surveyjs-no-rows"
        case surveyJSOnePerRowNotCarried = "table-answer.surveyjs-one-per-row-not-carried"
        case surveyJSDynamicRowsFixed = "table-answer.surveyjs-dynamic-rows-fixed"
        case surveyJSCellNotText = "table-answer.surveyjs-cell-not-text"
    }
}
