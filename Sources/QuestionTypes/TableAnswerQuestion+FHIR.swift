import QuestionKit

// A table is a FHIR `group` item with the SDC item control `grid`: "child items of type group are
// rows, and questions beneath the row groups are organized as columns". Each data row is a `group`
// (its `text` the row label) holding one item per data column (its `text` the column header):
// `string` for a text row, `boolean` for a check row, and a no-cell an item of the row's kind with
// `readOnly` true, so that every row lists every column and a renderer shows the cell greyed out.
// Only a grid the table can hold whole is claimed; any other group stays a section of questions.
extension TableAnswerQuestion {
    /// `group` (a grid: see `claims`).
    public var fhirItemTypes: [String] { ["group"] }

    /// A `group` with the item control `grid` whose rows and cells have a table's shape (see
    /// `rowKind(of:)`), looked at without a string made: every group of a Questionnaire is asked.
    public func claims(_ item: FHIRItem) -> Bool {
        guard item.type == "group", item.hasItemControl("grid"), let rows = item["item"], rows.kind == .array else {
            return false
        }
        var count = 0
        for row in rows.elements where row["type"]?.stringEquals("display") != true {
            count += 1
            guard count < Self.maximumSize, Self.rowKind(of: row) != nil else { return false }
        }
        return count > 0
    }

