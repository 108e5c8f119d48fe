import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

@Suite("PDF text: line breaking")
struct PDFLineBreakingTests {
    private let fonts = PDFFontSet.standardOnly

    /// Helvetica at 10 pt: "a" is 5.56 pt, a space 2.78 pt.
    private func lines(_ text: String, width: Double) -> [String] {
        fonts.lines(for: text, font: .helvetica, size: 10, width: width)
    }

    @Test func breaksAtSpacesKeepingWhatFits() {
        // "aaa" is 16.68 pt; "aaa aaa" is 36.14 pt.
        #expect(lines("aaa aaa aaa", width: 36.14) == ["aaa aaa", "aaa"])
        #expect(lines("aaa aaa aaa", width: 36.13) == ["aaa", "aaa", "aaa"])
        #expect(lines("aaa aaa aaa", width: 1000) == ["aaa aaa aaa"])
    }

    @Test func breaksAWordLongerThanTheLineInsideIt() {
        // Three "a" (16.68 pt) fit in 17 pt, four do not.
        #expect(lines("aaaaaaaa bb", width: 17) == ["aaa", "aaa", "aa", "bb"])
    }

    @Test func aSingleCharacterWiderThanTheLineStandsAlone() {
        #expect(lines("WW", width: 3) == ["W", "W"])
    }

    @Test func keepsLineBreaksEmptyLinesAndIndentationButDropsSpacesAtBreaks() {
        #expect(lines("one\n\n  two three\r\nfour", width: 1000) == ["one", "", "  two three", "four"])
        #expect(lines("aaa    aaa", width: 20) == ["aaa", "aaa"])
        #expect(lines("", width: 100) == [""])
    }

    @Test func everyLineFitsAndNoCharacterIsLost() {
        let text =
            "The pressure gauge reads 4.5 bar; Durchflussmessgerätkalibrierungsprotokoll, supercalifragilistic "
            + "words, and “quotes” — all of them wrap within the column width without losing a character."
        for width in stride(from: 20.0, through: 300, by: 7) {
            let result = lines(text, width: width)
            for line in result where line.count > 1 {
                #expect(fonts.width(of: line, font: .helvetica, size: 10) <= width, "\(line) at \(width)")
            }
            let joined = result.joined().filter { $0 != " " }
            #expect(joined == text.filter { $0 != " " }, "at \(width)")
        }
    }

    @Test func aLongWordIsMeasuredInProportionToItsLength() {
        // Every character 5.56 pt wide: 17 fit in 100 pt. Re-measuring the rest of the word per
        // line would measure about 100,000² / 34 characters.
        let word = String(repeating: "a", count: 100_000)
        var measured = 0
        let result = PDFFontSet.wrap(Substring(word), width: 100) { piece in
            measured += piece.count
            return Double(piece.count) * 5.56
        }
        #expect(result.joined() == word)
        #expect(result.dropLast().allSatisfy { $0.count == 17 })
        #expect(result.last?.count == 100_000 % 17)
        #expect(measured <= 3 * word.count, "\(measured) characters measured")
    }

    @Test func aWordBrokenInsideKeepsTheLinesItHadBefore() {
        // The last piece of a broken word starts the next line, and the words after it join it when they fit.
        #expect(lines("aaaaaaa aa", width: 17) == ["aaa", "aaa", "a", "aa"])
        #expect(lines("aaaaaaa a", width: 30) == ["aaaaa", "aa a"])
        #expect(lines("Wa", width: 3) == ["W", "a"])
    }

    @Test(arguments: ["aaa aaa", " a\tb\u{1} c ", "Grüße – “ok” …", "W", ""])
    func aTextMeasuredWholeBreaksAsWhenMeasuredWordByWord(text: String) {
        // One-line text is measured as a whole; near its exact width it must still break as the
        // word-by-word wrap does.
        let exact = fonts.width(of: text, font: .helvetica, size: 10)
        let measure = { (piece: Substring) in self.fonts.width(of: String(piece), font: .helvetica, size: 10) }
        for width in [exact - 0.01, exact.nextDown, exact, exact.nextUp, exact + 0.01, exact * 2] where width > 0 {
            #expect(lines(text, width: width) == PDFFontSet.wrap(Substring(text), width: width, measure: measure))
        }
    }
}
