/// What a `JSONWriter` tells of each value as it writes it: where it went in the text. Generic, so that
/// plain writing (`JSONNoRecording`) compiles to what it was before there was anything to tell.
protocol JSONWriterRecording {
    /// Whether the writer compares each object's keys, telling `mayRepeatKeys` of one that repeats a key.
    static var checksKeys: Bool { get }
    /// A null, boolean or number written at `start..<end`.
    mutating func scalar(_ kind: JSONKind, start: Int, end: Int)
    /// A string value written (quoted; `escaped`: with a backslash escape) at `start..<end`.
    mutating func string(escaped: Bool, start: Int, end: Int)
    /// An object member's key written (as a string) at `start..<end`.
    mutating func key(escaped: Bool, start: Int, end: Int)
    /// An array or object whose opening bracket is at `start`; what it gives is `close`'s `index`.
    mutating func open(_ kind: JSONKind, start: Int) -> Int
    /// The innermost open array or object (`index`, from `open`), of `count` elements or members, closed by
    /// the bracket just before `end`.
    mutating func close(_ index: Int, count: Int, end: Int)
    /// The object being written repeats a key, or may.
    mutating func mayRepeatKeys()
}

/// Plain writing: nothing recorded.
struct JSONNoRecording: JSONWriterRecording {
    static var checksKeys: Bool { false }
    @inline(__always) mutating func scalar(_ kind: JSONKind, start: Int, end: Int) {}
    @inline(__always) mutating func string(escaped: Bool, start: Int, end: Int) {}
    @inline(__always) mutating func key(escaped: Bool, start: Int, end: Int) {}
    @inline(__always) mutating func open(_ kind: JSONKind, start: Int) -> Int { 0 }
    @inline(__always) mutating func close(_ index: Int, count: Int, end: Int) {}
    @inline(__always) mutating func mayRepeatKeys() {}
}

/// The entries `JSONParser.parse` would make of the text being written, entry for entry (the same
/// offsets, parents, counts and flags), so that the document is the one a parse gives.
///
/// A parse says more than the document only for a text with a byte-order mark or a syntax error (the
/// writer writes neither), beyond its limits, or with an object that repeats a key (a warning, and a flag
/// that look-ups read): for those `document(of:maxBytes:)` gives nil and the caller parses. The writer
/// compares keys as written (`checksKeys`): it escapes a value one way only, so two keys are the same
/// value exactly when they are the same bytes. Objects of many members are left to the parser's hash table.
struct JSONDocumentRecording: JSONWriterRecording {
    static var checksKeys: Bool { true }

    private var entries = JSONTapeWriter(capacity: 1024)
    private var largeCounts: [Int: Int] = [:]
    private var currentParent: Int32 = -1
    /// The containers open.
    private var depth = 0
    private let maxDepth: Int
    /// Set when the parse would say more than the document, or the document differ (see the type).
    private var needsParse = false

    init(maxDepth: Int) {
        self.maxDepth = maxDepth
    }

    @inline(__always)
    mutating func scalar(_ kind: JSONKind, start: Int, end: Int) {
        entries.appendLeaf(kind, start: start, end: end, parent: currentParent, flags: 0)
    }

    @inline(__always)
    mutating func string(escaped: Bool, start: Int, end: Int) {
        entries.appendLeaf(
            .string, start: start, end: end, parent: currentParent, flags: escaped ? JSONEntry.hasEscapes : 0)
    }

    @inline(__always)
    mutating func key(escaped: Bool, start: Int, end: Int) {
        entries.appendLeaf(
            .string, start: start, end: end, parent: currentParent,
            flags: JSONEntry.isKey | (escaped ? JSONEntry.hasEscapes : 0))
    }

    mutating func open(_ kind: JSONKind, start: Int) -> Int {
        // The parser refuses a container deeper than its limit.
        if depth >= maxDepth { needsParse = true }
        depth += 1
        let index = entries.count
        entries.appendOpen(kind, start: start, parent: currentParent)
        currentParent = Int32(truncatingIfNeeded: index)
        return index
    }

    mutating func close(_ index: Int, count: Int, end: Int) {
        entries.close(index, end: end, count: count, largeCounts: &largeCounts)
        currentParent = entries[index].parent
        depth -= 1
    }

    mutating func mayRepeatKeys() {
        needsParse = true
    }

    /// What `JSONParser.parse(text, limits: limits)` gives, `text` all of it written: the document recorded, or the
    /// text parsed after all when the parse says more (see the type). The recording must not be used afterwards.
    func parseResult(of text: [UInt8], limits: JSONParser.Limits) -> JSONParseResult {
        guard let document = document(of: text, maxBytes: limits.maxBytes) else {
            return JSONParser.parse(text, limits: limits)
        }
        return JSONParseResult(document: document, diagnostics: [])
    }

    /// The document of `text`, all of it written: nil when it must be parsed (see the type). The
    /// recording must not be used afterwards.
    func document(of text: [UInt8], maxBytes: Int) -> JSONDocument? {
        guard !needsParse, !entries.isEmpty, text.count <= min(maxBytes, Int(UInt32.max) - 1) else {
            entries.deallocate()
            return nil
        }
        return JSONDocument(bytes: text, entries: entries.finish(largeCounts: largeCounts))
    }
}

