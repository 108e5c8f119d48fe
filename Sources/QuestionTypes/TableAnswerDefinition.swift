extension TableAnswerQuestion {
    /// The shape of a table question.
    public struct Definition: Sendable, Hashable {
        /// Number of rows, counting the header row (`numRows`).
        public var rows: Int
        /// Number of columns, counting the label column (`numColumns`).
        public var columns: Int
        /// The text of the top-left corner (`firstRow[0]`, or `firstColumn[0]` when that is empty).
        public var corner: String
        /// One header per data column: `columnHeaders[0]` heads column 2.
        public var columnHeaders: [String]
        /// One label per data row: `rowLabels[0]` labels row 2.
        public var rowLabels: [String]
        /// What the cells of each data row hold: `rowKinds[0]` is row 2.
        public var rowKinds: [RowKind]
        /// The data cells that must stay empty.
        public var noCells: Set<TableCell>

        /// A table; `rows` and `columns` count the header row and label column, the lists leave them out.
        public init(
            rows: Int, columns: Int, corner: String = "", columnHeaders: [String], rowLabels: [String],
            rowKinds: [RowKind], noCells: Set<TableCell> = []
        ) {
            self.rows = rows
            self.columns = columns
            self.corner = corner
            self.columnHeaders = columnHeaders
            self.rowLabels = rowLabels
            self.rowKinds = rowKinds
            self.noCells = noCells
        }

        /// The rows that hold data: 2 through `rows`.
        public var dataRows: Range<Int> { 2..<max(2, rows + 1) }
        /// The columns that hold data: 2 through `columns`.
        public var dataColumns: Range<Int> { 2..<max(2, columns + 1) }

        /// Whether `cell` lies among the data cells (not the header row or label column), no-cell or not.
        public func isDataCell(_ cell: TableCell) -> Bool {
            dataRows.contains(cell.row) && dataColumns.contains(cell.column)
        }
        /// Whether `cell` must stay empty.
        public func isNoCell(_ cell: TableCell) -> Bool { noCells.contains(cell) }
        /// The cells to fill: every data cell not in `noCells`, row by row.
        public var dataCells: [TableCell] {
            dataRows.flatMap { row in
                dataColumns.lazy.map { TableCell(row: row, column: $0) }.filter { !noCells.contains($0) }
            }
        }

        /// What the cells of data row `row` (2 or more) hold, or nil for any other row.
        public func kind(ofRow row: Int) -> RowKind? { Self.element(row - 2, of: rowKinds) }
        /// What `cell` holds, or nil when it is not a data cell.
        public func kind(of cell: TableCell) -> RowKind? { isDataCell(cell) ? kind(ofRow: cell.row) : nil }
        /// The label of data row `row` (2 or more), or nil for any other row.
        public func label(ofRow row: Int) -> String? { Self.element(row - 2, of: rowLabels) }
        /// The header of data column `column` (2 or more), or nil for any other column.
        public func header(ofColumn column: Int) -> String? { Self.element(column - 2, of: columnHeaders) }

        private static func element<T>(_ index: Int, of array: [T]) -> T? {
            array.indices.contains(index) ? array[index] : nil
        }
    }
}
