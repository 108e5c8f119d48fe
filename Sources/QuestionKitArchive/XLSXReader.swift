/// Why a workbook cannot be read or written: the part (the zip entry) and byte, or the cell, and why.
package struct XLSXError: Error, Equatable, CustomStringConvertible {
    /// The zip entry the problem is in (`xl/worksheets/sheet1.xml`), nil for the archive as a whole.
    package var part: String?
    package var offset: Int?
    /// The cell, when the problem is one cell's.
    package var cell: CellLocation?
    package var reason: String

    package var description: String {
        var place: [String] = []
        if let part { place.append(part) }
        if let cell { place.append("cell \(cell)") } else if let offset { place.append("byte \(offset)") }
        return place.isEmpty ? reason : place.joined(separator: ", ") + ": " + reason
    }
}

/// What a workbook may hold before it is refused, on top of its archive's ``ZipLimits``.
package struct XLSXLimits: Sendable {
    package var zip = ZipLimits()
    package var xml = XMLReader.Limits()
    package var maximumSheets = 1_000
    package var maximumSharedStrings = 1_000_000
    /// Non-empty cells over all sheets.
    package var maximumCells = 5_000_000

    package init() {}
}

/// Reads an `.xlsx` workbook (ECMA-376 SpreadsheetML in its zip container) as tables of cell strings: the
/// sheets in the workbook's order, by name, through the package and workbook relationships, with the
/// shared strings (rich text runs joined, phonetic runs left out) and each cell's value as text. Styles,
/// formulas (their cached value is read), dates (a date is its serial number) and merged cells are not read.
package enum XLSXReader {
    /// Counts the XML reader's steps over every part read while it is set (for tests of linear cost).
    @TaskLocal package static var work: WorkCounter?

    package static func read(_ bytes: [UInt8], limits: XLSXLimits = XLSXLimits()) throws(XLSXError) -> [Sheet] {
        try read(bytes, limits: limits, scanning: true)
    }

    /// The workbook, its sheets' cells and its shared strings read through ``SpreadsheetScanner`` when
    /// `scanning`, else by the general reader alone (what tests and the xlsx fuzz target compare the scanner with).
    package static func read(_ bytes: [UInt8], limits: XLSXLimits, scanning: Bool) throws(XLSXError) -> [Sheet] {
        try tables(bytes, limits: limits, scanning: scanning).map { table in
            Sheet(
                name: table.name,
                rows: table.rows.map { row in
                    row.map { Cell($0.value, CellLocation(sheet: table.name, row: $0.row, column: $0.column)) }
                })
        }
    }

    /// The workbook's sheets as ``read(_:limits:)`` reads them, each a table of its cells, flat: what a caller that
    /// keeps the cells in its own shape reads, without a location (and its sheet's name) made for each cell.
    package static func tables(_ bytes: [UInt8], limits: XLSXLimits = XLSXLimits()) throws(XLSXError) -> [SheetTable] {
        try tables(bytes, limits: limits, scanning: true)
    }

    private static func tables(_ bytes: [UInt8], limits: XLSXLimits, scanning: Bool) throws(XLSXError) -> [SheetTable] {
        let archive: ZipArchive
        do {
            archive = try ZipArchive(bytes, limits: limits.zip)
        } catch {
            throw XLSXError(part: error.entry, offset: error.offset, reason: error.reason)
        }
        let parts = Parts(archive: archive, limits: limits, scanning: scanning)
        let workbookPath =
            try parts.relationships(of: "")?.first { $0.type.hasSuffix("/officeDocument") }?.target ?? "xl/workbook.xml"
        let sheetList = try parts.sheetList(workbookPath)
        let relationships = try parts.relationships(of: workbookPath) ?? []
        let targets = Dictionary(relationships.map { ($0.id, $0.target) }, uniquingKeysWith: { first, _ in first })
        let sharedStringsPath = relationships.first { $0.type.hasSuffix("/sharedStrings") }?.target
        let sharedStrings = try sharedStringsPath.map { path throws(XLSXError) in try parts.sharedStrings(path) } ?? []
        var sheets: [SheetTable] = []
        var cellCount = 0
        for (name, id) in sheetList {
            guard let path = targets[id] else {
                throw XLSXError(
                    part: workbookPath, reason: "the sheet '\(name)' names the relationship '\(id)', which is not there"
                )
            }
            // Chartsheets and dialog sheets have no cells; they are listed with none.
            sheets.append(try parts.worksheet(path, name: name, sharedStrings: sharedStrings, cellCount: &cellCount))
        }
        return sheets
    }
}

