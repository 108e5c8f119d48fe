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

    /// A `group` with the item control `grid` whose rows and cells a table holds (see `grid(of:)`).
    public func claims(_ item: FHIRItem) -> Bool {
        item.type == "group" && item.hasItemControl("grid") && Self.grid(of: item) != nil
    }

    /// `numRows`, `numColumns`, `firstRow`, `firstColumn`, `rowType` and `noCells` from the grid; its
    /// rows and cells (`item`) and its item control are carried.
    public func questionKeys(from item: FHIRItem, problems: inout ProblemCollector) -> FHIRImport? {
        guard let grid = Self.grid(of: item) else { return nil }
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

    /// The grid of `item`: every item under it but `display` ones (its help) is a row `group` of
    /// `linkId`, `text` (the label, may be missing) and `item`; each row's items are all `boolean`
    /// (a check row) or all `string`/`text` (a text row), with `linkId`, a `text` (the column header)
    /// and `readOnly` (true: a no-cell), each header once in a row. The columns are the headers in
    /// the rows' order; a column a row lacks is a no-cell. Nil for anything else (more members,
    /// conditions, other item types, headers in another order than an earlier row's), which a table
    /// cannot hold: the group is then read as a section.
    static func grid(of item: FHIRItem) -> FHIRGrid? {
        guard let rows = item["item"], rows.kind == .array else { return nil }
        var grid = FHIRGrid()
        var rowHeaders: [(row: Int, headers: Set<String>, readOnly: Set<String>)] = []
        for row in rows.elements where row["type"]?.stringEquals("display") != true {
            guard row.kind == .object, row["type"]?.stringEquals("group") == true,
                row.members.allSatisfy({ ["linkId", "text", "type", "item"].contains($0.key) }),
                let cells = row["item"], cells.kind == .array, cells.count > 0,
                grid.labels.count + 2 <= maximumSize
            else { return nil }
            let label = row["text"]
            guard label == nil || label?.kind == .string else { return nil }
            var headers: [String] = []
            var seen: Set<String> = []
            var readOnly: Set<String> = []
            var types: Set<String> = []
            for cell in cells.elements {
                guard cell.kind == .object, let type = cell["type"]?.stringValue,
                    ["boolean", "string", "text"].contains(type),
                    cell.members.allSatisfy({ ["linkId", "text", "type", "readOnly"].contains($0.key) }),
                    let header = cell["text"]?.stringValue, !header.isEmpty, seen.insert(header).inserted
                else { return nil }
                if let flag = cell["readOnly"] {
                    guard let value = flag.boolValue else { return nil }
                    if value { readOnly.insert(header) }
                }
                headers.append(header)
                types.insert(type == "boolean" ? "boolean" : "string")
            }
            guard types.count == 1, grid.place(headers) else { return nil }
            grid.labels.append(label?.stringValue ?? "")
            grid.kinds.append(types.contains("boolean") ? .check : .text)
            rowHeaders.append((grid.labels.count + 1, seen, readOnly))
        }
        guard !grid.labels.isEmpty, grid.headers.count + 1 <= maximumSize else { return nil }
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
