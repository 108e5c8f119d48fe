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
            ("firstRow", Self.cornered(grid.headers) { $0 }), ("firstColumn", Self.cornered(grid.labels) { $0 }),
            ("rowType", Self.cornered(grid.kinds) { $0.rawValue }),
        ]
        if !grid.noCells.isEmpty { keys.append(("noCells", .array(grid.noCells.map { .string($0.description) }))) }
        return FHIRImport(keys: keys, carriedMembers: Self.carriedMembers, carriedExtensions: Self.carriedExtensions)
    }

    /// What `questionKeys` carries of a grid, made once: a set made per grid cost ~950 instructions.
    private static let carriedMembers: Set<String> = ["item"]
    private static let carriedExtensions: Set<String> = [FHIRItem.itemControlURL]

    /// An array of the corner, empty, then each of `values` as a string: one array made, sized once.
    private static func cornered<Value>(_ values: [Value], _ text: (Value) -> String) -> JSONWriter.Value {
        var strings: [JSONWriter.Value] = []
        strings.reserveCapacity(values.count + 1)
        strings.append(.string(""))
        for value in values { strings.append(.string(text(value))) }
        return .array(strings)
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
        /// Each header's index in `headers`, or empty until a row first lists headers otherwise than
        /// `headers` stand (see `place`): most grids' rows all list the same columns.
        var positions: [String: Int] = [:]
    }

    /// A row of a grid as `gridRow(of:eachCell:)` finds it.
    struct FHIRGridRow {
        var kind: RowKind
        /// The row's `text`, a string, if it has one.
        var label: JSONNode?
        /// The row's `item`: its cells.
        var cells: JSONNode
    }

    /// The members of a row of a grid, and of a cell, that `gridRow(of:eachCell:)` reads: each row and
    /// cell is read in one walk of its members (looked up by key, a row and its 3 cells took ~19 walks,
    /// ~5,100 instructions, and every row is read twice: by `claims` and by `grid(of:)`).
    static let rowMembers = JSONKeySpellings(["type", "item", "text", "linkId"])
    static let cellMembers = JSONKeySpellings(["type", "text", "readOnly", "linkId"])
    /// A row's `type`, and a cell's `type`s: `boolean` (a check row), `string` or `text` (a text row).
    static let groupType = JSONKeySpellings(["group"])
    static let cellTypes = JSONKeySpellings(["boolean", "string", "text"])

    /// What the cells of a row of a grid hold, or nil when it is no row of a table: a `group` of
    /// `linkId`, `text` (the label, may be missing) and `item`, its items all `boolean` (a check row)
    /// or all `string`/`text` (a text row), each with `linkId`, a `text` (the column header) and
    /// `readOnly` (true: a no-cell) and nothing more. Conditions, `required`, `repeats`, extensions,
    /// other item types: a table cannot hold them, and the group is read as a section.
    static func rowKind(of row: JSONNode) -> RowKind? {
        gridRow(of: row) { _, _ in }?.kind
    }

    /// The row `row` of a grid (see `rowKind(of:)`), calling `eachCell` with each cell's `text` and whether
    /// it is `readOnly` as the cells are read: when a later cell makes it no row of a table (nil), what
    /// `eachCell` saw is to be dropped.
    static func gridRow(of row: JSONNode, eachCell: (_ text: JSONNode, _ readOnly: Bool) -> Void) -> FHIRGridRow? {
        guard row.kind == .object else { return nil }
        let document = row.document
        let (rowType, rowItem, rowText, rowLinkId) = memberIndices(of: row, named: rowMembers)
        guard rowType >= 0, rowItem >= 0,
            position(of: JSONNode(document: document, index: rowType), in: groupType) != nil
        else { return nil }
        let cells = JSONNode(document: document, index: rowItem)
        let label = rowText < 0 ? nil : JSONNode(document: document, index: rowText)
        guard cells.kind == .array, cells.count > 0, label == nil || label?.kind == .string,
            row.count == 2 + count(rowLinkId) + count(rowText)
        else { return nil }
        var kind: RowKind?
        for cell in cells.elements {
            guard cell.kind == .object else { return nil }
            let (cellType, cellText, cellReadOnly, cellLinkId) = memberIndices(of: cell, named: cellMembers)
            guard cellType >= 0, cellText >= 0 else { return nil }
            let text = JSONNode(document: document, index: cellText)
            // An empty string has no escapes: its bytes tell it.
            guard text.kind == .string, text.withUnescapedUTF8({ !$0.isEmpty }) ?? true,
                let type = position(of: JSONNode(document: document, index: cellType), in: cellTypes)
            else { return nil }
            let cellKind: RowKind = type == 0 ? .check : .text
            let readOnly = cellReadOnly < 0 ? nil : JSONNode(document: document, index: cellReadOnly).boolValue
            guard kind == nil || kind == cellKind, cellReadOnly < 0 || readOnly != nil,
                cell.count == 2 + count(cellLinkId) + count(cellReadOnly)
            else { return nil }
            kind = cellKind
            eachCell(text, readOnly == true)
        }
        guard let kind else { return nil }
        return FHIRGridRow(kind: kind, label: label, cells: cells)
    }

    /// The entry indices of the values of the members of `object` named by the four `spellings`, in their
    /// order, -1 for one missing; a repeated key's last, as a look-up finds it.
    private static func memberIndices(of object: JSONNode, named spellings: JSONKeySpellings) -> (Int, Int, Int, Int) {
        var indices = (-1, -1, -1, -1)
        object.document.forEachMember(named: spellings, inObjectAt: object.index) { position, value in
            switch position {
            case 0: indices.0 = value
            case 1: indices.1 = value
            case 2: indices.2 = value
            default: indices.3 = value
            }
        }
        return indices
    }

    /// The position in `spellings` of string `node`'s value, compared byte for byte as `stringEquals`
    /// compares; nil for another value or another kind.
    private static func position(of node: JSONNode, in spellings: JSONKeySpellings) -> Int? {
        guard node.kind == .string else { return nil }
        if let found = node.withUnescapedUTF8({ spellings.position(of: $0) }) { return found }
        return node.stringValue.flatMap { value in spellings.all.firstIndex { $0.elementsEqual(value.utf8) } }
    }

    /// 1 for a member found (its entry index), 0 for one missing (-1).
    private static func count(_ member: Int) -> Int { member < 0 ? 0 : 1 }

    /// The grid of `item`, whose rows `claims` found of a table's shape (`rowKind(of:)`; `display`
    /// items among them are its help): the columns are the headers in the rows' order, a header new in
    /// a row placed after the one before it there; a column a row lacks is a no-cell in it, as is a
    /// `readOnly` cell. Nil when the columns cannot be told (see `questionKeys`).
    static func grid(of item: FHIRItem) -> FHIRGrid? {
        guard let rows = item["item"] else { return nil }
        var grid = FHIRGrid()
        // Each row's headers in its order, and the offsets among them of its `readOnly` cells.
        var placed: [(headers: [String], readOnly: [Int])] = []
        // Sized once for all the items (help items among them leave a little unused): none grows row by row.
        placed.reserveCapacity(rows.count)
        grid.labels.reserveCapacity(rows.count)
        grid.kinds.reserveCapacity(rows.count)
        for row in rows.elements where row["type"]?.stringEquals("display") != true {
            // A row that lists the columns as they stand, in their order, is compared with them where its
            // bytes lie: no String made of its headers, no set of them, nothing to place.
            var matched = 0
            var listsColumns = true
            var readOnly: [Int] = []
            let shape = gridRow(of: row) { text, isReadOnly in
                if isReadOnly { readOnly.append(matched) }
                listsColumns = listsColumns && matched < grid.headers.count && text.stringValueIs(grid.headers[matched])
                matched += 1
            }
            guard let shape else { return nil }
            if listsColumns && matched == grid.headers.count {
                placed.append((grid.headers, readOnly))
            } else {
                let headers = shape.cells.elements.map { $0["text"]?.stringValue ?? "" }
                guard areDistinct(headers), grid.place(headers) else { return nil }
                placed.append((headers, readOnly))
            }
            grid.labels.append(shape.label?.stringValue ?? "")
            grid.kinds.append(shape.kind)
        }
        for (offset, row) in placed.enumerated() {
            let rowNumber = offset + 2
            // A row's headers are in the columns' order: as many as the columns are all of them, and then only
            // its `readOnly` cells are no-cells.
            if row.headers.count == grid.headers.count {
                for offset in row.readOnly { grid.noCells.append(TableCell(row: rowNumber, column: offset + 2)) }
                continue
            }
            let present = Set(row.headers)
            let readOnly = Set(row.readOnly.map { row.headers[$0] })
            for (offset, header) in grid.headers.enumerated()
            where !present.contains(header) || readOnly.contains(header) {
                grid.noCells.append(TableCell(row: rowNumber, column: offset + 2))
            }
        }
        return grid
    }

    /// Whether no two of `headers` are equal (as a set tells them): a few, as a row of a grid mostly has,
    /// are compared pairwise rather than hashed.
    private static func areDistinct(_ headers: [String]) -> Bool {
        guard headers.count > 8 else {
            for (offset, header) in headers.enumerated() where headers[(offset + 1)...].contains(header) {
                return false
            }
            return true
        }
        return Set(headers).count == headers.count
    }
}

extension TableAnswerQuestion.FHIRGrid {
    /// Adds a row's headers (distinct) to the columns, each new one after the last it follows; false when
    /// the row lists known headers in another order. Headers are found by `positions`, so that a large
    /// grid costs a look-up per cell and a shift per new column; a first row's headers are the columns.
    mutating func place(_ row: [String]) -> Bool {
        if headers.isEmpty {
            headers = row
            return headers.count < TableAnswerQuestion.maximumSize
        }
        if positions.isEmpty {
            positions = Dictionary(uniqueKeysWithValues: zip(headers, headers.indices))
        }
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
