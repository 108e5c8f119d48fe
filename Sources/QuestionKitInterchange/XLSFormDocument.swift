import QuestionKit
import QuestionKitArchive

/// An XLSForm's sheets as the JSON document the question types and `ProblemCollector` see:
/// `{"survey": [{"type": "text", "name": "q1", …}, …], "choices": […], "settings": […], …}`, a sheet
/// under its name (lowercased), each row after the header an object of its cells, each cell a string
/// under its column's name (see `columnKey`). Every problem found on a node of it is moved to the cell
/// it came from (`locate`).
///
/// Why JSON: the types already report on JSON nodes (the design rule), the conditions and the check
/// of the template made (`ImportCheck`) move problems between JSON nodes, and a row is a natural
/// object of named cells. The text is written so that each line holds one thing of one cell: a row's
/// `{` (its first cell), a member's key (its column's header cell) and its value (the cell), so a
/// diagnostic's line names its cell through one table.
struct XLSFormDocument: Sendable {
    let document: JSONDocument
    /// The cell each line of the text stands for (index 0 unused), as `place(ofLine:)` reads it.
    private let lines: [LinePlace]
    /// The sheets' names, as the lines' places name them.
    private let sheetNames: [String]
    /// Whether the source is a workbook, whose places have no text position.
    let isWorkbook: Bool

    /// The document of `sheets`, nil when the text made of them cannot be parsed (over the limits). The
    /// document is recorded as the text is written (`JSONRecordedText`), not parsed from it: its keys are
    /// distinct by construction (sheets and columns named twice get `(2)`, a row has a column once).
    init?(sheets: [XLSFormSheet], isWorkbook: Bool) {
        var text = JSONRecordedText()
        var lines: [LinePlace] = []
        lines.reserveCapacity(Self.lineCount(of: sheets))
        lines += [.none, .none]  // no line 0; line 1 is the `{` of the root
        // A place names no sheet: a line keeps its sheet's index, and the name is kept once, here.
        let sheetNames = sheets.map(\.name)
        text.open(.object)
        var sheetKeys: Set<String> = []
        // Counted here and added once: the counter is a task-local, read at each addition.
        var visits = 0
        for (sheetIndex, sheet) in sheets.enumerated() {
            text.append(UInt8(ascii: "\n"))
            lines.append(LinePlace(sheet.place, sheet: sheetIndex))
            if sheetIndex > 0 { text.append(UInt8(ascii: ",")) }
            var key = sheet.name.trimmingSpaces.lowercased()
            var copy = 1
            while !sheetKeys.insert(key).inserted {
                copy += 1
                key = "\(sheet.name.trimmingSpaces.lowercased()) (\(copy))"
            }
            text.key(key)
            text.append(UInt8(ascii: ":"))
            text.open(.array)
            guard sheet.rowCount > 0 else {
                text.close()
                continue
            }
            let columns = Self.columns(of: sheet, sheet: sheetIndex, text: &text)
            var firstRow = true
            for rowIndex in 1..<sheet.rowCount {
                // By index, not copying cells: a form of 100,000 questions has a million of them.
                let row = sheet.row(rowIndex)
                visits += row.count
                guard !row.isEmpty else { continue }
                text.append(UInt8(ascii: "\n"))
                lines.append(LinePlace(sheet.placeOfCell(row.lowerBound), sheet: sheetIndex))
                if !firstRow { text.append(UInt8(ascii: ",")) }
                text.open(.object)
                firstRow = false
                for index in row {
                    // A cell under no header is read under `(column D)`, so that it is reported, not lost.
                    let place = sheet.placeOfCell(index)
                    let number = place.column
                    if number < columns.count, let column = columns[number] {
                        lines.append(column.line)
                        text.member(first: index == row.lowerBound, key: column.key, value: sheet.cells[index].value)
                    } else {
                        lines.append(LinePlace(place, sheet: sheetIndex))
                        let key = "(column \(CellReference.letters(number)))"
                        text.member(first: index == row.lowerBound, key: key, value: sheet.cells[index].value)
                    }
                    lines.append(LinePlace(place, sheet: sheetIndex))
                }
                text.close()
            }
            text.close()
        }
        text.append(UInt8(ascii: "\n"))
        lines.append(.none)
        text.close()
        WorkCounter.add(visits, to: .interchangeVisits)
        guard let document = text.document() ?? JSONParser.parse(text.bytes).document else { return nil }
        self.document = document
        self.lines = lines
        self.sheetNames = sheetNames
        self.isWorkbook = isWorkbook
    }

    /// The number of lines `init` writes: lines 0 (none), 1 (the root's `{`) and the last; a line for each sheet's
    /// key, for each row's `{` and two for each cell (its key and its value). Reserved at once, not grown: a
    /// form of 100,000 questions has two million.
    private static func lineCount(of sheets: [XLSFormSheet]) -> Int {
        sheets.reduce(3) { lines, sheet in
            guard sheet.rowCount > 0 else { return lines + 1 }
            return lines + sheet.rowCount + 2 * (sheet.cells.count - sheet.row(0).count)
        }
    }

    /// A column of a sheet's header: its key (made once for the text, written for each of its cells), and its
    /// header cell's line place.
    private struct Column {
        var key: JSONRecordedText.MemberKey
        var line: LinePlace
    }

