import QuestionKit
import QuestionKitArchive

/// One sheet of an XLSForm being written: rows of (column, value) pairs, laid out at the end with the
/// columns XLSForm users expect first, in `leading`'s order, and any other in the order first used. The
/// `required` columns head the sheet even when no row fills them (a survey without rows is still a sheet).
struct XLSFormTable {
    let name: String
    private let leading: [String]
    private let required: Set<String>
    /// The rows' cells, row after row, and where each row ends: one run, not an array for each row (a
    /// 100,000-question form's rows, each an array made, kept and freed, cost more than laying them out).
    private var cells: [Cell] = []
    private var ends: [Int] = []

    /// A cell of a row: its column's name and its text. A struct, not a tuple: an array of tuples is
    /// destroyed through each element's tuple metadata, which cost more than the cells' pieces of XML.
    private struct Cell {
        var column: String
        var value: String
    }

    init(name: String, leading: [String], required: Set<String> = []) {
        self.name = name
        self.leading = leading
        self.required = required
    }

    var isEmpty: Bool { ends.isEmpty }

    /// Room for `rows` rows of `cells` cells in all.
    mutating func reserveCapacity(rows: Int, cells: Int) {
        ends.reserveCapacity(rows)
        self.cells.reserveCapacity(cells)
    }

    /// Adds a row; a column given twice keeps its first value, an empty value is no value.
    mutating func append(_ row: [(String, String)]) {
        for (column, value) in row { cells.append(Cell(column: column, value: value)) }
        endRow()
    }

    /// Adds a cell to the row being made (`append(_:)`, a cell at a time, ended by `endRow()`).
    mutating func append(column: String, value: String) {
        cells.append(Cell(column: column, value: value))
    }

    /// Where the row being made starts in `cells`.
    private var rowStart: Int { ends.last ?? 0 }

    /// Takes the cells of the row being made out of it, to be put back changed.
    mutating func takeRowBeingMade() -> [(String, String)] {
        let row = cells[rowStart...].map { ($0.column, $0.value) }
        cells.removeSubrange(rowStart...)
        return row
    }

    /// Ends the row being made.
    mutating func endRow() {
        ends.append(cells.count)
    }

    /// The sheet laid out: its name, its header's width, and the header row and the rows beneath it, each row
    /// only its cells that hold text, in column order (what the workbook writes; a row laid out in full, a
    /// String for each of its empty cells, cost as much as writing the rows' XML).
    func laidOut() -> (name: String, width: Int, rows: XLSXWriter.SparseRows) {
        // Counted once for the table: the counter looked up for each row of a 100,000-question form cost
        // more than keeping the row.
        WorkCounter.add(ends.count, to: .interchangeVisits)
        // A row's columns are most often the row before's, in the same order: each is compared with the
        // column at its place in that row first, and hashed only when they differ (hashing every cell's
        // column cost a tenth of writing a form).
        var seen = required
        var others: [String] = []
        var known: [String?] = []
        var start = 0
        for end in ends {
            for index in start..<end where !cells[index].value.isEmpty {
                let offset = index - start
                let column = cells[index].column
                if offset < known.count, known[offset] == column { continue }
                if seen.insert(column).inserted && !leading.contains(column) { others.append(column) }
                while known.count <= offset { known.append(nil) }
                known[offset] = column
            }
            start = end
        }
        let header = leading.filter(seen.contains) + others
        var index: [String: Int] = [:]
        for (position, column) in header.enumerated() { index[column] = position }
        var table = XLSXWriter.SparseRows()
        table.reserveCapacity(rows: ends.count + 1, cells: header.count + cells.count)
        for (position, column) in header.enumerated() { table.append(column: position, value: column) }
        table.endRow()
        var placed: [(column: String, position: Int)?] = []
        start = 0
        for end in ends {
            // The row's last column so far: a column after it is new to the row, no cell to look for.
            var lastPosition = -1
            for cellIndex in start..<end where !cells[cellIndex].value.isEmpty {
                let offset = cellIndex - start
                let column = cells[cellIndex].column
                let position: Int
                if offset < placed.count, let last = placed[offset], last.column == column {
                    position = last.position
                } else {
                    // A few columns are looked through, fewer instructions than hashing the name.
                    guard let found = header.count <= 16 ? header.firstIndex(of: column) : index[column] else {
                        continue
                    }
                    position = found
                    while placed.count <= offset { placed.append(nil) }
                    placed[offset] = (column, found)
                }
                // The first value of a column stays: a cell filled already is not written over. A column
                // after the row's last is new; only one before it is looked for.
                if position <= lastPosition {
                    guard !table.rowBeingMade.contains(where: { $0.column == position }) else { continue }
                }
                lastPosition = max(lastPosition, position)
                table.append(column: position, value: cells[cellIndex].value)
            }
            table.endRow()
            start = end
        }
        return (name, header.count, table)
    }

    /// Sheets as pyxform reads a `.csv` form: a line naming each sheet (as wide as its rows: pyxform takes
    /// a file with fewer than four commas for no CSV), then its header and rows, each line after an empty
    /// first cell; fields quoted as RFC 4180 says when they hold a comma, a quote or a line break. Lines
    /// end in LF.
    static func csv(_ sheets: [(name: String, width: Int, rows: XLSXWriter.SparseRows)]) -> [UInt8] {
        var bytes: [UInt8] = []
        for sheet in sheets {
            append(sheet.name, to: &bytes)
            bytes += repeatElement(UInt8(ascii: ","), count: sheet.width)
            bytes.append(UInt8(ascii: "\n"))
            for index in 0..<sheet.rows.count {
                var cells = sheet.rows[index].makeIterator()
                var cell = cells.next()
                for column in 0..<sheet.width {
                    bytes.append(UInt8(ascii: ","))
                    if let filled = cell, filled.column == column {
                        append(filled.value, to: &bytes)
                        cell = cells.next()
                    }
                }
                bytes.append(UInt8(ascii: "\n"))
            }
        }
        return bytes
    }

    /// One field, in double quotes (a quote doubled) when it holds a comma, a quote or a line break.
    private static func append(_ value: String, to bytes: inout [UInt8]) {
        let quote = UInt8(ascii: "\"")
        guard value.utf8.contains(where: { $0 == 0x2C || $0 == quote || $0 == 0x0A || $0 == 0x0D }) else {
            bytes += value.utf8
            return
        }
        bytes.append(quote)
        for byte in value.utf8 {
            if byte == quote { bytes.append(quote) }
            bytes.append(byte)
        }
        bytes.append(quote)
    }
}