/// The parts of one workbook, read through its archive.
private struct Parts {
    let archive: ZipArchive
    let limits: XLSXLimits
    /// Whether worksheets and shared strings are read through ``SpreadsheetScanner`` first.
    let scanning: Bool

    struct Relationship {
        var id: String
        var type: String
        var target: String
    }

    func contents(_ path: String) throws(XLSXError) -> [UInt8]? {
        do {
            return try archive.contents(named: path)
        } catch {
            throw XLSXError(part: error.entry, offset: error.offset, reason: error.reason)
        }
    }

    func reader(_ path: String) throws(XLSXError) -> XMLReader? {
        guard let bytes = try contents(path) else { return nil }
        return try located(path) { () throws(XMLError) in try XMLReader(bytes, limits: limits.xml) }
    }

    /// Runs `body` over the events of the part at `path`, with its XML errors located in that part.
    func events(_ path: String, _ body: (XMLEvent, inout XMLReader) throws(XLSXError) -> Void) throws(XLSXError) -> Bool
    {
        guard var reader = try reader(path) else { return false }
        while true {
            guard let event = try located(path, { () throws(XMLError) in try reader.next() }) else {
                XLSXReader.work?.steps += reader.steps
                return true
            }
            try body(event, &reader)
        }
    }

    /// The relationships of the part at `path` (`""` for the package), targets resolved; nil without a rels part.
    func relationships(of path: String) throws(XLSXError) -> [Relationship]? {
        let folder = path.split(separator: "/", omittingEmptySubsequences: false).dropLast().joined(separator: "/")
        let file = path.split(separator: "/").last.map(String.init) ?? ""
        let relsPath = (folder.isEmpty ? "" : folder + "/") + "_rels/" + file + ".rels"
        var found: [Relationship] = []
        let exists = try events(relsPath) { event, _ throws(XLSXError) in
            guard case .start(let name, let attributes) = event, XMLName.local(name) == "Relationship" else { return }
            // External targets (hyperlinks) are not parts of the package.
            guard attribute("TargetMode", attributes) != "External" else { return }
            guard let id = attribute("Id", attributes), let type = attribute("Type", attributes),
                let target = attribute("Target", attributes)
            else {
                throw XLSXError(part: relsPath, reason: "a Relationship without its Id, Type or Target")
            }
            found.append(Relationship(id: id, type: type, target: try resolve(target, from: folder, in: relsPath)))
        }
        return exists ? found : nil
    }

    /// A relationship's target as a zip entry name: absolute (`/xl/...`) or relative to the source's folder.
    private func resolve(_ target: String, from folder: String, in part: String) throws(XLSXError) -> String {
        var segments = target.hasPrefix("/") ? [] : folder.split(separator: "/").map(String.init)
        for segment in target.split(separator: "/") {
            switch segment {
            case ".": continue
            case "..":
                guard !segments.isEmpty else {
                    throw XLSXError(part: part, reason: "the target '\(target)' climbs out of the package")
                }
                segments.removeLast()
            default: segments.append(String(segment))
            }
        }
        return segments.joined(separator: "/")
    }

    /// The workbook's sheets in order: each one's name and relationship id.
    func sheetList(_ path: String) throws(XLSXError) -> [(name: String, id: String)] {
        var sheets: [(name: String, id: String)] = []
        var names = Set<String>()
        let exists = try events(path) { event, _ throws(XLSXError) in
            guard case .start(let name, let attributes) = event, XMLName.local(name) == "sheet" else { return }
            guard let sheetName = attribute("name", attributes),
                let id = attributes.first(where: { $0.name.hasSuffix(":id") })?.value
            else {
                throw XLSXError(part: path, reason: "a sheet without its name or r:id")
            }
            guard names.insert(sheetName.lowercased()).inserted else {
                throw XLSXError(part: path, reason: "two sheets are named '\(sheetName)'")
            }
            guard sheets.count < limits.maximumSheets else {
                throw XLSXError(part: path, reason: "more than \(limits.maximumSheets) sheets")
            }
            sheets.append((sheetName, id))
        }
        guard exists else { throw XLSXError(part: path, reason: "the workbook part is missing: not an .xlsx workbook") }
        return sheets
    }