    /// The columns of a sheet's header by number (an array, looked up for every cell, up to the header's last column).
    /// A header given twice keeps the first; the later one is `key (2)`, so that the reader reports its cells
    /// rather than losing them.
    private static func columns(of table: XLSFormSheet, sheet: Int, text: inout JSONRecordedText) -> [Column?] {
        let header = table.row(0)
        let last = header.map { table.cells[$0].column }.max() ?? 0
        var columns = [Column?](repeating: nil, count: last + 1)
        var used: [String: Int] = [:]
        for index in header {
            let place = table.placeOfCell(index)
            var key = columnKey(table.cells[index].value)
            if let count = used[key] {
                used[key] = count + 1
                key = "\(key) (\(count + 1))"
            } else {
                used[key] = 1
            }
            columns[place.column] = Column(key: text.memberKey(key), line: LinePlace(place, sheet: sheet))
        }
        return columns
    }

    /// A header as the reader names its column: lowercased but for a language (`label::English (en)`),
    /// with pyxform's older spellings in their current form (`list name`, `bind:constraint`,
    /// `control:appearance`, `label:English`).
    static func columnKey(_ header: String) -> String {
        let text = header.trimmingSpaces
        let lower = text.lowercased()
        if let alias = aliases[lower] { return alias }
        let scalars = Array(text.unicodeScalars)
        for index in scalars.indices where scalars[index] == ":" {
            let base = String(String.UnicodeScalarView(scalars[..<index])).lowercased()
            let double = index + 1 < scalars.count && scalars[index + 1] == ":"
            guard double || translatable.contains(base) else { break }
            let language = String(String.UnicodeScalarView(scalars[(index + (double ? 2 : 1))...])).trimmingSpaces
            return (aliases[base] ?? base) + "::" + language
        }
        return lower
    }

    /// Columns whose header may name a language after one colon (pyxform's older `label:English`).
    private static let translatable: Set<String> = [
        "label", "hint", "constraint_message", "required_message", "guidance_hint", "image", "audio", "video",
        "media",
    ]

    /// pyxform's older and alternative column names, by their current one.
    private static let aliases: [String: String] = [
        "list name": "list_name", "caption": "label", "bind:constraint": "constraint",
        "bind:relevant": "relevant", "bind:required": "required", "bind:readonly": "read_only",
        "bind:jr:constraintmsg": "constraint_message", "bind:jr:requiredmsg": "required_message",
        "bind:calculate": "calculation", "control:appearance": "appearance", "constraint message": "constraint_message",
        "required message": "required_message", "read only": "read_only", "readonly": "read_only",
        "choice filter": "choice_filter", "repeat count": "repeat_count", "jr:count": "repeat_count",
    ]

    /// A line's cell, stored flat (a form of 100,000 questions has two million lines; an optional place of
    /// each, with its sheet's name, was 64 bytes a line): its sheet (in `sheetNames`, -1 for a line of no
    /// cell), row and column, and a text form's line and column (0 in a workbook).
    private struct LinePlace {
        var sheet: Int32
        var row: Int32
        var column: Int32
        var textLine: Int32
        var textColumn: Int32

        static let none = LinePlace(sheet: -1, row: 0, column: 0, textLine: 0, textColumn: 0)

        init(sheet: Int32, row: Int32, column: Int32, textLine: Int32, textColumn: Int32) {
            (self.sheet, self.row, self.column, self.textLine, self.textColumn) = (
                sheet, row, column, textLine, textColumn
            )
        }

        init(_ place: XLSFormPlace, sheet: Int) {
            self.init(
                sheet: Int32(clamping: sheet), row: Int32(clamping: place.row), column: Int32(clamping: place.column),
                textLine: Int32(clamping: place.textLine), textColumn: Int32(clamping: place.textColumn))
        }
    }

    /// The cell `line` stands for, and its position in a text form (nil in a workbook); nil for a line of no
    /// cell (or none of the text).
    private func place(ofLine line: Int) -> (location: CellLocation, position: SourcePosition?)? {
        guard lines.indices.contains(line), lines[line].sheet >= 0 else { return nil }
        let stored = lines[line]
        return (
            CellLocation(sheet: sheetNames[Int(stored.sheet)], row: Int(stored.row), column: Int(stored.column)),
            stored.textLine > 0 ? SourcePosition(line: Int(stored.textLine), column: Int(stored.textColumn)) : nil
        )
    }

    /// `diagnostics` on the document's nodes, each moved to its cell: a text form's line and
    /// column, or a workbook's row and column with the cell named first in the message
    /// (`survey!B12: …`), since a workbook has no text. The pointer stays the document's
    /// (`/survey/10/type`: the sheet and the row, counted from the first after the header).
    func locate(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        diagnostics.map { diagnostic in
            guard let line = diagnostic.position?.line, let place = place(ofLine: line) else {
                var whole = diagnostic
                whole.position = nil
                whole.fixes = []
                return whole
            }
            var located = Diagnostic(
                severity: diagnostic.severity, code: diagnostic.code,
                message: isWorkbook ? "\(place.location): \(diagnostic.message)" : diagnostic.message,
                pointer: diagnostic.pointer,
                position: place.position
                    ?? SourcePosition(line: place.location.row, column: place.location.column),
                hint: diagnostic.hint)
            located.fixes = []
            return located
        }
    }
}
