/// JSON text written a piece at a time - containers opened and closed, keys, values - in the layout `JSONWriter`
/// gives a tree (the same bytes), each piece told to `recording` as it is written. A caller that makes a large
/// text writes it as it goes, with no tree of `JSONWriter.Value`s to make and free (an imported template of
/// 100,000 questions: freeing its tree cost half as much as writing it). A value given whole (`value`) is
/// written by the tree writer at its depth, so that a tree is this writer's one value.
struct JSONStreamWriter<Recording: JSONWriterRecording>: ~Copyable {
    /// An open array or object.
    private struct Container {
        let isObject: Bool
        /// Its entry (`recording.open`).
        let index: Int
        /// Its elements or members so far.
        var count = 0
        /// The bits of its keys so far (`JSONWriter.keyFilterBit`), and where its first is in `keys`.
        var keyFilter: UInt64 = 0
        let firstKey: Int
    }

    private var output: JSONWriterOutput
    private(set) var recording: Recording
    private let indent: Int
    /// The innermost open container (when `depth` > 0), kept apart from the others: it is read and counted at every
    /// key and value, and an element of an array costs a uniqueness and a bounds check at each change.
    private var innermost = Container(isObject: false, index: 0, firstKey: 0)
    /// The open containers around `innermost`, outermost first.
    private var outer: [Container] = []
    /// How many containers are open (`innermost` and `outer`).
    private var depth = 0
    /// Where the keys of the open objects were written, for an object whose keys are compared
    /// (`Recording.checksKeys`, up to `JSONWriter.pairwiseKeyLimit` keys): the tree writer compares a key with the
    /// others of its object as Strings; written, the same keys are the same bytes. (Memory of the writer's own: an
    /// array paid a uniqueness check for each key.)
    private var keys = JSONParserBuffer<Range<Int>>(capacity: 64)
    /// Keys written before, by `WrittenKey.slot`: a caller writes the same few keys over and over (`answer-type`,
    /// `question`, `linkId` for each of 100,000 questions), and a key found here is copied whole, its filter bit
    /// known, with nothing quoted, checked or counted again (quoting, checking and comparing each key cost 300
    /// instructions).
    private let writtenKeys: UnsafeMutablePointer<WrittenKey>

    /// The output's buffer, as small as the tree writer's: moved to the text in larger pieces, the bytes were copied
    /// by `rep movsb`, which counts an instruction a byte (a 16 KB buffer cost 40 M more for a 40 MB template).
    private static var bufferSize: Int { 1024 }

    init(indent: Int, recording: Recording) {
        output = JSONWriterOutput(
            appendingTo: [], buffer: .allocate(capacity: Self.bufferSize), capacity: Self.bufferSize)
        self.indent = indent
        self.recording = recording
        writtenKeys = .allocate(capacity: WrittenKey.slots)
        writtenKeys.initialize(repeating: WrittenKey(), count: WrittenKey.slots)
    }

    deinit {
        output.deallocateBuffer()
        keys.deallocate()
        writtenKeys.deinitialize(count: WrittenKey.slots)
        writtenKeys.deallocate()
    }

    /// Opens an array or object (`kind` is one of them) as the next value; `close` ends it.
    mutating func open(_ kind: JSONKind) {
        beginValue()
        let index = recording.open(kind, start: output.count)
        output.append(kind == .object ? UInt8(ascii: "{") : UInt8(ascii: "["))
        if depth > 0 { outer.append(innermost) }
        innermost = Container(isObject: kind == .object, index: index, firstKey: keys.count)
        depth += 1
    }

