import Foundation
import QuestionKitFiles
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

/// A form's life in the store, through the library: start, fill, attach, complete, review, submit.
@Suite struct StoreLifecycleTests {
    @Test func aFormGoesFromStartToTheOutbox() throws {
        let folder = try StoreFolder()
        let store = folder.store
        let reference = try folder.start().reference
        #expect(reference.path == "ann/\(StoreFolder.formName)")

        let part = try store.fill(
            reference,
            with: StoreFolder.fixture(#"{"answers": {"1": {"answer": "SN-1"}}, "steps": ["fill", "next", "exit"]}"#))
        #expect(part.saved && part.outcome == "exited")
        #expect(try store.form(reference).progress == (1, 3))

        let rest = try store.fill(
            reference,
            with: StoreFolder.fixture(#"{"answers": {"2": {"answer": "no", "comment": "Stuck"}, "3": {"answer": 4}}}"#))
        #expect(rest.saved && rest.outcome == "review", "\(rest.diagnostics)")

        let photos = [try folder.write("one.jpg", "photo one"), try folder.write("two.JPEG", "photo two")]
        let attached = try photos.map { try store.attach(reference, question: 2, file: $0) }
        #expect(attached.map(\.media.name) == ["Qid1", "Qid1(2)"])
        #expect(try String(contentsOfFile: attached[1].path, encoding: .utf8) == "photo two")

        let completed = try store.complete(reference, now: StoreFolder.date("2026-03-02T14:05:09Z"))
        #expect(completed.reference.path == "CompletedMIs/ann/\(StoreFolder.formName) 14-05-09")
        _ = try store.comment(completed.reference, foreman: "Bob", text: "Valve to be replaced.")
        let submission = try store.submit(completed.reference, now: StoreFolder.date("2026-03-03T09:00:00Z"))
        #expect(submission.outbox.path == "Outbox/ann/\(StoreFolder.formName) 14-05-09")
        #expect(submission.attachments == ["Qid1.jpg", "Qid1(2).jpg"])

        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: submission.formFile)))
        let (read, diagnostics) = CompletedFormReader.read(bytes, with: store.reader)
        let form = try #require(read)
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        #expect(form.technician == "ann" && form.foreman == "Bob" && form.foremanComment == "Valve to be replaced.")
        #expect(form.completedDate == "Mar 2, 2026" && form.submittedDate == "Mar 3, 2026")
        #expect(form.entries[1].media.map(\.name) == ["Qid1", "Qid1(2)"] && form.entries[1].comment == "Stuck")
        let outbox = "forms/Outbox/ann/\(StoreFolder.formName) 14-05-09"
        #expect(
            folder.tree().filter { !$0.hasPrefix("forms/.") && $0.hasPrefix("forms/") } == [
                "forms/CompletedMIs", "forms/Outbox", "forms/Outbox/ann", outbox, outbox + "/Qid1(2).jpg",
                outbox + "/Qid1.jpg", outbox + "/form.json", outbox + "/store.json",
            ])
    }

