/// A scanner of the few shapes a worksheet's `sheetData` and a shared strings table take, byte by byte, with
/// no event per tag: rows (`<row r=...>`), cells (`<c r= t= s=>` in any attribute order, empty or not), their
/// `<v>` values and `<is>` inline strings, string items (`<si>`) of one `<t>` or of runs, under any namespace
/// prefix. It checks what it reads as ``XMLReader`` would (names, attributes, nesting, entities, depth) and
/// gives up (``Unusual``) at anything else: a comment, CDATA, an entity in an attribute, an element where
/// none is expected, or any error. The caller then reads the part again with ``XMLReader``, which accepts
/// the same documents and says where and why one is wrong: this scanner only makes the common case cheap.
struct SpreadsheetScanner {
    /// What the scanner does not read (or an error it leaves to ``XMLReader`` to locate and explain).
    struct Unusual: Error {}

    /// A row's or cell's start tag, as ranges of the document.
    struct Tag {
        var name: Range<Int>
        /// The `r` attribute's value (entity-free), or nil.
        var reference: Range<Int>?
        /// The `t` attribute's value (entity-free), or nil.
        var type: Range<Int>?
        /// Whether it is an empty-element tag (`<c r="A1"/>`): no contents, no end tag.
        var empty: Bool
    }

    /// The text a cell holds: its last `<v>`'s text and its last `<is>`'s text, each nil when absent.
    struct CellContent {
        var value: ArraySlice<UInt8>?
        var inline: String?
    }

    let bytes: [UInt8]
    /// The memory of `bytes`, read without a bounds check per byte: every index is checked against its count.
    private let buffer: UnsafeBufferPointer<UInt8>
    private(set) var position: Int
    private let start: Int
    /// Elements open, counted as ``XMLReader/depth`` counts them.
    private var depth: Int
    private let limits: XMLReader.Limits
    /// The names of the attributes of the tag being read, to refuse one given twice.
    private let attributeNames: UnsafeMutableBufferPointer<Range<Int>>
    /// The depth below which ``plainCell(inRow:)`` may read a cell (its `c` and `v` within the depth limit), or
    /// `Int.min` when the limits refuse a cell of two one-letter attributes.
    private let maximumPlainCellDepth: Int

    /// Runs `body` with a scanner of the contents of the element `reader` just started (not an empty-element
    /// tag): its result, where the scanner stopped and the bytes it looked at; nil when it gave up (any error).
    static func scanning<Result>(
        contentsOf reader: borrowing XMLReader, limits: XMLReader.Limits,
        _ body: (inout SpreadsheetScanner) throws -> Result
    ) -> (result: Result, end: Int, steps: Int)? {
        guard let offset = reader.contentStart else { return nil }
        let bytes = reader.document
        let names = UnsafeMutableBufferPointer<Range<Int>>.allocate(capacity: min(limits.maximumAttributes, 16))
        defer { names.deallocate() }
        return bytes.withUnsafeBufferPointer { buffer in
            var scanner = SpreadsheetScanner(
                bytes: bytes, buffer: buffer, position: offset, start: offset, depth: reader.depth, limits: limits,
                attributeNames: names)
            guard let result = try? body(&scanner) else { return nil }
            return (result, scanner.position, scanner.position - scanner.start)
        }
    }

    private init(
        bytes: [UInt8], buffer: UnsafeBufferPointer<UInt8>, position: Int, start: Int, depth: Int,
        limits: XMLReader.Limits, attributeNames: UnsafeMutableBufferPointer<Range<Int>>
    ) {
        self.bytes = bytes
        self.buffer = buffer
        self.position = position
        self.start = start
        self.depth = depth
        self.limits = limits
        self.attributeNames = attributeNames
        // `depth + 1 < maximumDepth`, as `depth < maximumDepth - 1` (which a limit of `Int.min` keeps false).
        maximumPlainCellDepth =
            attributeNames.count >= 2 && limits.maximumNameLength >= 1
            ? max(limits.maximumDepth, Int.min + 1) - 1 : Int.min
    }

