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
    /// others of its object as Strings; written, the same keys are the same bytes.
    private var keys: [Range<Int>] = []

    /// The output's buffer, as small as the tree writer's: moved to the text in larger pieces, the bytes were copied
    /// by `rep movsb`, which counts an instruction a byte (a 16 KB buffer cost 40 M more for a 40 MB template).
    private static var bufferSize: Int { 1024 }

    init(indent: Int, recording: Recording) {
        output = JSONWriterOutput(
            appendingTo: [], buffer: .allocate(capacity: Self.bufferSize), capacity: Self.bufferSize)
        self.indent = indent
        self.recording = recording
        keys.reserveCapacity(64)
    }

    deinit {
        output.deallocateBuffer()
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
        if keys.count > closed.firstKey { keys.removeLast(keys.count - closed.firstKey) }
    }

    /// The next member's key, in the innermost open container (an object); its value comes next.
    mutating func key(_ key: String) {
        output.separate(first: innermost.count == 0, indentedBy: indent > 0 ? indent * depth : nil)
        innermost.count += 1
        let start = output.count
        let escaped = output.appendQuoted(key)
        recording.key(escaped: escaped, start: start, end: output.count)
        if Recording.checksKeys { compareKey(start..<output.count) }
        output.appendColon(spaced: indent > 0)
    }

    /// The next value: after a key, or an array's next element, or the whole text's value.
    mutating func value(_ value: JSONWriter.Value) {
        beginValue()
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

    /// Tells `recording` when the key just written at `written` repeats one of its object's, or may (one of many:
    /// not compared), as the tree writer does.
    private mutating func compareKey(_ written: Range<Int>) {
        let count = innermost.count
        guard count <= JSONWriter.pairwiseKeyLimit else {
            if count == JSONWriter.pairwiseKeyLimit + 1 { recording.mayRepeatKeys() }
            return
        }
        let bit = JSONWriter.keyFilterBit(output, start: written.lowerBound, end: written.upperBound)
        if innermost.keyFilter & bit != 0,
            keys[innermost.firstKey...].contains(where: { output.bytesEqual($0, written) })
        {
            recording.mayRepeatKeys()
        }
        innermost.keyFilter |= bit
        keys.append(written)
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
