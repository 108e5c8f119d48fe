import Foundation
import QuestionKitFiles

/// A form deleted by `expire`.
public struct ExpiredForm: Sendable {
    /// Where the form was.
    public var reference: FormReference
    /// When the form was started.
    public var created: Date
    /// The files that were in its folder.
    public var files: [String]
    /// The notice left for its user.
    public var notice: Notice
}

/// What `expire` did.
public struct ExpiryReport: Sendable {
    /// The forms deleted, with their files and notices.
    public var expired: [ExpiredForm]
    /// Forms whose record could not be read, so whose age is unknown; they are left alone.
    public var skipped: [String]
}

/// One reminder to a technician that a form is still open.
public struct Reminder: Sendable, Equatable {
    /// The form that is still open.
    public var reference: FormReference
    /// When it is due.
    public var due: Date
    /// The entry of `SendNotificationAfterDays` it stems from.
    public var afterDays: Double

    /// The technician reminded.
    public var user: String { reference.user }
}

/// What `reminders` did and what remains scheduled.
public struct ReminderSchedule: Sendable {
    /// Reminders that fell due by now and were given, as notices, now.
    public var given: [Reminder]
    /// The reminders still to come, earliest first, at most `maxPendingReminders`.
    public var pending: [Reminder]
    /// How many more were pending beyond the limit and left out.
    public var dropped: Int
    /// Forms whose record could not be read; they have no reminders.
    public var skipped: [String]
}

extension FormStore {
    /// Deletes every incomplete form started more than `DeleteAfterDays` before `now`, leaving
    /// its user a notice (once, even if a run is cut short and repeated), and removes user folders
    /// left empty. Completed forms wait for the foreman and never expire.
    public func expire(now: Date = Date()) throws(StoreError) -> ExpiryReport {
        try writing { () throws(StoreError) in
            var report = ExpiryReport(expired: [], skipped: [])
            let limit = configuration.deleteAfterDays * 86_400
            for user in try users(in: .incomplete) {
                for name in try formNames(.incomplete, user: user).forms {
                    let reference = reference(.incomplete, user: user, name: name)
                    guard let record = try? loadRecord(in: folder(of: reference), reference: reference) else {
                        report.skipped.append(reference.path)
                        continue
                    }
                    guard now.timeIntervalSince(record.created) > limit else { continue }
                    let started = StoreDates.formDate(record.created, timeZone: configuration.timeZone)
                    let notice = Notice(
                        id: "\(record.id)/expired", date: now, kind: .expired, form: reference.path,
                        message: "Your form '\(name)', started \(started), was deleted: it was not completed "
                            + "within \(StoreDates.days(configuration.deleteAfterDays)).")
                    // The notice goes first and is given once by its id, so a run cut short before
                    // the deletion neither loses it nor repeats it.
                    try addNotice(notice, for: user)
                    let files = try entries(reference.path).filter { !AtomicFile.isTemporaryName($0) }.sorted()
                    try discard(folder(of: reference))
                    report.expired.append(
                        ExpiredForm(reference: reference, created: record.created, files: files, notice: notice))
                }
                removeIfEmpty(user)
            }
            return report
        }
    }

    /// Gives the reminders due by `now` (each once, as a notice to the form's user) and returns
    /// the schedule of those still to come: one per entry of `SendNotificationAfterDays` after an
    /// incomplete form was started, none at or after its expiry, earliest first, at most
    /// `MaxPendingReminders` (the rest are counted in `dropped`).
    public func reminders(now: Date = Date()) throws(StoreError) -> ReminderSchedule {
        try writing { () throws(StoreError) in
            var schedule = ReminderSchedule(given: [], pending: [], dropped: 0, skipped: [])
            for user in try users(in: .incomplete) {
                for name in try formNames(.incomplete, user: user).forms {
                    try remind(reference(.incomplete, user: user, name: name), now: now, schedule: &schedule)
                }
            }
            schedule.pending.sort { ($0.due, $0.reference.path) < ($1.due, $1.reference.path) }
            let limit = max(0, configuration.maxPendingReminders)
            schedule.dropped = max(0, schedule.pending.count - limit)
            schedule.pending = Array(schedule.pending.prefix(limit))
            return schedule
        }
    }

    /// The reminder's countdown to deletion, as the original's reminder text counted down ("will
    /// be deleted in N days"): from when the reminder is given, which may be after it fell due.
    private func deletionCountdown(_ expiry: Date, now: Date) -> String {
        let date = StoreDates.formDate(expiry, timeZone: configuration.timeZone)
        let left = expiry.timeIntervalSince(now)
        guard left > 0 else { return "It is past its deletion date (\(date)) and is deleted at the next expiry run." }
        return "It will be deleted in \(StoreDates.countdown(left)) (\(date)) unless completed."
    }

    private func remind(_ reference: FormReference, now: Date, schedule: inout ReminderSchedule) throws(StoreError) {
        guard var record = try? loadRecord(in: folder(of: reference), reference: reference) else {
            schedule.skipped.append(reference.path)
            return
        }
        let expiry = record.created.addingTimeInterval(configuration.deleteAfterDays * 86_400)
        var given = false
        for days in Set(configuration.sendNotificationAfterDays).sorted() where !record.remindersSent.contains(days) {
            let reminder = Reminder(
                reference: reference, due: record.created.addingTimeInterval(days * 86_400), afterDays: days)
            guard reminder.due < expiry else { continue }
            guard reminder.due <= now else {
                schedule.pending.append(reminder)
                continue
            }
            let started = StoreDates.formDate(record.created, timeZone: configuration.timeZone)
            try addNotice(
                Notice(
                    id: "\(record.id)/reminder/\(days)", date: now, kind: .reminder, form: reference.path,
                    message: "Reminder: your form '\(reference.name)', started \(started), is not completed yet. "
                        + deletionCountdown(expiry, now: now)),
                for: reference.user)
            record.remindersSent.append(days)
            schedule.given.append(reminder)
            given = true
        }
        guard given else { return }
        let path = folder(of: reference) + "/" + Self.recordFile
        try StoreError.converting(try AtomicFile.write(record.json, to: path))
    }
}