    /// The bytes of `range` of the document, valid while the scanner runs.
    func bytes(in range: Range<Int>) -> UnsafeBufferPointer<UInt8> {
        UnsafeBufferPointer(rebasing: buffer[range])
    }

    // MARK: - Worksheets

    /// The next row's start tag, nil at the end tag that closes the contents scanned (the scanner stops at its
    /// `<`).
    mutating func row() throws(Unusual) -> Tag? {
        guard try nextChild() else { return nil }
        return try startTag(named: "row")
    }

    /// A row's start tag of the commonest shape, `<row r="12">`, read by ``plainRow()``: the tag, the number its
    /// one to seven digits write and those digits, which the references of its cells repeat.
    struct PlainRow {
        var tag: Tag
        var number: Int
        var digits: RowDigits?
    }

    /// At a row's start tag of the commonest shape, `<row r="12">` (no space before it, one to seven digits), the
    /// row, the scanner past it; nil, the scanner unmoved, at anything else, which ``row()`` reads (finding the
    /// same: what it checks of this shape, the depth, the attributes' count and the name's length, is checked
    /// here).
    @inline(__always)
    mutating func plainRow() -> PlainRow? {
        let buffer = self.buffer
        let count = buffer.count
        var index = position
        guard index + 12 <= count, depth < limits.maximumDepth, !attributeNames.isEmpty,
            limits.maximumNameLength >= 3, word(at: index) == Self.rowStart
        else { return nil }
        index += 8
        let numberStart = index
        var number = 0
        // The digits read as one word where eight bytes are there (as they are but at the end of a broken part).
        if index + 8 <= count {
            let digits = decimalDigits(word(at: index))
            number = digits.value
            index += digits.count
        } else {
            while index < count, buffer[index] &- UInt8(ascii: "0") < 10 {
                number = number &* 10 &+ Int(buffer[index] &- UInt8(ascii: "0"))
                index += 1
            }
        }
        let digitCount = index - numberStart
        guard (1...7).contains(digitCount), index + 1 < count, buffer[index] == UInt8(ascii: "\""),
            buffer[index + 1] == UInt8(ascii: ">")
        else {
            return nil
        }
        position = index + 2
        depth += 1
        let tag = Tag(
            name: (numberStart - 7)..<(numberStart - 4), reference: numberStart..<index, type: nil, empty: false)
        // The digits compared as a word need the eight bytes from their start.
        let digits =
            numberStart + 8 <= count
            ? RowDigits(
                start: numberStart, count: digitCount, mask: (1 &<< UInt64(8 &* digitCount)) &- 1, number: number)
            : nil
        return PlainRow(tag: tag, number: number, digits: digits)
    }

    /// At the end tag of a row read by ``plainRow()`` (`</row>`, no space before it), true, the scanner past it;
    /// false, the scanner unmoved, at anything else, which ``cell(in:)`` reads.
    @inline(__always)
    mutating func plainRowEnd() -> Bool {
        let index = position
        guard index + 8 <= buffer.count, word(at: index) & 0xFFFF_FFFF_FFFF == Self.rowEnd else { return false }
        position = index + 6
        depth -= 1
        return true
    }

    /// `<row r="`, as a little-endian word of memory (a constant: a stored static is initialized lazily, checked at
    /// each use).
    private static var rowStart: UInt64 { 0x223D_7220_776F_723C }
    /// `</row>`, in the six low bytes of a little-endian word.
    private static var rowEnd: UInt64 { 0x3E77_6F72_2F3C }

    /// A cell of the commonest shape read whole: its `r`'s, `t`'s and `v`'s ranges, with the reference's place
    /// and the value's number read on the way where they are of the commonest shapes too.
    struct PlainCell {
        var reference: Range<Int>
        /// The reference's column and row, as ``CellReference/parse(_:)`` reads them, when the reference is one to
        /// three capitals then one to seven digits and names a cell of a sheet; nil for any other reference.
        var place: (column: Int, row: Int)?
        var type: Range<Int>?
        /// Whether the type is `s`, a shared string's index.
        var isShared: Bool
        var value: Range<Int>
        /// The value's number when it is one to eighteen digits (a shared string's index), nil otherwise.
        var number: Int?
    }

