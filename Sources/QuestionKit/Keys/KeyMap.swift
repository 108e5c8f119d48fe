import Foundation

/// The spelling of every JSON key, by key name. Defaults to the MI keys.
///
/// The original app read every key through one key list so a key could be renamed without
/// recompiling; a key-map file does the same here: `{"answerType": "type"}` makes the question
/// type come from `"type"`. A file may name a key by its name (`answerType`) or by its MI
/// spelling (`answer-type`). Values the original app's key list names (type identifiers, row
/// types; see `OriginalValueName`) are respelled by those names.
public struct KeyMap: Sendable, Hashable {
    @usableFromInline var overrides: [String: String]
    /// Respelled values, by key name, then by value; and the reverse, by key name, then by spelling.
    package let valueSpellings: [String: [String: String]]
    let valuesBySpelling: [String: [String: String]]

    /// The MI keys, unchanged.
    public static let mi = KeyMap(overrides: [:])

    /// A key map with the given spellings, by key name, and value spellings, by key name and then
    /// by value (`["answerType": ["short-answer": "text-question"]]`).
    public init(overrides: [String: String], valueSpellings: [String: [String: String]] = [:]) {
        self.overrides = overrides
        self.valueSpellings = valueSpellings.filter { !$0.value.isEmpty }
        valuesBySpelling = self.valueSpellings.mapValues { spellings in
            Dictionary(spellings.map { ($1, $0) }, uniquingKeysWith: { first, _ in first })
        }
    }

    /// The spelling of `key` in JSON.
    @inlinable public func spelling(of key: Key) -> String {
        // The common case (no key-map file) costs no lookup.
        isDefault ? key.defaultSpelling : (overriddenSpelling(of: key) ?? key.defaultSpelling)
    }

    /// Calls `body` with the UTF-8 bytes of `key`'s spelling, made once per key rather than per call
    /// when the key is not respelled: this is how every key of every question is looked up.
    @inlinable func withSpellingUTF8<Result>(of key: Key, _ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        if overrides.isEmpty { return key.withDefaultSpellingUTF8(body) }
        var spelling = spelling(of: key)
        return spelling.withUTF8(body)
    }

    /// Whether every key and value has its MI spelling.
    public var isDefault: Bool { overrides.isEmpty && valueSpellings.isEmpty }

    @usableFromInline func overriddenSpelling(of key: Key) -> String? { overrides[key.name] }
}
