import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Terminal text: control characters shown escaped")
struct TerminalTextTests {
    @Test(arguments: [
        ("\u{1B}[2J", #"\u001B[2J"#), ("bell\u{07}", #"bell\u0007"#), ("\u{9B}6n", #"\u009B6n"#),
        ("del\u{7F}", #"del\u007F"#), ("a\nb\tc\rd", #"a\u000Ab\u0009c\u000Dd"#),
        ("\u{202E}desrever", #"\u202Edesrever"#), ("\u{2066}iso\u{2069}", #"\u2066iso\u2069"#),
        ("\u{0}", #"\u0000"#),
    ])
    func controlAndBidiCharactersAreEscaped(_ text: String, _ shown: String) {
        #expect(TerminalText.escaped(text) == shown)
    }

    @Test func printableTextIsUnchanged() {
        // U+00A0 (after C1), a paragraph separator and the neighbours of the bidi controls stay.
        for text in ["Öltemperatur 温度 (°C) Ω «ok»", "\u{A0}\u{2029}\u{2065}\u{206A}\u{2029}\u{202F}", "👍🏽", ""] {
            #expect(TerminalText.escaped(text) == text)
        }
    }

    @Test func aLineTurnsBreaksAndTabsIntoSpacesAndEscapesTheRest() {
        #expect(TerminalText.line("one\r\ntwo\tthree\u{1B}[1A") == #"one two three\u001B[1A"#)
        #expect(TerminalText.lines(["1. next\u{07}", "2. x\ny"]) == "1. next\\u0007\n2. x\\u000Ay")
    }

    @Test func aReviewTableStaysAlignedAroundEscapes() throws {
        var review = Review(form: try ReviewFixture.filledInspection())
        review.header.title = "Pump \u{1B}]0;title\u{07}"
        review.rows[0].section = "S\u{1B}[8m"
        let text = ReviewPrinter.text(review)
        #expect(text.hasPrefix(#"Pump \u001B]0;title\u0007"#))
        #expect(!text.unicodeScalars.contains { $0.value < 0x20 && $0 != "\n" })
        // The escape takes its columns in the table: the questions start under "Question".
        let lines = text.split(separator: "\n")
        let heading = try #require(lines.first { $0.hasPrefix("#  Section") })
        let row = try #require(lines.first { $0.hasPrefix("1  ") })
        #expect(row.hasPrefix(#"1  S\u001B[8m  Pump isolated?"#), "\(text)")
        let column = { (line: Substring, word: String) in
            line.firstRange(of: word).map { line.distance(from: line.startIndex, to: $0.lowerBound) }
        }
        #expect(column(heading, "Question") == column(row, "Pump isolated?"))
    }
}