    /// Closes the innermost open array or object.
    mutating func close() {
        let closed = innermost
        depth -= 1
        if depth > 0 { innermost = outer.removeLast() }
        if closed.count > 0, indent > 0 { output.newline(indentedBy: indent * depth) }
        output.append(closed.isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
        recording.close(closed.index, count: closed.count, end: output.count)
        while keys.count > closed.firstKey { _ = keys.removeLast() }
    }

    /// The next member's key, in the innermost open container (an object); its value comes next.
    mutating func key(_ key: String) {
        output.separate(first: innermost.count == 0, indentedBy: indent > 0 ? indent * depth : nil)
        innermost.count &+= 1
        let start = output.count
        let bits = WrittenKey.bits(of: key)
        // Two slots a key may be in, the one kept later first: two keys of one slot, written by turns, would otherwise
        // each put the other out.
        let first = writtenKeys + (WrittenKey.slot(of: bits) & ~1)
        let second = first + 1
        if let bits, let known = first.pointee.bits, known == bits {
            return writeKnown(first, at: start)
        }
        if let bits, let known = second.pointee.bits, known == bits {
            return writeKnown(second, at: start)
        }
        let escaped = output.appendQuoted(key)
        let end = output.count
        recording.key(escaped: escaped, start: start, end: end)
        let bit = JSONWriter.keyFilterBit(output, start: start, end: end)
        if Recording.checksKeys { compareKey(start..<end, bit: bit) }
        output.appendColon(spaced: indent > 0)
        if bits != nil {
            remember(key, bits: bits, in: first, before: second, written: start..<end, escaped: escaped, bit: bit)
        }
    }

    /// Writes the key kept at `written` (and its colon), the key being written at `start`.
    @inline(__always)
    private mutating func writeKnown(_ written: UnsafeMutablePointer<WrittenKey>, at start: Int) {
        output.append(words: written.pointee.text, count: written.pointee.count)
        let end = start &+ written.pointee.quotedCount
        recording.key(escaped: written.pointee.escaped, start: start, end: end)
        if Recording.checksKeys { compareKey(start..<end, bit: written.pointee.filterBit) }
    }

    /// Keeps `key` (its `bits`), written at `written` with its colon after it, in `slot` of `writtenKeys` when it is
    /// short enough, what `slot` kept moved to `other` (the other slot the key may be in: the key put out is the one
    /// of the two kept longer ago).
    private func remember(
        _ key: String, bits: WrittenKey.Bits?, in slot: UnsafeMutablePointer<WrittenKey>,
        before other: UnsafeMutablePointer<WrittenKey>, written: Range<Int>, escaped: Bool, bit: UInt64
    ) {
        let count = output.count - written.lowerBound
        guard count <= 32 else { return }
        swap(&slot.pointee, &other.pointee)
        var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
        withUnsafeMutableBytes(of: &text) { text in
            for offset in 0..<count { text[offset] = output.byte(at: written.lowerBound + offset) }
        }
        slot.pointee = WrittenKey(
            key: key, bits: bits, text: text, count: count, quotedCount: written.count, escaped: escaped,
            filterBit: bit)
    }

    /// The next value: after a key, or an array's next element, or the whole text's value. A null, flag, number or
    /// string is written here, not by a call of the tree writer (half of writing one).
    mutating func value(_ value: JSONWriter.Value) {
        beginValue()
        guard !JSONWriter.writeScalar(value, to: &output, recording: &recording) else { return }
        JSONWriter.writeTree(value, depth: depth, indent: indent, to: &output, recording: &recording)
    }

    /// The text written, `last` appended to it (a file's line end); the writer must not be used afterwards.
    mutating func finish(appending last: UInt8) -> [UInt8] {
        output.append(last)
        output.flush()
        return output.bytes
    }

    /// What goes before a value in an array: a separator and an indent (a key has written it in an object).
    @inline(__always)
    private mutating func beginValue() {
        guard depth > 0, !innermost.isObject else { return }
        output.separate(first: innermost.count == 0, indentedBy: indent > 0 ? indent * depth : nil)
        innermost.count += 1
    }

    /// Tells `recording` when the key just written at `written` (its filter bit `bit`: `JSONWriter.keyFilterBit`)
    /// repeats one of its object's, or may (one of many: not compared), as the tree writer does.
    @inline(__always)
    private mutating func compareKey(_ written: Range<Int>, bit: UInt64) {
        let count = innermost.count
        guard count <= JSONWriter.pairwiseKeyLimit else {
            if count == JSONWriter.pairwiseKeyLimit + 1 { recording.mayRepeatKeys() }
            return
        }
        if innermost.keyFilter & bit != 0 { compareWithEarlierKeys(written) }
        innermost.keyFilter |= bit
        keys.append(written)
    }

    /// Tells `recording` when the key at `written` is one its object has written before (its filter bit is one of
    /// theirs: the rarer case, kept out of `key`).
    @inline(never)
    private mutating func compareWithEarlierKeys(_ written: Range<Int>) {
        if keys[innermost.firstKey...].contains(where: { output.bytesEqual($0, written) }) { recording.mayRepeatKeys() }
    }
}

/// A key `JSONStreamWriter` has written, kept to be written again as a copy of its text. It is known by the bits of
/// its `String` (`bits(of:)`): two strings with the same bits are the same text (a short one is its bits; a longer one
/// names its storage, which `key` keeps alive, and which nothing changes while another string shares it).
private struct WrittenKey {
    typealias Bits = (UInt64, UInt64)

