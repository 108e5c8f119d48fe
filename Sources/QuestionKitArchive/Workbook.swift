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
}
