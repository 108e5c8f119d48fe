/// Days since 1970-01-01 and calendar dates, both ways, in the proleptic Gregorian calendar: no
/// `Calendar`, no time zone (Howard Hinnant's algorithms). The printed form's dates and the
/// dataset's `DATE` values use it.
package enum CivilDate {
    /// Days from 1970-01-01 to `year`-`month`-`day` (negative before it).
    package static func days(year: Int, month: Int, day: Int) -> Int {
        let shifted = month <= 2 ? year - 1 : year
        let era = (shifted >= 0 ? shifted : shifted - 399) / 400
        let yearOfEra = shifted - era * 400
        let dayOfYear = (153 * (month + (month > 2 ? -3 : 9)) + 2) / 5 + day - 1
        let dayOfEra = yearOfEra * 365 + yearOfEra / 4 - yearOfEra / 100 + dayOfYear
        return era * 146_097 + dayOfEra - 719_468
    }

    /// The date `days` after 1970-01-01.
    package static func date(days: Int) -> (year: Int, month: Int, day: Int) {
        let shifted = days + 719_468
        let era = (shifted >= 0 ? shifted : shifted - 146_096) / 146_097
        let dayOfEra = shifted - era * 146_097
        let yearOfEra = (dayOfEra - dayOfEra / 1460 + dayOfEra / 36_524 - dayOfEra / 146_096) / 365
        let dayOfYear = dayOfEra - (365 * yearOfEra + yearOfEra / 4 - yearOfEra / 100)
        let monthIndex = (5 * dayOfYear + 2) / 153
        let day = dayOfYear - (153 * monthIndex + 2) / 5 + 1
        let month = monthIndex < 10 ? monthIndex + 3 : monthIndex - 9
        return (yearOfEra + era * 400 + (month <= 2 ? 1 : 0), month, day)
    }
}

// The two ways a completed form's days are written: `Mar 8, 2026`, as the original app writes
// `completedDate` and `SubmittedDate`, and ISO 8601's `2026-03-08` (FHIR, the dataset, searches).
// One reader of each, so that what one format writes the other reads back.
extension CivilDate {
    /// A day of the calendar: a year from 1 to 9999, a month, a day that exists in it.
    package typealias Day = (year: Int, month: Int, day: Int)

    /// The months as the original app abbreviates them (`MMM` in `en_US_POSIX`).
    package static let monthAbbreviations = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// Whether `year`-`month`-`day` is a day of the calendar (not February 30, not month 13), with a
    /// year of four digits at most.
    package static func exists(year: Int, month: Int, day: Int) -> Bool {
        (1...9999).contains(year) && (1...12).contains(month) && (1...31).contains(day)
            && date(days: days(year: year, month: month, day: day)) == (year, month, day)
    }

    /// The day of `Mar 8, 2026` (`MMM d, yyyy`: a day of one or two digits, a year of four); nil for
    /// other text or a day that does not exist.
    package static func day(ofFormDate text: some StringProtocol) -> Day? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, let month = monthAbbreviations.firstIndex(of: String(parts[0])),
            parts[1].hasSuffix(","), (2...3).contains(parts[1].utf8.count), let day = digits(parts[1].dropLast()),
            parts[2].utf8.count == 4, let year = digits(parts[2]), exists(year: year, month: month + 1, day: day)
        else { return nil }
        return (year, month + 1, day)
    }

    /// The day of `2026-03-08` (`yyyy-MM-dd`), the whole of `text`; nil for other text or a day that
    /// does not exist.
    package static func day(ofISODate text: some StringProtocol) -> Day? {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.map(\.utf8.count) == [4, 2, 2], let year = digits(parts[0]), let month = digits(parts[1]),
            let day = digits(parts[2]), exists(year: year, month: month, day: day)
        else { return nil }
        return (year, month, day)
    }

    /// `Mar 8, 2026` (the year in four digits, as `yyyy` writes it: `Jan 1, 0999`).
    package static func formDate(_ day: Day) -> String {
        "\(monthAbbreviations[day.month - 1]) \(day.day), \(fourDigits(day.year))"
    }

    /// `2026-03-08`.
    package static func isoDate(_ day: Day) -> String {
        let twoDigits = { (number: Int) in number < 10 ? "0\(number)" : "\(number)" }
        return fourDigits(day.year) + "-" + twoDigits(day.month) + "-" + twoDigits(day.day)
    }

    private static func fourDigits(_ year: Int) -> String {
        let digits = String(year)
        return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
    }

    /// The number that ASCII digits alone spell (no sign, no space); nil for anything else.
    private static func digits(_ text: some StringProtocol) -> Int? {
        guard !text.isEmpty, text.utf8.allSatisfy({ $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }) else {
            return nil
        }
        return Int(text)
    }
}
