import QuestionKit
import QuestionKitForms

/// How LSP positions count characters within a line.
enum PositionEncoding: String, ProtocolEnumeration {
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

/// The server's one position index: turns byte offsets into LSP positions, and LSP positions and
/// diagnostics' positions (1-based line and column in scalars) into byte offsets.
///
/// Lines break at `\n`, `\r\n` and a lone `\r`, as the protocol says. Along a line longer than
/// `stride` bytes, a checkpoint every `stride` bytes records the LSP character and the column
/// there; a conversion starts from the nearest checkpoint before it and steps over at most about
/// `stride` bytes, however long the line (a minified template is one line). Building the index is
/// one pass over the text; a conversion then costs O(stride + log n), asked in any order.
struct LineIndex {
    private(set) var bytes: [UInt8]
    let encoding: PositionEncoding
    private var lineStarts: [Int]
    /// The checkpoints of the long lines, by offset; none at a line's start.
    private var checkpoints: [Place] = []
    /// Bytes between checkpoints along a line.
    static let stride = 64

    /// A scalar boundary on a line: its byte offset, the LSP character there (counted from the
    /// line's start in the encoding) and the 1-based column (in scalars; a byte-order mark takes none).
    struct Place {
        var offset: Int
        var character: Int
        var column: Int
    }

    init(bytes: [UInt8], encoding: PositionEncoding) {
        self.bytes = bytes
        self.encoding = encoding
        lineStarts = Self.lineStarts(of: bytes)
        checkpoints = checkpoints(ofLines: lineStarts.indices)
    }

    /// The checkpoints along `lines`, in order.
    private func checkpoints(ofLines lines: Range<Int>) -> [Place] {
        var found: [Place] = []
        for line in lines {
            let end = lineEnd(line)
            guard end - lineStarts[line] > Self.stride else { continue }
            var place = start(ofLine: line)
            var last = place.offset
            while place.offset < end {
                step(&place, end: end)
                if place.offset - last >= Self.stride && place.offset < end {
                    found.append(place)
                    last = place.offset
                }
            }
        }
        return found
    }

    /// Replaces the bytes `range` with `replacement`, updating the index where the text changed:
    /// the lines the edit touches are indexed again, those after it move by the change in length
    /// (no scan of the rest of the text).
    mutating func replace(_ range: Range<Int>, with replacement: [UInt8]) {
        let delta = replacement.count - range.count
        bytes.replaceSubrange(range, with: replacement)
        // A line start at p depends on the bytes at p - 1 and p: those from `range.lowerBound` up to
        // the end of the replacement may have changed; the rest only moved.
        let kept = Self.partition(1..<lineStarts.count) { lineStarts[$0] < range.lowerBound }
        let moved = Self.partition(kept..<lineStarts.count) { lineStarts[$0] <= range.upperBound }
        var found: [Int] = []
        var offset = max(range.lowerBound, 1)
        while offset <= range.lowerBound + replacement.count {
            if isLineStart(offset) { found.append(offset) }
            offset += 1
        }
        lineStarts.replaceSubrange(kept..<moved, with: found)
        let movedFrom = kept + found.count
        for line in movedFrom..<lineStarts.count { lineStarts[line] += delta }
        // Checkpoints count from their line's start: the lines from the one before the edit to the
        // one its end is on are walked again.
        let firstLine = max(kept - 1, 0)
        let lastLine = min(lineContaining(range.lowerBound + replacement.count), lineStarts.count - 1)
        let from = lineStarts[firstLine]
        let nextLineStart = lastLine + 1 < lineStarts.count ? lineStarts[lastLine + 1] : bytes.count + 1
        let first = Self.partition(0..<checkpoints.count) { checkpoints[$0].offset < from }
        let after = Self.partition(first..<checkpoints.count) { checkpoints[$0].offset < nextLineStart - delta }
        let walked = checkpoints(ofLines: firstLine..<(lastLine + 1))
        checkpoints.replaceSubrange(first..<after, with: walked)
        for index in (first + walked.count)..<checkpoints.count { checkpoints[index].offset += delta }
    }

    /// Whether a line starts at `offset` (> 0): after a `\n`, or a `\r` not followed by `\n`.
    private func isLineStart(_ offset: Int) -> Bool {
        let before = bytes[offset - 1]
        return before == 0x0A || (before == 0x0D && (offset >= bytes.count || bytes[offset] != 0x0A))
    }

    private static func lineStarts(of bytes: [UInt8]) -> [Int] {
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
        return starts
    }

    var lineCount: Int { lineStarts.count }

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
        var place = nearest(onLine: position.line) { $0.character <= position.character }
        walk(&place) { $0.offset < end && $0.character < position.character ? end : nil }
        return place.offset
    }

