#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
    /// continuation byte (10xxxxxx), and of each byte that ends a line (`lineEnds`).
    @inline(__always)
    static func word(
        at offset: Int, in buffer: UnsafeBufferPointer<UInt8>
    ) -> (continuations: UInt64, lineEnds: UInt64) {
        let highs: UInt64 = 0x8080_8080_8080_8080
        let word = UInt64(
            littleEndian: UnsafeRawBufferPointer(buffer).loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        return (word & ~(word << 1) & highs, lineEnds(at: offset, in: buffer))
    }

    /// Bit 7 of each of the eight bytes at `offset` (all inside `buffer`) that ends a line, found
    /// exactly: a byte equal to `\n`, or `\r` that no `\n` follows.
    @inline(__always)
    static func lineEnds(at offset: Int, in buffer: UnsafeBufferPointer<UInt8>) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let lows: UInt64 = 0x7F7F_7F7F_7F7F_7F7F
        let raw = UnsafeRawBufferPointer(buffer)
        let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self))
        // Bit 7 of each zero byte, and of no other (no carry crosses a byte: the high bits are masked first).
        func zeroBytes(_ value: UInt64) -> UInt64 { ~(((value & lows) &+ lows) | value | lows) }
        var ends = zeroBytes(word ^ (ones &* 0x0A))
        var returns = zeroBytes(word ^ (ones &* 0x0D))
        while returns != 0 {
            let bit = returns & (0 &- returns)
            if endsLine(at: offset + bit.trailingZeroBitCount >> 3, in: buffer) { ends |= bit }
            returns &= returns - 1
        }
        return ends
    }

    /// Whether the text holds a `\r`: without one, a line ends at each `\n` and nowhere else.
    static func hasReturns(_ buffer: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = buffer.baseAddress else { return false }
        return memchr(base, 0x0D, buffer.count) != nil
    }

    /// The first byte at or after `offset` that ends a line, or nil: found by C's `memchr`, which looks
    /// at many bytes a step, when the text holds no `\r` (the usual file), else eight bytes at a time.
    static func nextLineEnd(from offset: Int, in buffer: UnsafeBufferPointer<UInt8>, hasReturns: Bool) -> Int? {
        guard offset < buffer.count, let base = buffer.baseAddress else { return nil }
        if !hasReturns {
            guard let found = memchr(base + offset, 0x0A, buffer.count - offset) else { return nil }
            return UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
        }
        var index = offset
        while index + 8 <= buffer.count {
            let ends = lineEnds(at: index, in: buffer)
            if ends != 0 { return index + ends.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < buffer.count {
            if endsLine(at: index, in: buffer) { return index }
            index += 1
        }
        return nil
    }

    /// A walk through a text from line break to line break (`nextLineEnd`), never back: the line it
    /// is at, where that line starts, and the byte that ends it, looked for once. `Scanner` walks it to
    /// byte offsets, `SourceExcerpts` to line numbers.
    struct LineCursor {
        private let hasReturns: Bool
        /// The line the walk is at (1-based) and the offset where it starts.
        private(set) var line = 1
        private(set) var start = 0
        /// The break of the current line once looked for (the text's length for none), else -1.
        private var foundEnd = -1

        init(bytes: [UInt8]) {
            hasReturns = bytes.withUnsafeBufferPointer(SourceLocator.hasReturns)
        }

        /// The offset of the byte that ends the current line, or `buffer.count` when no break ends it.
        mutating func end(in buffer: UnsafeBufferPointer<UInt8>) -> Int {
            if foundEnd < start {
                foundEnd = SourceLocator.nextLineEnd(from: start, in: buffer, hasReturns: hasReturns) ?? buffer.count
            }
            return foundEnd
        }

        /// Moves to the next line; false (staying put) when the current line is the last.
        mutating func advance(in buffer: UnsafeBufferPointer<UInt8>) -> Bool {
            let end = end(in: buffer)
            guard end < buffer.count else { return false }
            line += 1
            start = end + 1
            return true
        }
    }

    /// Positions of ascending byte offsets, one at a time, in one scan of the bytes: what
    /// `positions(ofSortedByteOffsets:in:)` does without holding them all. The scan goes from line break
    /// to line break (`nextLineEnd`); scalars are counted on the lines that hold a wanted offset, from
    /// the line's start (or from where the last count on that line stopped), so each byte is looked at
    /// once at most. (The 25,000 notes of a large template are located by one pass over it: counting
    /// every scalar, eight bytes at a time, cost 10 instructions a byte.)
    struct Scanner {
        private let bytes: [UInt8]
        private let bomLength: Int
        private var offset = 0
        /// The line `offset` is on.
        private var cursor: LineCursor
        /// Scalars counted on the current line: those in `lineStart ..< countedUpTo`.
        private var countedUpTo = 0
        private var counted = 0
        /// Bytes stepped over so far: one scan of the source at most, for the tests that hold
        /// locating linear (a scan restarted per position would count the source again each time).
        private(set) var bytesScanned = 0

        init(bytes: [UInt8]) {
            self.bytes = bytes
            self.bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
            self.cursor = LineCursor(bytes: bytes)
        }

        /// The position of `wanted`, an offset not smaller than the one asked before.
        mutating func position(ofByteOffset wanted: Int) -> SourcePosition {
            let target = min(max(wanted, offset), bytes.count)
            bytesScanned += target - offset
            bytes.withUnsafeBufferPointer { buffer in
                while cursor.end(in: buffer) < target, cursor.advance(in: buffer) {}
                offset = target
                let lineStart = cursor.start
                // The scalars from the line's start (or the last count on it) up to the target.
                if countedUpTo < lineStart {
                    countedUpTo = lineStart
                    counted = 0
                }
                let raw = UnsafeRawBufferPointer(buffer)
                let highs: UInt64 = 0x8080_8080_8080_8080
                while countedUpTo + 8 <= target {
                    let word = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: countedUpTo, as: UInt64.self))
                    counted += 8 - (word & ~(word << 1) & highs).nonzeroBitCount
                    countedUpTo += 8
                }
                while countedUpTo < target {
                    if buffer[countedUpTo] & 0xC0 != 0x80 { counted += 1 }
                    countedUpTo += 1
                }
            }
            // A byte-order mark takes no column: line 1 starts after it.
            let bom = cursor.line == 1 && bomLength > 0 && target > 0 ? 1 : 0
            return SourcePosition(line: cursor.line, column: 1 + counted - bom)
        }
    }
}
