/// A value that the original app's key list names, such as `rowTypeText` for the `text` of a
/// table's `rowType`, or `shortAnswerQuestion` for the `short-answer` of `answer-type`.
///
/// A key-map file respells the value by that name as it respells a key by its name:
/// `{"shortAnswerQuestion": "text-question"}` makes `"answer-type": "text-question"` a short answer.
public struct OriginalValueName: Sendable, Hashable {
    /// The original's logical name, e.g. `rowTypeCheckBoxes`.
    public var originalName: String
    /// The key whose value it is (`Key.answerType` for a type identifier).
    public var key: Key
    /// The value as the MI format writes it, e.g. `check`.
    public var value: String

    /// The value `value` of `key`, named `originalName` in the original's key list.
    public init(_ originalName: String, key: Key, value: String) {
        self.originalName = originalName
        self.key = key
        self.value = value
    }
}

extension KeyMap {
    /// How `value` of `key` is written: `value` itself unless the key map respells it.
    public func spelling(ofValue value: String, in key: Key) -> String {
        // Without a key-map file, no hashing: every question's type and rows are read through here.
        valueSpellings.isEmpty ? value : valueSpellings[key.name]?[value] ?? value
    }

    /// The value that `spelling` stands for in `key`: itself, or the value the key map respells as
    /// `spelling`; nil when `spelling` is a value the key map has respelled (then the old spelling
    /// means nothing, as a renamed key's old name does).
    public func value(spelled spelling: String, in key: Key) -> String? {
        guard !valueSpellings.isEmpty, let renamed = valueSpellings[key.name] else { return spelling }
        if let value = valuesBySpelling[key.name]?[spelling] { return value }
        return renamed[spelling] == nil ? spelling : nil
    }

    /// Whether the string `node` stands for `value` in `key`, as `value(spelled:in:)` reads it;
    /// compared where the string lies when the key map respells no value of `key`, so that a
    /// template's row types are checked without a `String` each.
    package func node(_ node: JSONNode, spells value: String, in key: Key) -> Bool {
        guard !valueSpellings.isEmpty, valueSpellings[key.name] != nil else { return node.stringEquals(value) }
        return node.stringValue.flatMap { self.value(spelled: $0, in: key) } == value
    }

    /// `values` of `key`, each as written.
    public func spellings(ofValues values: [String], in key: Key) -> [String] {
        values.map { spelling(ofValue: $0, in: key) }
    }
}
