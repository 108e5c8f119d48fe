/// What a `JSONWriter` tells of each value as it writes it: where it went in the text. Generic, so that
/// plain writing (`JSONNoRecording`) compiles to what it was before there was anything to tell.
protocol JSONWriterRecording {
    /// A null, boolean or number written at `start..<end`.
    mutating func scalar(_ kind: JSONKind, start: Int, end: Int)
    /// A string value written (quoted; `escaped`: with a backslash escape) at `start..<end`.
    mutating func string(escaped: Bool, start: Int, end: Int)
    /// An object member's key written (as a string) at `start..<end` of `text`, the text so far.
    mutating func key(escaped: Bool, start: Int, end: Int, in text: [UInt8])
    /// An array or object whose opening bracket is at `start`.
    mutating func open(_ kind: JSONKind, start: Int)
    /// The innermost open array or object, closed by the bracket just before `end`.
    mutating func close(end: Int)
}

/// Plain writing: nothing recorded.
struct JSONNoRecording: JSONWriterRecording {
    @inline(__always) mutating func scalar(_ kind: JSONKind, start: Int, end: Int) {}
    @inline(__always) mutating func string(escaped: Bool, start: Int, end: Int) {}
    @inline(__always) mutating func key(escaped: Bool, start: Int, end: Int, in text: [UInt8]) {}
    @inline(__always) mutating func open(_ kind: JSONKind, start: Int) {}
    @inline(__always) mutating func close(end: Int) {}
}

/// The entries `JSONParser.parse` would make of the text being written, entry for entry (the same
/// offsets, parents, counts and flags), so that the document is the one a parse gives.
///
/// A parse says more than the document only for a text with a byte-order mark or a syntax error (the
/// writer writes neither), beyond its limits, or with an object that repeats a key (a warning, and a flag
/// that look-ups read): for those `document(of:maxBytes:)` gives nil and the caller parses. Keys are compared
/// as written: the writer escapes a value one way only, so two keys are the same value exactly when
/// they are the same bytes. Objects of many members are left to the parser's hash table.
struct JSONDocumentRecording: JSONWriterRecording {
    /// The open containers: entry index, members or elements so far, and for an object a bit per key
    /// seen (as `JSONParserEngine.keyFilterBit`): a key whose bit is not set repeats no earlier one.
    private struct Frame {
        var index: Int
        var count: Int
        var keyFilter: UInt64
    }

    /// Up to this many members, a key is compared with the earlier ones of its object.
    private static let pairwiseKeyLimit = 16

    private var entries = JSONTapeWriter(capacity: 1024)
    private var frames = JSONParserBuffer<Frame>(capacity: 16)
    private var largeCounts: [Int: Int] = [:]
    private var currentParent: Int32 = -1
    private let maxDepth: Int
    /// Set when the parse would say more than the document, or the document differ (see the type).
    private var needsParse = false
    /// Whether the writer promises that no object repeats a key (as `JSONRecordedText`'s caller does): then
    /// keys are not compared, and objects of many members need no parse.
    private let keysDistinct: Bool

    init(maxDepth: Int, keysDistinct: Bool = false) {
        self.maxDepth = maxDepth
        self.keysDistinct = keysDistinct
    }

    mutating func scalar(_ kind: JSONKind, start: Int, end: Int) {
        append(kind, start: start, end: end, flags: 0)
    }

    mutating func string(escaped: Bool, start: Int, end: Int) {
        append(.string, start: start, end: end, flags: escaped ? JSONEntry.hasEscapes : 0)
    }

    mutating func key(escaped: Bool, start: Int, end: Int, in text: [UInt8]) {
        entries.appendLeaf(
            .string, start: start, end: end, parent: currentParent,
            flags: JSONEntry.isKey | (escaped ? JSONEntry.hasEscapes : 0))
        if keysDistinct { return }
        let top = frames.count - 1
        var frame = frames[top]
        guard frame.count < Self.pairwiseKeyLimit else { return needsParse = true }
        let bit = Self.keyFilterBit(text, start: start, end: end)
        if frame.keyFilter & bit != 0, repeatsEarlierKey(text, start: start, end: end, in: frame) { needsParse = true }
        frame.keyFilter |= bit
        frames[top] = frame
    }

    mutating func open(_ kind: JSONKind, start: Int) {
        // The parser refuses a container deeper than its limit.
        if frames.count >= maxDepth { needsParse = true }
        let index = entries.count
        entries.appendOpen(kind, start: start, parent: currentParent)
        frames.append(Frame(index: index, count: 0, keyFilter: 0))
        currentParent = Int32(truncatingIfNeeded: index)
    }

