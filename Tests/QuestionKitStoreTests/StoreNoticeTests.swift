import Foundation
import QuestionKitFiles
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

/// Notices are shown, then cleared: never lost between the two.
@Suite struct StoreNoticeTests {
    @Test func clearingRemovesOnlyTheNoticesShown() throws {
        let folder = try StoreFolder()
        let store = folder.store
        try folder.start("ann", at: "2026-03-01T10:00:00Z")
        try folder.start("ann", at: "2026-03-05T10:00:00Z")
        _ = try store.expire(now: StoreFolder.date("2026-03-08T12:00:00Z"))
        let shown = try store.notices(for: "ann")
        #expect(shown.map(\.kind) == [.expired])
        // Another notice arrives after these were read and shown, before they are cleared.
        _ = try store.expire(now: StoreFolder.date("2026-03-12T12:00:00Z"))
        try store.clearNotices(shown, for: "ann")
        let left = try store.notices(for: "ann")
        #expect(left.count == 1)
        #expect(left.first?.kind == .expired)
        #expect(left.first?.id != shown.first?.id)
        try store.clearNotices(left, for: "ann")
        #expect(try store.notices(for: "ann").isEmpty)
        #expect(FileStatus.of(try store.noticesPath("ann")) == .missing)
    }

    @Test func takingNoticesReadsAndClearsThemAtOnce() throws {
        let folder = try StoreFolder()
        try folder.start("ann", at: "2026-03-01T10:00:00Z")
        _ = try folder.store.expire(now: StoreFolder.date("2026-03-09T00:00:00Z"))
        #expect(try folder.store.takeNotices(for: "ann").count == 1)
        #expect(try folder.store.notices(for: "ann").isEmpty)
    }
}

/// A reassignment's notice survives a crash between the move and the notice.
@Suite struct StorePendingNoticeTests {
    private func pendingFiles(_ store: FormStore) -> [String] {
        (try? FileManager.default.contentsOfDirectory(atPath: store.root + "/" + FormStore.pendingFolder)) ?? []
    }

    private func reassignmentNotice(for reference: FormReference) -> Notice {
        Notice(
            id: "test/reassigned", date: Date(timeIntervalSince1970: 1_772_000_000), kind: .reassigned,
            form: reference.path, message: "Your form '\(reference.name)' was reassigned to bob.")
    }

    @Test func aReassignmentLeavesNothingPending() throws {
        let folder = try StoreFolder()
        let ann = try folder.start("ann").reference
        _ = try folder.store.reassign(ann, to: "bob")
        #expect(pendingFiles(folder.store).isEmpty)
        #expect(try folder.store.notices(for: "ann").map(\.kind) == [.reassigned])
    }

    @Test func aCrashAfterTheMoveStillGivesTheNoticeOnce() throws {
        let folder = try StoreFolder()
        let store = folder.store
        let ann = try folder.start("ann").reference
        let planned = store.reference(.incomplete, user: "bob", name: ann.name)
        let notice = reassignmentNotice(for: ann)
        // What reassign does up to the crash: the pending notice, then the move; no notice yet.
        _ = try store.writePendingNotice(notice, for: "ann", from: ann, to: planned)
        _ = try store.move(ann, to: .incomplete, user: "bob", name: planned.name)
        #expect(try store.notices(for: "ann").isEmpty)
        // The next change of the store, whatever it is, gives it.
        _ = try store.expire(now: StoreFolder.date("2026-03-02T00:00:00Z"))
        #expect(try store.notices(for: "ann").map(\.id) == [notice.id])
        #expect(pendingFiles(store).isEmpty)
        _ = try store.expire(now: StoreFolder.date("2026-03-02T00:00:01Z"))
        #expect(try store.notices(for: "ann").count == 1)
    }

    @Test func aCrashBeforeTheMoveGivesNoNotice() throws {
        let folder = try StoreFolder()
        let store = folder.store
        let ann = try folder.start("ann").reference
        let planned = store.reference(.incomplete, user: "bob", name: ann.name)
        _ = try store.writePendingNotice(reassignmentNotice(for: ann), for: "ann", from: ann, to: planned)
        _ = try store.expire(now: StoreFolder.date("2026-03-02T00:00:00Z"))
        #expect(try store.notices(for: "ann").isEmpty)
        #expect(pendingFiles(store).isEmpty)
        #expect(FileStatus.of(store.folder(of: ann)) == .folder)
    }
}