    /// The shared strings table: each `si`'s text, its runs (`r/t`) joined, phonetic runs (`rPh`) left out.
    func sharedStrings(_ path: String) throws(XLSXError) -> [String] {
        if scanning, let strings = try sharedStrings(path, scanning: true) { return strings }
        if scanning { XLSXReader.work?.partsReadAgain += 1 }
        return try sharedStrings(path, scanning: false) ?? []
    }

    /// The shared strings table, the items in the root element read by ``SpreadsheetScanner`` when `scanning`;
    /// nil when it gives up.
    private func sharedStrings(_ path: String, scanning: Bool) throws(XLSXError) -> [String]? {
        guard var reader = try partReader(path) else { return [] }
        var strings: [String] = []
        while let token = try reader.advance() {
            guard token == .start else { continue }
            if reader.xml.isNamed("si") {
                guard strings.count < limits.maximumSharedStrings else {
                    throw XLSXError(part: path, reason: "more than \(limits.maximumSharedStrings) shared strings")
                }
                strings.append(try richText(&reader))
            } else if scanning, reader.xml.depth == 1, reader.xml.contentStart != nil {
                let limit = limits.maximumSharedStrings
                let scanned = SpreadsheetScanner.scanning(contentsOf: reader.xml, limits: limits.xml) { scanner in
                    while let item = try scanner.stringItem() {
                        // Past the limit: the general reader says so, at the item.
                        guard strings.count < limit else { throw SpreadsheetScanner.Unusual() }
                        strings.append(item)
                    }
                }
                guard let scanned else { return nil }
                reader.xml.skipScanned(to: scanned.end, steps: scanned.steps)
            }
        }
        reader.finish()
        return strings
    }

    /// The text of the string item (`si` or `is`) just started: its `t`, or its runs' `t`s.
    private func richText(_ reader: inout PartReader) throws(XLSXError) -> String {
        let depth = reader.xml.depth
        var value = ""
        while reader.xml.depth >= depth, let token = try reader.advance() {
            guard token == .start else { continue }
            if reader.xml.isNamed("t") {
                // Most items are one `t`: its text is the value, no string joined.
                let text = try reader.elementText()
                value = value.isEmpty ? text : value + text
            } else if reader.xml.isNamed("rPh") {
                try reader.skipElement()
            }
        }
        return value
    }

    /// A worksheet's non-empty cells, by row: its `sheetData` through ``SpreadsheetScanner``, or (when the
    /// scanner gives up) the whole part through the general reader again.
    func worksheet(_ path: String, name sheet: String, sharedStrings: [String], cellCount: inout Int)
        throws(XLSXError) -> SheetTable
    {
        var rows = SheetRows(
            path: path, sheet: sheet, sharedStrings: sharedStrings, maximumCells: limits.maximumCells,
            cellCount: cellCount)
        if try !worksheet(into: &rows, scanning: scanning) {
            XLSXReader.work?.partsReadAgain += 1
            rows.cellCount = cellCount
            _ = try worksheet(into: &rows, scanning: false)
        }
        cellCount = rows.cellCount
        return rows.finish()
    }