    mutating func close(end: Int) {
        let frame = frames.removeLast()
        entries.close(frame.index, end: end, count: frame.count, largeCounts: &largeCounts)
        currentParent = entries[frame.index].parent
        if !frames.isEmpty { frames[frames.count - 1].count += 1 }
    }

    /// The document of `text`, all of it written: nil when it must be parsed (see the type). The
    /// recording must not be used afterwards.
    func document(of text: [UInt8], maxBytes: Int) -> JSONDocument? {
        frames.deallocate()
        guard !needsParse, !entries.isEmpty, text.count <= min(maxBytes, Int(UInt32.max) - 1) else {
            entries.deallocate()
            return nil
        }
        return JSONDocument(bytes: text, entries: entries.finish(largeCounts: largeCounts))
    }

    private mutating func append(_ kind: JSONKind, start: Int, end: Int, flags: UInt8) {
        entries.appendLeaf(kind, start: start, end: end, parent: currentParent, flags: flags)
        if !frames.isEmpty { frames[frames.count - 1].count += 1 }
    }

    /// The key's bit, from its written length and its first and last bytes inside the quotes.
    private static func keyFilterBit(_ text: [UInt8], start: Int, end: Int) -> UInt64 {
        let length = end - start - 2
        guard length > 0 else { return 1 }
        return 1 &<< UInt64((length &+ Int(text[start + 1]) &* 7 &+ Int(text[end - 2]) &* 13) & 63)
    }

    /// Whether an earlier key of `frame`'s object is written as `text[start..<end]`.
    private func repeatsEarlierKey(_ text: [UInt8], start: Int, end: Int, in frame: Frame) -> Bool {
        var keyIndex = frame.index + 1
        for _ in 0..<frame.count {
            let entry = entries[keyIndex]
            if Int(entry.end - entry.start) == end - start,
                text[Int(entry.start)..<Int(entry.end)].elementsEqual(text[start..<end])
            {
                return true
            }
            keyIndex = Int(entries[keyIndex + 1].next)
        }
        return false
    }
}

/// A JSON text written piece by piece by a caller that knows its shape, with the document
/// `JSONParser.parse` would make of it recorded as it is written (`JSONDocumentRecording`), entry for
/// entry: the sheets of an XLSForm are made a document this way, one line per cell, and parsing that
/// text again was a sixth of reading a large workbook. The caller writes the punctuation and white space
/// between values itself (`append`), and promises that no object repeats a key.
package struct JSONRecordedText {
    /// The text so far.
    package private(set) var bytes: [UInt8] = []
    private var recording: JSONDocumentRecording
    /// The kinds of the open containers, innermost last, for their closing brackets.
    private var open: [JSONKind] = []

    package init(maxDepth: Int = JSONParser.Limits.default.maxDepth) {
        recording = JSONDocumentRecording(maxDepth: maxDepth, keysDistinct: true)
    }

    /// Punctuation or white space between values (`,`, `:`, a line end): no value.
    @inline(__always)
    package mutating func append(_ byte: UInt8) {
        bytes.append(byte)
    }

    /// Opens an array or object (`kind` must be one of them); `close` ends it.
    package mutating func open(_ kind: JSONKind) {
        recording.open(kind, start: bytes.count)
        bytes.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        open.append(kind)
    }

    /// Closes the innermost open array or object.
    package mutating func close() {
        bytes.append(open.removeLast() == .object ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        recording.close(end: bytes.count)
    }

    /// An object member's key, quoted and escaped as `JSONWriter` writes a string.
    package mutating func key(_ key: String) {
        let start = bytes.count
        let escaped = JSONWriter.appendQuoted(key, to: &bytes)
        recording.key(escaped: escaped, start: start, end: bytes.count, in: bytes)
    }

    /// An object member's key already written as JSON text (`JSONWriter.appendQuoted`; `escaped`: what it
    /// returned), for a key written many times.
    package mutating func key(quoted: [UInt8], escaped: Bool) {
        let start = bytes.count
        bytes.append(contentsOf: quoted)
        recording.key(escaped: escaped, start: start, end: bytes.count, in: bytes)
    }

    /// A string value.
    package mutating func string(_ value: String) {
        let start = bytes.count
        let escaped = JSONWriter.appendQuoted(value, to: &bytes)
        recording.string(escaped: escaped, start: start, end: bytes.count)
    }

    /// The document of the text, every container closed; nil when it is beyond `limits` (what
    /// `JSONParser.parse` refuses). Called once: the recording is handed over or freed, and the text must
    /// not be used afterwards but for its `bytes`.
    package func document(limits: JSONParser.Limits = .default) -> JSONDocument? {
        recording.document(of: bytes, maxBytes: limits.maxBytes)
    }
}
