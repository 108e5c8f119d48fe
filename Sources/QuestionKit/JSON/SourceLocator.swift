/// Turns byte offsets in a source text into 1-based lines and columns.
///
/// Lines break at `\n`, `\r\n` or a lone `\r`. Columns count Unicode scalar values, so `"温度"`
/// is four columns wide (two quotes, two characters), not eight. A UTF-8 byte-order mark at the
/// start of the text takes no column: the first character after it is at line 1, column 1.
///
/// Building a locator reads the text once; each conversion afterwards is a binary search plus a
/// scan of at most one small block of bytes, so locating many diagnostics stays cheap even in a
/// minified file that is one long line. Many offsets known together are located faster still by
/// `positions(ofSortedByteOffsets:in:)`, in one scan and without a locator.
package struct SourceLocator: Sendable {
    let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]
    /// `scalarsBeforeBlock[k]` is the number of scalars in `bytes[0 ..< k * blockSize]`.
    let scalarsBeforeBlock: [UInt32]
    /// Bytes of a leading byte-order mark (0 or 3).
    private let bomLength: Int

    // Small blocks bound the scan per conversion (a million duplicate keys are a million
    // conversions); 32-bit counts keep the table at 1/16 of the text.
    static let blockSize = 64

    /// Reads `bytes` once to find where lines start, eight bytes at a time: a report builds one for
    /// its excerpts, and a byte-by-byte loop cost 17 instructions a byte of the file.
    package init(bytes: [UInt8]) {
        self.bytes = bytes
        var lineStarts = [0]
        var blocks = [UInt32]()
        blocks.reserveCapacity(bytes.count / Self.blockSize + 1)
        var scalars: UInt32 = 0
        bytes.withUnsafeBufferPointer { buffer in
            var offset = 0
            while offset < buffer.count {
                if offset % Self.blockSize == 0 { blocks.append(scalars) }
                guard offset + 8 <= buffer.count else {
                    if buffer[offset] & 0xC0 != 0x80 { scalars &+= 1 }
                    if Self.endsLine(at: offset, in: buffer) { lineStarts.append(offset + 1) }
                    offset += 1
                    continue
                }
                var word = Self.word(at: offset, in: buffer)
                scalars &+= UInt32(8 - word.continuations.nonzeroBitCount)
                while word.lineEnds != 0 {
                    lineStarts.append(offset + word.lineEnds.trailingZeroBitCount >> 3 + 1)
                    word.lineEnds &= word.lineEnds - 1
                }
                offset += 8
            }
        }
        blocks.append(scalars)
        self.lineStarts = lineStarts
        self.scalarsBeforeBlock = blocks
        self.bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The line and column of the byte at `offset`. Offsets past the end give the position just
    /// after the last character; negative offsets give line 1, column 1.
    package func position(ofByteOffset offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        let lineIndex = lineContaining(offset)
        var lineStart = lineStarts[lineIndex]
        if lineIndex == 0 {
            lineStart = min(bomLength, offset)
        }
        let column = 1 + scalars(before: offset) - scalars(before: lineStart)
        return SourcePosition(line: lineIndex + 1, column: column)
    }

    /// The 1-based line of the byte at `offset` (a binary search, no scan).
    package func line(ofByteOffset offset: Int) -> Int {
        lineContaining(min(max(offset, 0), bytes.count)) + 1
    }

    /// The line and column where `node` starts (for a string: its opening quote).
    package func position(of node: JSONNode) -> SourcePosition {
        position(ofByteOffset: node.byteOffset)
    }

    /// Where 1-based line `line` starts and ends in the bytes, without its line break (and without
    /// the byte-order mark on line 1); nil when there is no such line.
    func byteRange(ofLine line: Int) -> (start: Int, end: Int)? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        var start = lineStarts[line - 1]
        if line == 1 { start = min(bomLength, bytes.count) }
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return (start, end)
    }

    /// Index of the last line that starts at or before `offset`.
    private func lineContaining(_ offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset {
                low = middle
            } else {
                high = middle - 1
            }
        }
        return low
    }

    /// Number of scalar values (bytes that are not UTF-8 continuation bytes) in `bytes[0 ..< offset]`.
    func scalars(before offset: Int) -> Int {
        let block = offset / Self.blockSize
        var count = Int(scalarsBeforeBlock[min(block, scalarsBeforeBlock.count - 1)])
        var index = block * Self.blockSize
        bytes.withUnsafeBufferPointer { buffer in
            while index < offset {
                if buffer[index] & 0xC0 != 0x80 { count += 1 }
                index += 1
            }
        }
        return count
    }
}

