import QuestionKit

/// A value of a property list as ``PropertyListReader`` reads it: a tree that the key map and the store
/// configuration check, whatever the file's format (binary, XML or old-style).
package indirect enum PropertyListValue: Equatable, Sendable {
    case string(String)
    /// An integer or a real.
    case number(Double)
    case boolean(Bool)
    /// Seconds since 2001-01-01 00:00:00 UTC.
    case date(Double)
    /// Raw bytes; only their count is kept, as no setting is data.
    case data(count: Int)
    /// A keyed-archiver object reference (binary property lists only).
    case uid(UInt64)
    case array([PropertyListValue])
    /// A set (binary property lists only); its elements in file order.
    case set([PropertyListValue])
    /// A dictionary's members in file order (sorted by key when read through Foundation, which keeps no order).
    case dictionary([Member])

    /// One key of a dictionary with its value.
    package struct Member: Equatable, Sendable {
        package var key: String
        package var value: PropertyListValue
    }

    /// What the value is, for messages: "a set", "a date".
    package var kind: String {
        switch self {
        case .string: "a string"
        case .number: "a number"
        case .boolean: "a boolean"
        case .date: "a date"
        case .data: "data"
        case .uid: "a UID"
        case .array: "an array"
        case .set: "a set"
        case .dictionary: "a dictionary"
        }
    }
}

/// Why a property list could not be read, and where in it.
package struct PropertyListError: Error, Equatable, Sendable {
    /// The pointer (RFC 6901) of the value being read, `""` for the file as a whole.
    package var pointer: String
    /// What is wrong, without the location.
    package var reason: String

    /// The reason with its location, for a diagnostic's message.
    package var message: String {
        pointer.isEmpty ? reason : "at \(pointer): \(reason)"
    }
}
