import QuestionKit

// Reading a key-map file (JSON or property list) belongs to the engine: a question type only looks keys up.
extension KeyMap {
    /// Reads a key-map file for the keys and values of `registry` (see the other `load`).
    public static func load(_ bytes: [UInt8], registry: QuestionTypeRegistry) -> (KeyMap, [Diagnostic]) {
        load(
            bytes, knownKeys: registry.allKeys, scopes: registry.keyScopes, originalValues: registry.originalValueNames,
            valueScopes: registry.valueScopes)
    }

    /// Reads a key-map file: a JSON object or a property-list dictionary of key name (our name,
    /// the original app's name, or the MI spelling) to spelling. The original app's own Info.plist
    /// works as it is: when the file has a `TemplateKeys` dictionary, only that is read, and there
    /// its names are the original's first (`foremanComment` is the comment inside the foreman's
    /// section, `version` is `RevisionNumber`). Reported: a file that is neither, unknown names,
    /// spellings that are not strings, a key renamed twice differently, and two keys of one `scope`
    /// (or two values of one key) read from one spelling (which would make them indistinguishable).
    /// The valid entries are kept.
    ///
    /// - Parameters:
    ///   - knownKeys: every key that may be renamed (`QuestionTypeRegistry.allKeys`).
    ///   - scopes: groups of keys that share one JSON object (`QuestionTypeRegistry.keyScopes`).
    ///   - originalValues: values the original's key list names, which the file may respell by
    ///     those names (`QuestionTypeRegistry.originalValueNames`).
    ///   - valueScopes: every value of each key with named values, to find two spelled alike
    ///     (`QuestionTypeRegistry.valueScopes`).
    public static func load(
        _ bytes: [UInt8], knownKeys: [Key], scopes: [[Key]] = [], originalValues: [OriginalValueName] = [],
        valueScopes: [Key: [String]] = [:]
    ) -> (KeyMap, [Diagnostic]) {
        let parsed = JSONParser.parse(bytes)
        if let document = parsed.document {
            var problems = ProblemCollector(document: document)
            let keyList = document.root.kind == .object ? document.root[originalKeyList] : nil
            let isKeyList = keyList?.kind == .object
            let entries = jsonEntries(isKeyList ? keyList ?? document.root : document.root, problems: &problems)
            var resolver = Resolver(
                knownKeys: knownKeys, scopes: scopes, originalValues: originalValues, valueScopes: valueScopes,
                originalNamesFirst: isKeyList)
            let map = resolver.resolve(entries) { code, message, hint, node in
                if let node { problems.error(code, message, at: node, hint: hint) }
            }
            return (map, parsed.diagnostics + problems.diagnostics())
        }
        // Not JSON: a property list (XML, binary, or old-style, which may also begin with '{').
        guard let read = PropertyListReader.read(bytes) else {
            return (.mi, looksLikeJSON(bytes) ? parsed.diagnostics : [unreadable()])
        }
        let entries: [Entry]
        var isKeyList = false
        switch read {
        case .failure(let error):
            return (.mi, [unreadable(error)])
        case .success(.dictionary(var members)):
            if case .dictionary(let keyList)? = members.first(where: { $0.key == originalKeyList })?.value {
                members = keyList
                isKeyList = true
            }
            entries = members.map { member in
                guard case .string(let spelling) = member.value else { return Entry(name: member.key, spelling: nil) }
                return Entry(name: member.key, spelling: spelling, node: nil)
            }
        case .success(let other):
            return (.mi, [notADictionary(other)])
        }
        var diagnostics: [Diagnostic] = []
        var resolver = Resolver(
            knownKeys: knownKeys, scopes: scopes, originalValues: originalValues, valueScopes: valueScopes,
            originalNamesFirst: isKeyList)
        let map = resolver.resolve(entries) { code, message, hint, _ in
            diagnostics.append(Diagnostic(severity: .error, code: code, message: message, pointer: "", hint: hint))
        }
        // A property list has no positions; the pointer names the entry.
        for index in diagnostics.indices {
            diagnostics[index].pointer = "/" + JSONPointer.escape(resolver.nameOfProblem[index] ?? "")
        }
        return (map, diagnostics)
    }

    /// The entry of the original app's Info.plist that holds its key list.
    package static let originalKeyList = "TemplateKeys"

