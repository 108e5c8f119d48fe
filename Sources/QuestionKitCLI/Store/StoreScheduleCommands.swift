import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitStore

/// `questionkit store notices --user U`.
struct StoreNoticesCommand: Command {
    let name = "notices"
    let summary = "Print a user's notices (expired, reassigned, reminders) and clear them."
    let argumentsSynopsis = ""
    let discussion = """
        Prints the notices waiting in <root>/Error/<user>, oldest first, and removes them, as the original app
        showed them once at login. With --keep they stay.
        """
    let options =
        StoreOptions.common + [
            OptionSpec("user", value: "USER", required: true, help: "Whose notices (required)."),
            OptionSpec("keep", help: "Print the notices without clearing them."), StoreOptions.format,
        ]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        try arguments.none()
        let user = try arguments.required("user", "USER")
        guard let setup = try StoreSetup.make(arguments, command: name, context: &context) else {
            return ExitStatus.inputErrors
        }
        return setup.perform(&context) { store, context throws(StoreError) in
            // Shown first, cleared after: a crash in between shows them again rather than losing them.
            let notices = try store.notices(for: user)
            if arguments.value("format", default: "text") == "json" {
                context.print(JSONWriter.text(of: .array(notices.map(Self.json))))
            } else {
                for notice in notices {
                    context.print("\(StoreDates.iso(notice.date))  \(notice.kind.rawValue)  \(notice.message)")
                }
                context.print(
                    notices.isEmpty
                        ? "no notices for \(user)" : "\(notices.count) notice\(notices.count == 1 ? "" : "s")")
            }
            context.flushOutput()
            if !arguments.flags.contains("keep") { try store.clearNotices(notices, for: user) }
            return ExitStatus.success
        }
    }

    static func json(_ notice: Notice) -> JSONWriter.Value {
        .object([
            ("date", .string(StoreDates.iso(notice.date))), ("kind", .string(notice.kind.rawValue)),
            ("form", .string(notice.form)), ("message", .string(notice.message)),
        ])
    }
}

/// `questionkit store expire [--now DATE]`.
struct StoreExpireCommand: Command {
    let name = "expire"
    let summary = "Delete incomplete forms older than DeleteAfterDays, with a notice to their users."
    let argumentsSynopsis = ""
    let discussion = """
        Deletes every incomplete form started more than DeleteAfterDays (default 7) days before now, says which
        files it removed, leaves each user a notice (once), and removes user folders left empty. Completed forms
        wait for the foreman and never expire.
        """
    let options = StoreOptions.common + [StoreOptions.now]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        try arguments.none()
        guard let setup = try StoreSetup.make(arguments, command: name, context: &context) else {
            return ExitStatus.inputErrors
        }
        return setup.perform(&context) { store, context throws(StoreError) in
            let report = try store.expire(now: setup.now)
            for expired in report.expired {
                context.print(
                    "deleted \(expired.reference) (started \(StoreDates.iso(expired.created))): removed "
                        + expired.files.joined(separator: ", "))
                context.print("  notice left for \(expired.reference.user)")
            }
            for path in report.skipped { context.printError("warning: '\(path)' has no readable record; left alone") }
            let days = StoreDates.iso(setup.now)
            context.print(
                report.expired.isEmpty
                    ? "nothing to expire at \(days)"
                    : "expired \(report.expired.count) form\(report.expired.count == 1 ? "" : "s")")
            return ExitStatus.success
        }
    }
}

/// `questionkit store reminders [--now DATE]`.
struct StoreRemindersCommand: Command {
    let name = "reminders"
    let summary = "Give the reminders that are due and print the schedule of those pending."
    let argumentsSynopsis = ""
    let discussion = """
        An incomplete form has one reminder per entry of SendNotificationAfterDays (default 1 and 2 days after
        it was started), none at or after its expiry. Reminders due by now are given once, as notices to the
        form's user; the pending ones are printed earliest first: when, user, form. At most
        MaxPendingReminders (64) are pending, as in the original app; the output says how many were dropped.
        """
    let options = StoreOptions.common + [StoreOptions.now, StoreOptions.format]

    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        try arguments.none()
        guard let setup = try StoreSetup.make(arguments, command: name, context: &context) else {
            return ExitStatus.inputErrors
        }
        return setup.perform(&context) { store, context throws(StoreError) in
            let schedule = try store.reminders(now: setup.now)
            for path in schedule.skipped {
                context.printError("warning: '\(path)' has no readable record; no reminders")
            }
            if arguments.value("format", default: "text") == "json" {
                context.print(
                    JSONWriter.text(
                        of: .object([
                            ("given", .array(schedule.given.map(Self.json))),
                            ("pending", .array(schedule.pending.map(Self.json))),
                            ("dropped", .integer(schedule.dropped)),
                        ])))
                return ExitStatus.success
            }
            print(schedule, limit: store.configuration.maxPendingReminders, context: &context)
            return ExitStatus.success
        }
    }

    private func print(_ schedule: ReminderSchedule, limit: Int, context: inout CommandContext) {
        for reminder in schedule.given {
            context.print(
                "gave a reminder to \(reminder.user) about \(reminder.reference) (due \(StoreDates.iso(reminder.due)))")
        }
        context.print(schedule.pending.isEmpty ? "no reminders pending" : "\(schedule.pending.count) pending:")
        for reminder in schedule.pending {
            context.print("  \(StoreDates.iso(reminder.due))  \(reminder.user)  \(reminder.reference)")
        }
        if schedule.dropped > 0 {
            context.print("dropped \(schedule.dropped) more: at most \(limit) reminders are pending at once")
        }
    }

    static func json(_ reminder: Reminder) -> JSONWriter.Value {
        .object([
            ("due", .string(StoreDates.iso(reminder.due))), ("user", .string(reminder.user)),
            ("form", .string(reminder.reference.path)), ("afterDays", .number(reminder.afterDays)),
        ])
    }
}
