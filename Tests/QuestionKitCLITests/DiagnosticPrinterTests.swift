import QuestionKit
import QuestionKitForms
import Testing

@testable import QuestionKitCLI

@Suite struct DiagnosticPrinterTests {
    /// The excerpt's source line and the character above its caret (a tab counts as one, as it is
    /// above a tab in the caret line).
    static func caretColumn(_ excerpt: String) -> (shown: String, under: Unicode.Scalar)? {
        let lines = excerpt.split(separator: "\n", omittingEmptySubsequences: false)
        guard lines.count == 3, let caret = lines[1].firstIndex(of: "^") else { return nil }
        let offset = lines[1].distance(from: lines[1].startIndex, to: caret)
        let shown = Array(lines[0].unicodeScalars)
        guard offset < shown.count else { return nil }
        return (String(lines[0]), shown[offset])
    }

    static func excerpt(_ line: String, column: Int) throws -> String {
        let window = try #require(SourceLocator(bytes: Array(line.utf8)).excerpt(line: 1, column: column))
        return DiagnosticPrinter.excerpt(window)
    }

    @Test func theCaretStaysUnderItsColumnAfterEscapedCharacters() throws {
        // Column 15 is the 'x' after the ESC, BEL, C1 and override: each is shown as six characters.
        let line = "\t\"a\u{1B}[2J\u{07}\u{9B}\u{202E}\": 1xy"
        let excerpt = try Self.excerpt(line, column: 15)
        #expect(excerpt.unicodeScalars.allSatisfy { $0.value >= 0x20 || $0 == "\n" || $0 == "\t" })
        let (shown, under) = try #require(Self.caretColumn(excerpt))
        #expect(shown == "    \t\"a\\u001B[2J\\u0007\\u009B\\u202E\": 1xy")
        #expect(under == "x")
    }

    @Test func aLongLineKeepsTheCaretUnderItsColumnToo() throws {
        let line = String(repeating: "\u{1B}", count: 80) + "\"key\": 1x" + String(repeating: " ", count: 80)
        let excerpt = try Self.excerpt(line, column: 89)
        let (_, under) = try #require(Self.caretColumn(excerpt))
        #expect(under == "x")
    }

    @Test func theMessageHintAndPathAreEscaped() {
        let file = FileDiagnostics(
            path: "odd\u{1B}name.json",
            diagnostics: [
                Diagnostic(severity: .error, code: "x.y", message: "bad 'a\u{1B}[2Jb'", hint: "Try 'c\u{07}'.")
            ],
            source: nil)
        #expect(
            DiagnosticPrinter.text(file)
                == "odd\\u001Bname.json: error: bad 'a\\u001B[2Jb' [x.y]\n  hint: Try 'c\\u0007'.\n")
    }

    @Test func summarisedNotesPrintTheFirstOfEachCodeAndCountTheRest() {
        let note = { (code: String, line: Int) in
            Diagnostic(severity: .note, code: code, message: "kept", position: SourcePosition(line: line, column: 1))
        }
        let warning = Diagnostic(
            severity: .warning, code: "a", message: "lost", position: SourcePosition(line: 4, column: 1))
        let file = FileDiagnostics(
            path: "f.json", diagnostics: [note("a", 1), note("b", 2), note("a", 3), warning, warning, note("a", 5)],
            source: nil)
        #expect(
            DiagnosticPrinter.text(file, repeatedNotes: .summarised)
                == """
                f.json:1:1: note: kept [a]
                f.json:2:1: note: kept [b]
                f.json:4:1: warning: lost [a]
                f.json:4:1: warning: lost [a]
                f.json: note: 2 more notes of this kind not shown (--format json lists every one) [a]

                """)
        // Printed in full, every note is there.
        #expect(DiagnosticPrinter.text(file).components(separatedBy: "note: kept [a]").count == 4)
    }
}