    /// Reads the worksheet of `rows` into them, its `sheetData` through ``SpreadsheetScanner`` when `scanning`:
    /// false when the scanner gave up (`rows` are then partly read).
    private func worksheet(into rows: inout SheetRows, scanning: Bool) throws(XLSXError) -> Bool {
        guard var reader = try partReader(rows.path) else {
            throw XLSXError(part: rows.path, reason: "the sheet '\(rows.sheet)' has no part in the archive")
        }
        rows.clear()
        while let token = try reader.advance() {
            guard token == .start else { continue }
            if reader.xml.isNamed("row") {
                try rows.startRow(number: reader.xml.attributeBytes("r"))
            } else if reader.xml.isNamed("c") {
                let column = try rows.startCell(reference: reader.xml.attributeBytes("r"))
                let type = CellType(reader.xml.attributeBytes("t"))
                let (value, inline) = try cellContents(&reader)
                try rows.add(try rows.value(of: type, value: value, inline: inline, at: column), at: column)
            } else if scanning, reader.xml.isNamed("sheetData"), reader.xml.contentStart != nil {
                let scanned = SpreadsheetScanner.scanning(contentsOf: reader.xml, limits: limits.xml) { scanner in
                    try scan(&scanner, into: &rows)
                }
                guard let scanned else { return false }
                reader.xml.skipScanned(to: scanned.end, steps: scanned.steps)
            }
        }
        reader.finish()
        return true
    }

    /// The rows of a `sheetData` through `scanner`, read as the general reader's loop reads them. Any error
    /// (the scanner's or the rows') gives up: the general reader then reads the part again and says where.
    private func scan(_ scanner: inout SpreadsheetScanner, into rows: inout SheetRows) throws {
        while true {
            let row: SpreadsheetScanner.Tag
            let rowDigits: SpreadsheetScanner.RowDigits?
            // A row of the commonest shape with its number read; any other by its parts.
            if let plain = scanner.plainRow() {
                row = plain.tag
                try rows.startRow(parsed: plain.number, number: scanner.bytes(in: plain.tag.reference ?? 0..<0))
                rowDigits = plain.digits
            } else {
                guard let tag = try scanner.row() else { break }
                row = tag
                try rows.startRow(number: row.reference.map(scanner.bytes(in:)))
                guard !row.empty else { continue }
                rowDigits = scanner.rowDigits(row.reference, number: rows.rowNumber)
            }
            while true {
                // The commonest shape read whole, with no tag made; any other by its parts.
                try scanPlainCells(&scanner, inRow: rowDigits, into: &rows)
                // `</row>` read at once where the row is named `row` (no prefix).
                if row.name.count == 3, scanner.plainRowEnd() { break }
                guard let cell = try scanner.cell(in: row.name) else { break }
                let column = try rows.startCell(reference: cell.reference.map(scanner.bytes(in:)))
                let type = CellType(cell.type.map(scanner.bytes(in:)))
                let content = cell.empty ? SpreadsheetScanner.CellContent() : try scanner.cellContent(cell.name)
                try rows.add(
                    try rows.value(of: type, value: content.value, inline: content.inline, at: column), at: column)
            }
        }
    }

    /// The cells of the commonest shape from the scanner on, each read whole with no tag made, up to the first of
    /// another shape (or the row's end).
    // A loop of its own, kept small (what is rare is called, not inlined), so that the scanner's reading of a cell
    // is inlined into it: a call per cell was a sixth of the work.
    private func scanPlainCells(
        _ scanner: inout SpreadsheetScanner, inRow row: SpreadsheetScanner.RowDigits?, into rows: inout SheetRows
    ) throws(XLSXError) {
        while let cell = scanner.plainCell(inRow: row) {
            // The commonest of these: its place read by the scanner on the way, a shared string's index.
            guard let place = cell.place, cell.isShared else {
                try addPlainCell(cell, scanner, &rows)
                continue
            }
            let column = try rows.startCell(at: place, reference: scanner.bytes(in: cell.reference))
            let value = scanner.bytes(in: cell.value)
            try rows.addShared(cell.number ?? decimal(value), written: value, at: column)
        }
    }

    /// A cell of the commonest shape read by the scanner, its place parsed here when the scanner did not read it,
    /// its value read as its type says.
    @inline(never)
    private func addPlainCell(
        _ cell: SpreadsheetScanner.PlainCell, _ scanner: SpreadsheetScanner, _ rows: inout SheetRows
    )
        throws(XLSXError)
    {
        let reference = scanner.bytes(in: cell.reference)
        let column =
            if let place = cell.place {
                try rows.startCell(at: place, reference: reference)
            } else {
                try rows.startCell(reference: reference)
            }
        let value = scanner.bytes(in: cell.value)
        if cell.isShared {
            try rows.addShared(cell.number ?? decimal(value), written: value, at: column)
        } else {
            try rows.add(
                try rows.value(of: CellType(cell.type.map(scanner.bytes(in:))), value: value, inline: nil, at: column),
                at: column)
        }
    }