    /// One `name: spelling` entry of a key-map file; `node` is the key's node in a JSON file.
    struct Entry {
        var name: String
        var spelling: String?
        var node: JSONNode?
    }

    private static func jsonEntries(_ root: JSONNode, problems: inout ProblemCollector) -> [Entry] {
        guard root.kind == .object else {
            problems.error(
                "keys.not-an-object", "a key map must be an object of key name to spelling, not \(root.kind)",
                at: root, hint: "Write for example {\"answerType\": \"type\"}.")
            return []
        }
        return root.members.map { member in
            // A bad spelling is reported at the value, everything else at the key.
            let spelling = member.value.stringValue
            let isUsable = !(spelling ?? "").isEmpty
            return Entry(name: member.key, spelling: spelling, node: isUsable ? member.keyNode : member.value)
        }
    }

    private static func looksLikeJSON(_ bytes: [UInt8]) -> Bool {
        let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D, 0xEF, 0xBB, 0xBF].contains($0) }
        return first == UInt8(ascii: "{") || first == UInt8(ascii: "[")
    }

    /// The file is neither JSON nor a property list, or (with `error`) a property list that cannot be read.
    private static func unreadable(_ error: PropertyListError? = nil) -> Diagnostic {
        Diagnostic(
            severity: .error, code: "keys.unreadable",
            message: error.map { "the key map's property list cannot be read: \($0.message)" }
                ?? "a key map must be a JSON object or a property-list dictionary",
            pointer: error?.pointer ?? "", hint: "Write for example {\"answerType\": \"type\"}.")
    }

    private static func notADictionary(_ value: PropertyListValue) -> Diagnostic {
        Diagnostic(
            severity: .error, code: "keys.not-an-object",
            message: "a key map must be a dictionary of key name to spelling, not \(value.kind)",
            hint: "Write for example <dict><key>answerType</key><string>type</string></dict>.")
    }
}

extension KeyMap {
    /// Checks the entries of a key-map file and turns them into overrides.
    struct Resolver {
        let knownKeys: [Key]
        let scopes: [[Key]]
        /// The named values, by the original's name.
        let originalValues: [String: OriginalValueName]
        let valueScopes: [Key: [String]]
        /// In the original's key list, its names win over ours where the two differ in meaning.
        let originalNamesFirst: Bool
        /// For each problem reported, in order, the entry name it is about.
        var nameOfProblem: [String?] = []

        init(
            knownKeys: [Key], scopes: [[Key]], originalValues: [OriginalValueName], valueScopes: [Key: [String]],
            originalNamesFirst: Bool
        ) {
            self.knownKeys = knownKeys
            self.scopes = scopes
            self.originalValues = Dictionary(
                originalValues.map { ($0.originalName, $0) }, uniquingKeysWith: { first, _ in first })
            self.valueScopes = valueScopes
            self.originalNamesFirst = originalNamesFirst
        }

        typealias Report = (_ code: String, _ message: String, _ hint: String?, _ node: JSONNode?) -> Void

        mutating func resolve(_ entries: [Entry], report: Report) -> KeyMap {
            var overrides: [String: String] = [:]
            var valueSpellings: [String: [String: String]] = [:]
            var entryOfValue: [String: Entry] = [:]
            var entryOfKey: [String: Entry] = [:]
            var entryOrder: [String: Int] = [:]
            for (order, entry) in entries.enumerated() {
                guard let spelling = entry.spelling, !spelling.isEmpty else {
                    problem(
                        "keys.spelling-not-string", "the spelling of '\(entry.name)' must be a non-empty string",
                        hint: "Write \"\(entry.name)\": \"the-key-in-your-json\".", entry, report)
                    continue
                }
                if let named = originalValues[entry.name], knownKey(named: entry.name) == nil {
                    // The original's list spells every value as it is; only a different spelling renames.
                    if spelling != named.value {
                        valueSpellings[named.key.name, default: [:]][named.value] = spelling
                        entryOfValue[named.key.name + "\u{0}" + named.value] = entry
                    }
                    continue
                }
                guard let key = knownKey(named: entry.name) else {
                    let suggestion = Suggestion.nearest(
                        to: entry.name,
                        in: knownKeys.map(\.name) + knownKeys.flatMap(\.originalNames)
                            + knownKeys.map(\.defaultSpelling)
                            + originalValues.keys.sorted())
                    problem(
                        "keys.unknown-name", "no key is named '\(entry.name)'",
                        hint: suggestion.map { "Did you mean '\($0)'?" }
                            ?? "Known key names: \(knownKeys.map(\.name).sorted().joined(separator: ", ")).",
                        entry, report)
                    continue
                }
                // The original's list names `images` twice (help images, attached photos): alike is fine.
                if let earlier = entryOfKey[key.name], overrides[key.name] != spelling {
                    problem(
                        "keys.named-twice",
                        "'\(entry.name)' renames '\(key.name)', which '\(earlier.name)' already renames",
                        hint: "Keep one of the two entries.", entry, report)
                }
                overrides[key.name] = spelling
                entryOfKey[key.name] = entry
                entryOrder[key.name] = order
            }
            let map = KeyMap(overrides: overrides, valueSpellings: valueSpellings)
            reportClashes(in: map, entryOfKey: entryOfKey, entryOrder: entryOrder, report: report)
            reportValueClashes(in: map, entryOfValue: entryOfValue, report: report)
            return map
        }