    /// A row's number as its `r` writes it, one to seven digits, which the references of its cells repeat:
    /// compared with theirs, eight bytes at once, in place of reading their digits one by one.
    struct RowDigits {
        let start: Int
        let count: Int
        /// The low `count` bytes of a word.
        let mask: UInt64
        /// The number the digits write.
        let number: Int
    }

    /// The digits of a row's `r` at `reference`, which write `number`; nil when it is not one to seven digits (or
    /// ends too near the end of the document to be read as a word).
    func rowDigits(_ reference: Range<Int>?, number: Int) -> RowDigits? {
        guard let reference, reference.count &- 1 < 7, reference.lowerBound &+ 8 <= buffer.count else { return nil }
        var index = reference.lowerBound
        while index < reference.upperBound {
            guard buffer[index] &- UInt8(ascii: "0") < 10 else { return nil }
            index &+= 1
        }
        return RowDigits(
            start: reference.lowerBound, count: reference.count, mask: (1 &<< UInt64(8 &* reference.count)) &- 1,
            number: number)
    }

    /// At a cell of the commonest shape, `<c r="B12" t="s"><v>7</v></c>` (no space before it, the `t` optional,
    /// a reference of capitals, digits and `$`, a type of letters, a value with no entity), the cell, the scanner
    /// past it; nil, the scanner unmoved, at anything else, which ``cell(in:)`` and ``cellContent(_:)`` read
    /// (finding the same: what they check of this shape, the depths of `c` and `v`, the attributes' count and
    /// the names' length, is checked here).
    // Two cells in three of a form's sheets are of this shape: read in one pass, with no tag made. `row`, when
    // given, is the digits of the row's `r`, which a reference that repeats them is compared with.
    @inline(__always)
    mutating func plainCell(inRow row: RowDigits?) -> PlainCell? {
        let buffer = self.buffer
        let count = buffer.count
        var index = position
        guard index + 24 <= count, depth < maximumPlainCellDepth,
            word(at: index) & 0xFFFF_FFFF_FFFF == Self.cellStart
        else { return nil }
        index += 6
        let referenceStart = index
        // Capitals then digits, read as they are scanned; a `$` or any other order is the caller's to parse.
        var column = 0
        while index < count, buffer[index] &- UInt8(ascii: "A") < 26 {
            column = column &* 26 &+ Int(buffer[index] &- (UInt8(ascii: "A") - 1))
            index += 1
        }
        let letters = index - referenceStart
        var rowNumber = 0
        // Whether the digits are the row's own, the reference's end (`"`) after them.
        var isRowsOwn = false
        if let row, index + 8 <= count, (word(at: index) ^ word(at: row.start)) & row.mask == 0,
            buffer[index + row.count] == UInt8(ascii: "\"")
        {
            rowNumber = row.number
            index += row.count
            isRowsOwn = true
        } else {
            while index < count, buffer[index] &- UInt8(ascii: "0") < 10 {
                rowNumber = rowNumber &* 10 &+ Int(buffer[index] &- UInt8(ascii: "0"))
                index += 1
            }
        }
        let digits = index - referenceStart - letters
        var place: (column: Int, row: Int)?
        if !isRowsOwn, index < count, isReferenceByte(buffer[index]) {
            while index < count, isReferenceByte(buffer[index]) { index += 1 }
        } else if (1...3).contains(letters), (1...7).contains(digits),
            (1...CellReference.maximumColumn).contains(column),
            (1...CellReference.maximumRow).contains(rowNumber)
        {
            place = (column, rowNumber)
        }
        let reference = referenceStart..<index
        guard index + 2 < count, buffer[index] == UInt8(ascii: "\"") else { return nil }
        index += 1
        var type: Range<Int>?
        var isShared = false
        if index + 10 <= count, word(at: index) == Self.sharedType, buffer[index + 8] == UInt8(ascii: "v"),
            buffer[index + 9] == UInt8(ascii: ">")
        {
            // ` t="s"><v>`, the commonest type and value's start, compared at once.
            type = (index + 4)..<(index + 5)
            isShared = true
            index += 10
        } else {
            if buffer[index] == 0x20 {
                guard index + 4 < count, buffer[index + 1] == UInt8(ascii: "t"),
                    buffer[index + 2] == UInt8(ascii: "="), buffer[index + 3] == UInt8(ascii: "\"")
                else { return nil }
                index += 4
                let typeStart = index
                while index < count, (buffer[index] | 0x20) &- UInt8(ascii: "a") < 26 { index += 1 }
                guard index < count, buffer[index] == UInt8(ascii: "\"") else { return nil }
                type = typeStart..<index
                isShared = index - typeStart == 1 && buffer[typeStart] == UInt8(ascii: "s")
                index += 1
            }
            guard index + 4 <= count, buffer[index] == UInt8(ascii: ">"), buffer[index + 1] == UInt8(ascii: "<"),
                buffer[index + 2] == UInt8(ascii: "v"), buffer[index + 3] == UInt8(ascii: ">")
            else { return nil }
            index += 4
        }
        let valueStart = index
        var number = 0
        var numberEnd = index
        // One to seven digits then the value's end, read as one word; any other value byte by byte.
        if index + 8 <= count, case let (digitCount, value) = decimalDigits(word(at: index)),
            digitCount != 0, digitCount < 8, buffer[index + digitCount] == UInt8(ascii: "<")
        {
            number = value
            index += digitCount
            numberEnd = index
        } else {
            while index < count, buffer[index] &- UInt8(ascii: "0") < 10 {
                number = number &* 10 &+ Int(buffer[index] &- UInt8(ascii: "0"))
                index += 1
            }
            numberEnd = index
            while index < count, buffer[index] != UInt8(ascii: "<"), buffer[index] != UInt8(ascii: "&") { index += 1 }
        }
        guard index + 8 <= count, word(at: index) == Self.cellEnd else { return nil }
        position = index + 8
        let isNumber = numberEnd == index && (1...18).contains(index - valueStart)
        return PlainCell(
            reference: reference, place: place, type: type, isShared: isShared, value: valueStart..<index,
            number: isNumber ? number : nil)
    }

