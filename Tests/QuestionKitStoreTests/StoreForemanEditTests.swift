import Foundation
import QuestionKitFiles
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

/// Issue 23, item 6: the foreman edits an answer or a comment of a completed form and attaches
/// media to it, as the original allowed from the review. Assumed from MI-FORMAT ("The foreman could
/// edit answers and attach media to a completed form from the review"): the form stays completed,
/// awaiting the foreman's submit (the original returned to the foreman's review, it did not send the
/// form back to the technician); refused where the original refused: a submitted form, a question
/// the form lacks, an answer the type does not read.
@Suite struct StoreForemanEditTests {
    /// A completed form of ann's: "SN-1", no, 4.
    static func completedForm() throws -> (StoreFolder, FormReference) {
        let (folder, reference) = try StoreLifecycleTests.answeredForm()
        let completed = try folder.store.complete(reference, now: try StoreFolder.date("2026-03-01T12:00:00Z"))
        return (folder, completed.reference)
    }

    /// The `user-answer` of question `number` in the form's `form.json`, read with Foundation.
    static func userAnswer(_ folder: StoreFolder, _ reference: FormReference, question number: Int) throws
        -> [String: Any]
    {
        let data = try Data(contentsOf: URL(fileURLWithPath: folder.store.folder(of: reference) + "/form.json"))
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        let questions = try #require(root["questions"] as? [[String: Any]])
        return try #require(questions[number - 1]["user-answer"] as? [String: Any])
    }

    static func answer(_ json: String) throws -> JSONNode {
        try #require(JSONParser.parse(Array(json.utf8)).document).root
    }

    @Test func anEditChangesTheAnswerAndRecordsWhoWhenAndWhatWasBefore() throws {
        let (folder, reference) = try Self.completedForm()
        let edited = try folder.store.edit(
            reference, question: 1, QuestionEdit(answer: try Self.answer(#""SN-2""#), comment: "Plate re-read"),
            foreman: "Bob", now: try StoreFolder.date("2026-03-02T09:30:00Z"))
        // Still completed, where it was: back at the foreman's review, not the technician's.
        #expect(edited.reference == reference)
        let form = try folder.store.form(reference)
        #expect(form.warnings.isEmpty, "\(form.warnings)")
        #expect(form.form.foreman == "Bob" && form.form.completedDate == "Mar 1, 2026")
        #expect(form.form.entries[0].answer.flatMap { $0.value(as: String.self) } == "SN-2")
        #expect(form.form.entries[0].comment == "Plate re-read")

        let userAnswer = try Self.userAnswer(folder, reference, question: 1)
        #expect(userAnswer["short-answer"] as? String == "SN-2")
        let edits = try #require(userAnswer["foremanEdits"] as? [[String: Any]])
        #expect(edits.count == 1)
        #expect(edits[0]["supervisor"] as? String == "Bob")
        #expect(edits[0]["date"] as? String == "2026-03-02T09:30:00Z")
        let before = try #require(edits[0]["before"] as? [String: String])
        #expect(before == ["short-answer": "SN-1", "comment": ""])

        // A second edit, by the foreman who commented, adds to the record; the first stays as it was.
        _ = try folder.store.comment(reference, foreman: "Cy", text: "Checked")
        _ = try folder.store.edit(
            reference, question: 3, QuestionEdit(answer: try Self.answer("2")),
            now: try StoreFolder.date("2026-03-02T10:00:00Z"))
        let third = try #require(
            try Self.userAnswer(folder, reference, question: 3)["foremanEdits"] as? [[String: Any]])
        #expect(third.count == 1 && third[0]["supervisor"] as? String == "Cy")
        #expect(third[0]["before"] as? [String: String] == ["short-answer": "4"])
        let first = try #require(
            try Self.userAnswer(folder, reference, question: 1)["foremanEdits"] as? [[String: Any]])
        #expect(first.count == 1 && first[0]["date"] as? String == "2026-03-02T09:30:00Z")

        // Submitted, the record travels with the form and reads without a warning.
        let submission = try folder.store.submit(reference)
        let submitted = try folder.store.form(submission.outbox)
        #expect(submitted.warnings.isEmpty, "\(submitted.warnings)")
        #expect(submitted.form.entries.map(\.foremanEdits.count) == [1, 0, 1])
    }

