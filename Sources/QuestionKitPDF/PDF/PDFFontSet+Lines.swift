import QuestionKit

extension PDFFontSet {
    /// The width in points of `text` set in `font` at `size`, each character in the font that will show it.
    public func width(of text: String, font: PDFStandardFont, size: Double) -> Double {
        Double(thousandths(of: text, font: font)) * size / 1000
    }

    /// Breaks `text` into lines no wider than `width` points: at spaces where possible, inside a word that is
    /// wider than a line on its own. Line breaks in the text (`\n`, `\r\n`, …) are kept; an empty line stays.
    /// Spaces where a line is broken are dropped; other spacing, and a paragraph's indentation, is kept.
    public func lines(for text: String, font: PDFStandardFont, size: Double, width: Double) -> [String] {
        if let total = oneLineThousandths(of: text, font: font), Double(total) * size / 1000 <= width * (1 - 1e-9) {
            return [text]
        }
        // Counted for the tests that hold breaking a long word linear in its length.
        var measured = 0
        let measure = { (piece: Substring) -> Double in
            measured += piece.utf8.count
            return self.width(of: String(piece), font: font, size: size)
        }
        var lines: [String] = []
        for paragraph in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline) {
            lines += Self.wrap(paragraph, width: width, measure: measure)
        }
        WorkCounter.add(measured, to: .measuredCharacters)
        return lines
    }

    /// The width of `text` when it is plain (see `plainCodes(of:_:)`) and holds no line break, else nil.
    ///
    /// Most texts of a form are such and fit on a line: measured once as a whole, they skip the cutting into
    /// words. Measured piece by piece the sum may differ in its last bits, hence the margin above; text
    /// that falls within it is wrapped the long way, with the same result as before.
    private func oneLineThousandths(of text: String, font: PDFStandardFont) -> Int? {
        guard preferred.isEmpty, !text.utf8.contains(where: { $0 >= 0x0A && $0 <= 0x0D }) else { return nil }
        var total = 0
        return Self.plainCodes(of: text, { total += font.width(ofCode: $0) }) ? total : nil
    }

    static func wrap(_ paragraph: Substring, width: Double, measure: (Substring) -> Double) -> [String] {
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
            let (pieces, rest) = breakWord(word, width: width, measure: measure)
            lines += pieces
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

    /// `word` broken between characters into lines that fit `width` (at least one character each, so that
    /// breaking progresses), and the rest, which fits or is a single character (it then stands on its own
    /// line, however wide). Each character is measured once or twice, never the whole rest again per line:
    /// a word of a million characters costs a million measurements, not a million per line.
    private static func breakWord(
        _ word: Substring, width: Double, measure: (Substring) -> Double
    ) -> (lines: [String], rest: Substring) {
        var lines: [String] = []
        var start = word.startIndex
        var index = start
        var used = 0.0
        while index < word.endIndex {
            let next = word.index(after: index)
            let characterWidth = measure(word[index..<next])
            if used + characterWidth <= width {
                used += characterWidth
                index = next
                continue
            }
            let cut = index == start ? next : index
            if cut == word.endIndex {
                break
            }
            lines.append(String(word[start..<cut]))
            start = cut
            index = cut
            used = 0
        }
        return (lines, word[start...])
    }
}
