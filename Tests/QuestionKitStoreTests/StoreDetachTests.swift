import Foundation
import QuestionKitFiles
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

/// Issue 23, item 8: attachments are deleted from a form as the original let whoever could edit
/// it (the technician an incomplete form, the foreman a completed one); a submitted form does not
/// change. Assumed from MI-FORMAT: the other attachments keep their `Qid<i>(n)` names (names are
/// what the form and the files agree on, so nothing is renumbered).
@Suite struct StoreDetachTests {
    /// A form of ann's with a photo and a voice note on question 1 and a photo on question 2.
    static func formWithAttachments() throws -> (StoreFolder, FormReference, [QuestionKitStore.Attachment]) {
        let (folder, reference) = try StoreLifecycleTests.answeredForm()
        let attached = [
            try folder.store.attach(reference, question: 1, file: try folder.write("a.jpg", "photo a")),
            try folder.store.attach(reference, question: 1, file: try folder.write("b.m4a", "voice b")),
            try folder.store.attach(reference, question: 2, file: try folder.write("c.jpg", "photo c")),
        ]
        #expect(attached.map(\.media.fileName) == ["Qid0.jpg", "Qid0(2).m4a", "Qid1.jpg"])
        return (folder, reference, attached)
    }

    @Test func anAttachmentIsDeletedWithItsFileAndTheOthersKeepTheirNames() throws {
        let (folder, reference, attached) = try Self.formWithAttachments()
        let detached = try folder.store.detach(reference, name: "Qid0")
        #expect(detached.media == MediaAttachment(kind: .image, name: "Qid0") && detached.question == 1)
        #expect(detached.removedFiles == ["Qid0.jpg"])
        #expect(FileStatus.of(attached[0].path) == .missing)
        let form = try folder.store.form(reference).form
        #expect(form.entries[0].media.map(\.fileName) == ["Qid0(2).m4a"])
        #expect(form.entries[1].media.map(\.fileName) == ["Qid1.jpg"])
        #expect(try String(contentsOfFile: attached[1].path, encoding: .utf8) == "voice b")

        // By its file name too; the next attachment of the question takes the next free name.
        _ = try folder.store.detach(reference, name: "Qid0(2).m4a")
        #expect(try folder.store.form(reference).form.entries[0].media.isEmpty)
        let again = try folder.store.attach(reference, question: 1, file: try folder.write("d.jpg", "photo d"))
        #expect(again.media.fileName == "Qid0.jpg")
    }

    /// The foreman may delete an attachment of a completed form, and the deletion is recorded as
    /// the foreman's edit (as `attach` records one); a submitted form does not change.
    @Test func completedFormsChangeAndSubmittedOnesAreRefused() throws {
        let (folder, reference, attached) = try Self.formWithAttachments()
        let completed = try folder.store.complete(reference)
        // Nobody has reviewed it yet: the deletion needs a foreman to be recorded against.
        let unnamed = try #require(throws: StoreError.self) {
            try folder.store.detach(completed.reference, name: "Qid1.jpg")
        }
        #expect(unnamed.code == "store.wrong-state" && unnamed.hint?.contains("--foreman NAME") == true)
        #expect(try folder.store.form(completed.reference).form.entries[1].media.map(\.name) == ["Qid1"])

