/// A DEFLATE stream that cannot be inflated: where (the byte of the stream being read) and why.
package struct InflateError: Error, Equatable, CustomStringConvertible {
    /// The offset, in the compressed data, of the byte that holds the bit where the problem showed.
    package var offset: Int
    package var reason: String

    package var description: String { "byte \(offset) of the compressed data: \(reason)" }
}

/// The DEFLATE decompressor (RFC 1951: stored, fixed and dynamic Huffman blocks), strict: a malformed
/// stream is an `InflateError`, never a crash or a read past the data, and the output never grows past the
/// caller's limit (a zip bomb stops there). Time is linear in the output plus the input.
package enum Inflate {
    /// Inflates raw DEFLATE data (as zip entries hold it) into at most `limit` bytes. Bytes after the final
    /// block are left unread; `consumed` tells how many bytes the stream took.
    package static func inflate(_ data: ArraySlice<UInt8>, limit: Int) throws(InflateError) -> [UInt8] {
        try inflateCounting(data, limit: limit).output
    }

    /// Inflates a zlib stream (RFC 1950: header, DEFLATE data, Adler-32) into at most `limit` bytes.
    package static func zlibDecompress(_ data: [UInt8], limit: Int) throws(InflateError) -> [UInt8] {
        guard data.count >= 6 else { throw InflateError(offset: 0, reason: "a zlib stream is at least 6 bytes") }
        guard data[0] & 0x0F == 8, data[0] >> 4 <= 7, (Int(data[0]) << 8 | Int(data[1])) % 31 == 0 else {
            throw InflateError(offset: 0, reason: "not a zlib header (method 8, check bits)")
        }
        guard data[1] & 0x20 == 0 else { throw InflateError(offset: 1, reason: "a preset dictionary is not supported") }
        let (output, consumed) = try inflateCounting(data[2...], limit: limit)
        let end = 2 + consumed
        guard end + 4 <= data.count else { throw InflateError(offset: end, reason: "the Adler-32 checksum is missing") }
        let stored = data[end..<end + 4].reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
        guard stored == Deflate.adler32(output) else {
            throw InflateError(offset: end, reason: "the Adler-32 checksum does not match the data")
        }
        return output
    }

    /// The output and how many bytes of `data` the stream took.
    private static func inflateCounting(_ data: ArraySlice<UInt8>, limit: Int)
        throws(InflateError) -> (output: [UInt8], consumed: Int)
    {
        var reader = BitReader(data)
        let output = InflateOutput(limit: limit, expected: data.count * 4)
        var isFinal = false
        repeat {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try copyStored(&reader, into: output, limit: limit)
            case 1: try inflateBlock(&reader, FixedTables.shared.literals, FixedTables.shared.distances, output, limit)
            case 2:
                let (literals, distances) = try readDynamicTables(&reader)
                try inflateBlock(&reader, literals, distances, output, limit)
            default: throw reader.error("block type 3 is reserved")
            }
        } while !isFinal
        return (output.bytes(), reader.bytesConsumed)
    }

    private static func copyStored(_ reader: inout BitReader, into output: InflateOutput, limit: Int)
        throws(InflateError)
    {
        reader.alignToByte()
        let length = try reader.bits(16)
        guard try reader.bits(16) == ~length & 0xFFFF else {
            throw reader.error("a stored block's length and its complement disagree")
        }
        guard output.count + length <= limit else { throw tooLarge(limit, reader) }
        try reader.copyBytes(length, into: output)
    }

    private static func tooLarge(_ limit: Int, _ reader: BitReader) -> InflateError {
        reader.error("the data inflates to more than the limit of \(limit) bytes")
    }

    private static func inflateBlock(
        _ reader: inout BitReader, _ literals: Huffman, _ distances: Huffman, _ output: InflateOutput, _ limit: Int
    ) throws(InflateError) {
        while true {
            let symbol = try literals.decode(&reader)
            if symbol < 256 {
                guard output.count < limit else { throw tooLarge(limit, reader) }
                output.append(UInt8(truncatingIfNeeded: symbol))
                continue
            }
            if symbol == 256 { return }
            let lengthIndex = symbol - 257
            guard lengthIndex < 29 else { throw reader.error("length symbol \(symbol) is not used") }
            let length = FixedHuffman.lengthBase[lengthIndex] + (try reader.bits(FixedHuffman.lengthExtra[lengthIndex]))
            let distanceSymbol = try distances.decode(&reader)
            guard distanceSymbol < 30 else { throw reader.error("distance symbol \(distanceSymbol) is not used") }
            let distance =
                FixedHuffman.distanceBase[distanceSymbol]
                + (try reader.bits(FixedHuffman.distanceExtra[distanceSymbol]))
            guard distance <= output.count else {
                throw reader.error("a distance of \(distance) reaches before the start of the data")
            }
            guard output.count + length <= limit else { throw tooLarge(limit, reader) }
            output.copyMatch(distance: distance, length: length)
        }
    }

    /// The order in which a dynamic block lists its code-length code lengths (RFC 1951 §3.2.7).
    private static let codeLengthOrder = [16, 17, 18, 0, 8, 7, 9, 6, 10, 5, 11, 4, 12, 3, 13, 2, 14, 1, 15]

    private static func readDynamicTables(_ reader: inout BitReader) throws(InflateError) -> (Huffman, Huffman) {
        let literalCount = try reader.bits(5) + 257
        let distanceCount = try reader.bits(5) + 1
        let codeLengthCount = try reader.bits(4) + 4
        guard literalCount <= 286, distanceCount <= 30 else {
            throw reader.error("a dynamic block declares \(literalCount) literal or \(distanceCount) distance codes")
        }
        var codeLengthLengths = [UInt8](repeating: 0, count: 19)
        for index in 0..<codeLengthCount {
            codeLengthLengths[codeLengthOrder[index]] = UInt8(try reader.bits(3))
        }
        let codeLengths = try Huffman(lengths: codeLengthLengths[...], allowsIncomplete: false, reader)
        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            let symbol = try codeLengths.decode(&reader)
            var repeated: UInt8 = 0
            var count = 1
            switch symbol {
            case 0...15: repeated = UInt8(symbol)
            case 16:
                guard index > 0 else { throw reader.error("a repeat of the previous length with none before it") }
                repeated = lengths[index - 1]
                count = 3 + (try reader.bits(2))
            case 17: count = 3 + (try reader.bits(3))
            default: count = 11 + (try reader.bits(7))
            }
            guard index + count <= lengths.count else { throw reader.error("code lengths run past their count") }
            for position in index..<index + count {
                lengths[position] = repeated
            }
            index += count
        }
        guard lengths[256] != 0 else { throw reader.error("the end-of-block symbol has no code") }
        let literals = try Huffman(lengths: lengths[0..<literalCount], allowsIncomplete: false, reader)
        let distances = try Huffman(lengths: lengths[literalCount...], allowsIncomplete: true, reader)
        return (literals, distances)
    }
}

