import QuestionKit

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
    /// Read from the UTF-8 bytes: a table question may list a hundred thousand cells.
    public init?(parsing text: String) {
        var text = text
        guard let cell = text.withUTF8(Self.cell(parsing:)) else { return nil }
        self = cell
    }

    /// The cell a string node holds (see `init(parsing:)`), read where its text lies unless
    /// escapes make its bytes differ from its value; nil for anything else.
    package init?(parsing node: JSONNode) {
        guard let cell = node.withUnescapedUTF8(Self.cell(parsing:)) ?? node.stringValue.flatMap(Self.init(parsing:))
        else { return nil }
        self = cell
    }

    /// The cell `"r,c"` of these UTF-8 bytes, read in place: every `noCells` entry and every
    /// table answer's key is one.
    private static func cell(parsing bytes: UnsafeBufferPointer<UInt8>) -> TableCell? {
        guard let comma = bytes.firstIndex(of: UInt8(ascii: ",")),
            let row = number(UnsafeBufferPointer(rebasing: bytes[..<comma])),
            let column = number(UnsafeBufferPointer(rebasing: bytes[(comma + 1)...]))
        else { return nil }
        return TableCell(row: row, column: column)
    }

    /// The `"r,c"` form used as a key in the JSON.
    public var key: String { "\(row),\(column)" }
    public var description: String { key }

    /// Row by row, then column by column: the order people read a table in.
    public static func < (lhs: TableCell, rhs: TableCell) -> Bool {
        (lhs.row, lhs.column) < (rhs.row, rhs.column)
    }

    private static func number(_ digits: UnsafeBufferPointer<UInt8>) -> Int? {
        // Nine digits keep the value far from overflow; no table is that large. A second comma
        // is not a digit, so "1,2,3" is no cell.
        guard !digits.isEmpty, digits.count <= 9 else { return nil }
        var value = 0
        for byte in digits {
            let digit = byte &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            value = value * 10 + Int(digit)
        }
        return value
    }
}