    /// The cell just started: its value (`v`) and inline string (`is`), each nil when absent.
    private func cellContents(_ reader: inout PartReader) throws(XLSXError) -> (ArraySlice<UInt8>?, String?) {
        let depth = reader.xml.depth
        // The value's bytes, made a string only when it is the cell's text.
        var value: ArraySlice<UInt8>?
        var inline: String?
        while reader.xml.depth >= depth, let token = try reader.advance() {
            guard token == .start else { continue }
            if reader.xml.isNamed("v") {
                value = try reader.elementTextBytes()
            } else if reader.xml.isNamed("is") {
                inline = try richText(&reader)
            } else {
                try reader.skipElement()
            }
        }
        return (value, inline)
    }

    /// A reader of the part at `path`, nil when the archive has no such part.
    private func partReader(_ path: String) throws(XLSXError) -> PartReader? {
        try reader(path).map { PartReader(xml: $0, path: path) }
    }
}

/// A worksheet's rows as its cells are read: the order of rows and cells checked, each cell's value read as
/// its type says, the cells counted against the limit.
private struct SheetRows {
    let path: String
    let sheet: String
    let sharedStrings: [String]
    let maximumCells: Int
    /// Non-empty cells over the sheets read so far.
    var cellCount: Int
    /// The cells kept, flat (an array per row was an allocation and a free per row), and where each row that
    /// holds one starts.
    private var cells: [TableCell] = []
    private var rowStarts: [Int] = []
    private(set) var rowNumber = 0
    private var column = 0
    /// Whether the row being read has a cell kept (its start is listed).
    private var rowListed = false

    init(path: String, sheet: String, sharedStrings: [String], maximumCells: Int, cellCount: Int) {
        self.path = path
        self.sheet = sheet
        self.sharedStrings = sharedStrings
        self.maximumCells = maximumCells
        self.cellCount = cellCount
    }

    /// Back to no rows read.
    mutating func clear() {
        cells = []
        rowStarts = []
        rowNumber = 0
        column = 0
        rowListed = false
    }

    /// A row starts, numbered `text` (its `r`) or after the last one.
    mutating func startRow<Bytes: Collection<UInt8>>(number text: Bytes?) throws(XLSXError) {
        guard let text else { return try startRow(next: rowNumber + 1) }
        try startRow(parsed: decimal(text), number: text)
    }

    /// A row starts, numbered `text` (its `r`), which writes `parsed` (as ``decimal(_:)`` reads it).
    mutating func startRow<Bytes: Collection<UInt8>>(parsed: Int?, number text: Bytes) throws(XLSXError) {
        guard let number = parsed, (1...CellReference.maximumRow).contains(number) else {
            throw XLSXError(part: path, reason: "'\(string(text))' is not a row number")
        }
        try startRow(next: number)
    }

    /// A row starts, numbered `next`.
    private mutating func startRow(next: Int) throws(XLSXError) {
        rowListed = false
        guard next > rowNumber else {
            throw XLSXError(
                part: path, cell: CellLocation(sheet: sheet, row: next, column: 1),
                reason: "row \(next) comes after row \(rowNumber)")
        }
        rowNumber = next
        column = 0
    }

    /// A cell starts, at `reference` (its `r`) or after the last one: its column (in the row being read).
    mutating func startCell<Bytes: Collection<UInt8>>(reference: Bytes?) throws(XLSXError) -> Int {
        guard rowNumber > 0 else { throw XLSXError(part: path, reason: "a cell outside a row") }
        guard let reference else {
            column += 1
            return column
        }
        guard let place = CellReference.parse(reference) else {
            throw XLSXError(
                part: path, cell: location(column + 1), reason: "'\(string(reference))' is not a cell reference")
        }
        return try startCell(at: place, reference: reference)
    }

