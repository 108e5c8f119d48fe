/// The text a `JSONWriter` (or a `JSONRecordedText`) writes, gathered in a small buffer (on the stack, or the
/// text's own) and moved to its `[UInt8]` a buffer at a time. Appending each piece (a quote, a key, a line's
/// indent) to the array paid a uniqueness check, a capacity check and a call to copy it: a fifth of writing
/// a converted 100,000-question template.
struct JSONWriterOutput {
    /// The text moved out of the buffer so far.
    private(set) var bytes: [UInt8]
    private let buffer: UnsafeMutablePointer<UInt8>
    private let capacity: Int
    /// Bytes written to `buffer`, not yet moved to `bytes`.
    private var used = 0
    /// `bytes.count`, kept here: read for every value's position.
    private var moved: Int

    /// The buffer's size: the most the stack is given without asking the runtime (larger is a heap allocation).
    private static let bufferSize = 1024

    /// An output that appends to `bytes`, through `buffer` (`capacity` bytes, the caller's to free).
    init(appendingTo bytes: [UInt8], buffer: UnsafeMutablePointer<UInt8>, capacity: Int) {
        self.bytes = bytes
        self.buffer = buffer
        self.capacity = capacity
        moved = bytes.count
    }

    /// Frees the buffer given at `init`, for an owner that allocated it; the output must not be used afterwards.
    func deallocateBuffer() {
        buffer.deallocate()
    }