/// The codes of RFC 1951 §3.2.6, built once.
private final class FixedTables: Sendable {
    static let shared = FixedTables()
    let literals: Huffman
    let distances: Huffman

    private init() {
        let literalLengths = (0..<288).map { symbol -> UInt8 in
            switch symbol {
            case 0...143: 8
            case 144...255: 9
            case 256...279: 7
            default: 8
            }
        }
        let reader = BitReader([])
        // Both fixed codes are complete (the distance code has 32 codes, of which 30 and 31 are not used), so
        // building them cannot fail.
        literals = (try? Huffman(lengths: literalLengths[...], allowsIncomplete: false, reader)) ?? Huffman()
        distances =
            (try? Huffman(lengths: [UInt8](repeating: 5, count: 32)[...], allowsIncomplete: false, reader)) ?? Huffman()
    }
}

/// A canonical Huffman code (RFC 1951 §3.2.2): codes of up to `fastBits` bits are found with one table
/// look-up; longer ones code by code, counting per length (as zlib's puff does).
private struct Huffman: Sendable {
    static let fastBits = 9
    /// By the next `fastBits` bits (least significant first): symbol << 4 | length, or 0 for a longer code.
    private var fast = [UInt16](repeating: 0, count: 1 << fastBits)
    /// How many codes have each length 0…15, and the symbols ordered by code.
    private var counts = [Int](repeating: 0, count: 16)
    private var symbols: [UInt16] = []

    init() {}

