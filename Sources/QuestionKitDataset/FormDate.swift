import QuestionKit

/// A completed form's `completedDate` or `SubmittedDate` as typed columns: the day as a `DATE`,
/// and the instant as a `TIMESTAMP` where the text has a time of day. The original app writes
/// `Mar 8, 2026` (a day alone); ISO 8601 (`2026-03-08`, `2026-03-08T09:30:00Z`, with an offset
/// `+02:00`, seconds or fractions optional) is read too, a time without a zone as UTC so that
/// an export does not depend on the machine's zone. Other text is neither (both null); the
/// `forms` table keeps the text as stored.
struct FormDate {
    /// Days since 1970-01-01 of the day as written.
    var day: Int32?
    /// Microseconds since 1970-01-01T00:00:00Z; nil without a time of day.
    var instant: Int64?

    /// The two columns' values.
    var values: [DatasetValue] { [day.map(DatasetValue.date) ?? .null, instant.map(DatasetValue.timestamp) ?? .null] }

    init(_ text: String?) {
        guard let text else { return }
        let bytes = Array(text.utf8)
        if let (days, rest) = Self.isoDay(bytes) {
            day = Int32(days)
            if rest.isEmpty { return }
            guard let micros = Self.isoTime(rest) else {
                day = nil
                return
            }
            instant = Int64(days) * 86_400_000_000 + micros
        } else if let days = Self.formDay(text) {
            day = Int32(days)
        }
    }

    /// `MMM d, yyyy` (as the original app writes it): its days since 1970-01-01.
    private static func formDay(_ text: String) -> Int? {
        let parts = text.split(separator: " ", omittingEmptySubsequences: false)
        guard parts.count == 3, parts[1].hasSuffix(","), parts[2].utf8.count == 4,
            let month = monthNames.firstIndex(of: String(parts[0])),
            let day = Int(parts[1].dropLast()), let year = Int(parts[2])
        else { return nil }
        return checkedDays(year, month + 1, day)
    }

    private static let monthNames = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ]

    /// `yyyy-MM-dd` at the start of `bytes`: its days, and what follows it.
    private static func isoDay(_ bytes: [UInt8]) -> (Int, ArraySlice<UInt8>)? {
        guard bytes.count >= 10, bytes[4] == UInt8(ascii: "-"), bytes[7] == UInt8(ascii: "-"),
            let year = number(bytes[0..<4]), let month = number(bytes[5..<7]), let day = number(bytes[8..<10]),
            let days = checkedDays(year, month, day)
        else { return nil }
        return (days, bytes[10...])
    }

    /// `THH:mm[:ss[.f…]][Z|±HH:mm]`: microseconds since the day's midnight, UTC.
    private static func isoTime(_ rest: ArraySlice<UInt8>) -> Int64? {
        var rest = rest
        guard rest.first == UInt8(ascii: "T") || rest.first == UInt8(ascii: " "), rest.count >= 6,
            let hour = number(rest.dropFirst().prefix(2)), rest[rest.startIndex + 3] == UInt8(ascii: ":"),
            let minute = number(rest.dropFirst(4).prefix(2)), hour < 24, minute < 60
        else { return nil }
        rest = rest.dropFirst(6)
        var micros = Int64(hour * 3600 + minute * 60) * 1_000_000
        if rest.first == UInt8(ascii: ":") {
            guard let second = number(rest.dropFirst().prefix(2)), second < 60 else { return nil }
            micros += Int64(second) * 1_000_000
            rest = rest.dropFirst(3)
            if rest.first == UInt8(ascii: ".") {
                let digits = rest.dropFirst().prefix { $0 >= UInt8(ascii: "0") && $0 <= UInt8(ascii: "9") }
                guard !digits.isEmpty else { return nil }
                let sixDigits =
                    Array(digits.prefix(6)) + Array(repeating: UInt8(ascii: "0"), count: 6 - min(6, digits.count))
                micros += Int64(number(sixDigits[...]) ?? 0)
                rest = rest.dropFirst(1 + digits.count)
            }
        }
        if rest.isEmpty || Array(rest) == [UInt8(ascii: "Z")] { return micros }
        guard rest.count == 6, rest.first == UInt8(ascii: "+") || rest.first == UInt8(ascii: "-"),
            rest[rest.startIndex + 3] == UInt8(ascii: ":"), let hours = number(rest.dropFirst().prefix(2)),
            let minutes = number(rest.dropFirst(4)), hours < 24, minutes < 60
        else { return nil }
        let offset = Int64(hours * 60 + minutes) * 60_000_000
        return rest.first == UInt8(ascii: "+") ? micros - offset : micros + offset
    }

    /// The decimal number the ASCII digits of `bytes` spell; nil for anything else.
    private static func number(_ bytes: ArraySlice<UInt8>) -> Int? {
        guard !bytes.isEmpty else { return nil }
        var value = 0
        for byte in bytes {
            guard byte >= UInt8(ascii: "0"), byte <= UInt8(ascii: "9") else { return nil }
            value = value * 10 + Int(byte - UInt8(ascii: "0"))
        }
        return value
    }

    /// Days since 1970-01-01 of a day that exists (not February 30, not month 13); nil otherwise.
    private static func checkedDays(_ year: Int, _ month: Int, _ day: Int) -> Int? {
        guard (1...12).contains(month), (1...31).contains(day), (1...9999).contains(year) else { return nil }
        let days = CivilDate.days(year: year, month: month, day: day)
        return CivilDate.date(days: days) == (year, month, day) ? days : nil
    }
}
