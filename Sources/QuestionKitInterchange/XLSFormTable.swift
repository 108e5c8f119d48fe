import QuestionKit

/// One sheet of an XLSForm being written: rows of (column, value) pairs, laid out at the end with the
/// columns XLSForm users expect first, in `leading`'s order, and any other in the order first used. The
/// `required` columns head the sheet even when no row fills them (a survey without rows is still a sheet).
struct XLSFormTable {
    let name: String
    private let leading: [String]
    private let required: Set<String>
    private var rows: [[(String, String)]] = []

    init(name: String, leading: [String], required: Set<String> = []) {
        self.name = name
        self.leading = leading
        self.required = required
    }

    var isEmpty: Bool { rows.isEmpty }

    /// Adds a row; a column given twice keeps its first value, an empty value is no value.
    mutating func append(_ row: [(String, String)]) {
        WorkCounter.add(1, to: .interchangeVisits)
        rows.append(row)
    }

    /// The header row and the rows beneath it, every row as wide as the header.
    func laidOut() -> [[String]] {
        var seen = required
        var others: [String] = []
        for row in rows {
            for (column, value) in row where !value.isEmpty && seen.insert(column).inserted && !leading.contains(column)
            {
                others.append(column)
            }
        }
        let header = leading.filter(seen.contains) + others
        var index: [String: Int] = [:]
        for (position, column) in header.enumerated() { index[column] = position }
        var table: [[String]] = [header]
        table.reserveCapacity(rows.count + 1)
        for row in rows {
            var cells = [String](repeating: "", count: header.count)
            var filled = Set<Int>()
            for (column, value) in row where !value.isEmpty {
                guard let position = index[column], filled.insert(position).inserted else { continue }
                cells[position] = value
            }
            table.append(cells)
        }
        return table
    }

    /// Sheets as pyxform reads a `.csv` form: a line naming each sheet (as wide as its rows: pyxform takes
    /// a file with fewer than four commas for no CSV), then its header and rows, each line after an empty
    /// first cell; fields quoted as RFC 4180 says when they hold a comma, a quote or a line break. Lines
    /// end in LF.
    static func csv(_ sheets: [(name: String, rows: [[String]])]) -> [UInt8] {
        var text = ""
        for sheet in sheets {
            let width = sheet.rows.first?.count ?? 0
            text += field(sheet.name) + String(repeating: ",", count: width) + "\n"
            for row in sheet.rows {
                text += "," + row.map(field).joined(separator: ",") + "\n"
            }
        }
        return Array(text.utf8)
    }

    private static func field(_ value: String) -> String {
        guard value.utf8.contains(where: { [0x2C, 0x22, 0x0A, 0x0D].contains($0) }) else { return value }
        var quoted = "\""
        for character in value { quoted += character == "\"" ? "\"\"" : String(character) }
        return quoted + "\""
    }
}
