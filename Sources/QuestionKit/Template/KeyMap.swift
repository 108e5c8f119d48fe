import Foundation

/// The spelling of every JSON key, by key name. Defaults to the MI keys.
///
/// The original app read every key through one key list so a key could be renamed without
/// recompiling; a key-map file does the same here: `{"answerType": "type"}` makes the question
/// type come from `"type"`. A file may name a key by its name (`answerType`) or by its MI
/// spelling (`answer-type`).
public struct KeyMap: Sendable {
    private var overrides: [String: String]

    /// The MI keys, unchanged.
    public static let mi = KeyMap(overrides: [:])

    /// A key map with the given spellings, by key name.
    public init(overrides: [String: String]) {
        self.overrides = overrides
    }

    /// The spelling of `key` in JSON.
    @inlinable public func spelling(of key: Key) -> String {
        // The common case (no key-map file) costs no lookup.
        isDefault ? key.defaultSpelling : (overriddenSpelling(of: key) ?? key.defaultSpelling)
    }

    /// Whether every key has its MI spelling.
    public var isDefault: Bool { overrides.isEmpty }

    @usableFromInline func overriddenSpelling(of key: Key) -> String? { overrides[key.name] }

    /// Reads a key-map file: a JSON object or a property-list dictionary of key name (or MI
    /// spelling) to spelling. Unknown names, non-string spellings and two keys given the same
    /// spelling are reported; the valid entries are kept.
    public static func load(_ bytes: [UInt8], knownKeys: [Key]) -> (KeyMap, [Diagnostic]) {
        let firstByte = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
        if firstByte == UInt8(ascii: "{") || firstByte == 0xEF {
            return loadJSON(bytes, knownKeys: knownKeys)
        }
        return loadPropertyList(bytes, knownKeys: knownKeys)
    }

    private static func loadJSON(_ bytes: [UInt8], knownKeys: [Key]) -> (KeyMap, [Diagnostic]) {
        let parsed = JSONParser.parse(bytes)
        guard let document = parsed.document else { return (.mi, parsed.diagnostics) }
        var problems = ProblemCollector(document: document)
        let root = document.root
        var entries: [(name: String, spelling: String, node: JSONNode)] = []
        if root.kind == .object {
            for member in root.members {
                guard let spelling = member.value.stringValue, !spelling.isEmpty else {
                    problems.error(
                        "keys.spelling-not-string", "the spelling of '\(member.key)' must be a non-empty string",
                        at: member.value, hint: "Write \"\(member.key)\": \"the-key-in-your-json\".")
                    continue
                }
                entries.append((member.key, spelling, member.keyNode))
            }
        } else {
            problems.error(
                "keys.not-an-object", "a key map must be an object of key name to spelling, not \(root.kind)",
                at: root, hint: "Write for example {\"answerType\": \"type\"}.")
        }
        let map = resolve(entries, knownKeys: knownKeys, problems: &problems)
        return (map, parsed.diagnostics + problems.diagnostics())
    }

    private static func loadPropertyList(_ bytes: [UInt8], knownKeys: [Key]) -> (KeyMap, [Diagnostic]) {
        let plist = try? PropertyListSerialization.propertyList(from: Data(bytes), options: [], format: nil)
        guard let dictionary = plist as? [String: Any] else {
            let problem = Diagnostic(
                severity: .error, code: "keys.unreadable",
                message: "a key map must be a JSON object or a property-list dictionary",
                hint: "Write for example {\"answerType\": \"type\"}.")
            return (.mi, [problem])
        }
        var diagnostics: [Diagnostic] = []
        var overrides: [String: String] = [:]
        for (name, value) in dictionary.sorted(by: { $0.key < $1.key }) {
            guard let spelling = value as? String, !spelling.isEmpty else {
                diagnostics.append(Diagnostic(
                    severity: .error, code: "keys.spelling-not-string",
                    message: "the spelling of '\(name)' must be a non-empty string", pointer: "/" + name))
                continue
            }
            guard let key = knownKey(named: name, in: knownKeys) else {
                diagnostics.append(unknownKeyDiagnostic(name, knownKeys: knownKeys, pointer: "/" + name))
                continue
            }
            overrides[key.name] = spelling
        }
        return (KeyMap(overrides: overrides), diagnostics)
    }

    private static func resolve(
        _ entries: [(name: String, spelling: String, node: JSONNode)], knownKeys: [Key],
        problems: inout ProblemCollector
    ) -> KeyMap {
        var overrides: [String: String] = [:]
        for entry in entries {
            guard let key = knownKey(named: entry.name, in: knownKeys) else {
                let unknown = unknownKeyDiagnostic(entry.name, knownKeys: knownKeys, pointer: "")
                problems.error(unknown.code, unknown.message, at: entry.node, hint: unknown.hint)
                continue
            }
            overrides[key.name] = entry.spelling
        }
        return KeyMap(overrides: overrides)
    }

    private static func knownKey(named name: String, in keys: [Key]) -> Key? {
        keys.first { $0.name == name } ?? keys.first { $0.defaultSpelling == name }
    }

    private static func unknownKeyDiagnostic(_ name: String, knownKeys: [Key], pointer: String) -> Diagnostic {
        let names = knownKeys.map(\.name)
        let suggestion = Suggestion.nearest(to: name, in: names + knownKeys.map(\.defaultSpelling))
        return Diagnostic(
            severity: .error, code: "keys.unknown-name", message: "no key is named '\(name)'", pointer: pointer,
            hint: suggestion.map { "Did you mean '\($0)'?" }
                ?? "Known key names: \(names.sorted().joined(separator: ", ")).")
    }
}
