/// Writes a minimal valid `.xlsx` workbook (ECMA-376 SpreadsheetML) of string cells: content types, the
/// package and workbook relationships, the workbook, one default style, and a worksheet per sheet, its
/// strings shared (one table, each string once) or inline. The same sheets give the same bytes.
package enum XLSXWriter {
    package enum Strings: Sendable { case shared, inline }

    /// A sheet's rows, each only its cells that hold text, held in one run: the cells row after row, each
    /// row's in column order, and where each row ends. (An array for each row of a 100,000-question
    /// form's sheets, made and freed, cost more than laying the rows out.)
    package struct SparseRows: Sendable {
        /// A cell: its column (0 for `A`) and text. A struct, not a tuple: an array of tuples is destroyed
        /// through each element's tuple metadata, which cost as much as a sheet's cells' pieces of XML.
        package struct Cell: Sendable {
            package var column: Int
            package var value: String
        }

        /// Each cell, row after row.
        package private(set) var cells: [Cell] = []
        /// Where each row's cells end in `cells`.
        package private(set) var ends: [Int] = []

        package init() {}

        /// Room for `rows` rows of `cells` cells in all.
        package mutating func reserveCapacity(rows: Int, cells: Int) {
            ends.reserveCapacity(rows)
            self.cells.reserveCapacity(cells)
        }

        /// Adds a cell to the row being made (a column at most once; an empty text leaves its cell empty).
        package mutating func append(column: Int, value: consuming String) {
            cells.append(Cell(column: column, value: value))
        }

        /// The cells of the row being made.
        package var rowBeingMade: ArraySlice<Cell> { cells[(ends.last ?? 0)...] }

        /// Ends the row being made, its cells put in column order.
        package mutating func endRow() {
            let start = ends.last ?? 0
            var index = start + 1
            while index < cells.count && cells[index - 1].column < cells[index].column { index += 1 }
            if index < cells.count { cells[start...].sort { $0.column < $1.column } }
            ends.append(cells.count)
        }

        /// The number of rows.
        package var count: Int { ends.count }

        /// The cells of row `index` (0 for the first).
        package subscript(index: Int) -> ArraySlice<Cell> {
            cells[(index == 0 ? 0 : ends[index - 1])..<ends[index]]
        }
    }

    /// The workbook of `sheets`, each a name and its rows of cells (an empty string leaves its cell empty).
    package static func write(_ sheets: [(name: String, rows: [[String]])], strings: Strings = .shared)
        throws(XLSXError) -> [UInt8]
    {
        var sparse: [(name: String, rows: SparseRows)] = []
        for sheet in sheets {
            var rows = SparseRows()
            for (rowIndex, row) in sheet.rows.enumerated() {
                // A row's empty cells count towards its width, as its last cell would.
                guard row.count <= CellReference.maximumColumn || row.allSatisfy(\.isEmpty) else {
                    throw XLSXError(
                        reason:
                            "row \(rowIndex + 1) of '\(sheet.name)' has more than \(CellReference.maximumColumn) cells")
                }
                for (column, value) in row.enumerated() where !value.isEmpty {
                    rows.append(column: column, value: value)
                }
                rows.endRow()
            }
            sparse.append((sheet.name, rows))
        }
        return try write(cells: sparse, strings: strings)
    }

    /// The workbook of `sheets`, each a name and its rows, each row only its cells that hold text: what
    /// `write(_:strings:)` writes of the same rows laid out in full, without a string for every empty cell
    /// (the XLSForm writer's sheets are most of them empty cells, each a String kept and freed).
    package static func write(cells sheets: [(name: String, rows: SparseRows)], strings: Strings = .shared)
        throws(XLSXError) -> [UInt8]
    {
        guard !sheets.isEmpty else { throw XLSXError(reason: "a workbook needs at least one sheet") }
        // The reader's limit, far below what the zip writer's 16-bit entry count could hold.
        guard sheets.count <= XLSXLimits().maximumSheets else {
            throw XLSXError(reason: "more than \(XLSXLimits().maximumSheets) sheets")
        }
        var names = Set<String>()
        for sheet in sheets {
            try checkSheetName(sheet.name)
            guard names.insert(sheet.name.lowercased()).inserted else {
                throw XLSXError(reason: "two sheets are named '\(sheet.name)' (names are compared without case)")
            }
        }
        var table = SharedStrings()
        var worksheets: [[UInt8]] = []
        for sheet in sheets {
            worksheets.append(try worksheet(sheet.name, sheet.rows, strings, &table))
        }
        var archive = ZipWriter()
        let sheetNumbers = sheets.indices.map { $0 + 1 }
        archive.add("[Content_Types].xml", utf8(contentTypes(sheetNumbers, sharedStrings: strings == .shared)))
        archive.add("_rels/.rels", utf8(packageRelationships))
        archive.add("xl/workbook.xml", utf8(workbook(sheets.map(\.name))))
        archive.add(
            "xl/_rels/workbook.xml.rels", utf8(workbookRelationships(sheetNumbers, sharedStrings: strings == .shared)))
        archive.add("xl/styles.xml", utf8(styles))
        for (number, worksheet) in zip(sheetNumbers, worksheets) {
            archive.add("xl/worksheets/sheet\(number).xml", worksheet)
        }
        if strings == .shared {
            archive.add("xl/sharedStrings.xml", table.xml())
        }
        return archive.finish()
    }

    /// Excel's rules for sheet names: 1 to 31 characters, none of `[ ] : * ? / \`, not quoted at either end.
    private static func checkSheetName(_ name: String) throws(XLSXError) {
        guard (1...31).contains(name.count) else {
            throw XLSXError(reason: "the sheet name '\(name)' is not 1 to 31 characters long")
        }
        guard !name.contains(where: { "[]:*?/\\".contains($0) }), !name.hasPrefix("'"), !name.hasSuffix("'") else {
            throw XLSXError(reason: "the sheet name '\(name)' holds one of [ ] : * ? / \\ or starts or ends with '")
        }
        try checkText(name, CellLocation(sheet: name, row: 0, column: 0))
    }

    /// Text XML 1.0 can hold: no control characters but tab, line feed and carriage return, no U+FFFE/U+FFFF.
    private static func checkText(_ text: String, _ location: CellLocation) throws(XLSXError) {
        // By bytes first: every control character is one byte below 0x20, and U+FFFE/U+FFFF start with 0xEF.
        let fits = text.utf8.withContiguousStorageIfAvailable { !holdsLookedAtByte($0, markup: false) }
        guard fits != true, text.utf8.contains(where: { $0 < 0x20 || $0 == 0xEF }) else { return }
        for scalar in text.unicodeScalars {
            let value = scalar.value
            if (value < 0x20 && value != 0x09 && value != 0x0A && value != 0x0D) || value == 0xFFFE || value == 0xFFFF {
                throw XLSXError(
                    cell: location.row > 0 ? location : nil,
                    reason: "U+\(String(value, radix: 16, uppercase: true)) cannot be written in a workbook")
            }
        }
    }

    /// A worksheet's XML, written through a ``ByteBuffer``: a sheet of 100,000 rows is millions of cells,
    /// and each cell's pieces appended to an array one by one cost most of writing a workbook. A row's
    /// shared strings are found first (a string's check may throw), then the row is written in one run.
    private static func worksheet(
        _ sheet: String, _ rows: SparseRows, _ strings: Strings, _ table: inout SharedStrings
    )
        throws(XLSXError) -> [UInt8]
    {
        guard rows.count <= CellReference.maximumRow else {
            throw XLSXError(reason: "the sheet '\(sheet)' has more than \(CellReference.maximumRow) rows")
        }
        var xml = ByteBuffer()
        xml.append(utf8(header + "<worksheet xmlns=\"\(mainNamespace)\"><sheetData>"))
        // Each column's letters, made once.
        var letters: [PackedBytes] = []
        // The row's cells: column and shared-string index, or column and inline XML.
        var shared: [(column: Int, index: Int)] = []
        var inline: [(column: Int, xml: [UInt8])] = []
        let rowOpen = PackedBytes("<row r=\"")
        let cellOpen = PackedBytes("<c r=\"")
        let sharedType = PackedBytes("\" t=\"s\">")
        let valueOpen = PackedBytes("<v>")
        let valueClose = PackedBytes("</v></c>")
        let rowClose = PackedBytes("</row>")
        // The cells looked at where they are, by index: a slice for each row, and a copy of each cell, were
        // retained and released for each of a sheet's rows and cells.
        let cells = rows.cells
        for rowIndex in 0..<rows.count {
            let row = (rowIndex == 0 ? 0 : rows.ends[rowIndex - 1])..<rows.ends[rowIndex]
            guard row.contains(where: { !cells[$0].value.isEmpty }) else { continue }
            guard (row.isEmpty ? 0 : cells[row.upperBound - 1].column) < CellReference.maximumColumn else {
                throw XLSXError(
                    reason: "row \(rowIndex + 1) of '\(sheet)' has more than \(CellReference.maximumColumn) cells")
            }
            // The row's shared cells are the first `sharedCount` of `shared`, its room kept from row to row:
            // emptied, an array kept its room through a generic replacement of its range, for each row.
            var sharedCount = 0
            if !inline.isEmpty { inline.removeAll(keepingCapacity: true) }
            var inlineBytes = 0
            var nextColumn = 0
            for cellIndex in row where !cells[cellIndex].value.isEmpty {
                let columnIndex = cells[cellIndex].column
                precondition(columnIndex >= nextColumn, "a row's cells are not in column order")
                nextColumn = columnIndex + 1
                while letters.count <= columnIndex {
                    letters.append(PackedBytes(CellReference.letters(letters.count + 1).utf8))
                }
                if strings == .shared {
                    // A string is checked when it first enters the table: its first cell is the first to fail.
                    let (index, isNew) = table.index(cells[cellIndex].value)
                    if isNew {
                        try checkText(
                            cells[cellIndex].value,
                            CellLocation(sheet: sheet, row: rowIndex + 1, column: columnIndex + 1))
                    }
                    if sharedCount < shared.count {
                        shared[sharedCount] = (columnIndex, index)
                    } else {
                        shared.append((columnIndex, index))
                    }
                    sharedCount += 1
                } else {
                    let value = cells[cellIndex].value
                    var cell: [UInt8] = []
                    cell.append(literal: "\" t=\"inlineStr\"><is>")
                    if !appendPlainTextElement(value, to: &cell) {
                        try checkText(value, CellLocation(sheet: sheet, row: rowIndex + 1, column: columnIndex + 1))
                        appendTextElement(value, to: &cell)
                    }
                    cell.append(literal: "</is></c>")
                    inlineBytes += cell.count
                    inline.append((columnIndex, cell))
                }
            }
            let rowNumber = PackedBytes(decimal: rowIndex + 1)
            // `<row r="N">` and `</row>`; a cell at most `<c r="XFD1048576" t="s"><v>`, 19 digits and `</v></c>`.
            let bound = 23 + 56 * (sharedCount + inline.count) + inlineBytes
            xml.write(atMost: bound) { cursor in
                cursor.put(rowOpen)
                cursor.put(rowNumber)
                cursor.put(UInt8(ascii: "\""))
                cursor.put(UInt8(ascii: ">"))
                for (column, index) in shared[..<sharedCount] {
                    cursor.put(cellOpen)
                    cursor.put(letters[column])
                    cursor.put(rowNumber)
                    cursor.put(sharedType)
                    cursor.put(valueOpen)
                    cursor.putDecimal(index)
                    cursor.put(valueClose)
                }
                for (column, cell) in inline {
                    cursor.put(cellOpen)
                    cursor.put(letters[column])
                    cursor.put(rowNumber)
                    cell.withUnsafeBufferPointer { cursor.put($0) }
                }
                cursor.put(rowClose)
            }
        }
        xml.append(utf8("</sheetData></worksheet>"))
        return xml.take()
    }

    /// The shared-string table: each string once, found again by its bytes. An open-addressing table of
    /// hashes of the UTF-8 bytes, not a `[String: Int]`: hashing every cell as a String (SipHash of its
    /// normalized form) cost a tenth of writing a form. Strings are one entry when their bytes are equal.
    private struct SharedStrings {
        var strings: [String] = []
        private var hashes: [UInt64] = []
        /// Index + 1 into `strings`, 0 for an empty slot; a power of two long, at most half full.
        private var slots = [Int32](repeating: 0, count: 1024)
        var references = 0

        /// The string's index in the table, and whether it was added now.
        mutating func index(_ value: String) -> (index: Int, isNew: Bool) {
            references += 1
            // The bytes read where they are: a String copied for `withUTF8` was retained and released for each
            // of a sheet's cells.
            let hash =
                value.utf8.withContiguousStorageIfAvailable(Self.hash)
                ?? {
                    var text = value
                    return text.withUTF8(Self.hash)
                }()
            let mask = slots.count - 1
            var slot = Int(truncatingIfNeeded: hash ^ hash >> 29) & mask
            while slots[slot] != 0 {
                let index = Int(slots[slot]) - 1
                // Equal bytes are equal Strings; the hash keeps canonically equal ones of other bytes apart.
                if hashes[index] == hash, strings[index] == value { return (index, false) }
                slot = (slot + 1) & mask
            }
            slots[slot] = Int32(strings.count + 1)
            strings.append(value)
            hashes.append(hash)
            if strings.count * 2 > slots.count { grow() }
            return (strings.count - 1, true)
        }

        /// A hash of `bytes`, eight at a time rather than FNV-1a's one: each word, and the last bytes as one,
        /// mixed in by a multiply and a shift. Only the slots depend on it, never the bytes written.
        private static func hash(_ bytes: UnsafeBufferPointer<UInt8>) -> UInt64 {
            let multiplier: UInt64 = 0x9E37_79B9_7F4A_7C15
            var hash = 0xCBF2_9CE4_8422_2325 ^ UInt64(bytes.count)
            guard let base = bytes.baseAddress else { return hash }
            let raw = UnsafeRawPointer(base)
            var index = 0
            while index + 8 <= bytes.count {
                hash = (hash ^ raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)) &* multiplier
                hash ^= hash >> 32
                index += 8
            }
            if index < bytes.count {
                var last: UInt64 = 0
                for offset in index..<bytes.count { last = last << 8 | UInt64(bytes[offset]) }
                hash = (hash ^ last) &* multiplier
                hash ^= hash >> 32
            }
            return hash
        }

        /// Twice the slots, every string placed again by its hash.
        private mutating func grow() {
            slots = [Int32](repeating: 0, count: slots.count * 2)
            let mask = slots.count - 1
            for (index, hash) in hashes.enumerated() {
                var slot = Int(truncatingIfNeeded: hash ^ hash >> 29) & mask
                while slots[slot] != 0 { slot = (slot + 1) & mask }
                slots[slot] = Int32(index + 1)
            }
        }

        func xml() -> [UInt8] {
            var xml = ByteBuffer()
            xml.append(
                utf8(
                    header
                        + "<sst xmlns=\"\(mainNamespace)\" count=\"\(references)\" uniqueCount=\"\(strings.count)\">"))
            var escaped: [UInt8] = []
            for string in strings {
                if !writePlainItem(string, to: &xml) {
                    escaped.removeAll(keepingCapacity: true)
                    escaped.append(literal: "<si>")
                    appendTextElement(string, to: &escaped)
                    escaped.append(literal: "</si>")
                    xml.append(escaped)
                }
            }
            xml.append(utf8("</sst>"))
            return xml.take()
        }

        private static let itemOpen = PackedBytes("<si>")
        private static let itemClose = PackedBytes("</si>")
        private static let textOpen = PackedBytes("<t>")
        private static let textClose = PackedBytes("</t>")
        // `<t xml:space="preserve">` in three words.
        private static let spaceKept = PackedBytes("<t xml:s")
        private static let spaceKeptMiddle = PackedBytes("pace=\"pr")
        private static let spaceKeptEnd = PackedBytes("eserve\">")

        /// `<si>` of a text as `appendPlainTextElement` writes it, in one run of the buffer; false, with
        /// nothing written, for a text that one does not take.
        private func writePlainItem(_ value: String, to xml: inout ByteBuffer) -> Bool {
            var text = value
            return text.withUTF8 { bytes in
                guard let keepsSpace = plainKeepsSpace(value, bytes) else { return false }
                xml.write(atMost: bytes.count + 40) { cursor in
                    cursor.put(Self.itemOpen)
                    cursor.put(keepsSpace ? Self.spaceKept : Self.textOpen)
                    if keepsSpace {
                        cursor.put(Self.spaceKeptMiddle)
                        cursor.put(Self.spaceKeptEnd)
                    }
                    cursor.put(bytes)
                    cursor.put(Self.textClose)
                    cursor.put(Self.itemClose)
                }
                return true
            }
        }
    }

    /// `<t>` of a text that holds no byte checked or escaped (no control character, none of `& < > "`,
    /// no 0xEF, the first byte of U+FFFE and U+FFFF), looked at in one pass over its bytes: most cells.
    /// False, with nothing appended, for any other text, which `checkText` and `appendTextElement` take.
    private static func appendPlainTextElement(_ value: String, to xml: inout [UInt8]) -> Bool {
        var text = value
        return text.withUTF8 { bytes in
            guard let keepsSpace = plainKeepsSpace(value, bytes) else { return false }
            xml.append(literal: keepsSpace ? "<t xml:space=\"preserve\">" : "<t>")
            xml.append(contentsOf: bytes)
            xml.append(literal: "</t>")
            return true
        }
    }

    /// For a text `appendPlainTextElement` takes (`bytes` its UTF-8), whether its `<t>` keeps spaces; nil
    /// for any other text.
    @inline(__always)
    private static func plainKeepsSpace(_ value: String, _ bytes: UnsafeBufferPointer<UInt8>) -> Bool? {
        guard let first = bytes.first, let last = bytes.last, !holdsLookedAtByte(bytes, markup: true) else {
            return nil
        }
        // Without control characters only a space at either end asks to be kept: an ASCII end that is
        // no space settles it, another end is looked at as a Character.
        return first == 0x20 || last == 0x20
            || ((first >= 0x80 || last >= 0x80)
                && (value.first?.isWhitespace == true || value.last?.isWhitespace == true))
    }

    /// Whether `bytes` hold a byte text is not written as it is for: a control character (below 0x20) or
    /// 0xEF (the first byte of U+FFFE and U+FFFF), and with `markup` one of `"`, `&`, `<` and `>`. Eight
    /// bytes at a time (a byte at a time cost most of writing the shared strings' XML). The XLSForm writer
    /// checks each cell it makes with it, before a workbook would refuse the cell.
    @inline(__always)
    package static func holdsLookedAtByte(_ bytes: UnsafeBufferPointer<UInt8>, markup: Bool) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        let raw = UnsafeRawPointer(base)
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // Whether a byte of `word` is below `limit` (at most 0x80): that byte's high bit is set here (a
        // borrow may set bits above it too, but never without one).
        func below(_ word: UInt64, _ limit: UInt64) -> Bool { (word &- ones &* limit) & ~word & highs != 0 }
        func holds(_ word: UInt64, _ byte: UInt64) -> Bool { below(word ^ (ones &* byte), 1) }
        var index = 0
        while index + 8 <= bytes.count {
            let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt64.self))
            if below(word, 0x20) || holds(word, 0xEF) { return true }
            if markup && (holds(word, 0x22) || holds(word, 0x26) || holds(word, 0x3C) || holds(word, 0x3E)) {
                return true
            }
            index += 8
        }
        // Bits 0x00…0x1F, and with markup '"' (0x22), '&' (0x26), '<' (0x3C) and '>' (0x3E).
        let looked: UInt64 = markup ? 0x5000_0044_FFFF_FFFF : 0x0000_0000_FFFF_FFFF
        while index < bytes.count {
            let byte = bytes[index]
            if byte < 64 ? looked >> byte & 1 != 0 : byte == 0xEF { return true }
            index += 1
        }
        return false
    }

    /// `<t>`, keeping spaces at either end and line breaks (which XML would otherwise let a reader trim).
    private static func appendTextElement(_ value: String, to xml: inout [UInt8]) {
        xml.append(literal: keepsSpace(value) ? "<t xml:space=\"preserve\">" : "<t>")
        appendEscaped(value, to: &xml)
        xml.append(literal: "</t>")
    }

    /// Whether `value` starts or ends with a whitespace character or holds a line feed of its own (not the
    /// end of a CR LF): as Characters say, looked at by bytes where an ASCII byte that is no space settles it.
    private static func keepsSpace(_ value: String) -> Bool {
        let bytes = value.utf8
        guard let first = bytes.first, let last = bytes.last else { return false }
        let settled: (UInt8) -> Bool = { $0 < 0x80 && $0 != 0x20 && !(0x09...0x0D).contains($0) }
        if !settled(first) || !settled(last) {
            if value.first?.isWhitespace == true || value.last?.isWhitespace == true { return true }
        }
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == 0x0A && previous != 0x0D { return true }
            previous = byte
        }
        return false
    }

    private static func escaped(_ value: String) -> String {
        var bytes: [UInt8] = []
        appendEscaped(value, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func appendEscaped(_ value: String, to bytes: inout [UInt8]) {
        let special: (UInt8) -> Bool = {
            $0 == UInt8(ascii: "&") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">") || $0 == UInt8(ascii: "\"")
                || $0 == UInt8(ascii: "\r")
        }
        if !value.utf8.contains(where: special) {
            bytes.append(contentsOf: value.utf8)
            return
        }
        for byte in value.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(literal: "&amp;")
            case UInt8(ascii: "<"): bytes.append(literal: "&lt;")
            case UInt8(ascii: ">"): bytes.append(literal: "&gt;")
            case UInt8(ascii: "\""): bytes.append(literal: "&quot;")
            case UInt8(ascii: "\r"): bytes.append(literal: "&#13;")
            default: bytes.append(byte)
            }
        }
    }

    private static func utf8(_ text: String) -> [UInt8] { Array(text.utf8) }

    private static let header = "<?xml version=\"1.0\" encoding=\"UTF-8\" standalone=\"yes\"?>\n"
    private static let mainNamespace = "http://schemas.openxmlformats.org/spreadsheetml/2006/main"
    private static let relationshipNamespace = "http://schemas.openxmlformats.org/officeDocument/2006/relationships"
    private static let packageRelationshipNamespace = "http://schemas.openxmlformats.org/package/2006/relationships"
    private static let contentTypePrefix = "application/vnd.openxmlformats-officedocument.spreadsheetml."

    private static func contentTypes(_ sheets: [Int], sharedStrings: Bool) -> String {
        var xml = header + "<Types xmlns=\"http://schemas.openxmlformats.org/package/2006/content-types\">"
        xml += "<Default Extension=\"rels\" ContentType=\"application/vnd.openxmlformats-package.relationships+xml\"/>"
        xml += "<Default Extension=\"xml\" ContentType=\"application/xml\"/>"
        xml += "<Override PartName=\"/xl/workbook.xml\" ContentType=\"\(contentTypePrefix)sheet.main+xml\"/>"
        xml += "<Override PartName=\"/xl/styles.xml\" ContentType=\"\(contentTypePrefix)styles+xml\"/>"
        for number in sheets {
            xml +=
                "<Override PartName=\"/xl/worksheets/sheet\(number).xml\" ContentType=\"\(contentTypePrefix)worksheet+xml\"/>"
        }
        if sharedStrings {
            xml +=
                "<Override PartName=\"/xl/sharedStrings.xml\" ContentType=\"\(contentTypePrefix)sharedStrings+xml\"/>"
        }
        return xml + "</Types>"
    }

    private static let packageRelationships =
        header + "<Relationships xmlns=\"\(packageRelationshipNamespace)\">"
        + "<Relationship Id=\"rId1\" Type=\"\(relationshipNamespace)/officeDocument\" Target=\"xl/workbook.xml\"/>"
        + "</Relationships>"

    private static func workbook(_ names: [String]) -> String {
        var xml = header + "<workbook xmlns=\"\(mainNamespace)\" xmlns:r=\"\(relationshipNamespace)\"><sheets>"
        for (index, name) in names.enumerated() {
            xml += "<sheet name=\"\(escaped(name))\" sheetId=\"\(index + 1)\" r:id=\"rId\(index + 1)\"/>"
        }
        return xml + "</sheets></workbook>"
    }

    /// Sheets are rId1…rIdN; the styles and the shared strings follow them.
    private static func workbookRelationships(_ sheets: [Int], sharedStrings: Bool) -> String {
        var xml = header + "<Relationships xmlns=\"\(packageRelationshipNamespace)\">"
        for number in sheets {
            xml +=
                "<Relationship Id=\"rId\(number)\" Type=\"\(relationshipNamespace)/worksheet\" Target=\"worksheets/sheet\(number).xml\"/>"
        }
        xml +=
            "<Relationship Id=\"rId\(sheets.count + 1)\" Type=\"\(relationshipNamespace)/styles\" Target=\"styles.xml\"/>"
        if sharedStrings {
            xml +=
                "<Relationship Id=\"rId\(sheets.count + 2)\" Type=\"\(relationshipNamespace)/sharedStrings\" Target=\"sharedStrings.xml\"/>"
        }
        return xml + "</Relationships>"
    }

    /// The one style every cell has: the default font, no fill, no border, the General number format.
    private static let styles =
        header + "<styleSheet xmlns=\"\(mainNamespace)\">"
        + "<fonts count=\"1\"><font><sz val=\"11\"/><name val=\"Calibri\"/></font></fonts>"
        + "<fills count=\"2\"><fill><patternFill patternType=\"none\"/></fill><fill><patternFill patternType=\"gray125\"/></fill></fills>"
        + "<borders count=\"1\"><border><left/><right/><top/><bottom/><diagonal/></border></borders>"
        + "<cellStyleXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\"/></cellStyleXfs>"
        + "<cellXfs count=\"1\"><xf numFmtId=\"0\" fontId=\"0\" fillId=\"0\" borderId=\"0\" xfId=\"0\"/></cellXfs>"
        + "<cellStyles count=\"1\"><cellStyle name=\"Normal\" xfId=\"0\" builtinId=\"0\"/></cellStyles>"
        + "</styleSheet>"
}

extension [UInt8] {
    /// Appends a literal's bytes in one copy.
    fileprivate mutating func append(literal: StaticString) {
        append(contentsOf: UnsafeBufferPointer(start: literal.utf8Start, count: literal.utf8CodeUnitCount))
    }
}
