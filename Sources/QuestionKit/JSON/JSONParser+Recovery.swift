// Reading past syntax errors (`JSONParser.parseRecovering`), the way error-tolerant editor parsers
// do. Each error has been recorded when its stop reaches `recover`, which repairs the parser's
// state and says what to expect next:
//
// - a missing comma: the next value or key is read as if it were there;
// - an extra comma: skipped; a trailing comma: the container closes;
// - a missing closing bracket or brace: the containers still open close at the end of the input,
//   or at a closing bracket that belongs to one further out;
// - a string not closed on its line: it ends at the line break; comments: skipped;
// - a single-quoted string or an unquoted key: read as the string or key meant;
// - a value that is not JSON (`tru`, `01`, `NaN`) or is missing: read as null;
// - anything else: skipped, up to the next byte that can start or end a value.
//
// Every recovery consumes input or moves to a phase that will, and every error counts towards
// `JSONParser.maxRecoveredErrors`, so recovery stays linear in the size of the input.
extension JSONParserEngine {
    /// Repairs the state after the error that threw `stop` in `phase`; rethrows it when not
    /// recovering, or when the error stops all reading (a limit, too many errors).
    mutating func recover(in phase: JSONParserPhase, from stop: JSONParseStop) throws(JSONParseStop)
        -> JSONParserPhase
    {
        guard recovering, !gaveUp else { throw stop }
        guard pos < end else {
            finishAtEnd()
            return .afterValue
        }
        if isCommentStart(pos) {
            pos = commentEnd(from: pos)
            return phase == .key && hasDanglingKey ? recoverColon() : phase
        }
        switch phase {
        case .value: return recoverValue()
        case .key: return hasDanglingKey ? recoverColon() : recoverKey()
        case .afterValue: return recoverAfterValue()
        }
    }

    /// After the top-level value: only blanks (and, recovering, comments) may follow.
    mutating func parseEnd() throws(JSONParseStop) {
        while true {
            skipWhitespace()
            guard pos < end else { return }
            let stop = failTrailingContent()
            guard recovering, !gaveUp else { throw stop }
            // Past a comment the end may still be blank; other text is not part of the document.
            guard isCommentStart(pos) else { return }
            pos = commentEnd(from: pos)
        }
    }

    private mutating func recoverValue() -> JSONParserPhase {
        let start = pos
        let byte = base[pos]
        switch byte {
        case ASCII.apostrophe:
            guard let close = closingApostrophe() else { return skipJunk(then: .value) }
            pos = close + 1
            appendScalar(.string, start: start, flags: 0)
        case ASCII.zero...ASCII.nine, ASCII.minus, ASCII.plus, ASCII.dot:
            pos = max(numberTokenEnd(from: pos), pos + 1)
            appendScalar(.null, start: start, flags: JSONEntry.isRecovered)
        case _ where Self.isWordByte(byte):
            while pos < end, Self.isWordByte(base[pos]) { pos += 1 }
            appendScalar(.null, start: start, flags: JSONEntry.isRecovered)
        case ASCII.comma:
            guard let frame = frames.last else { return skipJunk(then: .value) }
            // In an array an extra comma is skipped; after a key, the value is missing.
            if frame.isObject { appendScalar(.null, start: pos, flags: JSONEntry.isRecovered) }
            pos += 1
            return frame.isObject ? .key : .value
        case ASCII.closeBracket, ASCII.closeBrace:
            // A bracket that closes nothing is junk: the value may still follow it (`{"a": ] 1}`).
            guard closesAnything(pos) else { return skipJunk(then: .value) }
            if hasDanglingKey { appendScalar(.null, start: pos, flags: JSONEntry.isRecovered) }
            return closeMatching(then: .value)
        default:
            return skipJunk(then: .value)
        }
        return .afterValue
    }

    private mutating func recoverKey() -> JSONParserPhase {
        let start = pos
        let byte = base[pos]
        switch byte {
        case ASCII.comma:
            pos += 1
            return .key
        case ASCII.closeBracket, ASCII.closeBrace:
            return closeMatching(then: .key)
        case ASCII.apostrophe:
            guard let close = closingApostrophe() else { return skipJunk(then: .key) }
            appendKey(start: start, end: close + 1, flags: 0)
            pos = close + 1
        case _ where Self.isWordByte(byte):
            var wordEnd = pos
            while wordEnd < end, Self.isWordByte(base[wordEnd]) { wordEnd += 1 }
            // A word at the very end is no key: nothing can follow it.
            guard wordEnd < end else { return skipJunk(then: .key) }
            // The key's entry spans the word alone (an edit before the key goes before the word).
            appendKey(start: start, end: wordEnd, flags: JSONEntry.isRecovered | JSONEntry.isUnquoted)
            pos = wordEnd
        default:
            return skipJunk(then: .key)
        }
        return recoverColon()
    }

