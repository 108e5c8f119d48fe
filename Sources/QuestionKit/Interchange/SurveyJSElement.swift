/// One SurveyJS question element, as a question type sees it when it claims the element and reads it.
public struct SurveyJSElement: Sendable {
    /// The element object.
    public let node: JSONNode
    /// Its `type`, lowercased (SurveyJS reads types case-insensitively; `""` when missing).
    public let type: String
    /// Its `inputType`, lowercased (`""` when missing): a `text` element's kind of input (`number`, `date` …).
    public let inputType: String

    /// The element `node` of a survey.
    public init(node: JSONNode) {
        self.node = node
        self.type = node["type"]?.stringValue?.lowercased() ?? ""
        self.inputType = node["inputType"]?.stringValue?.lowercased() ?? ""
    }

    /// The member `key` of the element, or nil.
    public subscript(key: String) -> JSONNode? { node[key] }

    /// The `choices` as option texts, each with its node: a string or number as written, an object's
    /// `text` (a string; else its `value`). An entry that is none of these has no text (nil), so the
    /// caller can report it.
    public var choices: [(text: String?, node: JSONNode)] {
        guard let list = node["choices"] else { return [] }
        return list.elements.map { entry in (Self.text(of: entry), entry) }
    }

    /// The texts of the entries of the list member `key` (a matrix's `rows` or `columns`): for an
    /// object, its first member of `named` that has a text (a dropdown matrix's column: `title`,
    /// else `name`), else as `text(of:)` reads it; `""` for an entry with no text, so that none is lost.
    public func texts(of key: String, named: [String] = []) -> [String] {
        guard let list = node[key] else { return [] }
        return list.elements.map { entry in
            let own = entry.kind == .object ? named.lazy.compactMap { entry[$0].flatMap(Self.localized) }.first : nil
            return own ?? Self.text(of: entry) ?? ""
        }
    }

    /// The text a choice or a compared value stands for: a string (its text part, see `shorthand`), a
    /// number as written, an object's `text` (else its `value`'s); nil for anything else.
    public static func text(of value: JSONNode) -> String? {
        switch value.kind {
        case .string: return value.stringValue.map { shorthand($0).text }
        case .number: return value.numberText
        case .object:
            if let text = value["text"].flatMap(localized) { return text }
            return value["value"].flatMap { $0.kind == .object ? nil : text(of: $0) }
        default: return nil
        }
    }

    /// The value a choice stands for, as conditions compare it: a string (its value part, see
    /// `shorthand`), a number as written, an object's `value` read so; nil for anything else.
    public static func value(of choice: JSONNode) -> String? {
        switch choice.kind {
        case .string: return choice.stringValue.map { shorthand($0).value }
        case .number: return choice.numberText
        case .object: return choice["value"].flatMap { $0.kind == .object ? nil : value(of: $0) }
        default: return nil
        }
    }

    /// SurveyJS's shorthand for a choice, a row or a column written as one string: `"value|text"`
    /// (its `itemValueSeparator`) is split at the first `|`; without one, or with nothing after it,
    /// the text is the value.
    static func shorthand(_ string: String) -> (value: String, text: String) {
        guard let bar = string.utf8.firstIndex(of: UInt8(ascii: "|")) else { return (string, string) }
        let value = String(string[..<bar])
        let text = String(string[string.utf8.index(after: bar)...])
        return (value, text.isEmpty ? value : text)
    }

    /// A text as SurveyJS writes it: a string, or translations by language (`{"default": …, "de": …}`),
    /// of which the `default` one (else `en`, else the first) is read.
    public static func localized(_ node: JSONNode) -> String? {
        if let text = node.stringValue { return text }
        guard node.kind == .object else { return nil }
        return (node["default"] ?? node["en"])?.stringValue ?? node.members.lazy.compactMap(\.value.stringValue).first
    }
}

/// What a type made of a SurveyJS element: its own keys of the question, and which of the element's
/// members they carry (the converter reports every other member not carried).
public struct SurveyJSImport: Sendable {
    /// The type's keys of the question, in the order they are written.
    public var keys: [(String, JSONWriter.Value)]
    /// The element's members the keys carry (`choices`, `maxSelectedChoices`, `min` …).
    public var carriedMembers: Set<String>

    /// Keys made of the element, carrying `carriedMembers`.
    public init(keys: [(String, JSONWriter.Value)], carriedMembers: Set<String> = []) {
        self.keys = keys
        self.carriedMembers = carriedMembers
    }
}