    /// A cell starts at `place`, which its `reference` names (as ``CellReference/parse(_:)`` reads it): its column.
    mutating func startCell<Bytes: Collection<UInt8>>(at place: (column: Int, row: Int), reference: Bytes)
        throws(XLSXError) -> Int
    {
        guard rowNumber > 0 else { throw XLSXError(part: path, reason: "a cell outside a row") }
        guard place.row == rowNumber, place.column > column else {
            throw outOfOrder(place.column, reference: string(reference))
        }
        column = place.column
        return column
    }

    /// The error of a cell at `column`, written `reference`, that does not follow the last one in its row.
    @inline(never)
    private func outOfOrder(_ column: Int, reference: String) -> XLSXError {
        XLSXError(
            part: path, cell: location(column), reason: "the cell \(reference) is out of order in row \(rowNumber)")
    }

    /// The cell at `column` of the row being read, named for a problem.
    private func location(_ column: Int) -> CellLocation {
        CellLocation(sheet: sheet, row: rowNumber, column: column)
    }

    /// The cell's text: its value (`v`) or inline string (`is`), read as its type `t` says.
    func value<Bytes: Collection<UInt8>>(of type: CellType, value: Bytes?, inline: String?, at column: Int)
        throws(XLSXError) -> String
    {
        switch type {
        case .inlineString: return inline ?? ""
        case .shared:
            guard let value else { return "" }
            return try sharedString(decimal(value), written: value, at: column)
        case .boolean:
            guard let value else { return "" }
            switch string(value) {
            case "0": return "FALSE"
            case "1": return "TRUE"
            case let other:
                throw XLSXError(part: path, cell: location(column), reason: "'\(other)' is not a boolean (0 or 1)")
            }
        case .asWritten: return value.map(string) ?? ""
        case .unknown(let other):
            throw XLSXError(
                part: path, cell: location(column),
                reason: "the cell type '\(other)' is not one SpreadsheetML defines")
        }
    }

    /// The shared string a cell's value names: `index`, the number its text `written` writes (nil when it writes
    /// none).
    func sharedString<Bytes: Collection<UInt8>>(_ index: Int?, written value: Bytes, at column: Int)
        throws(XLSXError) -> String
    {
        guard let index, sharedStrings.indices.contains(index) else {
            throw notShared(string(value), at: column)
        }
        return sharedStrings[index]
    }

    /// The error of a cell at `column` whose value, `written`, names no shared string.
    @inline(never)
    private func notShared(_ written: String, at column: Int) -> XLSXError {
        XLSXError(
            part: path, cell: location(column),
            reason: "'\(written)' is not one of the \(sharedStrings.count) shared strings")
    }

    /// The shared string a cell's value names (as ``sharedString(_:written:at:)`` reads it), kept unless empty:
    /// read where it is, and copied once, into the cell kept.
    @inline(__always)
    mutating func addShared<Bytes: Collection<UInt8>>(_ index: Int?, written value: Bytes, at column: Int)
        throws(XLSXError)
    {
        guard let index, sharedStrings.indices.contains(index) else {
            throw notShared(string(value), at: column)
        }
        guard !sharedStrings[index].isEmpty else { return }
        try countCell(at: column)
        cells.append(TableCell(value: sharedStrings[index], row: rowNumber, column: column))
    }

    /// The cell's text, kept unless empty.
    mutating func add(_ value: String, at column: Int) throws(XLSXError) {
        guard !value.isEmpty else { return }
        try countCell(at: column)
        cells.append(TableCell(value: value, row: rowNumber, column: column))
    }

    /// A cell to be kept at `column`: counted against the limit, its row listed if it is the row's first.
    @inline(__always)
    private mutating func countCell(at column: Int) throws(XLSXError) {
        cellCount += 1
        guard cellCount <= maximumCells else { throw tooManyCells(at: column) }
        if !rowListed {
            rowStarts.append(cells.count)
            rowListed = true
        }
    }

    /// The error of one cell more than the limit, at `column`.
    @inline(never)
    private func tooManyCells(at column: Int) -> XLSXError {
        XLSXError(part: path, cell: location(column), reason: "more than \(maximumCells) cells")
    }

    /// The table read.
    mutating func finish() -> SheetTable {
        defer { clear() }
        return SheetTable(name: sheet, cells: cells, rowStarts: rowStarts)
    }
}

