/// A growing byte array written through a pointer, for writers that emit millions of small pieces (a
/// worksheet's cells): a piece is one store, where `Array.append` cost about 90 instructions a piece. A
/// caller bounds what a run of pieces can take; the run is written into a small scratch buffer made
/// room for once, then appended to the bytes in one copy. (Writing into the bytes themselves, kept
/// longer than written, made every byte of their room resident: 37 MB more at the peak of writing a
/// 100,000-question workbook.)
struct ByteBuffer {
    /// The bytes written.
    private var bytes: [UInt8] = []
    /// Zeros, at least as long as the longest run and a word more.
    private var scratch = [UInt8](repeating: 0, count: 256)

    init() {}

    /// Runs `body` to write at most `bound` bytes (a word stored whole past the last byte written is room
    /// this makes besides).
    mutating func write(atMost bound: Int, _ body: (inout ByteCursor) -> Void) {
        if bound + 8 > scratch.count { scratch = [UInt8](repeating: 0, count: max(bound + 8, scratch.count * 2)) }
        // Held apart while written, so that appending to `bytes` overlaps no access to `self`.
        var run: [UInt8] = []
        swap(&run, &scratch)
        defer { swap(&run, &scratch) }
        run.withUnsafeMutableBufferPointer { buffer in
            // Never empty: made at least 256 bytes long.
            guard let base = buffer.baseAddress else { return }
            var cursor = ByteCursor(base: base, offset: 0)
            body(&cursor)
            precondition(cursor.offset <= bound, "a write went past its bound")
            bytes.append(contentsOf: UnsafeBufferPointer(start: base, count: cursor.offset))
        }
    }

    /// Appends `bytes`.
    mutating func append(_ more: [UInt8]) {
        bytes += more
    }

    /// The bytes written, the buffer left empty.
    mutating func take() -> [UInt8] {
        defer { bytes = [] }
        return bytes
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