    /// How many keys are kept (in pairs: a key may be in either slot of its pair).
    static let slots = 64

    /// The key, kept for its storage only.
    var key = ""
    /// `bits(of: key)`; nil in a slot not yet filled.
    var bits: Bits?
    /// The key quoted as written, and its colon (and a space, in an indented text): `count` bytes, the quoted key the
    /// first `quotedCount`.
    var text: (UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0)
    var count = 0
    var quotedCount = 0
    /// Whether the key has a backslash escape.
    var escaped = false
    /// `JSONWriter.keyFilterBit` of the quoted key.
    var filterBit: UInt64 = 0

    /// The bits of `string`'s representation; nil where a String is not two words.
    @inline(__always)
    static func bits(of string: String) -> Bits? {
        guard MemoryLayout<String>.size == 16 else { return nil }
        return withUnsafeBytes(of: string) { ($0.load(as: UInt64.self), $0.load(fromByteOffset: 8, as: UInt64.self)) }
    }

    /// A slot of the pair of the key whose bits are `bits`.
    @inline(__always)
    static func slot(of bits: Bits?) -> Int {
        guard let (low, high) = bits else { return 0 }
        let mixed = ((low &* 0x9E37_79B9_7F4A_7C15) ^ high) &* 0x9E37_79B9_7F4A_7C15
        return Int(truncatingIfNeeded: mixed >> 58)
    }
}

/// A JSON file written a piece at a time (`JSONStreamWriter`: 2-space indent, a final newline, as `convert`
/// writes), and what `JSONParser.parse(_:limits:)` makes of it, recorded as it is written
/// (`JSONDocumentRecording`): what `JSONWriter.fileBytesParsed(of:limits:)` gives of the tree of the same text.
/// An importer writes its template this way as it makes it, with no tree.
package struct JSONFileWriter: ~Copyable {
    private var stream: JSONStreamWriter<JSONDocumentRecording>
    private let limits: JSONParser.Limits

    /// A writer whose document is the one a parse within `limits` gives.
    package init(limits: JSONParser.Limits) {
        stream = JSONStreamWriter(indent: 2, recording: JSONDocumentRecording(maxDepth: limits.maxDepth))
        self.limits = limits
    }

    /// Opens an object as the next value; `close` ends it.
    package mutating func openObject() {
        stream.open(.object)
    }

    /// Opens an array as the next value; `close` ends it.
    package mutating func openArray() {
        stream.open(.array)
    }

    /// Closes the innermost open array or object.
    package mutating func close() {
        stream.close()
    }

    /// The next member's key, in the innermost open object; its value comes next.
    package mutating func key(_ key: String) {
        stream.key(key)
    }

    /// The next value: after a key, or an array's next element, or the whole text's value.
    package mutating func value(_ value: JSONWriter.Value) {
        stream.value(value)
    }

    /// A member: `key` and its `value`.
    package mutating func member(_ key: String, _ value: JSONWriter.Value) {
        stream.key(key)
        stream.value(value)
    }

    /// The text, every container closed, with its final newline, and its parse: the recorded document, or the
    /// text parsed after all when a parse says more than the document (see `JSONDocumentRecording`).
    package consuming func finish() -> (bytes: [UInt8], parsed: JSONParseResult) {
        let bytes = stream.finish(appending: UInt8(ascii: "\n"))
        return (bytes, stream.recording.parseResult(of: bytes, limits: limits))
    }
}
