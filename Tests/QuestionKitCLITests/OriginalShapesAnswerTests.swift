import Foundation
import QuestionKit
import TestSupport
import Testing

@testable import QuestionKitCLI

/// Issue 23, items 4 and 7, on completed forms in the original's shapes (as MI-FORMAT describes them:
/// `qid`, the editor's padding, `"True"` from an older app, `"numberInput"` as the editor or a hand
/// wrote it, every `user-answer` key present): the three flags that differ from the original server
/// by decision (Format.md, "Flags"), and answers shown as stored on every surface.
@Suite("Original shapes: flags as decided, answers as stored")
struct OriginalShapesAnswerTests {
    /// A completed form of the original system holding `questions` (JSON texts, comma-separated).
    static func form(_ questions: String) -> String {
        """
        {"Title": "Generator Weekly Test", "RevisionNumber": "2", "_id": "5c7d2f",
         "questions": [\(questions)],
         "username": "tech1", "completedDate": "Mar 4, 2019", "SubmittedDate": "Mar 5, 2019",
         "foremanComment": {"comment": "", "supervisor": "boss"},
         "media": {"images": {}, "videos": {}, "voice": {}}}
        """
    }

    /// A numeric question of the web editor (padding, both bounds written) with `user-answer`.
    static func reading(_ text: String, numberInput: String = "true", answer: String, comment: String = "") -> String {
        #"{"answer-type": "short-answer", "qid": "1", "question": "\#(text)", "numberInput": \#(numberInput), "#
            + #""answers": ["", "", "", "", ""], "acceptedAnswer": {"from": "350", "to": "450"}, "#
            + #""user-answer": {"short-answer": \#(answer), "comment": "\#(comment)"}}"#
    }

    /// The rows of `review --format json` of `form`.
    static func rows(of form: String) throws -> [[String: Any]] {
        let folder = try TemporaryFolder()
        let path = try folder.write("form.json", form)
        let outcome = runTool(["review", "--format", "json", path])
        let json = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        return try #require(json["rows"] as? [[String: Any]])
    }

    static func flagCodes(_ row: [String: Any]) -> [String] {
        ((row["flags"] as? [[String: Any]]) ?? []).compactMap { $0["code"] as? String }
    }

    // MARK: Item 4: the flags the original server did not raise