        let detached = try folder.store.detach(
            completed.reference, name: "Qid1.jpg", foreman: "Bob", now: try StoreFolder.date("2026-03-02T09:30:00Z"))
        #expect(detached.question == 2 && detached.removedFiles == ["Qid1.jpg"])
        let entry = try folder.store.form(completed.reference).form.entries[1]
        #expect(entry.media.isEmpty)
        #expect(
            entry.foremanEdits.map(\.foreman) == ["Bob"] && entry.foremanEdits.map(\.date) == ["2026-03-02T09:30:00Z"])
        #expect(entry.foremanEdits.map(\.changes) == [[.media]])
        let userAnswer = try StoreForemanEditTests.userAnswer(folder, completed.reference, question: 2)
        let edits = try #require(userAnswer["foremanEdits"] as? [[String: Any]])
        #expect((edits.first?["before"] as? [String: Any])?["images"] as? [String] == ["Qid1"])

        let submission = try folder.store.submit(completed.reference, foreman: "Bob")
        #expect(submission.attachments == ["Qid0.jpg", "Qid0(2).m4a"])
        let before = folder.tree()
        let error = try #require(throws: StoreError.self) {
            try folder.store.detach(submission.outbox, name: "Qid0")
        }
        #expect(error.code == "store.wrong-state")
        #expect(error.message == "the form '\(submission.outbox)' is submitted, so its attachments cannot be deleted")
        #expect(folder.tree() == before)
        _ = attached
    }

    @Test func anUnknownNameIsRefusedNamingTheAttachmentsAndChangesNothing() throws {
        let (folder, reference, _) = try Self.formWithAttachments()
        let formFile = folder.store.folder(of: reference) + "/" + FormStore.formFile
        let before = (folder.tree(), try Data(contentsOf: URL(fileURLWithPath: formFile)))
        // Names match exactly, as the MI format decides (the original's substring match found Qid10 for Qid1).
        for name in ["Qid0.png", "qid0", "Qid", "Qid0(3)", "../Qid0.jpg"] {
            let error = try #require(throws: StoreError.self) { try folder.store.detach(reference, name: name) }
            #expect(error.code == "store.no-such-attachment", "\(name)")
            #expect(error.message == "the form '\(reference)' has no attachment '\(name)'")
            #expect(error.hint?.hasSuffix("Its attachments: Qid0.jpg, Qid0(2).m4a, Qid1.jpg.") == true)
        }
        #expect(
            try #require(throws: StoreError.self) { try folder.store.detach(reference, name: "Qid0.jpeg") }.hint?
                .hasPrefix("Did you mean 'Qid0.jpg'?") == true)
        #expect(folder.tree() == before.0)
        #expect(try Data(contentsOf: URL(fileURLWithPath: formFile)) == before.1)

        let empty = try folder.start("bob").reference
        let none = try #require(throws: StoreError.self) { try folder.store.detach(empty, name: "Qid0") }
        #expect(none.code == "store.no-such-attachment" && none.hint == "The form has no attachments.")
    }

    /// A link planted under an attachment's name is removed as a link: what it leads to stays.
    @Test func aPlantedLinkIsRemovedNotFollowed() throws {
        let (folder, reference, attached) = try Self.formWithAttachments()
        let outside = try folder.write("precious.jpg", "not the store's")
        try FileManager.default.removeItem(atPath: attached[0].path)
        try FileManager.default.createSymbolicLink(atPath: attached[0].path, withDestinationPath: outside)
        let detached = try folder.store.detach(reference, name: "Qid0")
        #expect(detached.removedFiles == ["Qid0.jpg"])
        #expect(FileStatus.of(attached[0].path) == .missing)
        #expect(try String(contentsOfFile: outside, encoding: .utf8) == "not the store's")
    }

    /// A form's folder that is a link is refused before anything is read or removed.
    @Test func aFormFolderThatIsALinkIsRefused() throws {
        let (folder, reference, _) = try Self.formWithAttachments()
        let real = folder.path + "/elsewhere"
        try FileManager.default.moveItem(atPath: folder.store.folder(of: reference), toPath: real)
        try FileManager.default.createSymbolicLink(
            atPath: folder.store.folder(of: reference), withDestinationPath: real)
        let error = try #require(throws: StoreError.self) { try folder.store.detach(reference, name: "Qid0") }
        #expect(error.code == "store.unsafe-path")
        #expect(FileStatus.of(real + "/Qid0.jpg") == .file)
    }

    /// Every file the attachment could be read from goes (a photo found as `.png` beside a form
    /// copied in by hand), and an attachment whose file is already gone is still deleted.
    @Test func everyFileOfTheAttachmentGoesAndAMissingOneIsFine() throws {
        let (folder, reference, attached) = try Self.formWithAttachments()
        let png = folder.store.folder(of: reference) + "/Qid1.png"
        try Data("png".utf8).write(to: URL(fileURLWithPath: png))
        #expect(try folder.store.detach(reference, name: "Qid1").removedFiles == ["Qid1.jpg", "Qid1.png"])
        #expect(FileStatus.of(png) == .missing)

        try FileManager.default.removeItem(atPath: attached[1].path)
        #expect(try folder.store.detach(reference, name: "Qid0(2)").removedFiles.isEmpty)
    }

    /// What a detach killed between its two steps leaves (the form no longer names the file, the
    /// file is still there) is harmless: not listed, not embedded, and the next attachment of that
    /// name replaces it.
    @Test func aDetachCutShortLeavesAFileNoFormNames() throws {
        let (folder, reference, attached) = try Self.formWithAttachments()
        _ = try folder.store.detach(reference, name: "Qid0")
        try Data("left over".utf8).write(to: URL(fileURLWithPath: attached[0].path))

        let completed = try folder.store.complete(reference)
        let submission = try folder.store.submit(completed.reference, foreman: "Bob")
        #expect(submission.attachments == ["Qid0(2).m4a", "Qid1.jpg"])
        let embedded = try StoreLifecycleTests.embedded(try Data(contentsOf: URL(fileURLWithPath: submission.formFile)))
        #expect(embedded["images"]?.keys.sorted() == ["Qid1"] && embedded["voice"]?.keys.sorted() == ["Qid0(2)"])

        let (other, form, _) = try Self.formWithAttachments()
        _ = try other.store.detach(form, name: "Qid1")
        let path = other.store.folder(of: form) + "/Qid1.jpg"
        try Data("left over".utf8).write(to: URL(fileURLWithPath: path))
        let replacing = try other.store.attach(form, question: 2, file: try other.write("e.jpg", "photo e"))
        #expect(replacing.path == path)
        #expect(try String(contentsOfFile: path, encoding: .utf8) == "photo e")
    }
}
