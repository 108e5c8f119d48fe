import QuestionKit

/// The JSON Schema (draft 2020-12) of templates, composed from every registered type's own schema.
///
/// The top level lists the template keys; each question must satisfy the keys every question
/// shares and, selected by its `answer-type` (or, without one, by a `qid` a type infers from), the
/// `schemaProperties` of its type. Every key carries a description, so an editor shows it while
/// an author types.
///
/// The schema rejects only what `questionkit validate` reports as an error. What the validator
/// merely warns about (an unknown key, a metadata value that is not a string, the early `Questions`
/// and `version` keys, a question without `answer-type` whose `qid` is 1 or 2) is allowed.
package struct TemplateSchema: Sendable {
    /// The types whose questions the schema describes.
    package let registry: QuestionTypeRegistry
    /// The key spellings the schema uses.
    package let keys: KeyMap

    /// The schema of templates whose questions are of `registry`'s types, spelled with `keys`.
    package init(registry: QuestionTypeRegistry, keys: KeyMap = .mi) {
        self.registry = registry
        self.keys = keys
    }

    /// The schema as JSON text, ending in a newline.
    package var text: String { JSONWriter.text(of: value) + "\n" }

    /// The schema.
    package var value: JSONWriter.Value {
        let questionList: JSONWriter.Value = .object([
            ("type", .string("array")), ("items", .object([("$ref", .string("#/$defs/question"))])),
        ])
        let questionsKey = keys.spelling(of: .questions)
        let earlyQuestionsKey = keys.spelling(of: .earlyQuestions)
        let identifiers = keys.spellings(ofValues: registry.identifiers, in: .answerType)
        return .object([
            ("$schema", .string(JSONSchema.draft)),
            ("title", .string("MI question template")),
            ("description", .string(Self.templateDescription(types: identifiers))),
            ("type", .string("object")),
            ("properties", .object(templateProperties(questionList: questionList))),
            // The early list is read (and so checked) only when the modern one is missing.
            (
                "anyOf",
                .array([
                    .object([("required", .array([.string(questionsKey)]))]),
                    .object([
                        ("required", .array([.string(earlyQuestionsKey)])),
                        ("properties", .object([(earlyQuestionsKey, questionList)])),
                    ]),
                ])
            ),
            ("$defs", .object([("question", questionSchema)] + typeDefinitions)),
        ])
    }

    private static func templateDescription(types: [String]) -> String {
        "A form template of the MI system: metadata, then the questions. Question types: "
            + types.joined(separator: ", ") + "."
    }

    private func templateProperties(questionList: JSONWriter.Value) -> [(String, JSONWriter.Value)] {
        Key.templateKeys.map { key in
            let described: [(String, JSONWriter.Value)] = [("description", .string(key.summary))]
            if key == .questions {
                guard case .object(let members) = questionList else { return (keys.spelling(of: key), .null) }
                return (keys.spelling(of: key), .object(described + members))
            }
            return (keys.spelling(of: key), .object(described))
        }
    }

    // MARK: Questions

    /// Every question: the shared keys, then the schema of the type its `answer-type` selects.
    private var questionSchema: JSONWriter.Value {
        let answerType = keys.spelling(of: .answerType)
        let allIdentifiers = keys.spellings(ofValues: registry.descriptions.flatMap(\.allIdentifiers), in: .answerType)
        var rules: [JSONWriter.Value] = [missingAnswerTypeRule]
        for type in registry.types {
            let selected: JSONWriter.Value = .object([
                ("required", .array([.string(answerType)])),
                ("properties", .object([(answerType, .object([("enum", .array(identifiers(of: type)))]))])),
            ])
            rules.append(.object([("if", selected), ("then", reference(to: type))]))
        }
        for type in inferringTypes {
            rules.append(.object([("if", inferredRule(for: type)), ("then", reference(to: type))]))
        }
        return .object([
            ("description", .string("One question. Its '\(answerType)' selects the keys it may have.")),
            ("type", .string("object")),
            ("properties", .object(sharedProperties(identifiers: allIdentifiers))),
            ("required", .array([.string(keys.spelling(of: .questionText))])),
            ("allOf", .array(rules)),
        ])
    }

    /// Types a question without `answer-type` may be of, by its `qid`.
    private var inferringTypes: [any QuestionType] {
        registry.types.filter { $0.description.infersTypeFromLegacyCode && $0.description.legacyTypeCode != nil }
    }

    /// Without `answer-type`, a question must have a `qid` that a type infers from.
    private var missingAnswerTypeRule: JSONWriter.Value {
        .object([("if", .object([("not", answerTypePresent)])), ("then", qidRule(for: inferringTypes))])
    }

    /// No `answer-type`, and a `qid` of `type`: the question is read as `type`.
    private func inferredRule(for type: any QuestionType) -> JSONWriter.Value {
        guard case .object(let qid) = qidRule(for: [type]) else { return .null }
        return .object([("not", answerTypePresent)] + qid)
    }

    private var answerTypePresent: JSONWriter.Value {
        .object([("required", .array([.string(keys.spelling(of: .answerType))]))])
    }

    /// A `qid` (string or number) of one of `types`.
    private func qidRule(for types: [any QuestionType]) -> JSONWriter.Value {
        let qid = keys.spelling(of: .legacyTypeCode)
        let codes = types.compactMap(\.description.legacyTypeCode)
        let values: [JSONWriter.Value] = codes.map { .string($0) } + codes.compactMap { Int($0).map { .integer($0) } }
        return .object([
            ("required", .array([.string(qid)])),
            ("properties", .object([(qid, .object([("enum", .array(values))]))])),
        ])
    }

    private func identifiers(of type: any QuestionType) -> [JSONWriter.Value] {
        keys.spellings(ofValues: type.description.allIdentifiers, in: .answerType).map { .string($0) }
    }

    private func reference(to type: any QuestionType) -> JSONWriter.Value {
        .object([("$ref", .string("#/$defs/" + definitionName(of: type)))])
    }
}
