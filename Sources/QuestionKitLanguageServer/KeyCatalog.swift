import QuestionKit
import QuestionKitForms

/// The keys and values valid at a place in a template, from the registered types' declarations.
struct KeyCatalog {
    /// A key valid at a place: its spelling, what it holds, and its JSON Schema constraints.
    struct Entry {
        let spelling: String
        let description: String
        let keywords: [(String, JSONWriter.Value)]
        /// The type that reads the key, for a type's own key; nil for a shared or template key.
        let typeIdentifier: String?
        /// Whether every question of the type must have the key.
        let isRequired: Bool

        /// What the key holds and the values it allows, in plain words (Markdown), for hover and
        /// completion: "The number of rows…", then "Value: integer or string, at least 2, …".
        var documentation: String {
            let value = TypeDocumentation.valueLines(keywords)
            guard let first = value.first else { return description }
            return ([description, "", "Value: " + first] + value.dropFirst()).joined(separator: "\n")
        }
    }

    let registry: QuestionTypeRegistry
    let keys: KeyMap

    /// What the cursor's containers are in a template.
    enum Scope {
        case template
        /// A question, and its type when its `answer-type` (or inferring `qid`) names one.
        case question(CursorContext.Container, (any QuestionType)?)
        case helpInfo
        case helpImage
        /// A condition of a question's `enableWhen`.
        case condition(CursorContext.Container)
        case unknown
    }

    func scope(of path: [CursorContext.Container]) -> Scope {
        guard let root = path.first, root.isObject else { return .unknown }
        if path.count == 1 { return .template }
        let questionLists = [keys.spelling(of: .questions), keys.spelling(of: .earlyQuestions)]
        guard case .key(let list) = path[1].name, questionLists.contains(list), !path[1].isObject, path.count >= 3,
            path[2].isObject
        else { return .unknown }
        let question = path[2]
        switch path.count {
        case 3: return .question(question, type(of: question))
        case 4 where path[3].name == .key(keys.spelling(of: .helpInfo)) && path[3].isObject: return .helpInfo
        case 6 where path[3].name == .key(keys.spelling(of: .helpInfo)) && path[5].isObject: return .helpImage
        case 5 where path[3].name == .key(keys.spelling(of: .enableWhen)) && !path[3].isObject && path[4].isObject:
            return .condition(path[4])
        default: return .unknown
        }
    }

    /// The type a question's `answer-type` selects, or its `qid` infers.
    func type(of question: CursorContext.Container) -> (any QuestionType)? {
        if let identifier = question.strings[keys.spelling(of: .answerType)] {
            return registry.type(for: identifier)
        }
        return question.strings[keys.spelling(of: .legacyTypeCode)].flatMap {
            registry.typeInferred(fromLegacyCode: $0)
        }
    }

    /// The keys valid in `scope`; for a question of unknown type, the keys of every type.
    func entries(in scope: Scope) -> [Entry] {
        switch scope {
        case .template: return Key.templateKeys.map(entry)
        case .question(_, let type):
            let own = (type.map { [$0.description] } ?? registry.descriptions).flatMap { type in
                type.schemaProperties.map { entry($0, type: type.identifier) }
            }
            let ownSpellings = Set(own.map(\.spelling))
            return own + Key.sharedQuestionKeys.map(entry).filter { !ownSpellings.contains($0.spelling) }
        case .helpInfo: return [Key.helpText, Key.helpImages].map(entry)
        case .helpImage: return [Key.helpImageText, Key.helpImage].map(entry)
        case .condition: return Key.conditionKeys.map(entry)
        case .unknown: return []
        }
    }

    private func entry(_ key: Key) -> Entry {
        Entry(
            spelling: keys.spelling(of: key), description: key.summary, keywords: [], typeIdentifier: nil,
            isRequired: false)
    }

    private func entry(_ schema: KeySchema, type: String) -> Entry {
        Entry(
            spelling: keys.spelling(of: schema.key), description: schema.description, keywords: schema.keywords,
            typeIdentifier: type, isRequired: schema.isRequired)
    }

    /// The values a key's schema lists (`enum`, for the key or its items), and `true`/`false` for a boolean.
    static func enumeratedValues(_ keywords: [(String, JSONWriter.Value)], element: Bool) -> [JSONWriter.Value] {
        for (name, value) in keywords {
            if element, name == "items", case .object(let inner) = value {
                return enumeratedValues(inner, element: false)
            }
            if !element, name == "enum", case .array(let values) = value { return values }
            if !element, name == "type", case .string("boolean") = value { return [.bool(true), .bool(false)] }
        }
        return []
    }
}
