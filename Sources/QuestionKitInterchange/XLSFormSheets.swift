import QuestionKit
import QuestionKitArchive

/// Where a cell of an XLSForm is on its sheet: its row and column (`B12`), and, for the text forms pyxform
/// accepts (`.csv`, `.md`), its line and column in the text. Its sheet is the sheet's to say: a form of
/// 100,000 questions has a million cells, and a name kept in each was a reference counted with each.
struct XLSFormPlace: Sendable {
    var row: Int
    var column: Int
    /// The text's line and column; 0 in an `.xlsx` workbook, which has no text to point into.
    var textLine: Int
    var textColumn: Int

    /// A workbook's cell, at `row` and `column` (on the sheet being read).
    init(row: Int, column: Int) {
        (self.row, self.column, textLine, textColumn) = (row, column, 0, 0)
    }

    /// A text form's cell, at `row` and `column`, written at `position`.
    init(row: Int, column: Int, position: SourcePosition) {
        (self.row, self.column, textLine, textColumn) = (row, column, position.line, position.column)
    }
}

/// One sheet: its name as written, where it starts, and its rows that hold a cell (the first one the
/// header), each in column order.
struct XLSFormSheet: Sendable {
    var name: String
    var place: XLSFormPlace
    /// The rows' cells (their text, row and column), flat, and where each row starts in them: a workbook's as
    /// its table holds them, taken as they are when no cell is blank (a form of 100,000 questions has a million
    /// cells in 200,000 rows: a copy of each, in an array per row, was an allocation and a free per row).
    private(set) var cells: [TableCell] = []
    private var rowStarts: [Int] = []
    /// Where each cell is written in a text form's text, by cell; none in a workbook.
    private var positions: [SourcePosition] = []

    init(name: String, place: XLSFormPlace) {
        self.name = name
        self.place = place
    }

    /// A workbook's sheet, its blank cells left out as pyxform leaves them (and rows left with none).
    init(_ table: SheetTable) {
        name = table.name
        if !table.cells.contains(where: { $0.value.isBlank }) {
            cells = table.cells
            rowStarts = table.rowStarts
        } else {
            cells.reserveCapacity(table.cells.count)
            for range in table.rowRanges {
                let start = cells.count
                cells += table.cells[range].lazy.filter { !$0.value.isBlank }
                if cells.count > start { rowStarts.append(start) }
            }
        }
        place = cells.first.map { XLSFormPlace(row: $0.row, column: $0.column) } ?? XLSFormPlace(row: 1, column: 1)
    }

    var rowCount: Int { rowStarts.count }

    /// The cells of row `index` (0 the header), as indices of `cells`.
    func row(_ index: Int) -> Range<Int> {
        rowStarts[index]..<(index + 1 < rowStarts.count ? rowStarts[index + 1] : cells.count)
    }

    /// Where cell `index` is.
    func placeOfCell(_ index: Int) -> XLSFormPlace {
        // Its row and column read where they are: a copy of the cell was a retain and a release of its text.
        let (row, column) = (cells[index].row, cells[index].column)
        guard !positions.isEmpty else { return XLSFormPlace(row: row, column: column) }
        return XLSFormPlace(row: row, column: column, position: positions[index])
    }

    /// Adds a text form's row: its cells, each its text and place (which holds its position), unless there are none.
    mutating func appendRow(_ row: [(value: String, place: XLSFormPlace)]) {
        guard !row.isEmpty else { return }
        rowStarts.append(cells.count)
        for cell in row {
            cells.append(TableCell(value: cell.value, row: cell.place.row, column: cell.place.column))
            positions.append(SourcePosition(line: cell.place.textLine, column: cell.place.textColumn))
        }
    }
}

/// The sheets of an XLSForm, as the three forms pyxform accepts hold them: an `.xlsx` (or `.xlsm`)
/// workbook, read by QuestionKitArchive; a `.csv` whose first column names a sheet on the row that
/// starts it (the rows after it, first the header, leave the first column empty); a `.md` of
/// `|`-tables written the same way (`| survey |`, then `| | type | name | label |`).
enum XLSFormSheets {
    /// The kinds of source.
    enum Source: Sendable {
        case workbook
        case csv
        case markdown
    }

