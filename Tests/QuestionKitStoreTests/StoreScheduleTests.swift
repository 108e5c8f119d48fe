import Foundation
import QuestionKitFiles
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

/// Expiry and reminders against the clock given to them.
@Suite struct StoreScheduleTests {
    @Test func expiryDeletesOnlyIncompleteFormsOlderThanTheLimitWithOneNoticeEach() throws {
        let folder = try StoreFolder()
        let store = folder.store
        let ann = try folder.start("ann", at: "2026-03-01T10:00:00Z").reference
        try folder.start("bob", at: "2026-03-03T10:00:00Z")
        // Cy's form is completed: it waits for the foreman and never expires.
        let cy = try folder.start("cy", at: "2026-02-01T10:00:00Z").reference
        _ = try store.fill(
            cy,
            with: StoreFolder.fixture(
                #"{"answers": {"1": {"comment": "n/a"}, "2": {"answer": "yes"}, "3": {"answer": 5}}}"#))
        _ = try store.complete(cy)

        // Exactly seven days old is not older than seven days.
        #expect(try store.expire(now: StoreFolder.date("2026-03-08T10:00:00Z")).expired.isEmpty)
        let report = try store.expire(now: StoreFolder.date("2026-03-08T10:00:01Z"))
        #expect(report.expired.map(\.reference) == [ann])
        #expect(report.expired.first?.files == ["form.json", "store.json"])
        #expect(FileStatus.of(store.root + "/ann") == .missing)
        #expect(try store.expire(now: StoreFolder.date("2026-03-09T10:00:00Z")).expired.isEmpty)

        let notices = try store.notices(for: "ann")
        #expect(notices.map(\.kind) == [.expired])
        let expected = "Your form '\(StoreFolder.formName)', started Mar 1, 2026, was deleted: it was not completed "
        #expect(notices.first?.message == expected + "within 7 days.")
        #expect(try store.notices(for: "bob").isEmpty && store.notices(for: "cy").isEmpty)

        #expect(
            try store.expire(now: StoreFolder.date("2026-03-10T10:00:01Z")).expired.map(\.reference.user) == ["bob"])
        #expect(try store.list(states: FormReference.State.allCases).forms.map(\.reference.state) == [.completed])
    }

    @Test func aNoticeIsGivenOnceEvenWhenAnExpiryIsRepeatedAfterACrash() throws {
        let folder = try StoreFolder()
        let stored = try folder.start()
        let notice = Notice(
            id: "\(stored.record.id)/expired", date: Date(), kind: .expired, form: stored.reference.path, message: "x")
        // As if a run had written the notice and then been killed before it deleted the form.
        try folder.store.writing { () throws(StoreError) in try folder.store.addNotice(notice, for: "ann") }
        #expect(try folder.store.expire(now: StoreFolder.date("2026-04-01T00:00:00Z")).expired.count == 1)
        #expect(try folder.store.notices(for: "ann").count == 1)
    }

    /// Issue 23, item 11: the reminder counts down to the deletion, as the original's text did,
    /// from when it is given.
    @Test func aReminderCountsDownToTheDeletion() throws {
        var configuration = StoreFolder.utc
        configuration.sendNotificationAfterDays = [1, 6.9, 6.99]
        let folder = try StoreFolder(configuration: configuration)
        try folder.start(at: "2026-03-01T10:00:00Z")
        let start = "Reminder: your form '\(StoreFolder.formName)', started Mar 1, 2026, is not completed yet. "
        _ = try folder.store.reminders(now: StoreFolder.date("2026-03-02T10:00:00Z"))
        _ = try folder.store.reminders(now: StoreFolder.date("2026-03-08T07:36:00Z"))
        _ = try folder.store.reminders(now: StoreFolder.date("2026-03-08T09:59:00Z"))
        #expect(
            try folder.store.takeNotices(for: "ann").map(\.message) == [
                start + "It will be deleted in 6 days (Mar 8, 2026) unless completed.",
                start + "It will be deleted in 2 hours (Mar 8, 2026) unless completed.",
                start + "It will be deleted in 1 minute (Mar 8, 2026) unless completed.",
            ])
        #expect(StoreDates.countdown(6.9998 * 86_400) == "7 days" && StoreDates.countdown(5) == "1 minute")
        #expect(StoreDates.countdown(86_400 * 1.4) == "1 day" && StoreDates.countdown(3_600 * 23) == "23 hours")
    }

    @Test func remindersFallDueOnceEachAndNoneAfterExpiry() throws {
        var configuration = StoreFolder.utc
        configuration.sendNotificationAfterDays = [0.5, 1, 2, 8]
        let folder = try StoreFolder(configuration: configuration)
        let store = folder.store
        let reference = try folder.start().reference

        let early = try store.reminders(now: StoreFolder.date("2026-03-01T21:59:59Z"))
        #expect(early.given.isEmpty && early.dropped == 0)
        // The reminder after 8 days would come after the expiry after 7: there is none.
        #expect(early.pending.map(\.afterDays) == [0.5, 1, 2])
        #expect(
            try early.pending.map(\.due) == [
                StoreFolder.date("2026-03-01T22:00:00Z"), StoreFolder.date("2026-03-02T10:00:00Z"),
                StoreFolder.date("2026-03-03T10:00:00Z"),
            ])
        #expect(early.pending.allSatisfy { $0.reference == reference && $0.user == "ann" })

        let due = try store.reminders(now: StoreFolder.date("2026-03-01T22:00:00Z"))
        #expect(due.given.map(\.afterDays) == [0.5] && due.pending.map(\.afterDays) == [1, 2])
        #expect(try store.reminders(now: StoreFolder.date("2026-03-01T22:00:00Z")).given.isEmpty)
        #expect(try store.notices(for: "ann").map(\.kind) == [.reminder])

        let late = try store.reminders(now: StoreFolder.date("2026-03-05T00:00:00Z"))
        #expect(late.given.map(\.afterDays) == [1, 2] && late.pending.isEmpty)
        #expect(try store.takeNotices(for: "ann").count == 3)
        #expect(try store.reminders(now: StoreFolder.date("2026-03-06T00:00:00Z")).given.isEmpty)
        #expect(try store.notices(for: "ann").isEmpty)
    }

    @Test func atMostTheLimitArePendingEarliestFirstAndTheRestAreCounted() throws {
        var configuration = StoreFolder.utc
        configuration.maxPendingReminders = 3
        let folder = try StoreFolder(configuration: configuration)
        for (user, hour) in [("dan", 13), ("ann", 10), ("cy", 12), ("bob", 11)] {
            try folder.start(user, at: "2026-03-01T\(hour):00:00Z")
        }
        let schedule = try folder.store.reminders(now: StoreFolder.date("2026-03-01T00:00:00Z"))
        #expect(schedule.pending.map(\.user) == ["ann", "bob", "cy"])
        #expect(schedule.pending.map(\.afterDays) == [1, 1, 1])
        #expect(schedule.dropped == 5)
    }

    @Test func completedFormsHaveNoReminders() throws {
        let folder = try StoreFolder()
        let reference = try folder.start().reference
        _ = try folder.store.fill(
            reference,
            with: StoreFolder.fixture(
                #"{"answers": {"1": {"answer": "A"}, "2": {"answer": "no"}, "3": {"answer": 1}}}"#))
        _ = try folder.store.complete(reference)
        let schedule = try folder.store.reminders(now: StoreFolder.date("2026-03-05T00:00:00Z"))
        #expect(schedule.given.isEmpty && schedule.pending.isEmpty)
    }
}
