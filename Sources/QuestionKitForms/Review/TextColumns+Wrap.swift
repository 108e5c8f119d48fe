import QuestionKit

extension TextColumns {
    /// `text` in lines of at most `width` columns, broken at spaces; a word wider than `width` is
    /// broken between characters (a wide character alone may exceed a width of 1). Runs of spaces
    /// collapse where a line breaks. Text that fits is one line as it is; empty text is one empty line.
    static func wrap(_ text: String, to width: Int) -> [String] {
        guard width > 0, self.width(text) > width else { return [text] }
        var lines: [String] = []
        var line = ""
        var used = 0
        for word in text.split(separator: " ") {
            var rest = word
            var restWidth = self.width(rest)
            if used > 0, used + 1 + restWidth <= width {
                line += " " + rest
                used += 1 + restWidth
                continue
            }
            if used > 0 { lines.append(line) }
            while restWidth > width {
                let (piece, pieceWidth) = prefix(of: rest, width: width)
                lines.append(String(piece))
                rest = rest[piece.endIndex...]
                restWidth -= pieceWidth
            }
            (line, used) = (String(rest), restWidth)
        }
        if used > 0 || lines.isEmpty { lines.append(line) }
        return lines
    }

    /// The longest start of `word` that fits `width` columns (at least one character), and its width.
    private static func prefix(of word: Substring, width: Int) -> (Substring, Int) {
        var end = word.startIndex
        var used = 0
        while end < word.endIndex {
            let next = self.width(of: word[end])
            if used > 0, used + next > width { break }
            used += next
            end = word.index(after: end)
        }
        return (word[..<end], used)
    }
}
