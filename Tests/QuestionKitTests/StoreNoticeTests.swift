import Foundation
import Testing

@testable import QuestionKit

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
        #expect(FileStatus.of(store.noticesPath("ann")) == .missing)
    }

    @Test func takingNoticesReadsAndClearsThemAtOnce() throws {
        let folder = try StoreFolder()
        try folder.start("ann", at: "2026-03-01T10:00:00Z")
        _ = try folder.store.expire(now: StoreFolder.date("2026-03-09T00:00:00Z"))
        #expect(try folder.store.takeNotices(for: "ann").count == 1)
        #expect(try folder.store.notices(for: "ann").isEmpty)
    }
}