    /// `<c r="` and `</v></c>`, as little-endian words of memory (the first in its six low bytes).
    private static var cellStart: UInt64 { 0x223D_7220_633C }
    private static var cellEnd: UInt64 { 0x3E63_2F3C_3E76_2F3C }
    /// ` t="s"><`, as a little-endian word of memory.
    private static var sharedType: UInt64 { 0x3C3E_2273_223D_7420 }

    /// After a row's start tag: its next cell's start tag, nil after the row's end tag.
    mutating func cell(in row: Range<Int>) throws(Unusual) -> Tag? {
        guard try nextChild() else {
            try endTag(row)
            return nil
        }
        return try startTag(named: "c")
    }

    /// After a cell's start tag (not empty): its contents, up to and past its end tag.
    mutating func cellContent(_ cell: Range<Int>) throws(Unusual) -> CellContent {
        if let value = onlyText(of: "v", closing: cell) { return CellContent(value: bytes[value]) }
        var content = CellContent()
        while try nextChild() {
            let tag = try startTag(named: nil)
            if isLocal(tag.name, "v") {
                content.value = tag.empty ? bytes[0..<0] : try textOnly(tag.name)
            } else if isLocal(tag.name, "is") {
                content.inline = tag.empty ? "" : try richText(tag.name)
            } else if !tag.empty {
                try skipContents(tag.name)
            }
        }
        try endTag(cell)
        return content
    }

    // MARK: - Shared strings

