import QuestionKit

// A table is a SurveyJS matrix: its rows are the table's rows, its columns the table's columns.
// `matrix` (one column chosen per row) is a table of check rows; `matrixdropdown` and
// `matrixdynamic` (a question per cell) are tables of text rows, or of check rows when every
// column is a `boolean` cell. What a cell of ours cannot hold (choices, one choice per row, rows
// the respondent adds) is reported with the type's codes; the converter keeps the element's members.
extension TableAnswerQuestion {
    /// `matrix`, `matrixdropdown`, `matrixdynamic`.
    public var surveyJSElementTypes: [String] { ["matrix", "matrixdropdown", "matrixdynamic"] }

    /// `numRows`, `numColumns`, `firstRow`, `firstColumn` and `rowType` from the matrix's rows and
    /// columns. Nil (reported) when it has no columns, or (but `matrixdynamic`) no rows.
    public func questionKeys(from element: SurveyJSElement, problems: inout ProblemCollector) -> SurveyJSImport? {
        let columns = element.texts(of: "columns", named: element.type == "matrix" ? [] : ["title", "name"])
        guard !columns.isEmpty else {
            problems.warning(
                Code.surveyJSNoColumns, "the matrix lists no columns", at: element["columns"] ?? element.node,
                hint: "List the columns as columns.")
            return nil
        }
        var carried: Set<String> = ["columns", "rows"]
        let rows: [String]
        if element.type == "matrixdynamic" {
            rows = dynamicRows(element, problems: &problems)
            carried.insert("rowCount")
        } else {
            rows = element.texts(of: "rows")
        }
        guard !rows.isEmpty else {
            problems.warning(
                Code.surveyJSNoRows, "the matrix lists no rows", at: element["rows"] ?? element.node,
                hint: "List the rows as rows.")
            return nil
        }
        let kind = element.type == "matrix" ? RowKind.check : cellKind(element, problems: &problems)
        if element.type == "matrix" {
            problems.warning(
                Code.surveyJSOnePerRowNotCarried,
                "a matrix takes one column per row; the table's check cells do not limit a row to one",
                at: element["type"] ?? element.node)
        } else {
            carried.formUnion(["cellType", "choices"])
        }
        let keys: [(String, JSONWriter.Value)] = [
            ("numRows", .integer(rows.count + 1)), ("numColumns", .integer(columns.count + 1)),
            ("firstRow", .array([.string("")] + columns.map(JSONWriter.Value.string))),
            ("firstColumn", .array([.string("")] + rows.map(JSONWriter.Value.string))),
            ("rowType", .array([.string("")] + rows.map { _ in .string(kind.rawValue) })),
        ]
        return SurveyJSImport(keys: keys, carriedMembers: carried)
    }

    /// A dynamic matrix's rows: as many as it starts with (`rowCount`, 2 by default), numbered.
    private func dynamicRows(_ element: SurveyJSElement, problems: inout ProblemCollector) -> [String] {
        // At least one row, so that the table has a cell; at most what a table holds.
        let start = element["rowCount"]?.numberValue.flatMap { $0 >= 0 && $0 <= 1000 ? Int($0) : nil } ?? 2
        let count = max(1, start)
        problems.warning(
            Code.surveyJSDynamicRowsFixed,
            "rows the respondent adds or removes are not carried: the table has the \(count) rows it starts with",
            at: element["rowCount"] ?? element["type"] ?? element.node)
        return (0..<count).map { "\($0 + 1)" }
    }

    /// What the cells of a dropdown or dynamic matrix hold: checks when every column is a
    /// `boolean` cell, else text (choices offered in a cell are reported: a cell takes free text).
    private func cellKind(_ element: SurveyJSElement, problems: inout ProblemCollector) -> RowKind {
        let shared = element["cellType"]?.stringValue?.lowercased() ?? "dropdown"
        let types =
            (element["columns"]?.elements).map { columns in
                columns.map { ($0["cellType"]?.stringValue?.lowercased() ?? shared, $0) }
            } ?? []
        if !types.isEmpty, types.allSatisfy({ $0.0 == "boolean" }) { return .check }
        let free: Set<String> = ["text", "comment"]
        if let (type, column) = types.first(where: { !free.contains($0.0) }) {
            problems.warning(
                Code.surveyJSCellNotText,
                "a table's cells of a row are all text or all checks: '\(type)' cells (choices, checks) "
                    + "are carried as free text", at: column["cellType"] ?? element["cellType"] ?? column)
        }
        return .text
    }
}
