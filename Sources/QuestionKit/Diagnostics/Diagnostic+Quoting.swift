extension Diagnostic {
    /// The most characters of one quoted value a message or hint shows; a longer value is cut there
    /// and followed by `…`. Keys and values come from the input, and a 20 MB key must not make a
    /// 20 MB line of output (issue 24).
    package static let maxQuotedCharacters = 200

    /// The most characters of a whole message or hint, whatever it quotes and however (a value
    /// holding quote marks of its own): a longer one is cut there and followed by `…`.
    package static let maxMessageCharacters = 1_000

    /// `text` with every quoted value (`'…'` or `"…"`) longer than ``maxQuotedCharacters`` cut to
    /// that many characters and `…`, then cut to ``maxMessageCharacters``. A quote opens at the
    /// start or after a space, an opening bracket, `:`, `=` or `,` (so the apostrophe of "isn't"
    /// opens nothing) and closes at the next same mark; one that never closes is cut all the same.
    /// One pass over the text, and the part of a quoted value past its first characters is skipped
    /// a run of plain ASCII at a time (see `endOfSkippableRun`), not walked character by character:
    /// a 2 MB key costs a scan of its bytes. A short text is returned as it is.
    static func boundingQuotes(_ text: String) -> String {
        guard text.utf8.count > maxQuotedCharacters else { return text }
        var result = ""
        var (kept, quote, quoted) = (0, Character?.none, 0)
        var previous: Character?
        var index = text.startIndex
        while index < text.endIndex {
            let character = text[index]
            index = text.index(after: index)
            defer { previous = character }
            guard kept <= maxMessageCharacters else { break }
            if let open = quote, character != open {
                quoted += 1
                if quoted > maxQuotedCharacters {
                    if quoted == maxQuotedCharacters + 1 {
                        result.append("…")
                    } else if let mark = open.asciiValue {
                        // Nothing of the rest is shown until the quote closes: only the closing mark matters.
                        index = endOfSkippableRun(in: text, from: index, closingMark: mark)
                    }
                    continue
                }
            } else if quote != nil {
                quote = nil
            } else if character == "'" || character == "\"", previous.map(opensAQuote) ?? true {
                (quote, quoted) = (character, 0)
            }
            result.append(character)
            kept += 1
        }
        if kept > maxMessageCharacters {
            result.removeLast()
            result.append("…")
        }
        return result
    }

    /// Where the characters from `start` (a character boundary inside a quoted value) stop being
    /// plain ASCII other than `closingMark`: every byte of such a run is a character of its own
    /// (a `\r\n` pair is one, and neither is the mark), so none can close the quote. The run's last
    /// byte is left out when a non-ASCII scalar follows it (a combining mark joins the character
    /// before it), and so is a `\r` before that `\n`: the index returned is a character boundary.
    private static func endOfSkippableRun(
        in text: String, from start: String.Index, closingMark: UInt8
    ) -> String.Index {
        let utf8 = text.utf8
        let first = utf8.distance(from: utf8.startIndex, to: start)
        var copy = text
        let end = copy.withUTF8 { bytes -> Int in
            var offset = first
            while offset < bytes.count, bytes[offset] < 0x80, bytes[offset] != closingMark { offset += 1 }
            guard offset < bytes.count, bytes[offset] >= 0x80, offset > first else { return offset }
            offset -= 1
            if bytes[offset] == 0x0A, offset > first, bytes[offset - 1] == 0x0D { offset -= 1 }
            return offset
        }
        return utf8.index(utf8.startIndex, offsetBy: end)
    }

    private static func opensAQuote(after character: Character) -> Bool {
        character.isWhitespace || "([{:=,".contains(character)
    }
}
