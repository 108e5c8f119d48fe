/// A cell of a table question, addressed as in the MI format: `"r,c"`, 1-based, counting the
/// header row and the label column, so the first data cell is `"2,2"`.
///
/// The same addresses key `noCells` and the answers of a completed form (`{"2,3": "yes"}`).
public struct TableCell: Hashable, Sendable, Comparable, CustomStringConvertible {
    /// 1-based row; row 1 is the header row.
    public var row: Int
    /// 1-based column; column 1 is the label column.
    public var column: Int

    /// The cell at 1-based `row` and `column`, counting the header row and the label column.
    public init(row: Int, column: Int) {
        self.row = row
        self.column = column
    }

    /// Reads `"r,c"`: two unsigned whole numbers separated by a comma, nothing else (no spaces).
    /// Returns nil for anything else, e.g. `"2-3"`, `"a,b"` or `"2,"`.
    public init?(parsing text: String) {
        let parts = text.split(separator: ",", omittingEmptySubsequences: false)
        guard parts.count == 2, let row = Self.number(parts[0]), let column = Self.number(parts[1]) else { return nil }
        self.init(row: row, column: column)
    }

    /// The `"r,c"` form used as a key in the JSON.
    public var key: String { "\(row),\(column)" }
    public var description: String { key }

    /// Row by row, then column by column: the order people read a table in.
    public static func < (lhs: TableCell, rhs: TableCell) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }

    private static func number(_ text: Substring) -> Int? {
        // Nine digits keep the value far from overflow; no table is that large.
        let digits = text.utf8.allSatisfy { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
        return digits && !text.isEmpty && text.utf8.count <= 9 ? Int(text) : nil
    }
}