    /// Calls `body` with an output that appends to `bytes`, all of it in `bytes` when it returns.
    static func appending<Result>(to bytes: inout [UInt8], _ body: (inout JSONWriterOutput) -> Result) -> Result {
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: bufferSize) { buffer in
            // A temporary allocation of a positive count has a base address.
            var output = JSONWriterOutput(
                appendingTo: [], buffer: buffer.baseAddress.unsafelyUnwrapped, capacity: buffer.count)
            swap(&output.bytes, &bytes)
            output.moved = output.bytes.count
            let result = body(&output)
            output.flush()
            swap(&output.bytes, &bytes)
            return result
        }
    }

    /// The position of the next byte in the whole text.
    var count: Int {
        @inline(__always) get { moved &+ used }
    }

    /// The byte at `position` of the whole text (below `count`).
    func byte(at position: Int) -> UInt8 {
        position >= moved ? buffer[position &- moved] : bytes[position]
    }

    /// Whether the text at `one` and at `other` (both written) is the same bytes.
    func bytesEqual(_ one: Range<Int>, _ other: Range<Int>) -> Bool {
        one.count == other.count
            && one.indices.allSatisfy { byte(at: $0) == byte(at: other.lowerBound + ($0 - one.lowerBound)) }
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        if used == capacity { flush() }
        buffer[used] = byte
        used &+= 1
    }

    mutating func append(_ source: UnsafeBufferPointer<UInt8>) {
        guard reserve(source.count), let base = source.baseAddress else {
            bytes.append(contentsOf: source)
            moved &+= source.count
            return
        }
        (buffer + used).update(from: base, count: source.count)
        used &+= source.count
    }

    mutating func append(_ text: String) {
        var text = text
        text.withUTF8 { append($0) }
    }

    /// Appends the first `count` bytes (at most 32) of `words`, as they lie in memory: a text made once and copied
    /// whole (`JSONStreamWriter`'s keys written before).
    @inline(__always)
    mutating func append(words: (UInt64, UInt64, UInt64, UInt64), count: Int) {
        // A buffer of fewer than 32 bytes (none is made) takes them one by one.
        guard reserve(32) else {
            withUnsafeBytes(of: words) {
                append(UnsafeBufferPointer(rebasing: $0.bindMemory(to: UInt8.self)[..<count]))
            }
            return
        }
        let target = UnsafeMutableRawPointer(buffer + used)
        target.storeBytes(of: words.0, as: UInt64.self)
        target.storeBytes(of: words.1, toByteOffset: 8, as: UInt64.self)
        target.storeBytes(of: words.2, toByteOffset: 16, as: UInt64.self)
        target.storeBytes(of: words.3, toByteOffset: 24, as: UInt64.self)
        used &+= count
    }

    /// What goes before an element or member: a comma unless it is the `first`, then a line end and `count`
    /// spaces unless `count` is nil (a text on one line). Reserved once for all of it, as `newline` does.
    @inline(__always)
    mutating func separate(first: Bool, indentedBy count: Int?) {
        guard let count else {
            if !first { append(UInt8(ascii: ",")) }
            return
        }
        guard !first else { return newline(indentedBy: count) }
        guard reserve(count &+ 10) else {
            append(UInt8(ascii: ","))
            return newline(indentedBy: count)
        }
        buffer[used] = UInt8(ascii: ",")
        used &+= 1
        appendNewlineReserved(indentedBy: count)
    }

    /// The colon after a member's key, and a space after it when `spaced`.
    @inline(__always)
    mutating func appendColon(spaced: Bool) {
        guard reserve(2) else {
            append(UInt8(ascii: ":"))
            if spaced { append(UInt8(ascii: " ")) }
            return
        }
        buffer[used] = UInt8(ascii: ":")
        buffer[used &+ 1] = UInt8(ascii: " ")
        used &+= spaced ? 2 : 1
    }

    /// A line end and `count` spaces.
    mutating func newline(indentedBy count: Int) {
        // Whole words of spaces: the last may go past the line, into room not yet written.
        guard reserve(count &+ 9) else {
            append(UInt8(ascii: "\n"))
            for _ in 0..<count { append(UInt8(ascii: " ")) }
            return
        }
        appendNewlineReserved(indentedBy: count)
    }

    /// `newline(indentedBy:)` into room reserved for `count` + 9 bytes.
    @inline(__always)
    private mutating func appendNewlineReserved(indentedBy count: Int) {
        buffer[used] = UInt8(ascii: "\n")
        let spaces = UnsafeMutableRawPointer(buffer + (used &+ 1))
        var offset = 0
        while offset < count {
            spaces.storeBytes(of: 0x2020_2020_2020_2020 as UInt64, toByteOffset: offset, as: UInt64.self)
            offset &+= 8
        }
        used &+= count &+ 1
    }

    /// Appends `string` as `JSONWriter.appendQuoted` does; whether anything was escaped.
    @inline(__always)
    mutating func appendQuoted(_ string: String) -> Bool {
        let plain = string.utf8.withContiguousStorageIfAvailable { appendQuotedIfPlain($0) }
        if plain == true { return false }
        return appendQuotedByBytes(string)
    }

    /// `appendQuoted` of a string that needs an escape, does not fit the buffer or is not stored as UTF-8: the
    /// rare case, kept out of the writers it is inlined in.
    @inline(never)
    private mutating func appendQuotedByBytes(_ string: String) -> Bool {
        var quoted: [UInt8] = []
        let escaped = JSONWriter.appendQuoted(string, to: &quoted)
        quoted.withUnsafeBufferPointer { append($0) }
        return escaped
    }

    /// Appends `utf8` quoted when it needs no escape and fits the buffer, checked and copied a word at a time
    /// (a short text as two overlapping halves); false, with nothing written, otherwise. Inlined, as
    /// `appendQuoted` is where it is called: a call for each string and key was a twentieth of writing and
    /// recording a converted template.
    @inline(__always)
    private mutating func appendQuotedIfPlain(_ utf8: UnsafeBufferPointer<UInt8>) -> Bool {
        let count = utf8.count
        guard reserve(count &+ 2), let base = utf8.baseAddress else { return count == 0 && appendEmptyQuotes() }
        // (An empty text may have a base address: nothing is read from it.)
        let source = UnsafeRawPointer(base)
        let target = buffer + used
        target[0] = UInt8(ascii: "\"")
        let text = UnsafeMutableRawPointer(target + 1)
        // Which byte is where in a word does not matter to the check; bytes added to fill one are spaces.
        switch count {
        case 8...:
            var offset = 0
            while true {
                let word = source.loadUnaligned(fromByteOffset: offset, as: UInt64.self)
                guard !ByteScan.needsEscape(word: word) else { return false }
                text.storeBytes(of: word, toByteOffset: offset, as: UInt64.self)
                if offset == count &- 8 { break }
                offset = Swift.min(offset &+ 8, count &- 8)
            }
        case 4...7:
            let (head, tail) = (
                source.loadUnaligned(as: UInt32.self), source.loadUnaligned(fromByteOffset: count &- 4, as: UInt32.self)
            )
            guard !ByteScan.needsEscape(word: UInt64(head) | UInt64(tail) &<< 32) else { return false }
            text.storeBytes(of: head, as: UInt32.self)
            text.storeBytes(of: tail, toByteOffset: count &- 4, as: UInt32.self)
        case 2...3:
            let (head, tail) = (
                source.loadUnaligned(as: UInt16.self), source.loadUnaligned(fromByteOffset: count &- 2, as: UInt16.self)
            )
            let word = UInt64(head) | UInt64(tail) &<< 16 | 0x2020_2020_0000_0000
            guard !ByteScan.needsEscape(word: word) else { return false }
            text.storeBytes(of: head, as: UInt16.self)
            text.storeBytes(of: tail, toByteOffset: count &- 2, as: UInt16.self)
        case 1:
            let byte = base[0]
            guard !ByteScan.needsEscape(word: UInt64(byte) | 0x2020_2020_2020_2000) else { return false }
            text.storeBytes(of: byte, as: UInt8.self)
        default:
            break
        }
        target[count &+ 1] = UInt8(ascii: "\"")
        used &+= count &+ 2
        return true
    }

    private mutating func appendEmptyQuotes() -> Bool {
        append(UInt8(ascii: "\""))
        append(UInt8(ascii: "\""))
        return true
    }

    /// Whether the buffer has room for `count` more bytes, moving what it holds to `bytes` when needed: false
    /// when it cannot hold that many at all.
    @inline(__always)
    private mutating func reserve(_ count: Int) -> Bool {
        if capacity &- used >= count { return true }
        flush()
        return count <= capacity
    }

    /// Moves what the buffer holds to `bytes`.
    mutating func flush() {
        guard used > 0 else { return }
        bytes.append(contentsOf: UnsafeBufferPointer(start: buffer, count: used))
        moved &+= used
        used = 0
    }
}
