import Foundation
import QuestionKit
import QuestionKitForms
import TestSupport
import Testing

@testable import QuestionKitCLI

/// Issue 9 through the command line: a planted link or journal entry makes `questionkit store`
/// exit 1 saying why, and nothing outside the store (or in it) changes.
@Suite struct StoreBoundaryCommandTests {
    /// A started store with a folder beside it (outside the root) holding a file and a subfolder.
    private func workspace() throws -> (work: StoreWorkspace, victim: String) {
        let work = try StoreWorkspace()
        let start = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        try #require(start.status == 0, "\(start.standardError)")
        let victim = work.folder.path + "/victim"
        try FileManager.default.createDirectory(atPath: victim + "/sub", withIntermediateDirectories: true)
        try work.folder.write("victim/a.txt", "keep")
        try work.folder.write("victim/sub/b.txt", "keep too")
        return (work, victim)
    }

    private func snapshot(_ work: StoreWorkspace) -> [String: String] { FolderSnapshot.of(work.folder.path) }

    private static let link = " is a symbolic link; the store follows no link and uses nothing there it did not make"

    @Test(arguments: [".trash", ".lock"])
    func aPlantedLinkRefusesTheNextStart(name: String) throws {
        let (work, victim) = try workspace()
        try? FileManager.default.removeItem(atPath: work.root + "/" + name)
        try FileManager.default.createSymbolicLink(atPath: work.root + "/" + name, withDestinationPath: victim)
        let before = snapshot(work)
        let start = work.run("start", StoreWorkspace.template, "--user", "bob")
        #expect(start.status == 1)
        #expect(
            start.standardError.hasPrefix(
                "questionkit store start: error: '\(work.root)/\(name)'\(Self.link) [store.unsafe-path]\n"
                    + "  hint: Nothing was changed."))
        #expect(snapshot(work) == before)
    }

    @Test func aPendingNoticePointingOutsideIsRefused() throws {
        let (work, _) = try workspace()
        try FileManager.default.createDirectory(atPath: work.root + "/.pending", withIntermediateDirectories: true)
        try work.folder.write(
            "forms/.pending/x.json",
            #"{"user": "../../../victim/x.json", "from": "ann/gone", "to": "\#(StoreWorkspace.form)", "notice": "#
                + #"{"id": "i", "date": "2026-03-01T00:00:00Z", "kind": "reassigned", "form": "f", "message": "m"}}"#)
        let before = snapshot(work)
        let expire = work.run("expire", "--now", "2026-03-02")
        #expect(expire.status == 1)
        #expect(
            expire.standardError.hasPrefix(
                "questionkit store expire: error: the pending notice '\(work.root)/.pending/x.json' cannot be used: "
                    + "'../../../victim/x.json' cannot be a user name: it contains '/' [store.unreadable-pending]"))
        #expect(snapshot(work) == before)
    }

    @Test(arguments: ["../victim/a.txt", "ann/../../victim", "/etc/passwd", "ann/.trash"])
    func formNamesLeavingTheRootAreRefused(name: String) throws {
        let (work, _) = try workspace()
        let before = snapshot(work)
        for command in ["delete", "review", "complete"] {
            let outcome = work.run(command, name)
            #expect(outcome.status == 1)
            #expect(outcome.standardError.contains("'\(name)' does not name a form in the store [store.bad-reference]"))
        }
        #expect(snapshot(work) == before)
    }

    @Test func aReassignmentThatCannotLeaveItsNoticeChangesNothing() throws {
        let (work, _) = try workspace()
        try work.folder.write("forms/Error", "not a folder")
        let before = snapshot(work)
        let reassign = work.run("reassign", StoreWorkspace.form, "--to", "bob")
        #expect(reassign.status == 1)
        #expect(
            reassign.standardError.hasPrefix(
                "questionkit store reassign: error: '\(work.root)/Error' is a file, not a folder;"))
        #expect(snapshot(work) == before)
    }

    @Test func joséTypedEitherWayIsOneUser() throws {
        let (work, _) = try workspace()
        for user in ["Jos\u{E9}", "Jose\u{301}"] {
            #expect(work.run("start", StoreWorkspace.template, "--user", user, "--now", "2026-03-01").status == 0)
        }
        let users = try FileManager.default.contentsOfDirectory(atPath: work.root).filter { !$0.hasPrefix(".") }
        #expect(
            users.map { Array($0.utf8) }.sorted { $0.lexicographicallyPrecedes($1) } == [
                Array("Jos\u{E9}".utf8), Array("ann".utf8),
            ])
        let list = work.run("list", "--user", "Jose\u{301}")
        #expect(list.standardOutput.hasSuffix("2 forms\n"), "\(list.standardOutput)")
    }
}
