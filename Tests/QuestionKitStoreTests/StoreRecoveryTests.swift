import Foundation
import QuestionKitFiles
import TestSupport
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

/// Issue 9: one person is one user; an error means nothing changed; leftovers are cleared.
@Suite struct StoreRecoveryTests {
    @Test func joséTypedInNFCAndInNFDIsOneUser() throws {
        let (composed, decomposed) = ("Jos\u{E9}", "Jose\u{301}")
        #expect(Array(composed.utf8) != Array(decomposed.utf8))
        let folder = try StoreFolder()
        let first = try folder.start(composed)
        let second = try folder.start(decomposed)
        #expect(Array(second.reference.user.utf8) == Array(composed.utf8))
        #expect(second.reference.name == StoreFolder.formName + " (2)")
        let users = try FileManager.default.contentsOfDirectory(atPath: folder.store.root).filter { !$0.hasPrefix(".") }
        #expect(users.map { Array($0.utf8) } == [Array(composed.utf8)])
        #expect(try folder.store.list(user: decomposed).forms.map(\.reference) == [first.reference, second.reference])
        let typed = try folder.store.reference(decomposed + "/" + StoreFolder.formName)
        #expect(try folder.store.form(typed).reference.path == first.reference.path)
        let titled = try folder.store.start(
            template: folder.template(
                StoreFolder.templateText.replacingOccurrences(of: "Pump A/B", with: "Cafe\u{301}")),
            user: decomposed, now: StoreFolder.date("2026-03-01"))
        #expect(Array(titled.reference.name.utf8) == Array("Caf\u{E9} check 01-03-2026".utf8))
    }

    /// What stops a reassignment is found before the form moves: the error means nothing changed.
    @Test(arguments: [
        ("Error", "file", "'FORMS/Error' is a file, not a folder"),
        ("Error/ann", "folder", "'FORMS/Error/ann' is a folder, not a file"),
        ("Error/ann", "{\"notices\": ", "the notices of 'ann' cannot be read: 'FORMS/Error/ann'"),
        ("bob", "link", "'FORMS/bob' is a symbolic link"),
        (".pending", "file", "'FORMS/.pending' is a file, not a folder"),
    ])
    func aReassignmentWithABadDestinationChangesNothing(place: String, content: String, message: String) throws {
        let folder = try StoreFolder()
        let form = try folder.start().reference
        let victim = try folder.makeVictim()
        let path = folder.store.root + "/" + place
        try FileManager.default.createDirectory(
            atPath: PathText.parent(of: path), withIntermediateDirectories: true)
        switch content {
        case "folder": try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: false)
        case "link": try folder.link(place, to: victim)
        default: try Data(content.utf8).write(to: URL(fileURLWithPath: path))
        }
        let (outside, inside) = (folder.outside, folder.inside)
        let error = try #require(throws: StoreError.self) { try folder.store.reassign(form, to: "bob") }
        #expect(
            error.message.hasPrefix(message.replacingOccurrences(of: "FORMS", with: folder.store.root)),
            "\(error.message)")
        #expect(folder.inside == inside)
        #expect(folder.outside == outside)
    }

    /// The temporary files and staged or trashed folders of killed commands go at the next command.
    @Test(arguments: ["list", "reminders", "start"])
    func leftoversAreClearedByTheNextCommand(command: String) throws {
        let folder = try StoreFolder()
        let form = try folder.start().reference
        let root = folder.store.root
        let done = "CompletedMIs/ann/Old 01-02-2026 10-00-00"
        for place in ["Error", ".pending", ".staging/k3v9/Qid1", ".trash/x9", done] {
            try FileManager.default.createDirectory(atPath: root + "/" + place, withIntermediateDirectories: true)
        }
        try AtomicFile.write("{}", to: root + "/" + done + "/form.json")
        for place in [form.path, "Error", ".pending", ".staging/k3v9", ".trash/x9", done] {
            try AtomicFile.write("{\"half", to: root + "/" + place + "/.qk-abc.tmp")
        }
        try AtomicFile.write("{}", to: root + "/.staging/k3v9/form.json")
        switch command {
        case "list": _ = try folder.store.list()
        case "reminders": _ = try folder.store.reminders(now: StoreFolder.date("2026-03-01T11:00:00Z"))
        default: try folder.start("bob")
        }
        let left = folder.inside.keys.filter { PathText.lastComponent(of: $0).hasPrefix(".qk-") }
        #expect(left.isEmpty, "\(left)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/.staging").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: root + "/.trash").isEmpty)
        #expect(folder.inside[form.path + "/form.json"] != nil)
    }

    /// A start refused after its checks leaves no staging folder behind.
    @Test func aRefusedStartLeavesNoStagingFolder() throws {
        let folder = try StoreFolder()
        try folder.start()
        try folder.link("bob", to: try folder.makeVictim())
        #expect(throws: StoreError.self) { try folder.start("bob") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.store.root + "/.staging").isEmpty)
    }
}