/// A cell's type (its `t` attribute), as far as reading its value goes.
private enum CellType {
    case inlineString
    case shared
    case boolean
    /// A number, a formula's string, an error or a date: the value as written (`n` when no type is given).
    case asWritten
    case unknown(String)

    /// The type that a cell's `t` value says, compared as bytes (every cell has one).
    init<Bytes: Collection<UInt8>>(_ type: Bytes?) {
        guard let type else {
            self = .asWritten
            return
        }
        switch type.count == 1 ? type.first : nil {
        case UInt8(ascii: "n"), UInt8(ascii: "e"), UInt8(ascii: "d"): self = .asWritten
        case UInt8(ascii: "s"): self = .shared
        case UInt8(ascii: "b"): self = .boolean
        default:
            if type.elementsEqual("str".utf8) {
                self = .asWritten
            } else if type.elementsEqual("inlineStr".utf8) {
                self = .inlineString
            } else {
                self = .unknown(String(decoding: type, as: UTF8.self))
            }
        }
    }
}

/// An XML reader of one part whose errors are the workbook's, located in that part.
private struct PartReader {
    var xml: XMLReader
    let path: String

    mutating func advance() throws(XLSXError) -> XMLToken? {
        try located(path) { () throws(XMLError) in try xml.advance() }
    }

    mutating func elementText() throws(XLSXError) -> String {
        try located(path) { () throws(XMLError) in try xml.elementText() }
    }

    mutating func elementTextBytes() throws(XLSXError) -> ArraySlice<UInt8> {
        try located(path) { () throws(XMLError) in try xml.elementTextBytes() }
    }

    mutating func skipElement() throws(XLSXError) {
        try located(path) { () throws(XMLError) in try xml.skipElement() }
    }

    /// Adds the steps taken to the work counted, at the end of the part.
    func finish() {
        XLSXReader.work?.steps += xml.steps
    }
}

/// `body`'s XML error as the workbook's, in the part at `path`.
private func located<T>(_ path: String, _ body: () throws(XMLError) -> T) throws(XLSXError) -> T {
    do {
        return try body()
    } catch {
        throw XLSXError(part: path, offset: error.offset, reason: error.reason)
    }
}

/// Text from UTF-8 bytes read (the document was checked as UTF-8 once, and a value's bytes are whole characters).
private func string(_ bytes: some Collection<UInt8>) -> String {
    String(decoding: bytes, as: UTF8.self)
}

/// The decimal number that `bytes` write, read as `Int(String)` reads one (a sign, then digits); nil when they
/// write none or it overflows.
private func decimal(_ bytes: some Collection<UInt8>) -> Int? {
    // Bytes in memory of 1 to 18 digits (a shared string's index, a row's number) cannot overflow: read with no
    // check but that each is a digit; anything else as below.
    if let buffer = bytes as? UnsafeBufferPointer<UInt8>, (1...18).contains(buffer.count) {
        var number = 0
        var index = 0
        while index < buffer.count, buffer[index] &- UInt8(ascii: "0") < 10 {
            number = number &* 10 &+ Int(buffer[index] &- UInt8(ascii: "0"))
            index += 1
        }
        if index == buffer.count { return number }
    }
    var digits = bytes[...]
    let negative = digits.first == UInt8(ascii: "-")
    if negative || digits.first == UInt8(ascii: "+") { digits = digits.dropFirst() }
    guard !digits.isEmpty else { return nil }
    var number = 0
    for byte in digits {
        guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) else { return nil }
        let digit = Int(byte - UInt8(ascii: "0"))
        let (times, timesOverflow) = number.multipliedReportingOverflow(by: 10)
        let (sum, sumOverflow) =
            negative ? times.subtractingReportingOverflow(digit) : times.addingReportingOverflow(digit)
        guard !timesOverflow, !sumOverflow else { return nil }
        number = sum
    }
    return number
}

/// Work counted by a test, across the parts of a workbook.
package final class WorkCounter: @unchecked Sendable {
    package var steps = 0
    /// Parts that ``SpreadsheetScanner`` gave up on, read again by the general reader.
    package var partsReadAgain = 0

    package init() {}
}

private func attribute(_ name: String, _ attributes: [XMLAttribute]) -> String? {
    attributes.first { $0.name == name }?.value
}
