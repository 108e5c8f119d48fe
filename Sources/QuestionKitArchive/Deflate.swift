/// A small DEFLATE compressor (RFC 1951): raw, as zip entries hold it, and with the zlib wrapper (RFC 1950)
/// that PDF's `/FlateDecode` filter expects. Foundation on Linux offers no zlib API, and the product takes
/// no dependencies.
///
/// LZ77 over a 32 KB window with hash chains, coded with the fixed Huffman codes of RFC 1951 §3.2.6.
/// Data that does not shrink (already compressed, random) goes into stored blocks instead.
package enum Deflate {
    /// Compresses `data` into a zlib stream: header, DEFLATE data, Adler-32 checksum.
    package static func zlibCompress(_ data: [UInt8]) -> [UInt8] {
        var heads = LZ77Heads()
        return zlibCompress(data, heads: &heads)
    }

    /// `zlibCompress(_:)` with the hash table of the streams compressed before (see ``LZ77Heads``).
    package static func zlibCompress(_ data: [UInt8], heads: inout LZ77Heads) -> [UInt8] {
        // CMF 0x78: method 8 (deflate), 32 KB window; FLG 0x9C: default level, header divisible by 31.
        var output: [UInt8] = [0x78, 0x9C]
        output.append(contentsOf: compress(data, heads: &heads))
        let checksum = adler32(data)
        output.append(contentsOf: [24, 16, 8, 0].map { UInt8(truncatingIfNeeded: checksum >> $0) })
        return output
    }

    /// Raw DEFLATE data: one fixed-Huffman block, or stored blocks when those are smaller.
    package static func compress(_ data: [UInt8]) -> [UInt8] {
        var heads = LZ77Heads()
        return compress(data, heads: &heads)
    }

    /// `compress(_:)` with the hash table of the streams compressed before (see ``LZ77Heads``), matching
    /// as hard as `effort` says.
    package static func compress(_ data: [UInt8], heads: inout LZ77Heads, effort: DeflateEffort = .thorough)
        -> [UInt8]
    {
        // A literal is at most 9 bits and a match at most 31 bits for 3 or more bytes: 9 bits a byte at most,
        // with the block's header and end and a last word written whole.
        let capacity = data.count + data.count / 8 + 16
        let fixed = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, count in
            var writer = DeflateBitWriter(buffer)
            writer.write(bits: 1, count: 1)  // BFINAL: this is the last block
            writer.write(bits: 1, count: 2)  // BTYPE 01: fixed Huffman codes
            LZ77Matcher.encode(data, heads: &heads, effort: effort, into: &writer)
            writer.writeFixedSymbol(256)  // end of block
            count = writer.finish()
        }
        let storedSize = data.count + 5 * max(1, (data.count + 65_534) / 65_535)
        return fixed.count <= storedSize ? fixed : stored(data)
    }

    /// Stored (uncompressed) blocks of at most 65,535 bytes each.
    package static func stored(_ data: [UInt8]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(data.count + 5 * (data.count / 65_535 + 1))
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            output.append(end == data.count ? 1 : 0)  // BFINAL, BTYPE 00, then padding to the byte
            output.append(contentsOf: [UInt8(length & 0xFF), UInt8(length >> 8)])
            output.append(contentsOf: [UInt8(~length & 0xFF), UInt8(~length >> 8)])
            output.append(contentsOf: data[start..<end])
            start = end
        } while start < data.count
        return output
    }

    /// The Adler-32 checksum of RFC 1950 §8.2.
    package static func adler32(_ data: [UInt8]) -> UInt32 {
        var low: UInt32 = 1
        var high: UInt32 = 0
        var index = 0
        // 5552 is the largest run of bytes for which the sums cannot overflow 32 bits (as in zlib).
        while index < data.count {
            let end = min(index + 5552, data.count)
            for position in index..<end {
                low &+= UInt32(data[position])
                high &+= low
            }
            low %= 65_521
            high %= 65_521
            index = end
        }
        return high << 16 | low
    }
}

/// Writes bits least significant first, as DEFLATE packs them (RFC 1951 §3.1.1), into a buffer its caller
/// sized for the block, four bytes at a time.
struct DeflateBitWriter {
    private let output: UnsafeMutableRawBufferPointer
    private var count = 0
    private var bitBuffer: UInt64 = 0
    private var bitCount = 0
    // Held here so that each symbol does not go through the tables' lazy initialisation check.
    private let literalCodes = FixedHuffman.literalCodes
    private let matchLengthCodes = FixedHuffman.matchLengthCodes
    private let distanceRuns = FixedHuffman.distanceRuns

    init(_ output: UnsafeMutableBufferPointer<UInt8>) {
        self.output = UnsafeMutableRawBufferPointer(output)
    }

    /// Appends the low `count` bits of `bits` (at most 32). Inlined: a call for each of a workbook's
    /// millions of symbols cost more than the write.
    @inline(__always)
    mutating func write(bits: UInt32, count: Int) {
        bitBuffer |= UInt64(bits) << UInt64(bitCount)
        bitCount += count
        if bitCount >= 32 {
            precondition(self.count + 4 <= output.count, "the DEFLATE block outgrew its buffer")
            output.storeBytes(
                of: UInt32(truncatingIfNeeded: bitBuffer).littleEndian, toByteOffset: self.count, as: UInt32.self)
            self.count += 4
            bitBuffer >>= 32
            bitCount -= 32
        }
    }

    /// A literal byte, a length symbol (257…285) or the end of block (256), in the fixed code.
    @inline(__always)
    mutating func writeFixedSymbol(_ symbol: Int) {
        let code = literalCodes[symbol]
        write(bits: UInt32(code.bits), count: Int(code.length))
    }

    /// A match of `length` (3…258) bytes at `distance` (1…32,768) bytes back: the length's code and extra
    /// bits (at most 13), then the distance's (at most 18), in one write.
    @inline(__always)
    mutating func writeMatch(length: Int, distance: Int) {
        let lengthCode = matchLengthCodes[length]
        let distanceRun = distanceRuns[distance - 1]
        write(
            bits: UInt32(lengthCode.bits) | (distanceRun & 0xFF_FFFF) << UInt32(lengthCode.length),
            count: Int(lengthCode.length) + Int(distanceRun >> 24))
    }

    /// Pads the last byte with zero bits; the number of bytes written.
    mutating func finish() -> Int {
        while bitCount > 0 {
            precondition(count < output.count, "the DEFLATE block outgrew its buffer")
            output[count] = UInt8(truncatingIfNeeded: bitBuffer)
            count += 1
            bitBuffer >>= 8
            bitCount = max(0, bitCount - 8)
        }
        return count
    }
}
