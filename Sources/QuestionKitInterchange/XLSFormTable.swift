import QuestionKit
import QuestionKitArchive

/// One sheet of an XLSForm being written: rows of (column, value) pairs, laid out at the end with the
/// columns XLSForm users expect first, in `leading`'s order, and any other in the order first used. The
/// `required` columns head the sheet even when no row fills them (a survey without rows is still a sheet).
struct XLSFormTable {
    let name: String
    /// How many of `columns` are the leading ones (the first, in their order).
    private let leadingCount: Int
    /// The places in `columns` of the columns that head the sheet even when no row fills them.
    private var required: [Int] = []
    /// Each column's name once, the leading ones first, the others in the order given: a cell holds its
    /// column's place here, so laying the sheet out compares numbers (comparing and hashing every cell's
    /// column name cost a tenth of laying a 100,000-question form out).
    private var columns: [String] = []
    /// Each column's place in `columns`, looked up once there are more than a few.
    private var columnPlaces: [String: Int] = [:]
    /// The rows' cells, row after row, and where each row ends: one run, not an array for each row (a
    /// 100,000-question form's rows, each an array made, kept and freed, cost more than laying them out).
    private var cells: [Cell] = []
    private var ends: [Int] = []

    /// A cell of a row: its column's place in `columns` and its text. A struct, not a tuple: an array of
    /// tuples is destroyed through each element's tuple metadata, which cost more than the cells' XML.
    private struct Cell {
        var column: Int
        var value: String
    }

    init(name: String, leading: [String], required: Set<String> = []) {
        self.name = name
        var columns: [String] = []
        for column in leading where !columns.contains(column) { columns.append(column) }
        leadingCount = columns.count
        self.columns = columns
        for column in required { self.required.append(self.column(named: column)) }
    }

    var isEmpty: Bool { ends.isEmpty }

    /// Room for `rows` rows of `cells` cells in all.
    mutating func reserveCapacity(rows: Int, cells: Int) {
        ends.reserveCapacity(rows)
        self.cells.reserveCapacity(cells)
    }

    /// The place of the column `name`, for `append(columnAt:value:)`; a new column is added after the others.
    mutating func column(named name: String) -> Int {
        if columns.count <= 16 {
            // A few names are looked through, their lengths first: fewer instructions than hashing the name.
            let count = name.utf8.count
            for place in columns.indices where columns[place].utf8.count == count && columns[place] == name {
                return place
            }
        } else {
            if columnPlaces.isEmpty {
                for (place, column) in columns.enumerated() where columnPlaces[column] == nil {
                    columnPlaces[column] = place
                }
            }
            if let place = columnPlaces[name] { return place }
        }
        columns.append(name)
        if !columnPlaces.isEmpty { columnPlaces[name] = columns.count - 1 }
        return columns.count - 1
    }

    /// Adds a row; a column given twice keeps its first value, an empty value is no value.
    mutating func append(_ row: [(String, String)]) {
        for (column, value) in row { append(column: column, value: value) }
        endRow()
    }

    /// Adds a cell to the row being made (`append(_:)`, a cell at a time, ended by `endRow()`).
    mutating func append(column: String, value: consuming String) {
        cells.append(Cell(column: self.column(named: column), value: value))
    }

    /// Adds a cell to the row being made, its column given by its place (`column(named:)`).
    mutating func append(columnAt place: Int, value: consuming String) {
        cells.append(Cell(column: place, value: value))
    }

    /// Where the row being made starts in `cells`.
    private var rowStart: Int { ends.last ?? 0 }

    /// Takes the cells of the row being made out of it, to be put back changed.
    mutating func takeRowBeingMade() -> [(String, String)] {
        let row = cells[rowStart...].map { (columns[$0.column], $0.value) }
        cells.removeSubrange(rowStart...)
        return row
    }

    /// Ends the row being made.
    mutating func endRow() {
        ends.append(cells.count)
    }

    /// The sheet laid out: its name, its header's width, and the header row and the rows beneath it, each row
    /// only its cells that hold text, in column order (what the workbook writes; a row laid out in full, a
    /// String for each of its empty cells, cost as much as writing the rows' XML). The texts laid out are
    /// taken out of the table, which is left without rows: held by both, each was retained and released
    /// once more than it is written.
    mutating func laidOut() -> (name: String, width: Int, rows: XLSXWriter.SparseRows) {
        // Counted once for the table: the counter looked up for each row of a 100,000-question form cost
        // more than keeping the row.
        WorkCounter.add(ends.count, to: .interchangeVisits)
        var cells: [Cell] = []
        swap(&cells, &self.cells)
        let ends = self.ends
        self.ends = []
        // The columns a cell fills, the leading ones in their order, then the others in the order first filled.
        var seen = [Bool](repeating: false, count: columns.count)
        for place in required { seen[place] = true }
        var others: [Int] = []
        for index in cells.indices where !seen[cells[index].column] && !cells[index].value.isEmpty {
            seen[cells[index].column] = true
            if cells[index].column >= leadingCount { others.append(cells[index].column) }
        }
        let header = (0..<leadingCount).filter { seen[$0] } + others
        var positions = [Int](repeating: -1, count: columns.count)
        for (position, place) in header.enumerated() { positions[place] = position }
        var table = XLSXWriter.SparseRows()
        table.reserveCapacity(rows: ends.count + 1, cells: header.count + cells.count)
        for (position, place) in header.enumerated() { table.append(column: position, value: columns[place]) }
        table.endRow()
        var start = 0
        for end in ends {
            // The row's last column so far: a column after it is new to the row, no cell to look for.
            var lastPosition = -1
            for cellIndex in start..<end where !cells[cellIndex].value.isEmpty {
                // A column that only `required` names, not a leading one, is in no header: its cells are left out.
                let position = positions[cells[cellIndex].column]
                guard position >= 0 else { continue }
                // The first value of a column stays: a cell filled already is not written over. A column
                // after the row's last is new; only one before it is looked for.
                if position <= lastPosition {
                    guard !table.rowBeingMade.contains(where: { $0.column == position }) else { continue }
                }
                lastPosition = max(lastPosition, position)
                var value = ""
                swap(&value, &cells[cellIndex].value)
                table.append(column: position, value: value)
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
