/// The type of a column of an exported table (`questionkit dataset`), as both NDJSON and Parquet
/// can hold it.
public enum DatasetColumnType: String, Sendable, Hashable, CaseIterable {
    /// UTF-8 text.
    case string
    /// A 64-bit signed integer.
    case int64
    /// A 64-bit floating-point number.
    case double
    /// True or false.
    case boolean
    /// A calendar date without a time: days since 1970-01-01 (Parquet's `DATE`).
    case date
    /// An instant: microseconds since 1970-01-01T00:00:00Z (Parquet's `TIMESTAMP(MICROS, UTC)`).
    case timestamp
}

/// A column of an exported table: its name, its type, and whether a row may hold no value.
public struct DatasetColumn: Sendable, Hashable {
    /// The column's name, lowercase with underscores (`answer_date`).
    public var name: String
    /// What it holds.
    public var type: DatasetColumnType
    /// Whether a row may leave it empty (null).
    public var isNullable: Bool

    /// A column `name` of `type`, nullable unless said otherwise.
    public init(_ name: String, _ type: DatasetColumnType, nullable: Bool = true) {
        self.name = name
        self.type = type
        self.isNullable = nullable
    }
}

/// One value of an exported table's cell.
public enum DatasetValue: Sendable, Hashable {
    /// No value (SQL `NULL`).
    case null
    /// Text.
    case string(String)
    /// An integer.
    case int64(Int64)
    /// A floating-point number.
    case double(Double)
    /// True or false.
    case boolean(Bool)
    /// A date: days since 1970-01-01 (see `date(year:month:day:)`).
    case date(Int32)
    /// An instant: microseconds since 1970-01-01T00:00:00Z.
    case timestamp(Int64)

    /// The date `year`-`month`-`day` of the proleptic Gregorian calendar, as days since
    /// 1970-01-01, for a type whose answer is a date. The caller checks that the date exists.
    public static func date(year: Int, month: Int, day: Int) -> DatasetValue {
        .date(Int32(truncatingIfNeeded: daysSinceEpoch(year: year, month: month, day: day)))
    }

    /// Days from 1970-01-01 to the given day (negative before it), exact for every year of the
    /// Gregorian calendar.
    public static func daysSinceEpoch(year: Int, month: Int, day: Int) -> Int {
        CivilDate.days(year: year, month: month, day: day)
    }

    /// The type this value fits; nil for `null`, which fits any nullable column.
    public var type: DatasetColumnType? {
        switch self {
        case .null: nil
        case .string: .string
        case .int64: .int64
        case .double: .double
        case .boolean: .boolean
        case .date: .date
        case .timestamp: .timestamp
        }
    }
}
