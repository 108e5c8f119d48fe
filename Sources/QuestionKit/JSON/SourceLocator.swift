/// Turns byte offsets in a source text into 1-based lines and columns.
///
/// Lines break at `\n`, `\r\n` or a lone `\r`. Columns count Unicode scalar values, so `"温度"`
/// is four columns wide (two quotes, two characters), not eight. A UTF-8 byte-order mark at the
/// start of the text takes no column: the first character after it is at line 1, column 1.
///
/// Building a locator reads the text once; each conversion afterwards is a binary search plus a
/// scan of at most one block of bytes, so locating many diagnostics stays cheap even in a
/// minified file that is one long line.
public struct SourceLocator: Sendable {
    private let bytes: [UInt8]
    /// Byte offset at which each line starts; `lineStarts[0] == 0`.
    private let lineStarts: [Int]
    /// `scalarsBeforeBlock[k]` is the number of scalars in `bytes[0 ..< k * blockSize]`.
    private let scalarsBeforeBlock: [Int]
    /// Bytes of a leading byte-order mark (0 or 3).
    private let bomLength: Int

    private static let blockSize = 4096

    /// Reads `bytes` once to find where lines start.
    public init(bytes: [UInt8]) {
        self.bytes = bytes
        var lineStarts = [0]
        var blocks = [Int]()
        blocks.reserveCapacity(bytes.count / Self.blockSize + 1)
        var scalars = 0
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var offset = 0
            while offset < count {
                if offset % Self.blockSize == 0 { blocks.append(scalars) }
                let byte = buffer[offset]
                if byte & 0xC0 != 0x80 { scalars += 1 }
                if byte == 0x0A {
                    lineStarts.append(offset + 1)
                } else if byte == 0x0D, offset + 1 >= count || buffer[offset + 1] != 0x0A {
                    lineStarts.append(offset + 1)
                }
                offset += 1
            }
        }
        blocks.append(scalars)
        self.lineStarts = lineStarts
        self.scalarsBeforeBlock = blocks
        self.bomLength = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
    }

    /// The line and column of the byte at `offset`. Offsets past the end give the position just
    /// after the last character; negative offsets give line 1, column 1.
    public func position(ofByteOffset offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        let lineIndex = lineContaining(offset)
        var lineStart = lineStarts[lineIndex]
        if lineIndex == 0 {
            lineStart = min(bomLength, offset)
        }
        let column = 1 + scalars(before: offset) - scalars(before: lineStart)
        return SourcePosition(line: lineIndex + 1, column: column)
    }

    /// The line and column where `node` starts (for a string: its opening quote).
    public func position(of node: JSONNode) -> SourcePosition {
        position(ofByteOffset: node.byteOffset)
    }

    /// The text of 1-based line `line` without its line break, or nil when there is no such line.
    public func lineText(_ line: Int) -> String? {
        guard line >= 1, line <= lineStarts.count else { return nil }
        var start = lineStarts[line - 1]
        if line == 1 { start = min(bomLength, bytes.count) }
        var end = line < lineStarts.count ? lineStarts[line] : bytes.count
        while end > start, bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return String(decoding: bytes[start..<end], as: UTF8.self)
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
    private func scalars(before offset: Int) -> Int {
        let block = offset / Self.blockSize
        var count = scalarsBeforeBlock[min(block, scalarsBeforeBlock.count - 1)]
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
