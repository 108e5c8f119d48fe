extension PDFFontSet {
    /// The width in points of `text` set in `font` at `size`, each character in the font that will show it.
    public func width(of text: String, font: PDFStandardFont, size: Double) -> Double {
        Double(thousandths(of: text, font: font)) * size / 1000
    }

    /// Breaks `text` into lines no wider than `width` points: at spaces where possible, inside a word that is
    /// wider than a line on its own. Line breaks in the text (`\n`, `\r\n`, …) are kept; an empty line stays.
    /// Spaces where a line is broken are dropped; other spacing, and a paragraph's indentation, is kept.
    public func lines(for text: String, font: PDFStandardFont, size: Double, width: Double) -> [String] {
        let measure = { (piece: Substring) -> Double in self.width(of: String(piece), font: font, size: size) }
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lines += Self.wrap(paragraph, width: width, measure: measure)
        }
        return lines
    }

    private static func wrap(_ paragraph: Substring, width: Double, measure: (Substring) -> Double) -> [String] {
        var lines: [String] = []
        var line = ""
        var lineWidth = 0.0
        for (spaces, word) in tokens(of: paragraph) {
            let gap = line.isEmpty && !lines.isEmpty ? "" : spaces
            let candidate = lineWidth + measure(gap) + measure(word)
            if candidate <= width || (line.isEmpty && word.isEmpty) {
                line += gap + word
                lineWidth = candidate
                continue
            }
            if !line.isEmpty {
                lines.append(line)
            }
            var rest = word
            while measure(rest) > width, let split = longestFittingPrefix(of: rest, width: width, measure: measure) {
                lines.append(String(rest[..<split]))
                rest = rest[split...]
            }
            line = String(rest)
            lineWidth = measure(rest)
        }
        lines.append(line)
        return lines
    }

    /// Runs of spaces (or tabs), each followed by the word after it (the last word may be empty).
    private static func tokens(of paragraph: Substring) -> [(spaces: Substring, word: Substring)] {
        var tokens: [(Substring, Substring)] = []
        var index = paragraph.startIndex
        while index < paragraph.endIndex {
            let wordStart = paragraph[index...].firstIndex { $0 != " " && $0 != "\t" } ?? paragraph.endIndex
            let wordEnd = paragraph[wordStart...].firstIndex { $0 == " " || $0 == "\t" } ?? paragraph.endIndex
            tokens.append((paragraph[index..<wordStart], paragraph[wordStart..<wordEnd]))
            index = wordEnd
        }
        return tokens
    }

    /// Where to cut `word` so that the part before fits `width`; at least one character, so breaking progresses.
    /// Nil when the word is a single character (it then stands on its own line, however wide).
    private static func longestFittingPrefix(
        of word: Substring, width: Double, measure: (Substring) -> Double
    ) -> Substring.Index? {
        guard word.count > 1 else { return nil }
        var used = 0.0
        var index = word.startIndex
        while index < word.endIndex {
            let next = word.index(after: index)
            used += measure(word[index..<next])
            if used > width {
                break
            }
            index = next
        }
        return index == word.startIndex ? word.index(after: index) : index
    }
}
