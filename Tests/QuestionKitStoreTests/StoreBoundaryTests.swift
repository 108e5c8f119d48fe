import Foundation
import TestSupport
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

extension StoreFolder {
    /// A folder beside the store (outside its root) with a file and a subfolder; returns its path.
    func makeVictim() throws -> String {
        let victim = path + "/victim"
        try FileManager.default.createDirectory(atPath: victim + "/sub", withIntermediateDirectories: true)
        try write("victim/a.txt", "keep")
        try write("victim/sub/b.txt", "keep too")
        return victim
    }

    /// Everything in the test's folder except the store: what no store command may touch.
    var outside: [String: String] { FolderSnapshot.of(path, excluding: ["forms"]) }

    /// Everything in the store.
    var inside: [String: String] { FolderSnapshot.of(store.root) }

    /// Plants a symbolic link at `relative` under the root.
    func link(_ relative: String, to destination: String) throws {
        try FileManager.default.createSymbolicLink(
            atPath: store.root + "/" + relative, withDestinationPath: destination)
    }

    static let linkMessage = " is a symbolic link; the store follows no link and uses nothing there it did not make"
}

/// Issue 9: whoever can write the root cannot make the next command read, write or delete outside it.
@Suite struct StoreBoundaryTests {
    /// A link planted as one of the store's own folders refuses every command, changing nothing anywhere.
    @Test(arguments: [".trash", ".staging", ".pending", "Error", "CompletedMIs", "Outbox"])
    func aLinkedBookkeepingFolderIsRefused(name: String) throws {
        let folder = try StoreFolder()
        try folder.start()
        let victim = try folder.makeVictim()
        // `start` leaves its staging folder, empty, in place.
        try? FileManager.default.removeItem(atPath: folder.store.root + "/" + name)
        try folder.link(name, to: victim)
        let (outside, inside) = (folder.outside, folder.inside)
        for command in ["start", "reminders", "list"] {
            let error = try #require(throws: StoreError.self, "\(command)") {
                switch command {
                case "start": try folder.start("bob")
                case "reminders": _ = try folder.store.reminders(now: StoreFolder.date("2026-03-05"))
                default: _ = try folder.store.list()
                }
            }
            #expect(error.code == "store.unsafe-path")
            #expect(error.message == "'\(folder.store.root)/\(name)'" + StoreFolder.linkMessage)
        }
        #expect(folder.outside == outside)
        #expect(folder.inside == inside)
    }

    /// Links inside the trash or staging folder are removed as links; what they point to stays.
    @Test func linksLeftInTheTrashAreRemovedNotFollowed() throws {
        let folder = try StoreFolder()
        try folder.start()
        let victim = try folder.makeVictim()
        let outside = folder.outside
        for name in [".trash", ".staging"] {
            try FileManager.default.createDirectory(
                atPath: folder.store.root + "/" + name + "/x", withIntermediateDirectories: true)
            try folder.link(name + "/x/inner", to: victim)
            try folder.link(name + "/top", to: victim + "/a.txt")
        }
        _ = try folder.store.reminders(now: StoreFolder.date("2026-03-01T11:00:00Z"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.store.root + "/.trash").isEmpty)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.store.root + "/.staging").isEmpty)
        #expect(folder.outside == outside)
    }

    static let notice =
        #""notice": {"id": "i", "date": "2026-03-01T00:00:00Z", "kind": "reassigned", "form": "f", "message": "m"}"#

    /// A journaled notice naming a place outside the store is refused, acted on never, and left for a person.
    @Test(arguments: [
        (
            #"{"user": "../../../victim/x.json", "from": "ann/gone", "to": "ann/X", \#(notice)}"#,
            "'../../../victim/x.json' cannot be a user name: it contains '/'"
        ),
        (#"{"user": "/tmp/x", "from": "ann/gone", "to": "ann/X", \#(notice)}"#, "'/tmp/x' cannot be a user name"),
        (#"{"user": "..", "from": "ann/gone", "to": "ann/X", \#(notice)}"#, "'..' cannot be a user name"),
        (
            #"{"user": "ann", "from": "ann/gone", "to": "../../victim", \#(notice)}"#,
            "'../../victim' does not name a form in the store"
        ),
        (
            #"{"user": "ann", "from": "/etc/passwd", "to": "ann/X", \#(notice)}"#,
            "'/etc/passwd' does not name a form in the store"
        ),
        (
            #"{"user": "ann", "from": "ann/gone", "to": "CompletedMIs/ann/X", \#(notice)}"#,
            "it names 'ann', 'ann/gone' and 'CompletedMIs/ann/X', not a reassignment"
        ),
        (#"{"user": "ann""#, "it is not an object with 'user', 'from', 'to' and 'notice'"),
    ])
    func aPendingNoticePointingOutsideIsRefused(json: String, why: String) throws {
        let folder = try StoreFolder()
        try folder.start()
        _ = try folder.makeVictim()
        try FileManager.default.createDirectory(
            atPath: folder.store.root + "/.pending", withIntermediateDirectories: true)
        let pending = folder.store.root + "/.pending/x.json"
        try Data(json.utf8).write(to: URL(fileURLWithPath: pending))
        let (outside, inside) = (folder.outside, folder.inside)
        let error = try #require(throws: StoreError.self) {
            try folder.store.reminders(now: StoreFolder.date("2026-03-05"))
        }
        #expect(error.code == "store.unreadable-pending")
        #expect(error.message.hasPrefix("the pending notice '\(pending)' cannot be used: " + why), "\(error.message)")
        #expect(folder.outside == outside)
        #expect(folder.inside == inside)
    }

    /// `.lock` as a link is never opened through, whether what it names exists or not.
    @Test(arguments: ["victim/a.txt", "victim/new.lock"])
    func aLockLinkIsRefused(target: String) throws {
        let folder = try StoreFolder()
        try folder.start()
        _ = try folder.makeVictim()
        try FileManager.default.removeItem(atPath: folder.store.root + "/.lock")
        try folder.link(".lock", to: folder.path + "/" + target)
        let (outside, inside) = (folder.outside, folder.inside)
        for error in [
            try #require(throws: StoreError.self) { _ = try folder.store.list() },
            try #require(throws: StoreError.self) { try folder.start("bob") },
        ] {
            #expect(error.code == "store.unsafe-path")
            #expect(error.message == "'\(folder.store.root)/.lock'" + StoreFolder.linkMessage)
        }
        #expect(folder.outside == outside)
        #expect(folder.inside == inside)
    }

    /// A user folder that is a link is never a way out: not to start in, reassign to, or complete into.
    @Test func userFoldersThatAreLinksAreRefused() throws {
        let folder = try StoreFolder()
        let form = try folder.start().reference
        let victim = try folder.makeVictim()
        try folder.link("eve", to: victim)
        try FileManager.default.createDirectory(
            atPath: folder.store.root + "/CompletedMIs", withIntermediateDirectories: true)
        try folder.link("CompletedMIs/ann", to: victim)
        let (outside, inside) = (folder.outside, folder.inside)
        let errors = [
            try #require(throws: StoreError.self) { try folder.start("eve") },
            try #require(throws: StoreError.self) { try folder.store.reassign(form, to: "eve") },
        ]
        for error in errors {
            #expect(error.message == "'\(folder.store.root)/eve'" + StoreFolder.linkMessage)
        }
        _ = try folder.store.fill(
            form,
            with: StoreFolder.fixture(
                #"{"answers": {"1": {"answer": "S1"}, "2": {"answer": "yes"}, "3": {"answer": 4}}}"#))
        let filled = folder.inside
        let complete = try #require(throws: StoreError.self) { try folder.store.complete(form) }
        #expect(complete.message == "'\(folder.store.root)/CompletedMIs/ann'" + StoreFolder.linkMessage)
        #expect(folder.inside == filled)
        #expect(folder.outside == outside)
        #expect(inside.keys.filter { filled[$0] == nil }.isEmpty)
    }

    /// Names with `..`, absolute paths or slashes never reach the file system.
    @Test(arguments: ["../victim", "/tmp", "ann/../../victim", ".."])
    func namesLeavingTheRootAreRefused(name: String) throws {
        let folder = try StoreFolder()
        let form = try folder.start().reference
        _ = try folder.makeVictim()
        let (outside, inside) = (folder.outside, folder.inside)
        #expect(throws: StoreError.self) { try folder.start(name) }
        #expect(throws: StoreError.self) { try folder.store.reassign(form, to: name) }
        #expect(throws: StoreError.self) { try folder.store.notices(for: name) }
        #expect(throws: StoreError.self) { try folder.store.delete(folder.store.reference(name + "/X")) }
        #expect(folder.outside == outside)
        #expect(folder.inside == inside)
    }
}
