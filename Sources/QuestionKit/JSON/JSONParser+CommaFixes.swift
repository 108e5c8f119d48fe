// The fix-its of the two commonest slips, a trailing comma and a missing one. A fix is safe (applied
// by `validate --fix`) only when the text can mean nothing else; a comma that is only the likelier
// reading is offered, not applied, and none is offered where the slip looks like a quote inside a
// string (`"Say "hi" now"`), which no comma repairs.
extension JSONParserEngine {
    /// Removing the comma at `comma`, before a closing bracket, with the blanks before it on its
    /// line: the container then closes where the recovered reading closes it, so nothing changes
    /// meaning.
    func trailingCommaFix(at comma: Int, before close: String) -> FixIt {
        var start = comma
        while start > 0, base[start - 1] == ASCII.space || base[start - 1] == ASCII.tab { start -= 1 }
        return FixIt(
            title: "Remove the ',' before '\(close)'", edits: [SourceEdit(range: start..<comma + 1, replacement: "")],
            isSafe: true)
    }

    /// Inserting the comma missing between the value just read and the key or value at `pos`
    /// (blanks only between them, as `parseAfterValue` left it). Safe when what follows can only
    /// be the next member (a string key and its ':') or element (a whole value token), the
    /// previous value was read without error, and the two are apart or the first is a container;
    /// offered only when the next token is not that clear; nil after a string that the next token
    /// touches, or when the previous value is not what ends where the blanks start.
    func missingCommaFix(isObject: Bool) -> FixIt? {
        var valueEnd = pos
        while valueEnd > 0, ASCII.isWhitespace(base[valueEnd - 1]) { valueEnd -= 1 }
        guard let previous = previousValue(), Int(previous.end) == valueEnd,
            previous.flags & (JSONEntry.isRecovered | JSONEntry.isUnclosed) == 0
        else { return nil }
        let isContainer = previous.kind == .object || previous.kind == .array
        let touches = valueEnd == pos
        if touches, previous.kind == .string { return nil }
        let isClear = isObject ? startsMember(at: pos) : startsElement(at: pos)
        return FixIt(
            title: isObject ? "Add a ',' between the members" : "Add a ',' between the elements",
            edits: [SourceEdit(range: valueEnd..<valueEnd, replacement: ",")],
            isSafe: isClear && (!touches || isContainer))
    }

    /// The entry of the innermost container's latest value: the last entry written, or the
    /// ancestor of it that is the container's child (a walk as deep as the nesting, on errors only).
    private func previousValue() -> JSONEntry? {
        guard !entries.isEmpty else { return nil }
        var index = entries.count - 1
        while entries[index].parent != currentParent {
            index = Int(entries[index].parent)
            guard index >= 0 else { return nil }
        }
        return entries[index]
    }

    /// Whether a string key and its ':' start at `offset`.
    private func startsMember(at offset: Int) -> Bool {
        guard let afterKey = stringEnd(from: offset) else { return false }
        var index = afterKey
        while index < end, ASCII.isWhitespace(base[index]) { index += 1 }
        return index < end && base[index] == ASCII.colon
    }

    /// Whether a whole value token starts at `offset`: a container, or a string, number or literal
    /// that ends where an element can end (at a blank, a ',' or a ']').
    private func startsElement(at offset: Int) -> Bool {
        let byte = base[offset]
        if byte == ASCII.openBrace || byte == ASCII.openBracket { return true }
        let tokenEnd: Int
        if byte == ASCII.quote {
            guard let close = stringEnd(from: offset) else { return false }
            tokenEnd = close
        } else if byte == ASCII.minus || (ASCII.zero...ASCII.nine).contains(byte) {
            tokenEnd = numberTokenEnd(from: offset)
        } else {
            var index = offset
            while index < end, Self.isWordByte(base[index]) { index += 1 }
            let word = bytes[offset..<index]
            guard word.elementsEqual("true".utf8) || word.elementsEqual("false".utf8) || word.elementsEqual("null".utf8)
            else { return false }
            tokenEnd = index
        }
        guard tokenEnd < end else { return false }
        let next = base[tokenEnd]
        return ASCII.isWhitespace(next) || next == ASCII.comma || next == ASCII.closeBracket
    }

    /// The offset just past the string whose opening quote is at `offset`, when it closes on its
    /// line with no control character in it.
    private func stringEnd(from offset: Int) -> Int? {
        guard base[offset] == ASCII.quote else { return nil }
        var index = offset + 1
        while index < end {
            let byte = base[index]
            if byte == ASCII.quote { return index + 1 }
            if byte < 0x20 { return nil }
            index += byte == ASCII.backslash ? 2 : 1
        }
        return nil
    }
}