    /// Which source `bytes` are: a zip archive is a workbook; text whose first table cell is in a
    /// `|`-row is Markdown; other text CSV.
    static func source(of bytes: [UInt8]) -> Source {
        if InterchangeFormat.isArchive(bytes) { return .workbook }
        for byte in bytes
        where byte != 0x20 && byte != 0x09 && byte != 0x0A && byte != 0x0D && byte != 0xEF
            && byte != 0xBB && byte != 0xBF
        {
            return byte == UInt8(ascii: "|") ? .markdown : .csv
        }
        return .csv
    }

    /// Whether `bytes` look like an XLSForm: a workbook with a `survey` sheet (by the archive's
    /// `xl/workbook.xml`, then the sheet names), or a `.csv`/`.md` text with a `survey` sheet.
    static func looksLikeXLSForm(_ bytes: [UInt8]) -> Bool {
        guard case .success(let sheets) = read(bytes) else { return false }
        return sheets.contains { $0.name.lowercased().trimmingSpaces == "survey" }
    }

    /// Why a form's sheets cannot be read.
    struct ReadError: Error, CustomStringConvertible {
        var description: String
    }

    /// The sheets of `bytes`, or why they cannot be read.
    static func read(_ bytes: [UInt8]) -> Result<[XLSFormSheet], ReadError> {
        switch source(of: bytes) {
        case .workbook:
            do {
                return .success(try XLSXReader.tables(bytes).map(XLSFormSheet.init))
            } catch {
                return .failure(ReadError(description: error.description))
            }
        case .csv, .markdown:
            var scalars = String(decoding: bytes, as: UTF8.self).unicodeScalars[...]
            if scalars.first == "\u{FEFF}" { scalars = scalars.dropFirst() }
            guard String(validating: bytes, as: UTF8.self) != nil else {
                return .failure(ReadError(description: "the text is neither a workbook nor UTF-8"))
            }
            let records = source(of: bytes) == .csv ? csvRecords(scalars) : markdownRecords(scalars)
            return .success(sheets(of: records))
        }
    }

    /// One record of a text form: its fields, the first naming a sheet or empty.
    private typealias Record = [(value: String, position: SourcePosition)]

    /// pyxform's reading of both text forms: a record whose first field is not empty starts the
    /// sheet it names (its other fields, if any, are the header); the fields after the first of
    /// the next records are its rows, the first of them the header. Empty records are skipped.
    private static func sheets(of records: [Record]) -> [XLSFormSheet] {
        var sheets: [XLSFormSheet] = []
        for (number, record) in records.enumerated() {
            guard let first = record.first else { continue }
            let name = first.value.trimmingSpaces
            if !name.isEmpty {
                let place = XLSFormPlace(row: number + 1, column: 1, position: first.position)
                sheets.append(XLSFormSheet(name: name, place: place))
            }
            guard !sheets.isEmpty else { continue }
            var row: [(value: String, place: XLSFormPlace)] = []
            for (index, field) in record.enumerated().dropFirst() {
                let value = field.value.trimmingSpaces
                guard !value.isEmpty else { continue }
                let place = XLSFormPlace(row: number + 1, column: index + 1, position: field.position)
                row.append((value, place))
            }
            sheets[sheets.count - 1].appendRow(row)
        }
        return sheets
    }