    /// Decision (Format.md, "a reading left out"): the server compared "" as NaN and never flagged it.
    @Test func aReadingLeftOutWithOnlyACommentIsFlagged() throws {
        let rows = try Self.rows(
            of: Self.form(Self.reading("Belt tension (N)", answer: #""""#, comment: "gauge broken")))
        #expect(Self.flagCodes(rows[0]) == ["question.no-answer"])
        #expect(
            (rows[0]["flags"] as? [[String: Any]])?.first?["message"] as? String
                == "no answer; expected: a number from 350 to 450")
    }

    /// Decision (Format.md, "a lone point"): the app's field let "." through; the server flagged nothing.
    @Test func aLonePointIsNotANumberAndIsFlagged() throws {
        let rows = try Self.rows(of: Self.form(Self.reading("Belt tension (N)", answer: #"".""#)))
        #expect(Self.flagCodes(rows[0]) == ["short-answer.not-a-number"])
        #expect(rows[0]["answer"] as? String == ".")
        // While filling, it is refused like any other non-number; ".5" and "5." are numbers.
        let question = #"{"answer-type": "short-answer", "question": "Q", "numberInput": true}"#
        let folder = try TemporaryFolder()
        let template = try folder.write("t.json", #"{"Title": "T", "questions": [\#(question)]}"#)
        for (answer, accepted) in [(".", false), (".5", true), ("5.", true)] {
            let fixture = try folder.write("t.fixture.json", #"{"answers": {"1": {"answer": "\#(answer)"}}}"#)
            let outcome = runTool(["run", template, "--answers", fixture])
            #expect(outcome.standardError.contains("short-answer.not-a-number") != accepted, "\(answer)")
        }
    }

    /// Decision (Format.md, "numberInput as a string"): the app made it a text question; here it
    /// asks for a number, with a warning whose hint says what the original did.
    @Test func numberInputAsAStringAsksForANumber() throws {
        let rows = try Self.rows(
            of: Self.form(
                Self.reading("Belt tension (N)", numberInput: #""true""#, answer: #""500""#) + ","
                    + Self.reading("Belt tension again (N)", numberInput: #""true""#, answer: #""about 400""#)))
        #expect(Self.flagCodes(rows[0]) == ["short-answer.out-of-range"])
        #expect(Self.flagCodes(rows[1]) == ["short-answer.not-a-number"])
        let folder = try TemporaryFolder()
        let template = try folder.write(
            "t.json",
            #"{"Title": "T", "questions": [{"answer-type": "short-answer", "question": "Q", "numberInput": "true"}]}"#)
        let outcome = runTool(["validate", template])
        #expect(outcome.standardOutput.contains("short-answer.number-input-string"))
        #expect(outcome.standardOutput.contains("the original app read any string as false"))
    }

    // MARK: Item 7: shown as stored

    /// An older app's "True", a reading with spaces around it, blank text, an option in another case.
    static let stored = form(
        #"""
        {"question": "Control switch in AUTO?", "qid": "2", "answers": ["yes", "no"], "acceptedAnswer": "True",
         "answer-type": "true/false", "user-answer": {"check-boxes": ["True"], "comment": ""}},
        {"answer-type": "short-answer", "qid": "1", "question": "Hour meter (h)", "numberInput": true,
         "answers": ["", "", "", "", ""], "acceptedAnswer": {"from": "", "to": ""},
         "user-answer": {"short-answer": " 5 ", "comment": ""}},
        {"answer-type": "short-answer", "qid": "1", "question": "Serial number", "numberInput": false,
         "user-answer": {"short-answer": "   ", "comment": "plate missing"}},
        {"answer-type": "multiple-choice", "qid": "4", "question": "Intake filter", "max-answers": "1",
         "answers": ["Clean", "", "Dirty", "", ""], "acceptedAnswer": "Clean",
         "user-answer": {"check-boxes": ["clean"], "comment": ""}},
        {"answer-type": "true/false", "qid": "2", "question": "Guard fitted?", "acceptedAnswer": "Yes",
         "user-answer": {"check-boxes": ["Yes"], "comment": ""}}
        """#)

    static let shown = [
        "True (read as Yes)", #"" 5 " (read as 5)"#, #""   " (read as no answer)"#, "clean (read as Clean)",
    ]

    @Test func theReviewShowsWhatIsStoredWithItsReading() throws {
        let rows = try Self.rows(of: Self.stored)
        #expect(rows.map { $0["answerSummary"] as? String } == Self.shown + ["Yes"])
        #expect((rows[0]["answer"] as? [String]) == ["True"])
        #expect(rows[1]["answer"] as? String == " 5 ")
        #expect(rows[2]["answer"] as? String == "   ")
        #expect((rows[3]["answer"] as? [String]) == ["clean"])
        #expect(rows.allSatisfy { Self.flagCodes($0).isEmpty })
        let folder = try TemporaryFolder()
        let table = runTool(["review", try folder.write("form.json", Self.stored)]).standardOutput
        for text in ["True (read as Yes)", #"" 5 " (read as 5)"#, "clean (read as Clean)"] {
            #expect(table.contains(text), "\(text)")
        }
    }

    @Test func theTextExportShowsWhatIsStoredWithItsReading() throws {
        let folder = try TemporaryFolder()
        let text = runTool(["export", "--format", "text", try folder.write("form.json", Self.stored)]).standardOutput
        #expect(text.contains("[x] True (read as Yes)\n[ ] No"))
        #expect(text.contains("[x] clean (read as Clean)\n[ ] Dirty"))
        for shown in Self.shown { #expect(text.contains(shown), "\(shown)") }
        #expect(text.contains("[x] Yes\n"))
    }

    @Test func theExportChangesNoStoredValue() throws {
        let folder = try TemporaryFolder()
        let exported = runTool(["export", "--format", "json", try folder.write("form.json", Self.stored)])
        #expect(exported.status == 0)
        let again = try #require(
            try JSONSerialization.jsonObject(with: Data(exported.standardOutput.utf8)) as? [String: Any])
        let answers = try #require(again["questions"] as? [[String: Any]]).map { $0["user-answer"] as? [String: Any] }
        #expect(answers[0]?["check-boxes"] as? [String] == ["True"])
        #expect(answers[1]?["short-answer"] as? String == " 5 ")
        #expect(answers[2]?["short-answer"] as? String == "   ")
        #expect(answers[3]?["check-boxes"] as? [String] == ["clean"])
    }

    @Test(.enabled(if: PDFExportTools.available, PDFExportTools.toolsMissing))
    func thePrintoutShowsWhatIsStoredWithItsReading() throws {
        let folder = try TemporaryFolder()
        let pdf = folder.path + "/form.pdf"
        #expect(
            runTool(["export", "--format", "pdf", "-o", pdf, try folder.write("form.json", Self.stored)]).status == 0)
        let text = try PDFExportTools.run("pdftotext", ["-enc", "UTF-8", pdf, "-"]).output
        for shown in ["True (read as Yes) - Selected", #"" 5 " (read as 5)"#, "clean (read as Clean) - Selected"] {
            #expect(text.contains(shown), "\(shown)")
        }
        #expect(text.contains("(read as no answer)"))
    }
}
