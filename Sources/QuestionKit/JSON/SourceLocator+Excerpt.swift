/// A window of one source line around a column: what a printed diagnostic shows under its
/// location, with a caret under the column.
package struct SourceExcerpt: Sendable, Hashable {
    /// The shown part of the line, without its line break.
    package var text: String
    /// How many Unicode scalars of `text` come before the column (where the caret goes).
    package var caretOffset: Int
    /// Whether the line goes on before `text` (it was cut to the window).
    package var isCutBefore: Bool
    /// Whether the line goes on after `text`.
    package var isCutAfter: Bool
}

extension SourceLocator {
    /// The part of line `line` around `column`: the whole line when it has at most `2 * radius`
    /// scalars, otherwise `radius` scalars before the column and up to `2 * radius` in all.
    ///
    /// The window is cut from the bytes, so its cost does not grow with the line: a minified
    /// file is one line, and a thousand problems in it are a thousand small windows, not a thousand
    /// copies of the file. A column past the end of the line puts the caret just after it.
    package func excerpt(line: Int, column: Int, radius: Int = 50) -> SourceExcerpt? {
        guard let window = excerptBytes(line: line, column: column, radius: radius) else { return nil }
        return SourceExcerpt(
            text: String(decoding: window.bytes, as: UTF8.self), caretOffset: window.caretOffset,
            isCutBefore: window.isCutBefore, isCutAfter: window.isCutAfter)
    }

    /// `excerpt`'s window as the source's bytes (a printer copies them without making a String).
    package func excerptBytes(
        line: Int, column: Int, radius: Int = 50
    ) -> (bytes: ArraySlice<UInt8>, caretOffset: Int, isCutBefore: Bool, isCutAfter: Bool)? {
        guard let (lineStart, lineEnd) = byteRange(ofLine: line) else { return nil }
        if lineEnd - lineStart <= 2 * radius {
            return Self.shortWindow(bytes, lineStart, lineEnd, column: column)
        }
        let scalarsBeforeLine = scalars(before: lineStart)
        let lineLength = scalars(before: lineEnd) - scalarsBeforeLine
        let caretScalar = min(max(column - 1, 0), lineLength)
        if lineLength <= 2 * radius { return (bytes[lineStart..<lineEnd], caretScalar, false, false) }
        let caret = byteOffset(ofScalar: scalarsBeforeLine + caretScalar, from: lineStart, to: lineEnd)
        var start = caret
        var before = 0
        while start > lineStart, before < radius {
            start = previousScalarStart(before: start, limit: lineStart)
            before += 1
        }
        var end = caret
        var shown = before
        while end < lineEnd, shown < 2 * radius {
            end = nextScalarStart(after: end, limit: lineEnd)
            shown += 1
        }
        return (bytes[start..<end], before, start > lineStart, end < lineEnd)
    }

    /// The window of a line of no more bytes than the window has scalars: the whole line, its scalars
    /// counted directly (an excerpt is printed under each of a million problems, mostly on short lines).
    static func shortWindow(
        _ bytes: [UInt8], _ lineStart: Int, _ lineEnd: Int, column: Int
    ) -> (bytes: ArraySlice<UInt8>, caretOffset: Int, isCutBefore: Bool, isCutAfter: Bool) {
        var lineLength = 0
        for byte in bytes[lineStart..<lineEnd] where byte & 0xC0 != 0x80 { lineLength += 1 }
        return (bytes[lineStart..<lineEnd], min(max(column - 1, 0), lineLength), false, false)
    }

    /// The byte offset at which the scalar numbered `target` (counted from the start of the text)
    /// begins, searched for between `start` and `end`: a binary search of the block table, then a
    /// scan of at most one block.
    private func byteOffset(ofScalar target: Int, from start: Int, to end: Int) -> Int {
        var low = start / Self.blockSize
        var high = min(end / Self.blockSize, scalarsBeforeBlock.count - 1)
        while low < high {
            let middle = (low + high + 1) / 2
            if Int(scalarsBeforeBlock[middle]) <= target { low = middle } else { high = middle - 1 }
        }
        var offset = max(low * Self.blockSize, start)
        var count = scalars(before: offset)
        while offset < end {
            if bytes[offset] & 0xC0 != 0x80 {
                if count == target { return offset }
                count += 1
            }
            offset += 1
        }
        return end
    }

    private func previousScalarStart(before offset: Int, limit: Int) -> Int {
        var index = offset - 1
        while index > limit, bytes[index] & 0xC0 == 0x80 { index -= 1 }
        return index
    }

    private func nextScalarStart(after offset: Int, limit: Int) -> Int {
        var index = offset + 1
        while index < limit, bytes[index] & 0xC0 == 0x80 { index += 1 }
        return index
    }
}

/// The excerpts a report prints under its diagnostics, as `SourceLocator` cuts them, for diagnostics
/// that mostly come in the order of their lines: a line is found by walking on from the last one asked,
/// from line break to line break (`SourceLocator.nextLineEnd`). A `SourceLocator` (which reads the whole
/// text once, counting its scalars too: 9 instructions a byte, most of printing the 25,000 notes of a
/// large template) is made only for a line asked out of order or longer than the window.
package struct SourceExcerpts {
    private let bytes: [UInt8]
    private var locator: SourceLocator?
    /// The line the walk is at.
    private var cursor: SourceLocator.LineCursor

    package init(bytes: [UInt8]) {
        self.bytes = bytes
        cursor = SourceLocator.LineCursor(bytes: bytes)
    }

    /// `SourceLocator.excerptBytes(line:column:radius:)`.
    package mutating func excerptBytes(
        line wanted: Int, column: Int, radius: Int = 50
    ) -> (bytes: ArraySlice<UInt8>, caretOffset: Int, isCutBefore: Bool, isCutAfter: Bool)? {
        if wanted >= cursor.line {
            guard let (start, end) = walk(to: wanted) else { return nil }
            if end - start <= 2 * radius { return SourceLocator.shortWindow(bytes, start, end, column: column) }
        }
        return madeLocator().excerptBytes(line: wanted, column: column, radius: radius)
    }

    /// `SourceLocator.excerpt(line:column:radius:)`.
    package mutating func excerpt(line: Int, column: Int, radius: Int = 50) -> SourceExcerpt? {
        madeLocator().excerpt(line: line, column: column, radius: radius)
    }

    private mutating func madeLocator() -> SourceLocator {
        if let locator { return locator }
        let made = SourceLocator(bytes: bytes)
        locator = made
        return made
    }

    /// The bytes of line `wanted` (not before the walk's line) as `SourceLocator.byteRange(ofLine:)`
    /// gives them; nil when the text has fewer lines.
    private mutating func walk(to wanted: Int) -> (start: Int, end: Int)? {
        bytes.withUnsafeBufferPointer { buffer in
            while cursor.line < wanted {
                guard cursor.advance(in: buffer) else { return nil }
            }
            // Without its break (a `\r\n` is two bytes).
            let lineEnd = cursor.end(in: buffer)
            var end = lineEnd < buffer.count ? lineEnd + 1 : buffer.count
            let start =
                cursor.line == 1 ? min(bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0, buffer.count) : cursor.start
            while end > start, buffer[end - 1] == 0x0A || buffer[end - 1] == 0x0D { end -= 1 }
            return (start, end)
        }
    }
}