    /// `numRows`, `numColumns`, `firstRow`, `firstColumn`, `rowType` and `noCells` from the grid; its
    /// rows and cells (`item`) and its item control are carried.
    /// Nil (reported) when the grid's columns cannot be told: a header twice in a row, rows that list
    /// headers in different orders, or more columns than a table holds.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
        guard let grid = Self.grid(of: item) else {
            problems.warning(
                Code.fhirGridColumnsUnclear,
                "the grid's columns cannot be told: a header twice in a row, rows listing headers in different "
                    + "orders, or more than \(Self.maximumSize - 1) columns", at: item["item"] ?? item.node)
            return nil
        }
        var keys: [(String, JSONWriter.Value)] = [
            ("numRows", .integer(grid.labels.count + 1)), ("numColumns", .integer(grid.headers.count + 1)),
            ("firstRow", .array([.string("")] + grid.headers.map(JSONWriter.Value.string))),
            ("firstColumn", .array([.string("")] + grid.labels.map(JSONWriter.Value.string))),
            ("rowType", .array([.string("")] + grid.kinds.map { .string($0.rawValue) })),
        ]
        if !grid.noCells.isEmpty { keys.append(("noCells", .array(grid.noCells.map { .string($0.description) }))) }
        return FHIRImport(keys: keys, carriedMembers: ["item"], carriedExtensions: [FHIRItem.itemControlURL])
    }

    /// A `grid` group of row groups. Nil (reported) when a column header is empty or repeated: a
    /// grid's columns are told by their items' text. The corner has no place in a grid (reported).
    public func fhirItem(of definition: Definition, at node: JSONNode, problems: inout ProblemCollector)
        -> FHIRItemShape?
    {
        let headers = definition.columnHeaders
        guard !headers.contains(""), Set(headers).count == headers.count else {
            problems.warning(
                Code.fhirHeadersNotDistinct,
                "a FHIR grid tells its columns by their text: the column headers must be distinct and not empty",
                at: node["firstRow"] ?? node, hint: "Give each column a header of its own.")
            return nil
        }
        if !definition.corner.isEmpty {
            problems.warning(
                Code.fhirCornerNotWritten,
                "a FHIR grid has no corner: '\(definition.corner)' is not written", at: node["firstRow"] ?? node)
        }
        let rows = definition.dataRows.map { row -> JSONWriter.Value in
            let kind = definition.kind(ofRow: row) ?? .text
            let cells = definition.dataColumns.map { column -> JSONWriter.Value in
                var members: [(String, JSONWriter.Value)] = [
                    ("linkId", .string("\(row).\(column)")),
                    ("text", .string(definition.header(ofColumn: column) ?? "")),
                    ("type", .string(kind == .check ? "boolean" : "string")),
                ]
                if definition.isNoCell(TableCell(row: row, column: column)) {
                    members.append(("readOnly", .bool(true)))
                }
                return .object(members)
            }
            var members: [(String, JSONWriter.Value)] = [("linkId", .string("\(row)"))]
            if let label = definition.label(ofRow: row), !label.isEmpty { members.append(("text", .string(label))) }
            members += [("type", .string("group")), ("item", .array(cells))]
            return .object(members)
        }
        return FHIRItemShape(
            type: "group", members: [("extension", .array([FHIRItem.itemControl("grid")])), ("item", .array(rows))])
    }

    /// A grid as a table holds it: its column headers and row labels, each row's kind, its no-cells.
    struct FHIRGrid {
        var headers: [String] = []
        var labels: [String] = []
        var kinds: [RowKind] = []
        var noCells: [TableCell] = []
        /// Each header's index in `headers`.
        var positions: [String: Int] = [:]
    }

    /// What the cells of a row of a grid hold, or nil when it is no row of a table: a `group` of
    /// `linkId`, `text` (the label, may be missing) and `item`, its items all `boolean` (a check row)
    /// or all `string`/`text` (a text row), each with `linkId`, a `text` (the column header) and
    /// `readOnly` (true: a no-cell) and nothing more. Conditions, `required`, `repeats`, extensions,
    /// other item types: a table cannot hold them, and the group is read as a section.
    static func rowKind(of row: JSONNode) -> RowKind? {
        guard row.kind == .object, row["type"]?.stringEquals("group") == true, let cells = row["item"],
            cells.kind == .array, cells.count > 0
        else { return nil }
        let label = row["text"]
        guard label == nil || label?.kind == .string, row.count == 2 + count(row["linkId"]) + count(label) else {
            return nil
        }
        var kind: RowKind?
        for cell in cells.elements {
            guard cell.kind == .object, let type = cell["type"], let text = cell["text"], text.kind == .string,
                !text.stringEquals("")
            else { return nil }
            let cellKind: RowKind
            if type.stringEquals("boolean") {
                cellKind = .check
            } else if type.stringEquals("string") || type.stringEquals("text") {
                cellKind = .text
            } else {
                return nil
            }
            let readOnly = cell["readOnly"]
            guard kind == nil || kind == cellKind, readOnly == nil || readOnly?.boolValue != nil,
                cell.count == 2 + count(cell["linkId"]) + count(readOnly)
            else { return nil }
            kind = cellKind
        }
        return kind
    }

    /// 1 for a member present, 0 for one missing.
    private static func count(_ member: JSONNode?) -> Int { member == nil ? 0 : 1 }

    /// The grid of `item`, whose rows `claims` found of a table's shape (`rowKind(of:)`; `display`
    /// items among them are its help): the columns are the headers in the rows' order, a header new in
    /// a row placed after the one before it there; a column a row lacks is a no-cell in it, as is a
    /// `readOnly` cell. Nil when the columns cannot be told (see `questionKeys`).
    static func grid(of item: FHIRItem) -> FHIRGrid? {
        guard let rows = item["item"] else { return nil }
        var grid = FHIRGrid()
        var rowHeaders: [(row: Int, headers: Set<String>, readOnly: Set<String>)] = []
        for row in rows.elements where row["type"]?.stringEquals("display") != true {
            guard let kind = rowKind(of: row), let cells = row["item"] else { return nil }
            var headers: [String] = []
            var seen: Set<String> = []
            var readOnly: Set<String> = []
            for cell in cells.elements {
                guard let header = cell["text"]?.stringValue, seen.insert(header).inserted else { return nil }
                if cell["readOnly"]?.boolValue == true { readOnly.insert(header) }
                headers.append(header)
            }
            guard grid.place(headers) else { return nil }
            grid.labels.append(row["text"]?.stringValue ?? "")
            grid.kinds.append(kind)
            rowHeaders.append((grid.labels.count + 1, seen, readOnly))
        }
        for (row, headers, readOnly) in rowHeaders {
            for (offset, header) in grid.headers.enumerated()
            where !headers.contains(header) || readOnly.contains(header) {
                grid.noCells.append(TableCell(row: row, column: offset + 2))
            }
        }
        return grid
    }
}

extension TableAnswerQuestion.FHIRGrid {
    /// Adds a row's headers to the columns, each new one after the last it follows; false when the
    /// row lists known headers in another order. Headers are found by `positions`, so that a large
    /// grid costs a look-up per cell and a shift per new column.
    mutating func place(_ row: [String]) -> Bool {
        var last = -1
        for header in row {
            if let index = positions[header] {
                guard index > last else { return false }
                last = index
            } else {
                last += 1
                for later in headers[last...] { positions[later, default: 0] += 1 }
                headers.insert(header, at: last)
                positions[header] = last
                guard headers.count < TableAnswerQuestion.maximumSize else { return false }
            }
        }
        return true
    }
}
