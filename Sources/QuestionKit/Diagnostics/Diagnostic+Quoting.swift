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
    /// One pass over the text; a short text is returned as it is.
    static func boundingQuotes(_ text: String) -> String {
        guard text.utf8.count > maxQuotedCharacters else { return text }
        var result = ""
        var (kept, quote, quoted) = (0, Character?.none, 0)
        var previous: Character?
        for character in text {
            defer { previous = character }
            guard kept <= maxMessageCharacters else { break }
            if let open = quote, character != open {
                quoted += 1
                if quoted > maxQuotedCharacters {
                    if quoted == maxQuotedCharacters + 1 { result.append("…") }
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

    private static func opensAQuote(after character: Character) -> Bool {
        character.isWhitespace || "([{:=,".contains(character)
    }
}
