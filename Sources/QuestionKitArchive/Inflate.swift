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
    /// `expected`, when given, is the size the caller expects (a zip entry's declared size): room for it is made
    /// at once, not grown to.
    package static func inflate(_ data: ArraySlice<UInt8>, limit: Int, expected: Int? = nil) throws(InflateError)
        -> [UInt8]
    {
        try inflateCounting(data, limit: limit, expected: expected).output
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
    private static func inflateCounting(_ data: ArraySlice<UInt8>, limit: Int, expected: Int? = nil)
        throws(InflateError) -> (output: [UInt8], consumed: Int)
    {
        let result = data.withUnsafeBufferPointer { bytes in
            Result { () throws(InflateError) in try inflateCounting(bytes, limit: limit, expected: expected) }
        }
        return try result.get()
    }

    private static func inflateCounting(_ data: UnsafeBufferPointer<UInt8>, limit: Int, expected: Int?)
        throws(InflateError) -> (output: [UInt8], consumed: Int)
    {
        var reader = BitReader(data)
        guard let expected, expected >= limit else {
            var output = InflateOutput(limit: limit, expected: expected ?? data.count * 4)
            defer { output.deallocate() }
            try inflateBlocks(&reader, into: &output, limit: limit)
            return (output.bytes(), reader.bytesConsumed)
        }
        // Room for all the limit allows, made at once in the array returned: the output is not copied (a zip
        // entry's declared size is both).
        var failure: InflateError?
        let output = [UInt8](unsafeUninitializedCapacity: InflateOutput.capacity(forLimit: limit)) {
            buffer, initialized in
            var output = InflateOutput(limit: limit, memory: buffer)
            do throws(InflateError) {
                try inflateBlocks(&reader, into: &output, limit: limit)
                initialized = output.count
            } catch {
                failure = error
                initialized = 0
            }
        }
        if let failure { throw failure }
        return (output, reader.bytesConsumed)
    }

    /// Inflates the blocks at `reader`, up to and with the final one, into `output`.
    private static func inflateBlocks(_ reader: inout BitReader, into output: inout InflateOutput, limit: Int)
        throws(InflateError)
    {
        var isFinal = false
        repeat {
            isFinal = try reader.bits(1) == 1
            switch try reader.bits(2) {
            case 0: try copyStored(&reader, into: &output, limit: limit)
            case 1:
                try inflateBlock(&reader, FixedTables.shared.literals, FixedTables.shared.distances, &output, limit)
            case 2:
                let (literals, distances) = try readDynamicTables(&reader)
                try inflateBlock(&reader, literals, distances, &output, limit)
            default: throw reader.error("block type 3 is reserved")
            }
        } while !isFinal
    }

    private static func copyStored(_ reader: inout BitReader, into output: inout InflateOutput, limit: Int)
        throws(InflateError)
    {
        reader.alignToByte()
        let length = try reader.bits(16)
        guard try reader.bits(16) == ~length & 0xFFFF else {
            throw reader.error("a stored block's length and its complement disagree")
        }
        guard output.count + length <= limit else { throw tooLarge(limit, reader) }
        try reader.copyBytes(length, into: &output)
    }

    private static func tooLarge(_ limit: Int, _ reader: BitReader) -> InflateError {
        reader.error("the data inflates to more than the limit of \(limit) bytes")
    }

    /// A block's symbols, each literal/length code, its extra bits, and a match's distance code and its extra
    /// bits read from the bits buffered at once (48 bits hold the longest of them).
    private static func inflateBlock(
        _ reader: inout BitReader, _ literals: Huffman, _ distances: Huffman, _ output: inout InflateOutput,
        _ limit: Int
    ) throws(InflateError) {
        while true {
            // The common symbols without a check per symbol; the loop below reads any other, and those near the
            // end of the data or of the output's room.
            literals.withTable { literalTable in
                distances.withTable { distanceTable in
                    reader.inflateCommonSymbols(literalTable, distanceTable, into: &output)
                }
            }
            reader.fill(48)
            let entry = try literals.decode(&reader)
            switch entry.kind {
            case .plain:
                guard output.count < limit else { throw tooLarge(limit, reader) }
                output.append(UInt8(truncatingIfNeeded: entry.value))
                continue
            case .end: return
            case .unused: throw reader.error("length symbol \(entry.value) is not used")
            case .base: break
            }
            guard let lengthExtra = reader.take(entry.extraBits) else { throw reader.endsInBlock() }
            let length = entry.value + lengthExtra
            let distanceEntry = try distances.decode(&reader)
            guard distanceEntry.kind == .base else {
                throw reader.error("distance symbol \(distanceEntry.value) is not used")
            }
            guard let distanceExtra = reader.take(distanceEntry.extraBits) else { throw reader.endsInBlock() }
            let distance = distanceEntry.value + distanceExtra
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
        let codeLengths = try Huffman(
            lengths: codeLengthLengths[...], meanings: .symbols, tableBits: 7, allowsIncomplete: false, reader)
        var lengths = [UInt8](repeating: 0, count: literalCount + distanceCount)
        var index = 0
        while index < lengths.count {
            let symbol = try codeLengths.decode(&reader).value
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
        let literals = try Huffman(
            lengths: lengths[0..<literalCount], meanings: .literalsAndLengths, tableBits: Huffman.literalTableBits,
            allowsIncomplete: false, reader)
        let distances = try Huffman(
            lengths: lengths[literalCount...], meanings: .distances, tableBits: Huffman.distanceTableBits,
            allowsIncomplete: true, reader)
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
        let reader = BitReader(UnsafeBufferPointer(start: nil, count: 0))
        // Both fixed codes are complete (the distance code has 32 codes, of which 30 and 31 are not used), so
        // building them cannot fail.
        literals =
            (try? Huffman(
                lengths: literalLengths[...], meanings: .literalsAndLengths, tableBits: Huffman.literalTableBits,
                allowsIncomplete: false, reader)) ?? Huffman()
        distances =
            (try? Huffman(
                lengths: [UInt8](repeating: 5, count: 32)[...], meanings: .distances,
                tableBits: Huffman.distanceTableBits, allowsIncomplete: false, reader)) ?? Huffman()
    }
}

/// What a Huffman code's symbol stands for, with the code's length, packed in 32 bits so that a table
/// look-up gives all a block needs: the code's length (bits 0-3), the extra bits after it (4-7), the kind (8-9)
/// and the value (16-31): a literal byte or a code length (``Kind/plain``), a length's or a distance's base
/// (``Kind/base``), or the symbol itself when it is the end of a block or not used.
private struct HuffmanEntry: Equatable {
    enum Kind: UInt32 {
        case plain
        case base
        case end
        case unused
    }

    var bits: UInt32

    init(bits: UInt32) {
        self.bits = bits
    }

    init(_ kind: Kind, value: Int, extraBits: Int = 0) {
        bits = UInt32(value) << 16 | kind.rawValue << 8 | UInt32(extraBits) << 4
    }

    var codeLength: Int { Int(bits & 0xF) }
    var extraBits: Int { Int(bits >> 4 & 0xF) }
    var kind: Kind { Kind(rawValue: bits >> 8 & 3).unsafelyUnwrapped }
    var value: Int { Int(bits >> 16) }

    /// This entry for a code of `length` bits.
    func coded(_ length: Int) -> HuffmanEntry {
        HuffmanEntry(bits: bits | UInt32(length))
    }
}

/// A Huffman code's table of entries (``HuffmanEntry``) by the next `bits` bits, read in place.
private struct HuffmanTable {
    let entries: UnsafeBufferPointer<UInt32>
    let bits: Int
}

/// A canonical Huffman code (RFC 1951 §3.2.2): codes of up to `tableBits` bits are found with one table
/// look-up; longer ones by counting codes per length (as zlib's puff does), from the bits peeked at once.
private struct Huffman: Sendable {
    /// Bits looked up at once: most literal/length and distance codes are shorter than these.
    static let literalTableBits = 11
    static let distanceTableBits = 10

    /// The alphabets a code is of, by what their symbols stand for.
    enum Meanings {
        /// Symbols that stand for themselves (the code lengths of a dynamic block's tables).
        case symbols
        /// Literal bytes 0…255, the end of block 256, the match lengths 257…285 (286 and 287 unused).
        case literalsAndLengths
        /// The distances 0…29 (30 and 31 unused).
        case distances

        func entry(_ symbol: Int) -> HuffmanEntry {
            switch self {
            case .symbols: return HuffmanEntry(.plain, value: symbol)
            case .literalsAndLengths:
                if symbol < 256 { return HuffmanEntry(.plain, value: symbol) }
                if symbol == 256 { return HuffmanEntry(.end, value: symbol) }
                guard symbol - 257 < 29 else { return HuffmanEntry(.unused, value: symbol) }
                return HuffmanEntry(
                    .base, value: FixedHuffman.lengthBase[symbol - 257],
                    extraBits: FixedHuffman.lengthExtra[symbol - 257])
            case .distances:
                guard symbol < 30 else { return HuffmanEntry(.unused, value: symbol) }
                return HuffmanEntry(
                    .base, value: FixedHuffman.distanceBase[symbol], extraBits: FixedHuffman.distanceExtra[symbol])
            }
        }
    }

    private let tableBits: Int
    /// By the next `tableBits` bits (least significant first): the entry of the code they start with, or 0 for a
    /// longer code (or none).
    private var table: [UInt32]
    /// How many codes have each length 0…15, and the entries of the symbols ordered by code (no length set).
    private var counts = [Int](repeating: 0, count: 16)
    private var entries: [HuffmanEntry] = []

    init() {
        tableBits = 1
        table = [0, 0]
    }

    init(
        lengths: ArraySlice<UInt8>, meanings: Meanings, tableBits: Int, allowsIncomplete: Bool, _ reader: BitReader
    ) throws(InflateError) {
        self.tableBits = tableBits
        table = [UInt32](repeating: 0, count: 1 << tableBits)
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
        entries = [HuffmanEntry](repeating: HuffmanEntry(bits: 0), count: used)
        for (symbol, length) in zip(0..., lengths) where length != 0 {
            entries[offsets[Int(length)]] = meanings.entry(symbol)
            offsets[Int(length)] += 1
        }
        // The table: each code of at most tableBits bits fills every slot whose low bits are its reversed code.
        var code = 0
        var index = 0
        for length in 1...min(tableBits, 15) {
            for _ in 0..<counts[length] {
                var reversed = 0
                for bit in 0..<length where code & (1 << bit) != 0 {
                    reversed |= 1 << (length - 1 - bit)
                }
                let entry = entries[index].coded(length).bits
                var slot = reversed
                while slot < 1 << tableBits {
                    table[slot] = entry
                    slot += 1 << length
                }
                code += 1
                index += 1
            }
            code <<= 1
        }
    }

    /// Runs `body` with the table and the bits it looks up.
    @inline(__always)
    func withTable<Result>(_ body: (HuffmanTable) -> Result) -> Result {
        table.withUnsafeBufferPointer { body(HuffmanTable(entries: $0, bits: tableBits)) }
    }

    /// The entry of the code at the reader, past it.
    // The common case, a code in the table and its bits all there, throws nothing: a call that may throw was
    // not inlined, and was a third of the work.
    @inline(__always)
    func decode(_ reader: inout BitReader) throws(InflateError) -> HuffmanEntry {
        let entry = HuffmanEntry(bits: table[Int(reader.peek(tableBits))])
        if entry.bits != 0, reader.takeCode(entry.codeLength) { return entry }
        return try decodeSlowly(entry, &reader)
    }

    /// `entry` (looked up) when the data ends inside its code; else (no entry) a code longer than `tableBits`, or
    /// no code at all, read length by length, as codes are sent most significant bit first.
    private func decodeSlowly(_ entry: HuffmanEntry, _ reader: inout BitReader) throws(InflateError) -> HuffmanEntry {
        if entry.bits != 0 { throw reader.codeEnds(entry.codeLength) }
        let bits = Int(reader.peek(15))
        var code = 0
        var first = 0
        var index = 0
        for length in 1...15 {
            code |= bits >> (length - 1) & 1
            let count = counts[length]
            if code - first < count {
                try reader.skipCode(length)
                return entries[index + code - first].coded(length)
            }
            index += count
            first = (first + count) << 1
            code <<= 1
        }
        try reader.skipCode(15)
        throw reader.error("no Huffman code matches the bits")
    }
}

/// Reads DEFLATE's bits, least significant first, from a 64-bit buffer filled eight bytes at a time; past the
/// end it reads zero bits (so that a look-ahead never fails) but taking one of those is an error.
private struct BitReader {
    private let data: UnsafeBufferPointer<UInt8>
    private var next = 0
    /// The bits not taken yet, `count` of them (above them, bits of the bytes from `next` on may be set: the
    /// same bits a later refill puts there).
    private var buffer: UInt64 = 0
    private var count = 0
    /// How many of the buffer's bits are the zeros past the end.
    private var padding = 0

    init(_ data: UnsafeBufferPointer<UInt8>) {
        self.data = data
    }

    /// Whole bytes taken from the data, counting a partly read byte.
    var bytesConsumed: Int { next - (count - padding) / 8 }

    func error(_ reason: String) -> InflateError {
        let bitsTaken = next * 8 - (count - padding)
        return InflateError(offset: max(0, bitsTaken) / 8, reason: reason)
    }

    /// At least `bits` bits (at most 56) in the buffer.
    @inline(__always)
    mutating func fill(_ bits: Int) {
        if count < bits { refill() }
    }

    /// Fills the buffer to 56 bits or more: eight bytes at once while there are eight, then byte by byte, then
    /// zeros.
    @inline(__always)
    private mutating func refill() {
        guard next + 8 <= data.count, count < 56 else { return refillByBytes() }
        let word = UInt64(
            littleEndian: UnsafeRawPointer(data.baseAddress.unsafelyUnwrapped).loadUnaligned(
                fromByteOffset: next, as: UInt64.self))
        buffer |= word &<< UInt64(count)
        next += (63 - count) >> 3
        count |= 56
    }

    private mutating func refillByBytes() {
        while count <= 56 {
            if next < data.count {
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
        return buffer & ((1 &<< UInt64(bits)) &- 1)
    }

    @inline(__always)
    mutating func skip(_ bits: Int) throws(InflateError) {
        if count < bits { refill() }
        guard count - bits >= padding else { throw error("the data ends in the middle of a block") }
        buffer >>= UInt64(bits)
        count -= bits
    }

    /// Takes a Huffman code of `length` bits (peeked), or fails.
    mutating func skipCode(_ length: Int) throws(InflateError) {
        guard takeCode(length) else { throw codeEnds(length) }
    }

    /// Takes a Huffman code of `length` bits (peeked): false, taking none, where the data ends inside it.
    @inline(__always)
    mutating func takeCode(_ length: Int) -> Bool {
        guard count - length >= padding else { return false }
        buffer &>>= UInt64(length)
        count -= length
        return true
    }

    /// The next `bits` bits (at most 56) as a number, least significant first; nil, taking none, where the data
    /// ends inside them (``endsInBlock()`` says so).
    @inline(__always)
    mutating func take(_ bits: Int) -> Int? {
        if count < bits { refill() }
        guard count - bits >= padding else { return nil }
        let value = Int(truncatingIfNeeded: buffer & ((1 &<< UInt64(bits)) &- 1))
        buffer &>>= UInt64(bits)
        count -= bits
        return value
    }

    /// Reads a block's literals and matches into `output` while their codes are in the tables, their distances
    /// within the output, eight bytes or more of the data are left unread and the output has room for the longest
    /// match: no check of the data's end or the output's room per symbol, the buffer, the position and the
    /// output's count held in locals (through `self` and `output`, which are `inout`, each was a load and a store
    /// per use). Stops before the first symbol it does not read (the end of the block, a long code, an unused
    /// symbol, a distance too far), taking none of its bits: the checked loop reads it, and throws where it is
    /// wrong.
    // The bits of a symbol, its extra bits, its distance code and their extra bits are 48 at most: they are all
    // in the buffer after a refill, which leaves 56 or more.
    mutating func inflateCommonSymbols(
        _ literals: HuffmanTable, _ distances: HuffmanTable, into output: inout InflateOutput
    ) {
        guard padding == 0, let data = data.baseAddress else { return }
        let lastWord = self.data.count - 8
        let base = output.base
        let lastStart = output.room - 258
        var next = self.next
        var buffer = self.buffer
        var count = self.count
        var written = output.count
        let literalMask = (UInt64(1) << UInt64(literals.bits)) &- 1
        let distanceMask = (UInt64(1) << UInt64(distances.bits)) &- 1
        let literalEntries = literals.entries.baseAddress.unsafelyUnwrapped
        let distanceEntries = distances.entries.baseAddress.unsafelyUnwrapped
        while next <= lastWord, written <= lastStart {
            if count < 48 {
                let word = UInt64(
                    littleEndian: UnsafeRawPointer(data).loadUnaligned(fromByteOffset: next, as: UInt64.self))
                buffer |= word &<< UInt64(count)
                next &+= (63 &- count) >> 3
                count |= 56
            }
            let entry = literalEntries[Int(truncatingIfNeeded: buffer & literalMask)]
            let codeLength = UInt64(entry & 0xF)
            let kind = entry & 0x300
            if kind == 0 {
                guard entry != 0 else { break }
                buffer &>>= codeLength
                count &-= Int(codeLength)
                base[written] = UInt8(truncatingIfNeeded: entry >> 16)
                written &+= 1
                continue
            }
            guard kind == 0x100 else { break }
            let lengthExtra = UInt64(entry >> 4 & 0xF)
            let afterCode = buffer &>> codeLength
            let length = Int(entry >> 16) &+ Int(truncatingIfNeeded: afterCode & ((1 &<< lengthExtra) &- 1))
            let afterLength = afterCode &>> lengthExtra
            let distanceEntry = distanceEntries[Int(truncatingIfNeeded: afterLength & distanceMask)]
            guard distanceEntry & 0x300 == 0x100 else { break }
            let distanceLength = UInt64(distanceEntry & 0xF)
            let distanceExtra = UInt64(distanceEntry >> 4 & 0xF)
            let afterDistanceCode = afterLength &>> distanceLength
            let distance =
                Int(distanceEntry >> 16) &+ Int(truncatingIfNeeded: afterDistanceCode & ((1 &<< distanceExtra) &- 1))
            guard distance <= written else { break }
            buffer = afterDistanceCode &>> distanceExtra
            count &-= Int(codeLength &+ lengthExtra &+ distanceLength &+ distanceExtra)
            InflateOutput.copyMatch(in: base, at: written, distance: distance, length: length)
            written &+= length
        }
        self.next = next
        self.buffer = buffer
        self.count = count
        output.count = written
    }

    func endsInBlock() -> InflateError {
        error("the data ends in the middle of a block")
    }

    /// The error where the data ends inside a Huffman code of `length` bits: where it always was, before the code
    /// for a code of nine bits or fewer (looked up whole), else at the end of the data (read bit by bit).
    func codeEnds(_ length: Int) -> InflateError {
        length <= 9 ? endsInBlock() : InflateError(offset: next, reason: "the data ends in the middle of a block")
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
    mutating func copyBytes(_ length: Int, into output: inout InflateOutput) throws(InflateError) {
        guard (count - padding) / 8 + (data.count - next) >= length else {
            throw error("a stored block of \(length) bytes runs past the end of the data")
        }
        var remaining = length
        while remaining > 0 && count - padding >= 8 {
            output.append(UInt8(truncatingIfNeeded: buffer))
            buffer >>= 8
            count -= 8
            remaining -= 1
        }
        // The bytes past `next` a refill put above the bits held are skipped with them: clear them.
        buffer = count == 0 ? 0 : buffer & (UInt64.max >> UInt64(64 - count))
        output.append(contentsOf: UnsafeBufferPointer(rebasing: data[next..<next + remaining]))
        next += remaining
    }
}

/// The inflater's output: bytes in memory it grows itself (doubling, never past the limit), so that a match,
/// which copies from the output onto its own end, is a plain loop over memory known to be there. Eight bytes
/// past the capacity are there too, for a match copied eight bytes at a time. Deallocated by its owner.
private struct InflateOutput {
    private(set) var base: UnsafeMutablePointer<UInt8>
    private var capacity: Int
    private let limit: Int
    /// The smaller of the capacity and the limit: the output may grow to it without a check.
    private(set) var room: Int
    /// Bytes written; set past bytes written through ``base`` within ``room``.
    var count = 0
    private static let slack = 8
    /// Whether ``base`` is memory this output allocated (and grows and deallocates), not its caller's.
    private let owned: Bool

    init(limit: Int, expected: Int) {
        self.limit = limit
        capacity = max(64, min(limit, expected))
        room = min(capacity, limit)
        base = .allocate(capacity: capacity + Self.slack)
        owned = true
    }

    /// An output into `memory`, of at least ``capacity(forLimit:)`` bytes for `limit`: it never grows.
    init(limit: Int, memory: UnsafeMutableBufferPointer<UInt8>) {
        precondition(memory.count >= Self.capacity(forLimit: limit))
        self.limit = limit
        capacity = memory.count - Self.slack
        room = min(capacity, limit)
        base = memory.baseAddress.unsafelyUnwrapped
        owned = false
    }

    /// The memory an output of at most `limit` bytes needs so that it never grows: the limit and the slack.
    static func capacity(forLimit limit: Int) -> Int {
        max(64, limit) + slack
    }

    func deallocate() {
        if owned { base.deallocate() }
    }

    /// Room for `extra` more bytes; the callers have checked that the total stays within the limit.
    @inline(__always)
    private mutating func reserve(_ extra: Int) {
        guard count + extra > capacity else { return }
        grow(count + extra)
    }

    private mutating func grow(_ needed: Int) {
        // An output in its caller's memory has room for its limit, which the callers check first.
        precondition(owned, "an output in its caller's memory grew")
        let grown = max(needed, min(limit, capacity * 2))
        let larger = UnsafeMutablePointer<UInt8>.allocate(capacity: grown + Self.slack)
        larger.update(from: base, count: count)
        base.deallocate()
        base = larger
        capacity = grown
        room = min(capacity, limit)
    }

    @inline(__always)
    mutating func append(_ byte: UInt8) {
        reserve(1)
        base[count] = byte
        count += 1
    }

    mutating func append(contentsOf bytes: UnsafeBufferPointer<UInt8>) {
        reserve(bytes.count)
        if let source = bytes.baseAddress { (base + count).update(from: source, count: bytes.count) }
        count += bytes.count
    }

    /// Copies `length` bytes from `distance` back (1 ≤ distance ≤ count, checked by the caller): eight bytes at a
    /// time when the match starts eight or more bytes back (each word read is written before it is read: the
    /// bytes past its end are rewritten by the next word or left past the output), else byte by byte, since a
    /// match that overlaps the bytes it writes (a run) repeats them.
    @inline(__always)
    mutating func copyMatch(distance: Int, length: Int) {
        reserve(length)
        Self.copyMatch(in: base, at: count, distance: distance, length: length)
        count += length
    }

    /// ``copyMatch(distance:length:)`` into the memory at `base`, of which `count` bytes are written and `length`
    /// more (and the slack) are there.
    @inline(__always)
    static func copyMatch(in base: UnsafeMutablePointer<UInt8>, at count: Int, distance: Int, length: Int) {
        var from = UnsafeRawPointer(base + count - distance)
        var to = UnsafeMutableRawPointer(base + count)
        if distance >= 8 {
            let end = to + length
            repeat {
                to.storeBytes(of: from.loadUnaligned(as: UInt64.self), as: UInt64.self)
                to += 8
                from += 8
            } while to < end
            return
        }
        for _ in 0..<length {
            to.storeBytes(of: from.load(as: UInt8.self), as: UInt8.self)
            to += 1
            from += 1
        }
    }

    func bytes() -> [UInt8] {
        Array(UnsafeBufferPointer(start: base, count: count))
    }
}
