/// Where a cell is in a workbook: its sheet's name, its row (1-based) and column (1-based, `A` is 1).
package struct CellLocation: Sendable, Hashable, CustomStringConvertible {
    package var sheet: String
    package var row: Int
    package var column: Int

    package init(sheet: String, row: Int, column: Int) {
        self.sheet = sheet
        self.row = row
        self.column = column
    }

    /// The column's letters: 1 is `A`, 27 is `AA`.
    package var columnLetters: String { CellReference.letters(column) }

    /// `survey!B12`, as spreadsheets write a reference to another sheet.
    package var description: String { "\(sheet)!\(columnLetters)\(row)" }
}

/// One non-empty cell's text (numbers as written in the file, booleans `TRUE`/`FALSE`) and its place.
package struct Cell: Sendable, Hashable {
    package var value: String
    package var location: CellLocation

    package init(_ value: String, _ location: CellLocation) {
        self.value = value
        self.location = location
    }
}

/// A worksheet as a table of strings: its rows that hold a cell, in order, each with its cells in column
/// order. Gaps are not filled; every cell carries its own location.
package struct Sheet: Sendable, Hashable {
    package var name: String
    package var rows: [[Cell]]

    package init(name: String, rows: [[Cell]]) {
        self.name = name
        self.rows = rows
    }
}

/// One non-empty cell of a ``SheetTable``: its text, row and column (its sheet is the table's).
package struct TableCell: Sendable, Hashable {
    package var value: String
    package var row: Int
    package var column: Int

    package init(value: String, row: Int, column: Int) {
        self.value = value
        self.row = row
        self.column = column
    }
}

/// A worksheet as ``Sheet`` holds it, flat: its non-empty cells row after row, each row's in column order, and
/// where each row that holds a cell starts. A reader that keeps cells in its own shape reads this, with no
/// array per row and no location (holding the sheet's name) per cell made and freed.
package struct SheetTable: Sendable, Hashable {
    package var name: String
    package var cells: [TableCell]
    /// Where each row starts in `cells`, in order.
    package var rowStarts: [Int]

    package init(name: String, cells: [TableCell], rowStarts: [Int]) {
        self.name = name
        self.cells = cells
        self.rowStarts = rowStarts
    }

    /// The rows, each the range of its cells in `cells`.
    package var rowRanges: some RandomAccessCollection<Range<Int>> {
        rowStarts.indices.lazy.map { index in
            rowStarts[index]..<(index + 1 < rowStarts.count ? rowStarts[index + 1] : cells.count)
        }
    }

    /// The rows, each its cells.
    package var rows: [ArraySlice<TableCell>] { rowRanges.map { cells[$0] } }
}

/// `B12` and its parts.
package enum CellReference {
    /// The largest column and row of SpreadsheetML (`XFD1048576`).
    package static let maximumColumn = 16_384
    package static let maximumRow = 1_048_576

    package static func letters(_ column: Int) -> String {
        var number = column
        var scalars: [Unicode.Scalar] = []
        while number > 0 {
            let remainder = (number - 1) % 26
            scalars.append(Unicode.Scalar(UInt8(ascii: "A") + UInt8(remainder)))
            number = (number - 1) / 26
        }
        var text = ""
        text.unicodeScalars.append(contentsOf: scalars.reversed())
        return text
    }

    /// The column and row of a reference such as `B12` (`$` marks allowed), nil when it is not one or is
    /// outside the sheet.
    package static func parse(_ reference: some Collection<UInt8>) -> (column: Int, row: Int)? {
        if let bytes = reference as? UnsafeBufferPointer<UInt8> { return parseInMemory(bytes) }
        return parseSlowly(reference)
    }

    /// `parse`, byte by byte through the collection's iterator.
    private static func parseSlowly(_ reference: some Collection<UInt8>) -> (column: Int, row: Int)? {
        var column = 0
        var row = 0
        var digits = 0
        var letters = 0
        for byte in reference where byte != UInt8(ascii: "$") {
            switch byte {
            case UInt8(ascii: "A")...UInt8(ascii: "Z") where digits == 0:
                column = column * 26 + Int(byte - UInt8(ascii: "A")) + 1
                letters += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9") where letters > 0:
                row = row * 10 + Int(byte - UInt8(ascii: "0"))
                digits += 1
            default: return nil
            }
            guard letters <= 3, digits <= 7 else { return nil }
        }
        guard (1...maximumColumn).contains(column), (1...maximumRow).contains(row) else { return nil }
        return (column, row)
    }

    /// `parse` of a reference in memory (as a sheet's scanner gives one), index by index: up to three capitals
    /// then up to seven digits, the whole reference, read here; anything else (a `$`, or no reference) by
    /// `parseSlowly`, which says the same of these (a sheet has as many references as cells).
    private static func parseInMemory(_ reference: UnsafeBufferPointer<UInt8>) -> (column: Int, row: Int)? {
        let count = reference.count
        var index = 0
        var column = 0
        while index < count, index < 3, reference[index] &- UInt8(ascii: "A") < 26 {
            column = column * 26 + Int(reference[index] &- UInt8(ascii: "A")) + 1
            index += 1
        }
        let letters = index
        var row = 0
        while index < count, index - letters < 7, reference[index] &- UInt8(ascii: "0") < 10 {
            row = row * 10 + Int(reference[index] &- UInt8(ascii: "0"))
            index += 1
        }
        guard index == count else { return parseSlowly(reference) }
        guard (1...maximumColumn).contains(column), (1...maximumRow).contains(row) else { return nil }
        return (column, row)
    }
}
