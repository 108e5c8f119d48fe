/// The JSON Schema of one question key, as a question type declares it in `schemaProperties`.
///
/// The keywords constrain the key's value (`type`, `minimum`, `enum`, `items` …); the description
/// is added by the core, so editors show it when an author hovers the key or completes it.
///
/// ```swift
/// public var schemaProperties: [KeySchema] {
///     [
///         KeySchema(Self.scale, required: true, [("type", .string("integer")), ("minimum", .integer(2))]),
///         KeySchema(.acceptedAnswer, description: "The lowest rating that is not flagged.", JSONSchema.number),
///     ]
/// }
/// ```
public struct KeySchema: Sendable {
    /// The key; its spelling comes from the key map in force.
    public let key: Key
    /// What the key holds, for editors and the documentation page.
    public let description: String
    /// Whether every question of the type must have the key.
    package let isRequired: Bool
    /// JSON Schema keywords for the key's value, in order; none allows any value.
    package let keywords: [(String, JSONWriter.Value)]

    /// A schema for `key`, described by `description` (default: the key's summary).
    public init(
        _ key: Key, description: String? = nil, required: Bool = false, _ keywords: [(String, JSONWriter.Value)] = []
    ) {
        self.key = key
        self.description = description ?? key.summary
        self.isRequired = required
        self.keywords = keywords
    }

    /// The value's schema object: the description, then the keywords.
    public var schema: JSONWriter.Value {
        .object([("description", .string(description))] + keywords.filter { $0.0 != "description" })
    }
}

/// Ready-made JSON Schema keywords for `KeySchema`, for the shapes MI templates use most.
public enum JSONSchema {
    /// The draft the schemas of `questionkit schema` follow.
    package static let draft = "https://json-schema.org/draft/2020-12/schema"

    /// Any string.
    public static let string: [(String, JSONWriter.Value)] = [("type", .string("string"))]
    /// Any integer (the JSON number `3`, not the string `"3"`).
    public static let integer: [(String, JSONWriter.Value)] = [("type", .string("integer"))]
    /// Any number.
    public static let number: [(String, JSONWriter.Value)] = [("type", .string("number"))]
    /// `true` or `false`.
    public static let boolean: [(String, JSONWriter.Value)] = [("type", .string("boolean"))]
    /// A list of strings.
    public static let stringList: [(String, JSONWriter.Value)] = [
        ("type", .string("array")), ("items", .object([("type", .string("string"))])),
    ]

    /// A value of one of the JSON types named, e.g. `types("string", "number")`.
    public static func types(_ names: String...) -> [(String, JSONWriter.Value)] {
        [("type", .array(names.map { .string($0) }))]
    }

    /// One of the given strings, exactly.
    public static func oneOf(_ values: [String]) -> [(String, JSONWriter.Value)] {
        [("enum", .array(values.map { .string($0) }))]
    }
}