extension SourceLocator {
    /// The line and column of each of `offsets` (ascending), found in one scan of `bytes` up to
    /// the last of them: what locating all the problems of a document costs, whatever their
    /// number. Positions are those `position(ofByteOffset:)` gives.
    package static func positions(ofSortedByteOffsets offsets: [Int], in bytes: [UInt8]) -> [SourcePosition] {
        var scanner = Scanner(bytes: bytes)
        return offsets.map { scanner.position(ofByteOffset: $0) }
    }

    /// Whether the byte at `offset` ends a line: `\n`, or a `\r` that no `\n` follows.
    @inline(__always)
    static func endsLine(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        let byte = buffer[offset]
        return byte == 0x0A || (byte == 0x0D && (offset + 1 >= buffer.count || buffer[offset + 1] != 0x0A))
    }

    /// The eight bytes at `offset` (all inside `buffer`), read as one word: the high bit of each
    /// continuation byte (10xxxxxx), and of each byte that ends a line.
    @inline(__always)
    static func word(
        at offset: Int, in buffer: UnsafeBufferPointer<UInt8>
    ) -> (continuations: UInt64, lineEnds: UInt64) {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let raw = UnsafeRawBufferPointer(buffer)
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        // A zero byte of `word ^ ones * 0x0A` or `word ^ ones * 0x0D` may be a line break; the flags
        // may include false ones above a true one, so each flagged byte is looked at.
        let newlines = word ^ (ones &* 0x0A)
        let returns = word ^ (ones &* 0x0D)
        var flagged = (((newlines &- ones) & ~newlines) | ((returns &- ones) & ~returns)) & highs
        var lineEnds: UInt64 = 0
        while flagged != 0 {
            let bit = flagged & (0 &- flagged)
            if endsLine(at: offset + bit.trailingZeroBitCount >> 3, in: buffer) { lineEnds |= bit }
            flagged &= flagged - 1
        }
        return (word & ~(word << 1) & highs, lineEnds)
    }

    /// Positions of ascending byte offsets, one at a time, in one scan of the bytes: what
    /// `positions(ofSortedByteOffsets:in:)` does without holding them all. Words without a line
    /// break are skipped eight bytes at a time, as `init` reads them.
    struct Scanner {
        private let bytes: [UInt8]
        private let bomLength: Int
        private var offset = 0
        private var line = 1
        /// Scalars before `offset`, and before the start of the current line.
        private var scalars = 0
        private var lineStartScalars = 0
        /// Bytes stepped over so far: one scan of the source at most, for the tests that hold
        /// locating linear (a scan restarted per position would count the source again each time).
        private(set) var bytesScanned = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            self.bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        }

        /// The position of `wanted`, an offset not smaller than the one asked before.
        mutating func position(ofByteOffset wanted: Int) -> SourcePosition {
            let target = min(max(wanted, offset), bytes.count)
            bytesScanned += target - offset
            bytes.withUnsafeBufferPointer { buffer in
                while offset < target {
                    // Eight bytes at a time, as `init` reads them (the 25,000 notes of a large
                    // template are located by one pass over it: byte by byte, 14 instructions a byte).
                    guard offset + 8 > target else {
                        var word = SourceLocator.word(at: offset, in: buffer)
                        while word.lineEnds != 0 {
                            // The line starts after this byte: the scalars up to and including it.
                            let index = word.lineEnds.trailingZeroBitCount >> 3
                            let upTo = index == 7 ? UInt64.max : (UInt64(1) << ((index + 1) * 8)) - 1
                            line += 1
                            lineStartScalars = scalars + index + 1 - (word.continuations & upTo).nonzeroBitCount
                            word.lineEnds &= word.lineEnds - 1
                        }
                        scalars += 8 - word.continuations.nonzeroBitCount
                        offset += 8
                        continue
                    }
                    if buffer[offset] & 0xC0 != 0x80 { scalars += 1 }
                    offset += 1
                    if SourceLocator.endsLine(at: offset - 1, in: buffer) {
                        line += 1
                        lineStartScalars = scalars
                    }
                }
            }
            // A byte-order mark takes no column: line 1 starts after it.
            let start = line == 1 && bomLength > 0 && target > 0 ? 1 : lineStartScalars
            return SourcePosition(line: line, column: 1 + scalars - start)
        }
    }
}
