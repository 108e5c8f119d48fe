import QuestionKit

extension TemplateSchema {
    /// The keys every question shares, constrained exactly as far as the core reports errors.
    func sharedProperties(identifiers: [String]) -> [(String, JSONWriter.Value)] {
        let helpImage: JSONWriter.Value = .object([
            ("type", .string("object")),
            (
                "properties",
                .object([
                    property(.helpImageText, []),
                    property(.helpImage, JSONSchema.string),
                ])
            ),
            ("required", .array([.string(keys.spelling(of: .helpImage))])),
        ])
        let images: [(String, JSONWriter.Value)] = [("type", .string("array")), ("items", helpImage)]
        let help: [(String, JSONWriter.Value)] = [
            ("type", .array([.string("object"), .string("null")])),
            ("properties", .object([property(.helpText, JSONSchema.string), property(.helpImages, images)])),
        ]
        return Key.sharedQuestionKeys.map { key in
            switch key {
            case .answerType: property(key, JSONSchema.string + [("enum", .array(identifiers.map { .string($0) }))])
            case .questionText: property(key, JSONSchema.string)
            case .section: property(key, JSONSchema.types("string", "null"))
            case .helpInfo: property(key, help)
            case .linkId: property(key, JSONSchema.string + [("minLength", .integer(1))])
            case .enableWhen: property(key, conditionList)
            case .enableBehavior: property(key, JSONSchema.oneOf(["all", "any"]))
            default: property(key, [])
            }
        }
    }

    /// `enableWhen`: a non-empty list of `{question, operator, answer}`; what `answer` may be
    /// depends on the question referred to, which a schema cannot follow.
    private var conditionList: [(String, JSONWriter.Value)] {
        let condition: JSONWriter.Value = .object([
            ("type", .string("object")),
            (
                "properties",
                .object([
                    property(.conditionQuestion, JSONSchema.string),
                    property(.conditionOperator, JSONSchema.oneOf(ConditionOperator.allCases.map(\.rawValue))),
                    property(.conditionAnswer, []),
                ])
            ),
            ("required", .array(Key.conditionKeys.map { .string(keys.spelling(of: $0)) })),
        ])
        return [("type", .string("array")), ("minItems", .integer(1)), ("items", condition)]
    }

    /// One `$defs` entry per registered type: its keys, the ones it requires, its valid examples.
    var typeDefinitions: [(String, JSONWriter.Value)] {
        registry.types.map { type in
            var members: [(String, JSONWriter.Value)] = [
                ("title", .string(type.description.identifier)),
                ("description", .string(type.description.summary)),
                (
                    "properties",
                    .object(type.description.schemaProperties.map { (keys.spelling(of: $0.key), $0.schema) })
                ),
            ]
            let required = type.description.schemaProperties.filter(\.isRequired).map {
                JSONWriter.Value.string(keys.spelling(of: $0.key))
            }
            if !required.isEmpty { members.append(("required", .array(required))) }
            // Examples are written with the MI spellings; under another key map they would mislead.
            let examples = type.description.examples.filter(\.isValid).compactMap { Self.value(ofJSON: $0.json) }
            if !examples.isEmpty && keys.isDefault { members.append(("examples", .array(examples))) }
            return (definitionName(of: type), .object(members))
        }
    }

    /// The name of a type's entry under `$defs`: `type-` and its page name.
    func definitionName(of type: any QuestionType) -> String {
        let position = registry.descriptions.firstIndex { $0.identifier == type.description.identifier } ?? 0
        let names = registry.uniquePageNames
        return "type-" + (names.indices.contains(position) ? names[position] : type.pageName)
    }

    private func property(_ key: Key, _ keywords: [(String, JSONWriter.Value)]) -> (String, JSONWriter.Value) {
        (keys.spelling(of: key), KeySchema(key, keywords).schema)
    }

    /// JSON text as a value to write, or nil when it does not parse.
    static func value(ofJSON text: String) -> JSONWriter.Value? {
        JSONParser.parse(Array(text.utf8)).document.map { $0.root.writerValue }
    }
}