    /// The byte offset of a diagnostic's 1-based line and column (in scalars), clamped to its line.
    func offset(of source: SourcePosition) -> Int {
        let line = min(max(source.line - 1, 0), lineStarts.count - 1)
        let end = lineEnd(line)
        let column = max(source.column, 1)
        var place = nearest(onLine: line) { $0.column <= column }
        walk(&place) { $0.offset < end && $0.column < column ? end : nil }
        return place.offset
    }

    /// The LSP position of the byte at `offset` (clamped to the text).
    func position(ofByteOffset offset: Int) -> LSPPosition {
        let offset = min(max(offset, 0), bytes.count)
        let line = lineContaining(offset)
        var place = nearest(onLine: line) { $0.offset <= offset }
        walk(&place) { $0.offset < offset ? offset : nil }
        return LSPPosition(line: line, character: place.character)
    }

    /// The 1-based line and column (in scalars, as a diagnostic's) of the byte at `offset`.
    func sourcePosition(ofByteOffset offset: Int) -> SourcePosition {
        let offset = min(max(offset, 0), bytes.count)
        let line = lineContaining(offset)
        var place = nearest(onLine: line) { $0.offset <= offset }
        walk(&place) { $0.offset < offset ? offset : nil }
        return SourcePosition(line: line + 1, column: place.column)
    }

    /// The range `range` of bytes as an LSP range.
    func range(_ range: Range<Int>) -> JSONWriter.Value {
        .object([
            ("start", position(ofByteOffset: range.lowerBound).json),
            ("end", position(ofByteOffset: range.upperBound).json),
        ])
    }

    func lineContaining(_ offset: Int) -> Int {
        Self.partition(0..<lineStarts.count) { lineStarts[$0] <= offset } - 1
    }

    /// The start of line `line`: a byte-order mark before the first line is a character to the
    /// client, but no column in a diagnostic.
    private func start(ofLine line: Int) -> Place {
        let mark = line == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF])
        return Place(offset: lineStarts[line], character: 0, column: mark ? 0 : 1)
    }

    /// The last checkpoint on `line` that `isBefore` holds for (it holds for a prefix of them),
    /// or the line's start.
    private func nearest(onLine line: Int, where isBefore: (Place) -> Bool) -> Place {
        let start = lineStarts[line]
        let next = line + 1 < lineStarts.count ? lineStarts[line + 1] : bytes.count + 1
        let first = Self.partition(0..<checkpoints.count) { checkpoints[$0].offset <= start }
        let end = Self.partition(first..<checkpoints.count) { checkpoints[$0].offset < next }
        let found = Self.partition(first..<end) { isBefore(checkpoints[$0]) }
        return found > first ? checkpoints[found - 1] : self.start(ofLine: line)
    }

    /// Steps `place` on, one scalar at a time, while `limit` gives the offset not to pass.
    private func walk(_ place: inout Place, limit: (Place) -> Int?) {
        let from = place.offset
        while let end = limit(place) { step(&place, end: end) }
        Self.work?.add(place.offset - from)
    }

    /// `place` one scalar further along its line, not past `end` (a scalar cut by `end` counts,
    /// in UTF-8, the bytes before `end`).
    private func step(_ place: inout Place, end: Int) {
        let length = Self.scalarLength(bytes[place.offset])
        let next = min(place.offset + length, end)
        place.character += encoding == .utf8 ? next - place.offset : (length == 4 ? 2 : 1)
        place.offset = next
        place.column += 1
    }

    /// The first index of `range` where `belongs` no longer holds (it holds for a prefix).
    private static func partition(_ range: Range<Int>, _ belongs: (Int) -> Bool) -> Int {
        var low = range.lowerBound
        var high = range.upperBound
        while low < high {
            let middle = low + (high - low) / 2
            if belongs(middle) { low = middle + 1 } else { high = middle }
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

/// Counts the bytes that position conversions step over, for the tests of their cost.
final class PositionWork: @unchecked Sendable {
    // Unchecked: only the task that set it as `LineIndex.work` touches it.
    private(set) var steps = 0
    func add(_ count: Int) { steps += count }
}

extension LineIndex {
    /// Where conversions count their work; nil outside the tests of their cost.
    @TaskLocal static var work: PositionWork?
}

extension LSPPosition {
    /// Reads `{"line": …, "character": …}`.
    init(_ node: JSONNode) throws(RPCError) {
        guard node.kind == .object else { throw .invalidParams("a position must be an object") }
        line = try node.integer("line")
        character = try node.integer("character")
    }
}
