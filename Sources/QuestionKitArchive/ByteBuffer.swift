/// A growing byte array written through a pointer, for writers that emit millions of small pieces (a
/// worksheet's cells): a piece is one store, where `Array.append` cost about 90 instructions a piece. A
/// caller bounds what a run of pieces can take, the room is made once for the run, and the pieces are
/// written without a check each.
struct ByteBuffer {
    /// Longer than what is written: zeros past `count`.
    private var storage: [UInt8]
    /// The bytes written.
    private(set) var count = 0

    init(capacity: Int = 4096) {
        storage = [UInt8](repeating: 0, count: max(capacity, 64))
    }

    /// Runs `body` to write at most `bound` bytes (a word stored whole past the last byte written is room
    /// this makes besides).
    mutating func write(atMost bound: Int, _ body: (inout ByteCursor) -> Void) {
        let needed = count + bound + 8
        if needed > storage.count {
            storage.append(contentsOf: repeatElement(0, count: max(needed, storage.count * 2) - storage.count))
        }
        let start = count
        count = storage.withUnsafeMutableBufferPointer { buffer in
            // Never empty: made at least 64 bytes long.
            guard let base = buffer.baseAddress else { return start }
            var cursor = ByteCursor(base: base, offset: start)
            body(&cursor)
            return cursor.offset
        }
        precondition(count <= start + bound, "a write went past its bound")
    }

    /// Appends `bytes`.
    mutating func append(_ bytes: [UInt8]) {
        bytes.withUnsafeBufferPointer { source in write(atMost: source.count) { $0.put(source) } }
    }

    /// The bytes written, the buffer left empty.
    mutating func take() -> [UInt8] {
        storage.removeSubrange(count...)
        defer { count = 0 }
        return storage
    }
}

/// Where the next byte of a ``ByteBuffer`` goes, inside the room `write(atMost:)` made.
struct ByteCursor {
    let base: UnsafeMutablePointer<UInt8>
    var offset: Int

    @inline(__always)
    mutating func put(_ byte: UInt8) {
        base[offset] = byte
        offset += 1
    }

    /// The first `count` (at most 8) bytes of `word`, stored as one word (little-endian: its low byte first).
    @inline(__always)
    mutating func put(_ word: PackedBytes) {
        UnsafeMutableRawPointer(base + offset).storeBytes(of: word.bytes.littleEndian, as: UInt64.self)
        offset += word.count
    }

    @inline(__always)
    mutating func put(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let source = bytes.baseAddress else { return }
        (base + offset).update(from: source, count: bytes.count)
        offset += bytes.count
    }

    /// `number`'s decimal digits (not negative, at most 20).
    @inline(__always)
    mutating func putDecimal(_ number: Int) {
        var digits = 1
        var power = 10
        while power <= number, digits < 19 {
            digits += 1
            power &*= 10
        }
        var rest = UInt(number)
        var index = offset + digits
        repeat {
            index -= 1
            base[index] = UInt8(ascii: "0") + UInt8(truncatingIfNeeded: rest % 10)
            rest /= 10
        } while index > offset
        offset += digits
    }
}

/// Up to 8 bytes held in one word, low byte first, that a ``ByteCursor`` stores in one go: a literal
/// between a cell's parts, a column's letters, a row's number.
struct PackedBytes {
    var bytes: UInt64 = 0
    var count = 0

    init() {}

    /// The bytes of `text` (at most 8).
    init(_ text: StaticString) {
        precondition(text.utf8CodeUnitCount <= 8, "more than 8 bytes")
        text.withUTF8Buffer { for byte in $0 { append(byte) } }
    }

    /// The decimal digits of `number` (not negative, at most 8 digits).
    init(decimal number: Int) {
        var digits = 1
        var power = 10
        while power <= number {
            digits += 1
            power *= 10
        }
        precondition(digits <= 8, "more than 8 digits")
        var rest = number
        for place in (0..<digits).reversed() {
            bytes |= UInt64(rest % 10 + Int(UInt8(ascii: "0"))) << UInt64(place * 8)
            rest /= 10
        }
        count = digits
    }

    /// The bytes of `text` (at most 8).
    init(_ text: some Collection<UInt8>) {
        precondition(text.count <= 8, "more than 8 bytes")
        for byte in text { append(byte) }
    }

    private mutating func append(_ byte: UInt8) {
        bytes |= UInt64(byte) << UInt64(count * 8)
        count += 1
    }
}