    init(lengths: ArraySlice<UInt8>, allowsIncomplete: Bool, _ reader: BitReader) throws(InflateError) {
        for length in lengths {
            counts[Int(length)] += 1
        }
        let used = lengths.count - counts[0]
        // Codes left at each length; negative when the lengths ask for more codes than there are.
        var left = 1
        for length in 1...15 {
            left = left * 2 - counts[length]
            guard left >= 0 else { throw reader.error("the Huffman code lengths are over-subscribed") }
        }
        // An incomplete code is allowed only where RFC 1951 allows it: one distance code of one bit, or none.
        if left > 0 && !(allowsIncomplete && used <= 1 && (used == 0 || counts[1] == 1)) {
            throw reader.error("the Huffman code lengths are incomplete")
        }
        var offsets = [Int](repeating: 0, count: 16)
        for length in 1..<15 {
            offsets[length + 1] = offsets[length] + counts[length]
        }
        symbols = [UInt16](repeating: 0, count: used)
        for (symbol, length) in zip(0..., lengths) where length != 0 {
            symbols[offsets[Int(length)]] = UInt16(symbol)
            offsets[Int(length)] += 1
        }
        // The fast table: each code of at most fastBits bits fills every slot whose low bits are its reversed code.
        var code = 0
        var index = 0
        for length in 1...Self.fastBits {
            for _ in 0..<counts[length] {
                var reversed = 0
                for bit in 0..<length where code & (1 << bit) != 0 {
                    reversed |= 1 << (length - 1 - bit)
                }
                let entry = UInt16(symbols[index]) << 4 | UInt16(length)
                var slot = reversed
                while slot < 1 << Self.fastBits {
                    fast[slot] = entry
                    slot += 1 << length
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
    }

    @inline(__always)
    func decode(_ reader: inout BitReader) throws(InflateError) -> Int {
        let entry = fast[Int(reader.peek(Self.fastBits))]
        if entry != 0 {
            try reader.skip(Int(entry & 0xF))
            return Int(entry >> 4)
        }
        // Longer than fastBits (or no code at all): bit by bit, as codes are sent most significant bit first.
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= try reader.bits(1)
            let count = counts[length]
            if code - first < count { return Int(symbols[index + code - first]) }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        throw reader.error("no Huffman code matches the bits")
    }
}

/// Reads DEFLATE's bits, least significant first, from a 64-bit buffer; past the end it reads zero bits
/// (so that a look-ahead never fails) but taking one of those is an error.
private struct BitReader {
    private let data: ArraySlice<UInt8>
    private var next: Int
    private var buffer: UInt64 = 0
    private var count = 0
    /// How many of the buffer's bits are the zeros past the end.
    private var padding = 0

    init(_ data: ArraySlice<UInt8>) {
        self.data = data
        next = data.startIndex
    }

    /// Whole bytes taken from the data, counting a partly read byte.
    var bytesConsumed: Int { (next - data.startIndex) - (count - padding) / 8 }

    func error(_ reason: String) -> InflateError {
        let bitsTaken = (next - data.startIndex) * 8 - (count - padding)
        return InflateError(offset: max(0, bitsTaken) / 8, reason: reason)
    }

    private mutating func refill() {
        while count <= 56 {
            if next < data.endIndex {
                buffer |= UInt64(data[next]) << UInt64(count)
                next += 1
            } else {
                padding += 8
            }
            count += 8
        }
    }

    @inline(__always)
    mutating func peek(_ bits: Int) -> UInt64 {
        if count < bits { refill() }
        return buffer & ((1 << UInt64(bits)) - 1)
    }

    @inline(__always)
    mutating func skip(_ bits: Int) throws(InflateError) {
        if count < bits { refill() }
        guard count - bits >= padding else { throw error("the data ends in the middle of a block") }
        buffer >>= UInt64(bits)
        count -= bits
    }

    @inline(__always)
    mutating func bits(_ bits: Int) throws(InflateError) -> Int {
        let value = peek(bits)
        try skip(bits)
        return Int(value)
    }

    mutating func alignToByte() {
        let drop = count % 8
        buffer >>= UInt64(drop)
        count -= drop
    }

    /// Copies `length` whole bytes (after `alignToByte`): first those in the buffer, then from the data.
    mutating func copyBytes(_ length: Int, into output: InflateOutput) throws(InflateError) {
        guard (count - padding) / 8 + (data.endIndex - next) >= length else {
            throw error("a stored block of \(length) bytes runs past the end of the data")
        }
        var remaining = length
        while remaining > 0 && count - padding >= 8 {
            output.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
            remaining -= 1
        }
        data[next..<next + remaining].withUnsafeBufferPointer { output.append(contentsOf: $0) }
        next += remaining
    }
}

/// The inflater's output: bytes in memory it grows itself (doubling, never past the limit), so that a match,
/// which copies from the output onto its own end, is a plain loop over memory known to be there.
private final class InflateOutput {
    private var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private let limit: Int
    private(set) var count = 0

    init(limit: Int, expected: Int) {
        self.limit = limit
        capacity = max(64, min(limit, expected))
        base = .allocate(capacity: capacity)
    }

    deinit { base.deallocate() }

    /// Room for `extra` more bytes; the callers have checked that the total stays within the limit.
    @inline(__always)
    private func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        let grown = max(count + extra, min(limit, capacity * 2))
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
    }

    @inline(__always)
    func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// Copies `length` bytes from `distance` back (1 ≤ distance ≤ count, checked by the caller): at once when the
    /// match lies wholly before its end, else byte by byte, since a match that overlaps the bytes it writes (a
    /// run) repeats them.
    @inline(__always)
    func copyMatch(distance: Int, length: Int) {
        reserve(length)
        var from = base + count - distance
        var to = base + count
        if distance >= length {
            to.update(from: from, count: length)
            count += length
            return
        }
        for _ in 0..<length {
            to.pointee = from.pointee
            to += 1
            from += 1
        }
        count += length
    }

    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