    /// After a key: a missing colon is taken as written when a value follows.
    private mutating func recoverColon() -> JSONParserPhase {
        skipWhitespace()
        guard pos < end else {
            finishAtEnd()
            return .afterValue
        }
        switch base[pos] {
        case ASCII.colon:
            pos += 1
            return .value
        case ASCII.comma:
            appendScalar(.null, start: pos, flags: JSONEntry.isRecovered)
            pos += 1
            return .key
        case ASCII.closeBracket, ASCII.closeBrace:
            appendScalar(.null, start: pos, flags: JSONEntry.isRecovered)
            return closeMatching(then: .key)
        default:
            return .value
        }
    }

    private mutating func recoverAfterValue() -> JSONParserPhase {
        let byte = base[pos]
        switch byte {
        case ASCII.closeBracket, ASCII.closeBrace:
            return closeMatching(then: .afterValue)
        case ASCII.quote, ASCII.apostrophe, ASCII.openBrace, ASCII.openBracket, ASCII.minus:
            return frames[frames.count - 1].isObject ? .key : .value
        case _ where Self.isWordByte(byte):
            return frames[frames.count - 1].isObject ? .key : .value
        default:
            return skipJunk(then: .afterValue)
        }
    }

    /// Whether the closing bracket or brace at `offset` closes a container still open.
    private func closesAnything(_ offset: Int) -> Bool {
        let isBrace = base[offset] == ASCII.closeBrace
        return frames.contains { $0.isObject == isBrace }
    }

    /// Closes containers at the closing bracket at `pos`: those inside the innermost one it can
    /// close end just before it, that one past it. A bracket that closes nothing is skipped.
    private mutating func closeMatching(then phase: JSONParserPhase) -> JSONParserPhase {
        let isBrace = base[pos] == ASCII.closeBrace
        guard let depth = frames.lastIndex(where: { $0.isObject == isBrace }) else {
            return skipJunk(then: phase)
        }
        while frames.count > depth + 1 { closeContainer(consuming: false) }
        closeContainer()
        return .afterValue
    }

    /// At the end of the input: a member without a value gets null, and every open container
    /// closes there.
    private mutating func finishAtEnd() {
        pos = end
        if hasDanglingKey { appendScalar(.null, start: end, flags: JSONEntry.isRecovered) }
        while !frames.isEmpty { closeContainer(consuming: false) }
    }

    /// Skips the byte at `pos` and what follows it up to a byte that can start or end a value.
    private mutating func skipJunk(then phase: JSONParserPhase) -> JSONParserPhase {
        pos += base[pos] >= 0x80 ? max(utf8SequenceLength(at: pos), 1) : 1
        while pos < end {
            switch base[pos] {
            case ASCII.space, ASCII.tab, ASCII.lineFeed, ASCII.carriageReturn, ASCII.quote, ASCII.apostrophe,
                ASCII.openBrace, ASCII.closeBrace, ASCII.openBracket, ASCII.closeBracket, ASCII.comma, ASCII.colon,
                ASCII.slash, ASCII.minus:
                return phase
            case let byte where Self.isWordByte(byte):
                return phase
            default:
                pos += 1
            }
        }
        return phase
    }

    /// Whether the innermost object's last entry is a key still waiting for its value.
    private var hasDanglingKey: Bool {
        guard let last = entries.last, !frames.isEmpty else { return false }
        return last.flags & JSONEntry.isKey != 0 && last.parent == currentParent
    }

    /// Whether a `//` or `/*` comment starts at `offset`.
    func isCommentStart(_ offset: Int) -> Bool {
        offset + 1 < end && base[offset] == ASCII.slash
            && (base[offset + 1] == ASCII.slash || base[offset + 1] == ASCII.star)
    }

    /// The offset of the apostrophe closing the single-quoted string at `pos`, on the same line;
    /// nil when there is none, or when the text up to it is not UTF-8 (a string's value is its
    /// bytes, which must be text).
    private func closingApostrophe() -> Int? {
        var index = pos + 1
        while index < end, base[index] != ASCII.lineFeed, base[index] != ASCII.carriageReturn {
            if base[index] == ASCII.apostrophe { return index }
            guard base[index] >= 0x80 else {
                index += 1
                continue
            }
            let length = utf8SequenceLength(at: index)
            guard length > 0 else { return nil }
            index += length
        }
        return nil
    }
}