/// A JSON text written piece by piece by a caller that knows its shape, with the document
/// `JSONParser.parse` would make of it recorded as it is written (`JSONDocumentRecording`), entry for
/// entry: the sheets of an XLSForm are made a document this way, one line per cell, and parsing that
/// text again was a sixth of reading a large workbook. The caller writes the punctuation and white space
/// between values itself (`append`), and promises that no object repeats a key.
package struct JSONRecordedText: ~Copyable {
    /// The text so far, all of it: the output's buffer is moved to its bytes first.
    package var bytes: [UInt8] {
        mutating get {
            output.flush()
            return output.bytes
        }
    }
    /// Where the text is written, a buffer at a time (a line of a sheet is a few pieces and several bytes, and
    /// appending each to an array was most of making a large workbook's document); its buffer is this text's.
    private var output: JSONWriterOutput
    private var recording: JSONDocumentRecording
    /// The open containers but the innermost, innermost last: their kinds (for their closing brackets), entries
    /// and counts so far.
    private var open: [(kind: JSONKind, index: Int, count: Int)] = []
    /// The innermost open container's kind, entry and count so far, kept apart from `open`: counted for every
    /// value (an array's element there paid a uniqueness check each time).
    private var innermost: (kind: JSONKind, index: Int, count: Int) = (.null, -1, 0)
    /// The text of each `MemberKey` made (`,"key":` and a line end), one after another: memory of the text's
    /// own, so that copying one holds no reference (a sheet's column names each of its cells).
    private var memberKeys = JSONParserBuffer<UInt8>(capacity: 256)

    package init(maxDepth: Int = JSONParser.Limits.default.maxDepth) {
        output = JSONWriterOutput(
            appendingTo: [], buffer: .allocate(capacity: Self.bufferSize), capacity: Self.bufferSize)
        recording = JSONDocumentRecording(maxDepth: maxDepth)
    }

    deinit {
        output.deallocateBuffer()
        memberKeys.deallocate()
    }

    private static let bufferSize = 16_384

    /// Punctuation or white space between values (`,`, `:`, a line end): no value.
    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        output.append(byte)
    }

    /// Opens an array or object (`kind` must be one of them); `close` ends it.
    package mutating func open(_ kind: JSONKind) {
        let index = recording.open(kind, start: output.count)
        output.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append(innermost)
        innermost = (kind, index, 0)
    }

    /// Closes the innermost open array or object.
    package mutating func close() {
        let closed = innermost
        output.append(closed.kind == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        recording.close(closed.index, count: closed.count, end: output.count)
        innermost = open.removeLast()
        countValue()
    }

    /// An object member's key, quoted and escaped as `JSONWriter` writes a string.
    @inline(__always)
    package mutating func key(_ key: String) {
        let start = output.count
        let escaped = output.appendQuoted(key)
        recording.key(escaped: escaped, start: start, end: output.count)
    }

    /// A string value.
    @inline(__always)
    package mutating func string(_ value: String) {
        let start = output.count
        let escaped = output.appendQuoted(value)
        recording.string(escaped: escaped, start: start, end: output.count)
        countValue()
    }

    /// A key made once for the members of many objects (`member(first:key:value:)`): where its text is among the
    /// text's `memberKeys` (`count` bytes from `offset`: a comma, the key quoted as `key(_:)` writes it, a colon
    /// and a line end), and whether the key has an escape. Good for the text that made it only.
    package struct MemberKey {
        fileprivate let offset: Int
        fileprivate let count: Int
        fileprivate let escaped: Bool
    }

    /// `key`, made once for the members `member(first:key:value:)` writes.
    package mutating func memberKey(_ key: String) -> MemberKey {
        var text: [UInt8] = [UInt8(ascii: ",")]
        let escaped = JSONWriter.appendQuoted(key, to: &text)
        text += [UInt8(ascii: ":"), UInt8(ascii: "\n")]
        let offset = memberKeys.count
        for byte in text { memberKeys.append(byte) }
        return MemberKey(offset: offset, count: text.count, escaped: escaped)
    }

    /// A member of the innermost open object on two lines of its own, as an XLSForm's cell is written: a line
    /// end, a comma unless it is the object's `first` member, its `key` and a colon; a line end and its string
    /// `value`. One call for what was five, the key's text copied whole (a form of 100,000 questions has
    /// 700,000 cells).
    package mutating func member(first: Bool, key: MemberKey, value: String) {
        output.append(UInt8(ascii: "\n"))
        let skip = first ? 1 : 0
        let start = output.count
        output.append(UnsafeBufferPointer(start: memberKeys.base + (key.offset + skip), count: key.count - skip))
        // The key's entry: from its opening quote (after the comma) to its closing one (before `:` and `\n`).
        recording.key(escaped: key.escaped, start: start + 1 - skip, end: output.count - 2)
        string(value)
    }

    /// `member(first:key:value:)` with a key written for this member only.
    package mutating func member(first: Bool, key: String, value: String) {
        output.append(UInt8(ascii: "\n"))
        if !first { output.append(UInt8(ascii: ",")) }
        self.key(key)
        output.append(UInt8(ascii: ":"))
        output.append(UInt8(ascii: "\n"))
        string(value)
    }

    /// One more element or member of the innermost open container (nothing when none is open).
    @inline(__always)
    private mutating func countValue() {
        innermost.count &+= 1
    }

    /// The document of the text, every container closed; nil when it is beyond `limits` (what
    /// `JSONParser.parse` refuses). Called once: the recording is handed over or freed, and the text must
    /// not be used afterwards but for its `bytes`.
    package mutating func document(limits: JSONParser.Limits = .default) -> JSONDocument? {
        recording.document(of: bytes, maxBytes: limits.maxBytes)
    }
}
