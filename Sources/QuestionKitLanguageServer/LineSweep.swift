import QuestionKit

/// Converts many positions of one text, in ascending order, in one pass: each conversion steps
/// on from the previous one when it lies further along the same line, and starts again from its
/// line's start otherwise. Diagnostics come sorted, so converting all of them costs time linear
/// in the text even when it is one long line (a minified template) with a problem on every key.
struct LineSweep {
    let lines: LineIndex
    private var line = 0
    private var offset = 0
    /// The 1-based column (in scalars) at `offset`, and the LSP character (in the encoding).
    private var column = 1
    private var units = 0

    init(lines: LineIndex) {
        self.lines = lines
        restart(atLine: 0)
    }

    private mutating func restart(atLine target: Int) {
        line = target
        offset = lines.lineStart(target)
        column = 1
        // A byte-order mark takes no column in a diagnostic, but is a character to the client.
        units = offset == 0 || target > 0 ? 0 : (lines.encoding == .utf8 ? 3 : 1)
    }

    /// One scalar further along the line.
    private mutating func step(to end: Int) {
        let length = LineIndex.scalarLength(lines.bytes[offset])
        units += lines.encoding == .utf8 ? min(length, end - offset) : (length == 4 ? 2 : 1)
        offset = min(offset + length, end)
        column += 1
    }

    /// The byte offset of a 1-based line and column counted in scalars (a diagnostic's position).
    mutating func offset(of source: SourcePosition) -> Int {
        let target = min(max(source.line - 1, 0), lines.lineCount - 1)
        if target != line || source.column < column { restart(atLine: target) }
        let end = lines.lineEnd(target)
        while column < source.column && offset < end { step(to: end) }
        return offset
    }

    /// The LSP position of byte `target`.
    mutating func position(ofByteOffset target: Int) -> LSPPosition {
        let target = min(max(target, 0), lines.bytes.count)
        let targetLine = lines.lineContaining(target)
        if targetLine != line || target < offset { restart(atLine: targetLine) }
        while offset < target { step(to: target) }
        return LSPPosition(line: line, character: units)
    }

    /// `range` as an LSP range.
    mutating func range(_ range: Range<Int>) -> JSONWriter.Value {
        let start = position(ofByteOffset: range.lowerBound).json
        return .object([("start", start), ("end", position(ofByteOffset: range.upperBound).json)])
    }
}
