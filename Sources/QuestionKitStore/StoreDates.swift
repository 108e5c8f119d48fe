import Foundation
import QuestionKit

/// The store's dates: ISO 8601 in UTC for its own records, the original app's formats for folder
/// names (`dd-MM-yyyy`, `HH-mm-ss`, in the configured time zone) and for completed forms
/// (`MMM d, yyyy`).
package enum StoreDates {
    /// `2026-03-01T09:30:00Z`: how the store records a moment (UTC, whole seconds).
    package static func iso(_ date: Date) -> String {
        formatter("yyyy-MM-dd'T'HH:mm:ss'Z'", TimeZone(identifier: "UTC")).string(from: date)
    }

    /// Reads an ISO 8601 date: `2026-03-08T09:30:00Z`, with an offset (`+02:00`), fractions of
    /// a second, or without seconds; a time without a zone, or a date alone (`2026-03-08`, at
    /// midnight), is in `timeZone`. Nil when `text` is none of these.
    package static func parse(_ text: String, timeZone: TimeZone = .current) -> Date? {
        let zoned = [
            "yyyy-MM-dd'T'HH:mm:ssXXXXX", "yyyy-MM-dd'T'HH:mm:ss.SSSXXXXX", "yyyy-MM-dd'T'HH:mmXXXXX",
        ]
        let local = ["yyyy-MM-dd'T'HH:mm:ss", "yyyy-MM-dd'T'HH:mm:ss.SSS", "yyyy-MM-dd'T'HH:mm", "yyyy-MM-dd"]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for format in zoned + local {
            // Not lenient: month 13 or February 30 are refused, not carried over.
            if let date = formatter(format, timeZone).date(from: trimmed) { return date }
        }
        return nil
    }

    /// `08-03-2026`: the date in an incomplete form's folder name.
    package static func folderDate(_ date: Date, timeZone: TimeZone) -> String {
        formatter("dd-MM-yyyy", timeZone).string(from: date)
    }

    /// `14-05-09`: the time in a completed form's folder name.
    package static func folderTime(_ date: Date, timeZone: TimeZone) -> String {
        formatter("HH-mm-ss", timeZone).string(from: date)
    }

    /// `Mar 8, 2026`: `completedDate` and `SubmittedDate` of a completed form.
    package static func formDate(_ date: Date, timeZone: TimeZone) -> String {
        formatter("MMM d, yyyy", timeZone).string(from: date)
    }

    /// `2026-03-08` from `Mar 8, 2026` (`formDate`'s form, as the original app wrote it); nil for
    /// other text. Read by hand, not by a `DateFormatter`: a search reads one in every form.
    package static func day(ofFormDate text: String) -> String? {
        CivilDate.day(ofFormDate: text).map(CivilDate.isoDate)
    }

    /// A time span in days for messages: `7 days`, `1 day`, `0.5 days`.
    static func days(_ value: Double) -> String {
        let number = value == value.rounded() ? String(Int(value)) : String(format: "%g", value)
        return number + (value == 1 ? " day" : " days")
    }

    /// A time to go for messages, as a person would round it: `7 days` from 6.9998 days, `5 hours`
    /// under a day, `12 minutes` under an hour (never `0`: at least `1 minute`).
    static func countdown(_ seconds: Double) -> String {
        let (count, unit): (Double, String) =
            seconds >= 86_400 - 1_800
            ? ((seconds / 86_400).rounded(), "day")
            : seconds >= 3_600 - 30
                ? ((seconds / 3_600).rounded(), "hour") : (max(1, (seconds / 60).rounded()), "minute")
        return "\(Int(count)) \(unit)" + (count == 1 ? "" : "s")
    }

    private static func formatter(_ format: String, _ timeZone: TimeZone?) -> DateFormatter {
        let formatter = DateFormatter()
        formatter.locale = Locale(identifier: "en_US_POSIX")
        formatter.calendar = Calendar(identifier: .gregorian)
        formatter.timeZone = timeZone
        formatter.isLenient = false
        formatter.dateFormat = format
        return formatter
    }
}