    /// RFC 4180 records, as Python's csv module reads them: fields split by `,`, records by line
    /// ends (LF, CRLF or CR) outside quotes, `""` a quote inside a quoted field.
    private static func csvRecords(_ scalars: Substring.UnicodeScalarView) -> [Record] {
        var records: [Record] = []
        var record: Record = []
        var field = ""
        var fieldStart = SourcePosition(line: 1, column: 1)
        var line = 1
        var column = 1
        var quoted = false
        var inQuotes = false
        var previousCR = false
        var started = false
        func endField() {
            record.append((field, fieldStart))
            field = ""
            quoted = false
        }
        var visits = 0  // added once: the counter is a task-local, read at each addition
        for scalar in scalars {
            visits += 1
            defer {
                if scalar == "\n" || scalar == "\r" {
                    line += (scalar == "\n" && previousCR) ? 0 : 1
                    column = 1
                } else {
                    column += 1
                }
                previousCR = scalar == "\r"
            }
            if !started {
                started = true
                fieldStart = SourcePosition(line: line, column: column)
            }
            if inQuotes {
                if scalar == "\"" {
                    inQuotes = false
                } else {
                    field.unicodeScalars.append(scalar)
                }
                continue
            }
            switch scalar {
            case "\"":
                if quoted { field.unicodeScalars.append("\"") }  // `""`: a quote
                quoted = true
                inQuotes = true
            case ",":
                endField()
                fieldStart = SourcePosition(line: line, column: column + 1)
            case "\n" where previousCR:
                fieldStart = SourcePosition(line: line, column: 1)
            case "\n", "\r":
                endField()
                records.append(record)
                record = []
                fieldStart = SourcePosition(line: line + 1, column: 1)
            default:
                field.unicodeScalars.append(scalar)
            }
        }
        WorkCounter.add(visits, to: .interchangeVisits)
        if !field.isEmpty || !record.isEmpty || quoted { endField() }
        if !record.isEmpty { records.append(record) }
        return records
    }

    /// pyxform's Markdown: each line that starts and ends with `|` (after spaces) is a record, its
    /// fields the text between the bars, trimmed; a line of only bars and dashes separates, and is
    /// skipped, as are all other lines.
    private static func markdownRecords(_ scalars: Substring.UnicodeScalarView) -> [Record] {
        var records: [Record] = []
        var lineNumber = 0
        var visits = 0  // added once: the counter is a task-local, read at each addition
        defer { WorkCounter.add(visits, to: .interchangeVisits) }
        for line in scalars.split(separator: "\n", omittingEmptySubsequences: false) {
            lineNumber += 1
            visits += line.count
            let text = Array(line.last == "\r" ? line.dropLast() : line)
            guard let open = text.firstIndex(where: { $0 != " " && $0 != "\t" }), text[open] == "|",
                let close = text.lastIndex(where: { $0 != " " && $0 != "\t" }), close > open, text[close] == "|"
            else { continue }
            let inside = text[(open + 1)..<close]
            if inside.allSatisfy({ $0 == "|" || $0 == "-" || $0 == ":" || $0 == " " }),
                inside.contains("-")
            {
                continue
            }
            var record: Record = []
            var start = open + 1
            for index in (open + 1)...close where text[index] == "|" {
                var value = ""
                value.unicodeScalars.append(contentsOf: text[start..<index])
                let leading = text[start..<index].prefix { $0 == " " || $0 == "\t" }.count
                let column = start + leading + 1
                record.append((value.trimmingSpaces, SourcePosition(line: lineNumber, column: column)))
                start = index + 1
            }
            records.append(record)
        }
        return records
    }
}

extension String {
    /// Without leading and trailing spaces, tabs and line ends.
    /// Whether a text whose UTF-8 starts with `first` and ends with `last` has nothing for `trimmingSpaces` to trim:
    /// most cells, told by those two bytes alone (U+00A0 is C2 A0 in UTF-8).
    static func hasNothingToTrim(first: UInt8, last: UInt8) -> Bool {
        first > 0x20 && first != 0xC2 && last > 0x20 && last != 0xA0
    }

    var trimmingSpaces: String {
        if let first = utf8.first, let last = utf8.last, Self.hasNothingToTrim(first: first, last: last) { return self }
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !Self.isBlank($0) }),
            let last = scalars.lastIndex(where: { !Self.isBlank($0) })
        else { return "" }
        return String(scalars[first...last])
    }

    /// Whether the text is empty or only spaces, tabs and line ends (`trimmingSpaces` is empty), told
    /// without making the trimmed text.
    var isBlank: Bool {
        // Most cells start with a byte that is no blank's first (U+00A0 is C2 A0): told without a loop, the byte
        // read by the view's subscript, inlined (`utf8.first`, a generic call, was half the work of a workbook's
        // cells checked).
        let bytes = utf8
        if !bytes.isEmpty, bytes[bytes.startIndex] > 0x20 && bytes[bytes.startIndex] != 0xC2 { return false }
        return unicodeScalars.allSatisfy(Self.isBlank)
    }

    private static func isBlank(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\n" || scalar == "\r" || scalar == "\u{A0}"
    }
}
