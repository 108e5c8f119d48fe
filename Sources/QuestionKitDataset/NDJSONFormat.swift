import QuestionKit

/// Newline-delimited JSON: one JSON object per row, one member per column (null included), in the
/// columns' order. A DATE is written `"yyyy-MM-dd"`, a TIMESTAMP `"yyyy-MM-ddTHH:mm:ss.ffffffZ"`,
/// which DuckDB's and Spark's JSON readers take for those types; a number that is not finite as null.
public struct NDJSONFormat: TableFormat {
    /// The format.
    public init() {}

    /// `ndjson`.
    public var name: String { "ndjson" }
    /// `ndjson`.
    public var fileExtension: String { "ndjson" }

    /// A sink writing NDJSON lines to a new file at `path`.
    public func makeSink(for table: DatasetTable, at path: String) throws(DatasetError) -> any TableSink {
        try NDJSONSink(table: table, path: path)
    }
}

/// Writes rows as NDJSON lines into a new file, through its buffer (`BufferedWriter`).
final class NDJSONSink: TableSink {
    private let file: BufferedWriter
    /// `{"name":`, then `,"name":` for each later column: the JSON before each value.
    private let prefixes: [[UInt8]]

    init(table: DatasetTable, path: String) throws(DatasetError) {
        file = try BufferedWriter(path: path)
        prefixes = table.columns.enumerated().map { position, column in
            var bytes: [UInt8] = position == 0 ? [UInt8(ascii: "{")] : [UInt8(ascii: ",")]
            JSONWriter.append(.string(column.name), indent: 0, to: &bytes)
            bytes.append(UInt8(ascii: ":"))
            return bytes
        }
    }

    func write(_ row: [DatasetValue]) throws(DatasetError) {
        try file.write { buffer in
            for (position, value) in row.enumerated() where position < prefixes.count {
                buffer += prefixes[position]
                Self.append(value, to: &buffer)
            }
            buffer += [UInt8(ascii: "}"), UInt8(ascii: "\n")]
        }
    }

    func close() throws(DatasetError) {
        try file.finish()
    }

    /// `value` as JSON, straight into `bytes`: no `JSONWriter.Value` (a boxed enum) or text made
    /// per value, which made a third of an export's instructions.
    static func append(_ value: DatasetValue, to bytes: inout [UInt8]) {
        switch value {
        case .null: bytes.append(contentsOf: nullBytes)
        case .string(let text): JSONWriter.appendQuoted(text, to: &bytes)
        case .int64(let number): appendDigits(of: number, to: &bytes)
        case .double(let number):
            if number.isFinite {
                JSONWriter.append(.number(number), indent: 0, to: &bytes)
            } else {
                bytes.append(contentsOf: nullBytes)
            }
        case .boolean(let flag): bytes.append(contentsOf: flag ? trueBytes : falseBytes)
        case .date(let days):
            // Digits straight into the bytes: every answer row has two dates, and text made per
            // date (a dozen small strings) cost a tenth of an NDJSON export.
            bytes.append(UInt8(ascii: "\""))
            CivilTime.appendDate(days: Int(days), to: &bytes)
            bytes.append(UInt8(ascii: "\""))
        case .timestamp(let micros):
            JSONWriter.appendQuoted(CivilTime.timestampText(microseconds: micros), to: &bytes)
        }
    }

    private static let nullBytes = Array("null".utf8)
    private static let trueBytes = Array("true".utf8)
    private static let falseBytes = Array("false".utf8)

    /// The decimal digits of `number` (a small string: nothing allocated up to 15 digits).
    private static func appendDigits(of number: Int64, to bytes: inout [UInt8]) {
        bytes.append(contentsOf: String(number).utf8)
    }
}

/// Dates and instants as text, from days and microseconds since 1970-01-01 (UTC).
enum CivilTime {
    /// `yyyy-MM-dd` of the day `days` after 1970-01-01.
    static func dateText(days: Int) -> String {
        var bytes: [UInt8] = []
        appendDate(days: days, to: &bytes)
        return String(decoding: bytes, as: UTF8.self)
    }

    /// `yyyy-MM-dd` of the day `days` after 1970-01-01, appended to `bytes` (a year before 0 or
    /// after 9999, which no date of a form is, as `dateText` always wrote it: sign, 4+ digits).
    static func appendDate(days: Int, to bytes: inout [UInt8]) {
        let (year, month, day) = CivilDate.date(days: days)
        if (0...9999).contains(year) {
            appendDigits(year, 4, to: &bytes)
        } else {
            bytes += Array(padded(year, 4).utf8)
        }
        bytes.append(UInt8(ascii: "-"))
        appendDigits(month, 2, to: &bytes)
        bytes.append(UInt8(ascii: "-"))
        appendDigits(day, 2, to: &bytes)
    }

    /// The last `width` decimal digits of `number` (not negative), zeros in front.
    private static func appendDigits(_ number: Int, _ width: Int, to bytes: inout [UInt8]) {
        var divisor = 1
        for _ in 1..<width { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }

    /// `yyyy-MM-ddTHH:mm:ss.ffffffZ` of the instant `microseconds` after 1970-01-01T00:00:00Z.
    static func timestampText(microseconds: Int64) -> String {
        let perDay: Int64 = 86_400_000_000
        let days = microseconds >= 0 ? microseconds / perDay : (microseconds - perDay + 1) / perDay
        let rest = Int(microseconds - days * perDay)
        let seconds = rest / 1_000_000
        return dateText(days: Int(days)) + "T" + padded(seconds / 3600, 2) + ":" + padded(seconds / 60 % 60, 2) + ":"
            + padded(seconds % 60, 2) + "." + padded(rest % 1_000_000, 6) + "Z"
    }

    private static func padded(_ number: Int, _ width: Int) -> String {
        let digits = String(abs(number))
        return (number < 0 ? "-" : "") + String(repeating: "0", count: max(0, width - digits.count)) + digits
    }
}