    @Test func editsAreRefusedWhereTheOriginalRefusedThemAndChangeNothing() throws {
        let (folder, reference) = try Self.completedForm()
        let cases: [(FormReference, Int, QuestionEdit, String?, String)] = [
            (reference, 9, QuestionEdit(comment: "x"), "Bob", "store.refused"),
            (reference, 3, QuestionEdit(answer: try Self.answer(#""lots""#)), "Bob", "store.bad-answer"),
            (reference, 3, QuestionEdit(answer: try Self.answer("7")), "Bob", "store.bad-answer"),
            (reference, 1, QuestionEdit(answer: try Self.answer(#""  ""#)), "Bob", "store.refused"),
            (reference, 1, QuestionEdit(comment: "x"), nil, "store.wrong-state"),
        ]
        let before = folder.tree()
        let formFile = folder.store.folder(of: reference) + "/form.json"
        let text = try String(contentsOfFile: formFile, encoding: .utf8)
        for (form, question, edit, foreman, code) in cases {
            let error = try #require(throws: StoreError.self) {
                try folder.store.edit(form, question: question, edit, foreman: foreman)
            }
            #expect(error.code == code, "\(error)")
        }
        let badAnswer = try #require(throws: StoreError.self) {
            try folder.store.edit(
                reference, question: 3, QuestionEdit(answer: try Self.answer(#""lots""#)), foreman: "B")
        }
        #expect(badAnswer.message.contains("question 3") && badAnswer.message.contains("whole number"))
        #expect(folder.tree() == before)
        #expect(try String(contentsOfFile: formFile, encoding: .utf8) == text)

        // An incomplete form is the technician's (fill); a submitted one does not change.
        let incomplete = try folder.start("cal").reference
        let submitted = try folder.store.submit(reference, foreman: "Bob").outbox
        for form in [incomplete, submitted] {
            let error = try #require(throws: StoreError.self) {
                try folder.store.edit(form, question: 1, QuestionEdit(comment: "x"), foreman: "Bob")
            }
            #expect(error.code == "store.wrong-state")
        }
        let attach = try #require(throws: StoreError.self) {
            try folder.store.attach(submitted, question: 1, file: try folder.write("p.jpg", "photo"), foreman: "Bob")
        }
        #expect(attach.code == "store.wrong-state")
    }

    @Test func theForemanAttachesMediaToACompletedFormAndTheEditIsRecorded() throws {
        let (folder, reference) = try Self.completedForm()
        let noForeman = try #require(throws: StoreError.self) {
            try folder.store.attach(reference, question: 2, file: try folder.write("p.jpg", "photo"))
        }
        #expect(noForeman.code == "store.wrong-state")
        let attached = try folder.store.attach(
            reference, question: 2, file: try folder.write("p.jpg", "photo"), foreman: "Bob",
            now: try StoreFolder.date("2026-03-02T09:30:00Z"))
        #expect(attached.media.fileName == "Qid1.jpg")
        #expect(try String(contentsOfFile: attached.path, encoding: .utf8) == "photo")
        let userAnswer = try Self.userAnswer(folder, reference, question: 2)
        #expect(userAnswer["images"] as? [String] == ["Qid1"])
        let edits = try #require(userAnswer["foremanEdits"] as? [[String: Any]])
        #expect(edits.count == 1 && edits[0]["supervisor"] as? String == "Bob")
        #expect(edits[0]["before"] as? [String: [String]] == ["images": [], "videos": [], "voice": []])
        let form = try folder.store.form(reference)
        #expect(form.form.foreman == "Bob" && form.form.entries[1].media.map(\.name) == ["Qid1"])

        // The submitted form carries the photo embedded, and the record.
        let submission = try folder.store.submit(reference)
        let data = try Data(contentsOf: URL(fileURLWithPath: submission.formFile))
        #expect(try StoreLifecycleTests.embedded(data)["images"]?["Qid1"] == Data("photo".utf8).base64EncodedString())
    }
}