    /// The next string item's text (`si`), nil at the end tag that closes the contents scanned.
    mutating func stringItem() throws(Unusual) -> String? {
        if let text = plainStringItem() {
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[text]), as: UTF8.self)
        }
        guard try nextChild() else { return nil }
        let tag = try startTag(named: "si")
        if tag.empty { return "" }
        if let text = onlyText(of: "t", closing: tag.name) {
            return String(decoding: UnsafeBufferPointer(rebasing: buffer[text]), as: UTF8.self)
        }
        return try richText(tag.name)
    }

    /// At a string item of the commonest shape, `<si><t>text</t></si>` (no space before it, no entity in the
    /// text), its text, the scanner past it; nil, the scanner unmoved, at anything else, which ``stringItem()``
    /// reads (finding the same: the depths of `si` and `t` and the names' length are checked here).
    private mutating func plainStringItem() -> Range<Int>? {
        let count = buffer.count
        let index = position
        guard index + 17 <= count, depth + 1 < limits.maximumDepth, limits.maximumNameLength >= 2,
            word(at: index) & 0xFF_FFFF_FFFF_FFFF == Self.itemStart
        else { return nil }
        let textStart = index + 7
        let textEnd = markup(from: textStart)
        guard textEnd + 9 <= count, buffer[textEnd] == UInt8(ascii: "<"), word(at: textEnd + 1) == Self.itemEnd else {
            return nil
        }
        position = textEnd + 9
        return textStart..<textEnd
    }

    /// `<si><t>` (in the seven low bytes) and `/t></si>` (after the `<` that ends a plain item's text), as
    /// little-endian words of memory.
    private static var itemStart: UInt64 { 0x3E_743C_3E69_733C }
    private static var itemEnd: UInt64 { 0x3E69_732F_3C3E_742F }

    /// The contents of the element `outer` just started when they are the common shape, one element `local`
    /// of text with no entity and nothing around it (`<v>12</v></c>`, `<t>text</t></si>`), read up to and
    /// past `outer`'s end tag: the text. Nil for any other shape (the scanner unmoved), which the general
    /// path reads; what that path checks of this shape is checked here (the depth, the end tags' names).
    private mutating func onlyText(of local: StaticString, closing outer: Range<Int>) -> Range<Int>? {
        let buffer = self.buffer
        let count = buffer.count
        let name = local.utf8Start
        let length = local.utf8CodeUnitCount
        var index = position
        guard depth < limits.maximumDepth, index + length + 2 <= count, buffer[index] == UInt8(ascii: "<") else {
            return nil
        }
        for offset in 0..<length where buffer[index + 1 + offset] != name[offset] { return nil }
        guard buffer[index + 1 + length] == UInt8(ascii: ">") else { return nil }
        index += length + 2
        let textStart = index
        index = markup(from: index)
        let text = textStart..<index
        // `</local>`, then `</outer>`.
        guard index + length + 3 + outer.count + 3 <= count, buffer[index] == UInt8(ascii: "<"),
            buffer[index + 1] == UInt8(ascii: "/")
        else { return nil }
        for offset in 0..<length where buffer[index + 2 + offset] != name[offset] { return nil }
        guard buffer[index + 2 + length] == UInt8(ascii: ">") else { return nil }
        index += length + 3
        guard buffer[index] == UInt8(ascii: "<"), buffer[index + 1] == UInt8(ascii: "/") else { return nil }
        for offset in 0..<outer.count where buffer[index + 2 + offset] != buffer[outer.lowerBound + offset] {
            return nil
        }
        guard buffer[index + 2 + outer.count] == UInt8(ascii: ">") else { return nil }
        position = index + 3 + outer.count
        depth -= 1
        return text
    }

    /// The text of a string item (`si`, `is`) whose start tag was just read, up to and past its end tag: its `t`s'
    /// text joined, at any depth but under a phonetic run (`rPh`), as ``XLSXReader`` reads one.
    private mutating func richText(_ element: Range<Int>) throws(Unusual) -> String {
        var value = ""
        while try nextChild(allowingText: true) {
            let tag = try startTag(named: nil)
            if tag.empty {
                continue
            } else if isLocal(tag.name, "t") {
                let text = try textOnly(tag.name)
                let string = String(decoding: text, as: UTF8.self)
                value = value.isEmpty ? string : value + string
            } else if isLocal(tag.name, "rPh") {
                try skipContents(tag.name)
            } else {
                let inner = try richText(tag.name)
                value = value.isEmpty ? inner : value + inner
            }
        }
        try endTag(element)
        return value
    }

    // MARK: - Markup

    /// Moves past the space before the next tag: true at a start tag, false at an end tag. Text other than
    /// space is read only where `allowingText` (its entities checked, the text ignored).
    private mutating func nextChild(allowingText: Bool = false) throws(Unusual) -> Bool {
        if allowingText {
            _ = try text()
        } else {
            position = scan(from: position, while: isSpace)
        }
        let index = position
        guard index + 1 < buffer.count, buffer[index] == UInt8(ascii: "<") else { throw Unusual() }
        let kind = buffer[index + 1]
        if kind == UInt8(ascii: "/") { return false }
        guard kind != UInt8(ascii: "!"), kind != UInt8(ascii: "?") else { throw Unusual() }
        return true
    }

    /// The start tag at the scanner, whose local name must be `local` when given. The element counts as open
    /// (``depth``) after it, until its end tag, unless it is empty.
    // Read with a local index and buffer, written back once: going through `self` (the scanner is `inout`)
    // for every byte of a tag of a few dozen bytes was most of the work.
    private mutating func startTag(named local: StaticString?) throws(Unusual) -> Tag {
        let buffer = self.buffer
        let count = buffer.count
        let maximumNameLength = limits.maximumNameLength
        let name = try nameRange(at: position + 1, in: buffer, maximumLength: maximumNameLength)
        if let local, !isLocal(name, local) { throw Unusual() }
        var index = name.upperBound
        var r: Range<Int>?
        var t: Range<Int>?
        var attributes = 0
        var empty = false
        while true {
            let spaceStart = index
            index = skipSpace(from: index, in: buffer)
            guard index < count else { throw Unusual() }
            if buffer[index] == UInt8(ascii: ">") {
                index += 1
                break
            }
            if buffer[index] == UInt8(ascii: "/") {
                guard index + 1 < count, buffer[index + 1] == UInt8(ascii: ">") else { throw Unusual() }
                index += 2
                empty = true
                break
            }
            guard index > spaceStart else { throw Unusual() }
            let attribute = try nameRange(at: index, in: buffer, maximumLength: maximumNameLength)
            index = skipSpace(from: attribute.upperBound, in: buffer)
            guard index < count, buffer[index] == UInt8(ascii: "=") else { throw Unusual() }
            index = skipSpace(from: index + 1, in: buffer)
            guard index < count, buffer[index] == UInt8(ascii: "\"") || buffer[index] == UInt8(ascii: "'") else {
                throw Unusual()
            }
            let quote = buffer[index]
            let valueStart = index + 1
            index = valueStart
            // An entity or '<' in an attribute: the general reader's to read.
            while index < count, buffer[index] != quote, buffer[index] != UInt8(ascii: "&"),
                buffer[index] != UInt8(ascii: "<")
            {
                index += 1
            }
            guard index < count, buffer[index] == quote else { throw Unusual() }
            let value = valueStart..<index
            index += 1
            for earlier in 0..<attributes where equal(attributeNames[earlier], attribute) { throw Unusual() }
            guard attributes < attributeNames.count else { throw Unusual() }
            attributeNames[attributes] = attribute
            attributes += 1
            if attribute.count == 1 {
                if buffer[attribute.lowerBound] == UInt8(ascii: "r") {
                    r = value
                } else if buffer[attribute.lowerBound] == UInt8(ascii: "t") {
                    t = value
                }
            }
        }
        guard depth < limits.maximumDepth else { throw Unusual() }
        position = index
        if !empty { depth += 1 }
        return Tag(name: name, reference: r, type: t, empty: empty)
    }

    /// The end tag at the scanner, which must close the element named `name`: its bytes compared with the start
    /// tag's in place (the name the general reader would read there is the same when they match and no name byte
    /// follows).
    private mutating func endTag(_ name: Range<Int>) throws(Unusual) {
        let buffer = self.buffer
        let count = buffer.count
        let tagStart = position
        let nameStart = tagStart + 2
        let nameEnd = nameStart + name.count
        guard nameEnd < count, buffer[tagStart] == UInt8(ascii: "<"), buffer[tagStart + 1] == UInt8(ascii: "/")
        else { throw Unusual() }
        var offset = 0
        while offset < name.count {
            guard buffer[nameStart + offset] == buffer[name.lowerBound + offset] else { throw Unusual() }
            offset += 1
        }
        var index = nameEnd
        if buffer[index] != UInt8(ascii: ">") {
            guard !isASCIINameByte(buffer[index]), buffer[index] < 0x80 else { throw Unusual() }
            index = skipSpace(from: index, in: buffer)
            guard index < count, buffer[index] == UInt8(ascii: ">") else { throw Unusual() }
        }
        position = index + 1
        depth -= 1
    }

    /// An element's contents of text alone, up to and past its end tag: its bytes, entities resolved.
    private mutating func textOnly(_ element: Range<Int>) throws(Unusual) -> ArraySlice<UInt8> {
        let (range, hasEntity) = try text()
        try endTag(element)
        return hasEntity ? Array(XMLEntity.resolved(range, in: bytes, hasEntity: true).utf8)[...] : bytes[range]
    }

    /// Skips the contents of an element just started, up to and past its end tag: text and elements nested.
    private mutating func skipContents(_ element: Range<Int>) throws(Unusual) {
        while try nextChild(allowingText: true) {
            let tag = try startTag(named: nil)
            if !tag.empty { try skipContents(tag.name) }
        }
        try endTag(element)
    }

    /// The text at the scanner, up to the next `<`, its entities checked: where it is and whether it has any.
    private mutating func text() throws(Unusual) -> (Range<Int>, Bool) {
        let buffer = self.buffer
        let count = buffer.count
        let textStart = position
        var index = textStart
        var hasEntity = false
        while true {
            index = markup(from: index)
            guard index < count else { throw Unusual() }
            guard buffer[index] == UInt8(ascii: "&") else { break }
            guard case .scalar(_, let end) = XMLEntity.at(index, in: bytes) else { throw Unusual() }
            index = end
            hasEntity = true
        }
        position = index
        return (textStart..<index, hasEntity)
    }

    // MARK: - Bytes

    /// The eight bytes at `index` (at most `buffer.count - 8`) as a little-endian word.
    @inline(__always)
    private func word(at index: Int) -> UInt64 {
        UInt64(
            littleEndian: UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).loadUnaligned(
                fromByteOffset: index, as: UInt64.self))
    }

    /// Where the first `<` or `&` from `start` is (the buffer's count when there is none): eight bytes at a time,
    /// then one by one.
    // A word holds a byte b where `word ^ b*ones` has a zero byte: `(x - ones) & ~x & highs` marks the lowest
    // zero byte exactly (a mark above it may be false, from the borrow), so the lowest mark of the two tells.
    @inline(__always)
    private func markup(from start: Int) -> Int {
        let count = buffer.count
        var index = start
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= count {
            let bytes = word(at: index)
            let less = bytes ^ (ones &* UInt64(UInt8(ascii: "<")))
            let ampersand = bytes ^ (ones &* UInt64(UInt8(ascii: "&")))
            let marks = ((less &- ones) & ~less | (ampersand &- ones) & ~ampersand) & highs
            if marks != 0 { return index + marks.trailingZeroBitCount / 8 }
            index += 8
        }
        while index < count, buffer[index] != UInt8(ascii: "<"), buffer[index] != UInt8(ascii: "&") { index += 1 }
        return index
    }

    /// Whether `name`'s local name (after any prefix) is `local`, an ASCII name.
    private func isLocal(_ name: Range<Int>, _ local: StaticString) -> Bool {
        let count = local.utf8CodeUnitCount
        guard name.count >= count else { return false }
        let localStart = name.upperBound - count
        guard name.count == count || buffer[localStart - 1] == UInt8(ascii: ":") else { return false }
        let pointer = local.utf8Start
        for index in 0..<count where buffer[localStart + index] != pointer[index] {
            return false
        }
        return true
    }

    private func equal(_ first: Range<Int>, _ second: Range<Int>) -> Bool {
        guard first.count == second.count else { return false }
        for index in 0..<first.count where buffer[first.lowerBound + index] != buffer[second.lowerBound + index] {
            return false
        }
        return true
    }

    /// Where the run of bytes from `start` that `accepts` ends.
    @inline(__always)
    private func scan(from start: Int, while accepts: (UInt8) -> Bool) -> Int {
        var index = start
        while index < buffer.count, accepts(buffer[index]) {
            index += 1
        }
        return index
    }
}

