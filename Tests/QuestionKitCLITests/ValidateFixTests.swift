import Foundation
import QuestionKit
import QuestionKitForms
import TestSupport
import Testing

@testable import QuestionKitCLI

/// `validate --fix` on hostile templates: no crash, no meaning changed, and no silent stop
/// (issue 24, items 1, 2 and 4).
@Suite struct ValidateFixTests {
    /// 25 bytes: a question with an unquoted key, whose type its qid gives away (a fix inserting
    /// the type before that key crashed `validate`).
    static let unquotedKey = #"{"questions":[{qid:"1"}]}"#

    @Test func anUnquotedKeyIsASyntaxErrorNotACrash() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("unquoted.json", Self.unquotedKey)
        let outcome = runTool(["validate", path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("\(path):1:16: error: unexpected character 'q'; expected a string key"))
        let fixed = runTool(["validate", "--fix", path])
        #expect(fixed.status == 1)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text == #"{"questions":[{"answer-type": "short-answer", "max-answers": "1", qid:"1"}]}"#)
    }

    static let twoRevisions = """
        {
          "Title": "Pump check",
          "version": "3",
          "RevisionNumbr": "4",
          "questions": [{"answer-type": "short-answer", "question": "Serial number?", "qid": "1"}]
        }
        """

    /// Both keys mean `RevisionNumber`; renaming both made the file validate clean with one of the
    /// two revisions gone.
    @Test func fixNeverRenamesTwoKeysOntoOne() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("revisions.json", Self.twoRevisions)
        let outcome = runTool(["validate", "--fix", path])
        #expect(outcome.status == 1)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == Self.twoRevisions)
        #expect(!outcome.standardError.contains("fixed:"))
        #expect(outcome.standardOutput.contains("Not fixed: 'version' would become 'RevisionNumber' too."))
        #expect(outcome.standardOutput.contains("Not fixed: 'RevisionNumbr' would become 'RevisionNumber' too."))
    }

    /// A diagnose that always offers one more safe fix: `--fix` stops at its round limit and says
    /// so, as an error of the file (so the exit status says it too).
    @Test func fixSaysWhereItStoppedWhenFixesKeepComing() {
        let endless: ([UInt8]) -> [Diagnostic] = { bytes in
            var diagnostic = Diagnostic(severity: .note, code: "t.more", message: "more")
            diagnostic.fixes = [
                FixIt(
                    title: "Add one", edits: [SourceEdit(range: bytes.count..<bytes.count, replacement: " ")],
                    isSafe: true)
            ]
            return [diagnostic]
        }
        let outcome = ValidateFix.fix(Array("{}".utf8), rounds: 3, diagnose: endless)
        #expect(outcome.bytes == Array("{}   ".utf8))
        #expect(outcome.applied.count == 3)
        let stop = outcome.unfinished
        #expect(stop?.severity == .error)
        #expect(stop?.code == "fix.unfinished")
        #expect(stop?.message == "--fix stopped after 3 rounds with 1 safe fix still to apply")
    }

    @Test func fixThatSettlesSaysNothingMore() {
        let once: ([UInt8]) -> [Diagnostic] = { bytes in
            guard bytes.count < 4 else { return [] }
            var diagnostic = Diagnostic(severity: .note, code: "t.more", message: "more")
            diagnostic.fixes = [
                FixIt(title: "Add one", edits: [SourceEdit(range: 0..<0, replacement: " ")], isSafe: true)
            ]
            return [diagnostic]
        }
        let outcome = ValidateFix.fix(Array("{}".utf8), rounds: 2, diagnose: once)
        #expect(outcome.bytes == Array("  {}".utf8))
        #expect(outcome.unfinished == nil)
    }
}

/// `validate --fix` mends the commonest slips, a trailing comma and a missing one (issue 25, item 7):
/// the file is written atomically, read again and validated, and a second `--fix` changes nothing.
@Suite struct ValidateFixCommaTests {
    static let slipped = """
        {
          "Title": "Pump check",
          "questions": [
            {"answer-type": "short-answer", "question": "Serial number?", "qid": "1"}
            {"answer-type": "short-answer" "question": "Guard serial?", "qid": "1"},
            {"answer-type": "short-answer", "question": "Pressure?", "qid": "1"},
          ]
        }

        """

    @Test func fixMendsTheCommasAndTheFileThenValidatesClean() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("slips.json", Self.slipped)
        #expect(runTool(["validate", path]).status == 1)
        let fixed = runTool(["validate", "--fix", path])
        #expect(fixed.status == 0, "\(fixed.standardOutput)")
        #expect(
            fixed.standardError
                == """
                \(path): fixed: Add a ',' between the elements
                \(path): fixed: Add a ',' between the members
                \(path): fixed: Remove the ',' before ']'

                """)
        #expect(fixed.standardOutput.isEmpty, "\(fixed.standardOutput)")
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(
            text == """
                {
                  "Title": "Pump check",
                  "questions": [
                    {"answer-type": "short-answer", "question": "Serial number?", "qid": "1"},
                    {"answer-type": "short-answer", "question": "Guard serial?", "qid": "1"},
                    {"answer-type": "short-answer", "question": "Pressure?", "qid": "1"}
                  ]
                }

                """)
        let again = runTool(["validate", "--fix", path])
        #expect(again.status == 0)
        #expect(again.standardError.isEmpty)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == text)
    }

    /// A quote inside a string is not a missing comma: the file is left as it is, and the error
    /// still says what to look at.
    @Test func aQuoteInsideAStringIsLeftForThePerson() throws {
        let folder = try TemporaryFolder()
        let template = """
            {"Title": "Pump check", "questions": [
              {"answer-type": "short-answer", "question": "Is the "main" valve shut?", "qid": "1"}
            ]}
            """
        let path = try folder.write("quote.json", template)
        let fixed = runTool(["validate", "--fix", path])
        #expect(fixed.status == 1)
        #expect(!fixed.standardError.contains("fixed:"), "\(fixed.standardError)")
        #expect(try String(contentsOfFile: path, encoding: .utf8) == template)
        #expect(fixed.standardOutput.contains("\(path):2:56: error: unexpected character 'm'; expected ',' or '}'"))
    }
}
