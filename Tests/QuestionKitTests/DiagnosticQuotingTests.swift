import Testing

@testable import CoreTestSupport
@testable import QuestionKit

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
}
