import QuestionKit

/// How LSP positions count characters within a line.
enum PositionEncoding: String {
    case utf8 = "utf-8"
    case utf16 = "utf-16"
}

/// An LSP position: a 0-based line and a 0-based character offset in the negotiated encoding.
struct LSPPosition: Equatable, Comparable {
    var line: Int
    var character: Int

    var json: JSONWriter.Value { .object([("line", .integer(line)), ("character", .integer(character))]) }

    static func < (lhs: LSPPosition, rhs: LSPPosition) -> Bool { (lhs.line, lhs.character) < (rhs.line, rhs.character) }
}

/// Where each line of a text starts, to turn byte offsets into LSP positions and back.
///
/// Lines break at `\n`, `\r\n` and a lone `\r`, as the protocol says. Each conversion scans at
/// most one line.
struct LineIndex {
    let bytes: [UInt8]
    let encoding: PositionEncoding
    private let lineStarts: [Int]

    init(bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.encoding = encoding
        var starts = [0]
        bytes.withUnsafeBufferPointer { buffer in
            let count = buffer.count
            var offset = 0
            while offset < count {
                let byte = buffer[offset]
                offset += 1
                // Most bytes are neither: one comparison each.
                guard byte <= 0x0D else { continue }
                if byte == 0x0A || (byte == 0x0D && (offset >= count || buffer[offset] != 0x0A)) {
                    starts.append(offset)
                }
            }
        }
        lineStarts = starts
    }

    var lineCount: Int { lineStarts.count }

    /// Where line `line` (0-based) starts; line 0 after a byte-order mark.
    func lineStart(_ line: Int) -> Int {
        line == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : lineStarts[line]
    }

    /// The end of line `line` (0-based), before its line break.
    func lineEnd(_ line: Int) -> Int {
        var end = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count
        while end > lineStarts[line], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
        return end
    }

    /// The byte offset of `position`; positions past a line's end (or the text's) are clamped.
    func offset(of position: LSPPosition) -> Int {
        guard position.line >= 0 else { return 0 }
        guard position.line < lineStarts.count else { return bytes.count }
        let end = lineEnd(position.line)
        var offset = lineStarts[position.line]
        var units = 0
        while offset < end && units < position.character {
            let length = Self.scalarLength(bytes[offset])
            units += encoding == .utf8 ? length : (length == 4 ? 2 : 1)
            offset = min(offset + length, end)
        }
        return offset
    }

    /// The LSP position of the byte at `offset` (clamped to the text).
    func position(ofByteOffset offset: Int) -> LSPPosition {
        let offset = min(max(offset, 0), bytes.count)
        let line = lineContaining(offset)
        var index = lineStarts[line]
        var units = 0
        while index < offset {
            let length = Self.scalarLength(bytes[index])
            units += encoding == .utf8 ? min(length, offset - index) : (length == 4 ? 2 : 1)
            index += length
        }
        return LSPPosition(line: line, character: units)
    }

    /// The range `range` of bytes as an LSP range.
    func range(_ range: Range<Int>) -> JSONWriter.Value {
        .object([
            ("start", position(ofByteOffset: range.lowerBound).json),
            ("end", position(ofByteOffset: range.upperBound).json),
        ])
    }

    func lineContaining(_ offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    /// Bytes of the UTF-8 sequence a lead byte starts (1 for a stray continuation byte).
    static func scalarLength(_ lead: UInt8) -> Int {
        switch lead {
        case 0xF0...: 4
        case 0xE0...: 3
        case 0xC0...: 2
        default: 1
        }
    }
}

extension LSPPosition {
    /// Reads `{"line": …, "character": …}`.
    init(_ node: JSONNode) throws(RPCError) {
        guard node.kind == .object else { throw .invalidParams("a position must be an object") }
        line = try node.integer("line")
        character = try node.integer("character")
    }
}