private func isSpace(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x09 || byte == 0x0A || byte == 0x0D
}

private func isASCIINameByte(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
        UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "_"), UInt8(ascii: ":"), UInt8(ascii: "-"),
        UInt8(ascii: "."):
        true
    default: false
    }
}

/// Where the space from `start` in `buffer` ends.
@inline(__always)
private func skipSpace(from start: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Int {
    var index = start
    while index < buffer.count, isSpace(buffer[index]) { index += 1 }
    return index
}

/// The name at `start` in `buffer`, as ``XMLReader`` reads one, ASCII only (a non-ASCII name is compared as
/// text there, which the scanner leaves to it).
@inline(__always)
private func nameRange(at start: Int, in buffer: UnsafeBufferPointer<UInt8>, maximumLength: Int)
    throws(SpreadsheetScanner.Unusual) -> Range<Int>
{
    var index = start
    while index < buffer.count, isASCIINameByte(buffer[index]) { index += 1 }
    guard index > start, index - start <= maximumLength, index < buffer.count, buffer[index] < 0x80 else {
        throw SpreadsheetScanner.Unusual()
    }
    switch buffer[start] {
    case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."):
        throw SpreadsheetScanner.Unusual()
    default: return start..<index
    }
}

/// Whether `byte` may be in a plain cell's reference: a capital, a digit or `$`.
@inline(__always)
private func isReferenceByte(_ byte: UInt8) -> Bool {
    byte &- UInt8(ascii: "A") < 26 || byte &- UInt8(ascii: "0") < 10 || byte == UInt8(ascii: "$")
}

/// The decimal digits at the start of `word` (eight bytes of memory, little-endian, the first byte lowest): how many
/// there are (0 to 8) and the number the first seven or fewer write (the first eight when all are digits).
// A byte is a digit when its high nibble is 3 and stays 3 with 6 added (0x3A-0x3F carry to 4). A byte 0xFA or above
// carries into the next byte, which only a byte after the first non-digit is. The digits are then moved to the
// top of the word, zeros below them (leading zeros), and combined in pairs, fours and eights by three multiplications.
@inline(__always)
private func decimalDigits(_ word: UInt64) -> (count: Int, value: Int) {
    let highs: UInt64 = 0xF0F0_F0F0_F0F0_F0F0
    let threes: UInt64 = 0x3030_3030_3030_3030
    let nonDigits = ((word & highs) ^ threes) | (((word &+ 0x0606_0606_0606_0606) & highs) ^ threes)
    let count = nonDigits.trailingZeroBitCount / 8
    guard count != 0 else { return (0, 0) }
    var value = (word & 0x0F0F_0F0F_0F0F_0F0F) &<< UInt64(64 - 8 * count)
    value = (value &* 2561) &>> 8
    value = ((value & 0x00FF_00FF_00FF_00FF) &* 6_553_601) &>> 16
    value = ((value & 0x0000_FFFF_0000_FFFF) &* 42_949_672_960_001) &>> 32
    return (count, Int(truncatingIfNeeded: value))
}
