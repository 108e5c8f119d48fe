import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// Issue 24: a 20 MB key was echoed whole in its message, so one line of `validate` output was 20 MB.
@Suite("Diagnostics quote a bounded prefix")
struct DiagnosticQuotingTests {
    private let long = String(repeating: "k", count: 1_000_000)
    private let prefix = String(repeating: "k", count: 200) + "…"

    @Test func aHugeKeyOrValueIsQuotedByItsFirstCharacters() throws {
        let text = Fixture.template([#"{"answer-type": "\#(long)", "question": "q", "\#(long)": 1}"#])
            .replacingOccurrences(of: #""Title": "T""#, with: #""Title": "T", "\#(long)": 1"#)
        let diagnostics = try Fixture.read(text).diagnostics
        let messages = diagnostics.map(\.message)
        #expect(messages.contains("unknown key '\(prefix)' in the template"), "\(messages.map { $0.prefix(300) })")
        #expect(messages.contains { $0.hasPrefix("unknown answer-type '\(prefix)'") })
        #expect(diagnostics.allSatisfy { $0.message.count < 600 && ($0.hint?.count ?? 0) < 600 })
    }

    @Test func shortQuotesAndApostrophesAreKeptAsTheyAre() {
        let message = "it isn't 'short' nor \"quoted\"; 'o''clock' " + String(repeating: "x", count: 300)
        #expect(Diagnostic(severity: .error, code: "t.c", message: message).message == message)
        let exact = "'" + String(repeating: "é", count: 200) + "'"
        #expect(Diagnostic(severity: .error, code: "t.c", message: exact).message == exact)
        let over = "\"" + String(repeating: "é", count: 201) + "\" and 'x'"
        #expect(
            Diagnostic(severity: .error, code: "t.c", message: over, hint: over).hint
                == "\"" + String(repeating: "é", count: 200) + "…\" and 'x'")
    }

    /// The rest of an over-long quoted value is skipped by bytes, not characters (the 2 MB key of the
    /// benchmark cost 0.46 G instructions): where the quote closes must not move. A mark followed by
    /// a combining accent is another character and closes nothing; `\r\n` is one character.
    @Test(arguments: [
        "'" + String(repeating: "k", count: 300) + "'\u{301}" + String(repeating: "k", count: 300) + "' then 'x'",
        "'" + String(repeating: "k", count: 250) + "\r\n'" + " and 'y" + String(repeating: "z", count: 300) + "'",
        "\"" + String(repeating: "é", count: 300) + String(repeating: "k", count: 300) + "\u{301}\" and 'é'",
        "'" + String(repeating: "a", count: 199) + "é\u{301}" + String(repeating: "b", count: 300) + "\r\u{301}c' 'd'",
        "'" + String(repeating: "q", count: 300) + "'\u{903}" + String(repeating: "w", count: 300) + "'",
        "'" + String(repeating: "k", count: 1_200),
    ])
    func theRestOfALongQuoteIsSkippedWhereItCloses(message: String) {
        #expect(Diagnostic(severity: .error, code: "t.c", message: message).message == characterByCharacter(message))
    }

    /// `Diagnostic.boundingQuotes` as it read every character (the behaviour the skip keeps).
    private func characterByCharacter(_ text: String) -> String {
        var result = ""
        var (kept, quote, quoted) = (0, Character?.none, 0)
        var previous: Character?
        for character in text {
            defer { previous = character }
            guard kept <= Diagnostic.maxMessageCharacters else { break }
            if let open = quote, character != open {
                quoted += 1
                if quoted > Diagnostic.maxQuotedCharacters {
                    if quoted == Diagnostic.maxQuotedCharacters + 1 { result.append("…") }
                    continue
                }
            } else if quote != nil {
                quote = nil
            } else if character == "'" || character == "\"",
                previous.map({ $0.isWhitespace || "([{:=,".contains($0) }) ?? true
            {
                (quote, quoted) = (character, 0)
            }
            result.append(character)
            kept += 1
        }
        if kept > Diagnostic.maxMessageCharacters {
            result.removeLast()
            result.append("…")
        }
        return result
    }
}