        /// Two keys of one scope spelled alike, at least one of them by the file.
        private mutating func reportClashes(
            in map: KeyMap, entryOfKey: [String: Entry], entryOrder: [String: Int], report: Report
        ) {
            var reported = Set<String>()
            for scope in scopes {
                var keyOfSpelling: [String: Key] = [:]
                for key in scope {
                    let spelling = map.spelling(of: key)
                    guard let other = keyOfSpelling[spelling] else {
                        keyOfSpelling[spelling] = key
                        continue
                    }
                    // Name the two in file order and report at the later entry, where the clash arises.
                    let pair = [other, key].sorted { (entryOrder[$0.name] ?? -1) < (entryOrder[$1.name] ?? -1) }
                    guard let entry = entryOfKey[pair[1].name] ?? entryOfKey[pair[0].name],
                        reported.insert(pair[0].name + "\u{0}" + pair[1].name).inserted
                    else { continue }
                    problem(
                        "keys.spelling-clash",
                        "'\(pair[0].name)' and '\(pair[1].name)' would both be read from '\(spelling)'",
                        hint: "Give each key its own spelling.", entry, report)
                }
            }
        }

        /// Two values of one key spelled alike, at least one of them by the file.
        private mutating func reportValueClashes(in map: KeyMap, entryOfValue: [String: Entry], report: Report) {
            for key in valueScopes.keys.sorted(by: { $0.name < $1.name }) where map.valueSpellings[key.name] != nil {
                var valueOfSpelling: [String: String] = [:]
                for value in valueScopes[key] ?? [] {
                    let spelling = map.spelling(ofValue: value, in: key)
                    guard let other = valueOfSpelling[spelling] else {
                        valueOfSpelling[spelling] = value
                        continue
                    }
                    let renamed = entryOfValue[key.name + "\u{0}" + value] ?? entryOfValue[key.name + "\u{0}" + other]
                    guard let entry = renamed else { continue }
                    problem(
                        "keys.spelling-clash",
                        "'\(other)' and '\(value)' of '\(key.name)' would both be read from '\(spelling)'",
                        hint: "Give each value its own spelling.", entry, report)
                }
            }
        }

        private func knownKey(named name: String) -> Key? {
            let byName = knownKeys.first { $0.name == name }
            let byOriginalName = knownKeys.first { $0.originalNames.contains(name) }
            let bySpelling = knownKeys.first { $0.defaultSpelling == name }
            return originalNamesFirst ? byOriginalName ?? byName ?? bySpelling : byName ?? byOriginalName ?? bySpelling
        }

        private mutating func problem(
            _ code: String, _ message: String, hint: String?, _ entry: Entry, _ report: Report
        ) {
            nameOfProblem.append(entry.name)
            report(code, message, hint, entry.node)
        }
    }
}

extension QuestionTypeRegistry {
    /// Every value each key with named values may hold: for `answer-type`, every identifier and
    /// alias; for the others, the values the types name. Two of one key must never be spelled alike.
    public var valueScopes: [Key: [String]] {
        var scopes: [Key: [String]] = [.answerType: descriptions.flatMap(\.allIdentifiers)]
        for name in originalValueNames where !(scopes[name.key]?.contains(name.value) ?? false) {
            scopes[name.key, default: []].append(name.value)
        }
        return scopes
    }
}
