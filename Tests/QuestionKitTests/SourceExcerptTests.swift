import Testing

@testable import QuestionKit

@Suite("Source excerpts")
struct SourceExcerptTests {
    static func excerpt(_ text: String, line: Int = 1, column: Int) throws -> SourceExcerpt {
        try #require(SourceLocator(bytes: Array(text.utf8)).excerpt(line: line, column: column))
    }

    @Test func aShortLineIsShownWholeWithTheCaretAtItsColumn() throws {
        let window = try Self.excerpt("{\n  \"a\": tru\n}\n", line: 2, column: 8)
        #expect(window == SourceExcerpt(text: "  \"a\": tru", caretOffset: 7, isCutBefore: false, isCutAfter: false))
    }

    @Test func aLongLineIsCutToAWindowAroundTheColumn() throws {
        let line = (0..<1_000).map { String($0 % 10) }.joined()
        let window = try Self.excerpt(line, column: 501)
        #expect(window.text.count == 100)
        #expect(window.caretOffset == 50)
        #expect(Array(window.text)[50] == "0")
        #expect(window.isCutBefore && window.isCutAfter)
        let start = try Self.excerpt(line, column: 3)
        #expect(start.text == String(line.prefix(100)) && start.caretOffset == 2 && !start.isCutBefore)
        let end = try Self.excerpt(line, column: 990)
        #expect(end.text == String(line.suffix(61)) && end.caretOffset == 50 && !end.isCutAfter)
    }

    @Test func columnsCountScalarsInAWindowOfWideCharacters() throws {
        let line = String(repeating: "温", count: 149) + "x" + String(repeating: "度", count: 150)
        let window = try Self.excerpt("\n" + line, line: 2, column: 150)
        #expect(window.caretOffset == 50)
        #expect(Array(window.text.unicodeScalars)[50] == "x")
        #expect(window.text.unicodeScalars.count == 100)
    }

    @Test func aColumnPastTheEndPutsTheCaretAfterTheLine() throws {
        #expect(try Self.excerpt("abc", column: 9).caretOffset == 3)
        let long = String(repeating: "a", count: 300)
        let window = try Self.excerpt(long, column: 1_000)
        #expect(window.caretOffset == 50 && window.isCutBefore && !window.isCutAfter)
    }

    @Test func aLineThatDoesNotExistHasNoExcerpt() {
        #expect(SourceLocator(bytes: Array("a\nb".utf8)).excerpt(line: 3, column: 1) == nil)
    }
}