    /// Issue 23: the outbox copy is what the original app uploaded: every attachment (photo,
    /// video, voice note) embedded as base64 under `media`; the files stay beside it. (The test
    /// types here are not the MI types the original viewer reads: StoreCommandTests opens an MI
    /// form's outbox copy with the viewer's stand-in.)
    @Test func theOutboxCopyEmbedsEveryAttachment() throws {
        let (folder, reference) = try Self.answeredForm()
        let store = folder.store
        let files = [
            try folder.write("seal.jpg", "photo"), try folder.write("run.mov", "video"),
            try folder.write("hum.m4a", "voice"),
        ]
        let attached = try files.map { try store.attach(reference, question: 2, file: $0) }
        #expect(attached.map(\.media.fileName) == ["Qid1.jpg", "Qid1(2).mov", "Qid1(3).m4a"])
        let completed = try store.complete(reference, now: StoreFolder.date("2026-03-02T14:05:09Z"))
        let submission = try store.submit(
            completed.reference, foreman: "Bob", now: StoreFolder.date("2026-03-03T09:00:00Z"))
        #expect(submission.warnings.isEmpty, "\(submission.warnings)")
        #expect(submission.attachments == ["Qid1.jpg", "Qid1(2).mov", "Qid1(3).m4a"])

        let data = try Data(contentsOf: URL(fileURLWithPath: submission.formFile))
        func base64(_ text: String) -> String { Data(text.utf8).base64EncodedString() }
        #expect(
            try Self.embedded(data) == [
                "images": ["Qid1": base64("photo")], "videos": ["Qid1(2)": base64("video")],
                "voice": ["Qid1(3)": base64("voice")],
            ])
        // It reads back, in the store and as a completed form.
        let (read, diagnostics) = CompletedFormReader.read([UInt8](data), with: store.reader)
        #expect(read?.entries[1].media.map(\.name) == ["Qid1", "Qid1(2)", "Qid1(3)"])
        #expect(!diagnostics.containsErrors, "\(diagnostics)")
        #expect(try store.form(submission.outbox).form.submittedDate == "Mar 3, 2026")
    }

    /// An attachment whose file is gone is left out of the outbox copy with a warning; the rest go in.
    @Test func anAttachmentWithoutItsFileIsAWarningOnSubmit() throws {
        let (folder, reference) = try Self.answeredForm()
        let store = folder.store
        let photo = try store.attach(reference, question: 1, file: try folder.write("a.jpg", "photo"))
        _ = try store.attach(reference, question: 1, file: try folder.write("b.m4a", "voice"))
        try FileManager.default.removeItem(atPath: photo.path)
        let completed = try store.complete(reference)
        let submission = try store.submit(completed.reference, foreman: "Bob")
        #expect(submission.warnings.map(\.code) == ["embed.media-missing"])
        #expect(submission.warnings.first?.message.hasPrefix("photo 'Qid0' is not embedded") == true)
        let embedded = try Self.embedded(try Data(contentsOf: URL(fileURLWithPath: submission.formFile)))
        #expect(embedded["images"] == [:] && embedded["voice"]?.keys.sorted() == ["Qid0(2)"])
    }

    /// A store with one incomplete form whose every question is answered.
    static func answeredForm() throws -> (StoreFolder, FormReference) {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        let all = #"{"answers": {"1": {"answer": "SN-1"}, "2": {"answer": "no"}, "3": {"answer": 4}}}"#
        #expect(try folder.store.fill(reference, with: StoreFolder.fixture(all)).saved)
        return (folder, reference)
    }

    /// The form's `media` maps (`images`, `videos`, `voice`: base64 by name), read with Foundation.
    static func embedded(_ data: Data) throws -> [String: [String: String]] {
        let root = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
        return try #require(root["media"] as? [String: [String: String]])
    }

    @Test func completingIsRefusedWhileAQuestionIsOpenAndChangesNothing() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        let formFile = folder.store.folder(of: reference) + "/form.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: formFile))
        let error = try #require(throws: StoreError.self) { try folder.store.complete(reference) }
        #expect(error.code == "store.refused")
        #expect(error.message.contains("question 1 is neither answered nor commented (unanswered: 1, 2, 3)"))
        #expect(try Data(contentsOf: URL(fileURLWithPath: formFile)) == before)
    }

    @Test func aFixtureWithErrorsLeavesTheFormAsItWas() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        let formFile = folder.store.folder(of: reference) + "/form.json"
        let before = try Data(contentsOf: URL(fileURLWithPath: formFile))
        // Question 2 gets no answer, so the Next of step 4 is refused.
        let result = try folder.store.fill(
            reference,
            with: StoreFolder.fixture(
                #"{"answers": {"1": {"answer": "SN"}}, "steps": ["fill", "next", "fill", "next"]}"#))
        #expect(!result.saved)
        #expect(result.diagnostics.map(\.code) == ["fixture.step-refused"])
        #expect(try Data(contentsOf: URL(fileURLWithPath: formFile)) == before)
    }

    @Test func fillingRefusesMediaAndTheStepsOfOtherCommands() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        let fixture = try StoreFolder.fixture(
            #"{"answers": {"1": {"answer": "SN", "media": ["image"]}}, "steps": ["fill", "complete", "submit"]}"#)
        let result = try folder.store.fill(reference, with: fixture)
        #expect(!result.saved)
        #expect(result.diagnostics.map(\.code) == Array(repeating: "store-fill.not-filling", count: 3))
        #expect(result.diagnostics.first?.hint == "Use 'questionkit store attach FORM --question 1 FILE'.")
    }

    @Test func theDefaultWalkStopsAtTheFirstQuestionTheFixtureLeavesOut() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        let result = try folder.store.fill(
            reference, with: StoreFolder.fixture(#"{"answers": {"1": {"answer": "SN"}}}"#))
        #expect(result.saved && result.outcome == "exited")
        #expect(result.transcript.last == "question 2: nothing in the fixture: exit (the form is saved)")
        let again = try folder.store.fill(reference, with: StoreFolder.fixture(#"{"answers": {"1": {"answer": "X"}}}"#))
        #expect(again.diagnostics.map(\.code) == ["store-fill.already-filled"])
        #expect(try folder.store.form(reference).progress == (1, 3))
    }

    @Test func reassigningOntoANameTheUserHasRenamesAndLeavesANotice() throws {
        let folder = try StoreFolder()
        try folder.start("ann")
        let bobs = try folder.start("bob").reference
        let result = try folder.store.reassign(bobs, to: "ann", now: StoreFolder.date("2026-03-02T08:00:00Z"))
        #expect(result.renamed)
        #expect(result.form.reference.path == "ann/\(StoreFolder.formName) (2)")
        #expect(result.form.record.previousUsers == ["bob"])
        #expect(try folder.store.form(result.form.reference).form.technician == "ann")
        let notices = try folder.store.takeNotices(for: "bob")
        #expect(notices.map(\.kind) == [.reassigned])
        #expect(notices.first?.message.contains("reassigned to ann (as '\(StoreFolder.formName) (2)'") == true)
        #expect(try folder.store.takeNotices(for: "bob").isEmpty)
        #expect(FileStatus.of(folder.store.root + "/bob") == .missing)
        #expect(try folder.store.notices(for: "ann").isEmpty)
    }

    /// Issue 23, item 11: the " (n)" counter is the previous user's; the original dropped it and
    /// numbered again in the new user's folder.
    @Test func reassigningDropsTheCounterAndNumbersAgainAmongTheNewUsersForms() throws {
        let folder = try StoreFolder()
        try folder.start("bob")
        let second = try folder.start("bob").reference
        let third = try folder.start("bob").reference
        #expect(third.name == "\(StoreFolder.formName) (3)")

        let freed = try folder.store.reassign(second, to: "cy")
        #expect(freed.renamed && freed.form.reference.path == "cy/\(StoreFolder.formName)")
        #expect(freed.notice.message.hasSuffix("reassigned to cy (as '\(StoreFolder.formName)')."))
        let numbered = try folder.store.reassign(third, to: "cy")
        #expect(numbered.renamed && numbered.form.reference.path == "cy/\(StoreFolder.formName) (2)")
        #expect(
            numbered.notice.message.hasSuffix(
                "reassigned to cy (as '\(StoreFolder.formName) (2)', since cy had a form named '\(StoreFolder.formName)')."
            ))
        // A title that itself ends in a number in brackets loses only the counter the store added.
        #expect(StoreNames.baseName("Pump (4) 01-03-2026") == "Pump (4) 01-03-2026")
    }

    @Test func aReassignedFormKeepsItsNameWhenItIsFree() throws {
        let folder = try StoreFolder()
        let result = try folder.store.reassign(try folder.start("bob").reference, to: "cy")
        #expect(!result.renamed && result.form.reference.path == "cy/\(StoreFolder.formName)")
    }

    @Test func onlyIncompleteFormsAreReassignedAndOnlyCompletedOnesCommented() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        let commenting = try #require(throws: StoreError.self) {
            try folder.store.comment(reference, foreman: "Bob", text: "x")
        }
        #expect(commenting.code == "store.wrong-state")
        #expect(commenting.message == "the form '\(reference)' is incomplete, so it cannot be commented by the foreman")
    }

    @Test func deleteSaysWhatItRemoved() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        _ = try folder.store.attach(reference, question: 3, file: try folder.write("v.mov", "video"))
        let removal = try folder.store.delete(reference)
        #expect(removal.files == ["Qid2.mov", "form.json", "store.json"])
        #expect(FileStatus.of(folder.store.folder(of: reference)) == .missing)
        let again = try #require(throws: StoreError.self) { try folder.store.delete(reference) }
        #expect(again.code == "store.no-such-form")
    }
}
