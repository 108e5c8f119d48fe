import Foundation
import TestSupport
import Testing

@testable import QuestionKitCLI

/// Issue 23, items 5 and 6 through `questionkit store`: the foreman's edits and attachments on a
/// completed form, and forms of an early-format template, end in an outbox copy that the original
/// viewer's stand-in and our `review` read.
@Suite struct StoreForemanCommandTests {
    static let completed = "CompletedMIs/\(StoreWorkspace.form) 14-05-09"

    /// A store with ann's pump form filled from the bundled fixture and completed.
    static func completedForm() throws -> StoreWorkspace {
        let work = try StoreWorkspace()
        _ = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        #expect(work.run("fill", StoreWorkspace.form, "--answers", try work.answers(from: 1)).status == 0)
        #expect(work.run("complete", StoreWorkspace.form, "--now", "2026-03-02T14:05:09Z").status == 0)
        return work
    }

    @Test func theForemanEditsAndAttachesAndTheOriginalViewerReadsTheSubmittedForm() throws {
        let work = try Self.completedForm()
        let form = Self.completed
        let edit = work.run(
            "edit", form, "3", "--answer", "Loose", "--comment", "Guard bolt missing", "--foreman", "Bob", "--now",
            "2026-03-02T15:00:00Z")
        #expect(edit.status == 0, "\(edit.standardError)")
        #expect(
            edit.standardOutput
                == "Bob edited the answer and comment of question 3 of \(form); it awaits the foreman's submit\n")
        let list = work.run("edit", form, "7", "--answer-json", #"["Mechanical seal", "Drain plug"]"#)
        #expect(list.status == 0, "\(list.standardError)")
        let attach = work.run("attach", form, "--question", "3", try work.folder.write("guard.jpg", "a photo"))
        #expect(attach.status == 0, "\(attach.standardError)")
        #expect(attach.standardOutput.hasPrefix("attached Qid2.jpg (image) to question 3 of \(form)"))

        // Refused: an option the question lacks, JSON that is not JSON, nothing to edit.
        let wrong = work.run("edit", form, "3", "--answer", "Bent")
        #expect(wrong.status == 1)
        #expect(wrong.standardError.contains("[store.bad-answer]"), "\(wrong.standardError)")
        #expect(work.run("edit", form, "7", "--answer-json", "[oops").status == 64)
        #expect(work.run("edit", form, "3").status == 64)
        #expect(work.run("edit", form, "3", "--answer", "Loose", "--answer-json", #""Loose""#).status == 64)

        let submit = work.run("submit", form, "--now", "2026-03-03T09:00:00Z")
        #expect(submit.status == 0 && submit.standardError.isEmpty, "\(submit.standardError)")
        let outboxFile = "\(work.root)/Outbox/\(StoreWorkspace.form) 14-05-09/form.json"
        let data = try Data(contentsOf: URL(fileURLWithPath: outboxFile))
        let page = try OriginalViewer.open(data)
        #expect(page.questions[2].answer == "Loose" && page.questions[2].comment == "Guard bolt missing")
        #expect(page.questions[6].answer == "Mechanical seal")
        #expect(page.images == ["Qid2": Data("a photo".utf8).base64EncodedString()])

        // The record: who, when, what was before, in the question's user-answer.
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let question = try #require((root["questions"] as? [[String: Any]])?[2]["user-answer"] as? [String: Any])
        let edits = try #require(question["foremanEdits"] as? [[String: Any]])
        #expect(edits.map { $0["supervisor"] as? String } == ["Bob", "Bob"])
        #expect(edits[0]["date"] as? String == "2026-03-02T15:00:00Z")
        let before = try #require(edits[0]["before"] as? [String: Any])
        #expect(before["check-boxes"] as? [String] == ["In place and secure"] && before["comment"] as? String == "")
        #expect(edits[1]["before"] as? [String: [String]] == ["images": [], "videos": [], "voice": []])

        let review = runTool(["review", outboxFile])
        #expect(review.status == 0 && review.standardError.isEmpty, "\(review.standardError)")
        #expect(review.standardOutput.contains("Loose"))
    }

    /// Item 5: a form of an early-format template (`Questions`, `version`) is kept in the store, and
    /// sent, with the final spellings, so that the original server and viewer read it.
    @Test func formsOfAnEarlyTemplateAreStoredAndSentWithTheFinalKeys() throws {
        let work = try StoreWorkspace()
        let template = packageRoot + "/Tests/Templates/early-format/early-format-example.json"
        let start = work.run("start", template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        #expect(start.status == 0, "\(start.standardError)")
        let form = "ann/Standby Diesel Generator Weekly Test 01-03-2026"
        func keys(_ file: String) throws -> [String] {
            let data = try Data(contentsOf: URL(fileURLWithPath: file))
            let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            return root.keys.sorted()
        }
        let stored = try keys("\(work.root)/\(form)/form.json")
        #expect(stored.contains("questions") && stored.contains("RevisionNumber"))
        #expect(!stored.contains("Questions") && !stored.contains("version"))

        let fixture = try work.folder.write(
            "early.fixture.json",
            #"{"answers": {"1": {"answer": ["Yes"]}, "2": {"answer": "1234"}, "3": {"answer": "84"}, "#
                + #""4": {"answer": ["Full"]}, "5": {"comment": "No load bank today."}, "6": {"answer": ["Yes"]}, "#
                + #""7": {"answer": ["No alarms"]}, "8": {"answer": "None"}}}"#)
        let fill = work.run("fill", form, "--answers", fixture)
        #expect(fill.status == 0, "\(fill.standardError)")
        #expect(work.run("complete", form, "--now", "2026-03-02T14:05:09Z").status == 0)
        let done = "CompletedMIs/\(form) 14-05-09"
        let submit = work.run("submit", done, "--foreman", "Bob")
        #expect(submit.status == 0, "\(submit.standardError)")
        let outboxFile = "\(work.root)/Outbox/ann/Standby Diesel Generator Weekly Test 01-03-2026 14-05-09/form.json"
        #expect(try !keys(outboxFile).contains("Questions"))
        let page = try OriginalViewer.open(Data(contentsOf: URL(fileURLWithPath: outboxFile)))
        #expect(page.questions.map(\.answer) == ["Yes", "1234", "84", "Full", "", "Yes", "No alarms", "None"])
        // The template's own warnings (questions without answer-type) remain; the early keys are gone.
        let review = runTool(["review", outboxFile])
        #expect(review.status == 0 && !review.standardError.contains("early"), "\(review.standardError)")
        #expect(review.standardOutput.contains("Standby Diesel Generator Weekly Test"))
    }
}
