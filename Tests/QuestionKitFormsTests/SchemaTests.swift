import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("JSON Schema of templates")
struct SchemaTests {
    private func schema(_ types: [any QuestionType], keys: KeyMap = .mi) throws -> JSONDocument {
        let text = TemplateSchema(registry: try QuestionTypeRegistry(types), keys: keys).text
        return try #require(JSONParser.parse(Array(text.utf8)).document)
    }

    @Test func theSchemaIsDraft2020WithTheTemplateKeys() throws {
        let root = try schema([YesNoTestQuestion(), ScoreTestQuestion()]).root
        #expect(root["$schema"]?.stringValue == "https://json-schema.org/draft/2020-12/schema")
        #expect(root["type"]?.stringValue == "object")
        let properties = try #require(root["properties"])
        #expect(properties["Title"]?["description"]?.stringValue == "Form title.")
        #expect(properties["questions"]?["items"]?["$ref"]?.stringValue == "#/$defs/question")
        // The early list is allowed, and checked only when it is the one read.
        #expect(properties["Questions"]?["items"] == nil)
        #expect(root["anyOf"]?.count == 2)
    }

    @Test func everyTypeHasADefinitionSelectedByItsIdentifiers() throws {
        let root = try schema([YesNoTestQuestion(), ScoreTestQuestion()]).root
        let question = try #require(root["$defs"]?["question"])
        let answerTypes = question["properties"]?["answer-type"]?["enum"]?.elements.compactMap(\.stringValue)
        #expect(answerTypes == ["yes-no", "yn", "score"])
        #expect(question["required"]?.elements.compactMap(\.stringValue) == ["question"])
        let rules = try #require(question["allOf"]).elements.map { $0 }
        let references = rules.compactMap { $0["then"]?["$ref"]?.stringValue }
        // One rule per type, then one per type a missing answer-type may be inferred as.
        #expect(references == ["#/$defs/type-yes-no", "#/$defs/type-score", "#/$defs/type-yes-no"])
        let qids = rules.first?["then"]?["properties"]?["qid"]?["enum"]?.elements.map(\.sourceText)
        #expect(qids == ["\"2\"", "2"])
    }

    @Test func aTypeDefinitionHoldsItsPropertiesAndValidExamples() throws {
        let root = try schema([YesNoTestQuestion()]).root
        let definition = try #require(root["$defs"]?["type-yes-no"])
        #expect(definition["description"]?.stringValue == "A single yes or no (test type).")
        // The default schema: each of the type's keys, described by its summary, any value.
        let strict = try #require(definition["properties"]?["strict"])
        #expect(strict.count == 1)
        #expect(strict["description"]?.stringValue == "Whether only an exact yes or no counts.")
        #expect(definition["required"] == nil)
        #expect(definition["examples"]?.count == 3)
        #expect(definition["examples"]?.elements.first?["question"]?.stringValue == "Valve closed?")
    }

    @Test func requiredKeysAndKeywordsComeFromTheTypesSchemaProperties() throws {
        let size = Key("size", summary: "How big.")
        let type = DescribedTestQuestion(
            keys: [size],
            schemaProperties: [
                KeySchema(size, required: true, JSONSchema.integer + [("minimum", .integer(1))]),
                KeySchema(.acceptedAnswer, description: "The best size."),
            ])
        let definition = try #require(try schema([type]).root["$defs"]?["type-described"])
        #expect(definition["required"]?.elements.compactMap(\.stringValue) == ["size"])
        let sizeSchema = try #require(definition["properties"]?["size"])
        #expect(sizeSchema.members.map(\.key) == ["description", "type", "minimum"])
        #expect(definition["properties"]?["acceptedAnswer"]?["description"]?.stringValue == "The best size.")
    }

    @Test func aKeyMapRenamesTheKeysOfTheSchema() throws {
        let keys = KeyMap(overrides: ["answerType": "kind", "questions": "items", "strict": "exact"])
        let root = try schema([YesNoTestQuestion()], keys: keys).root
        #expect(root["properties"]?["items"] != nil)
        #expect(root["properties"]?["questions"] == nil)
        #expect(root["$defs"]?["question"]?["properties"]?["kind"] != nil)
        #expect(root["$defs"]?["type-yes-no"]?["properties"]?["exact"] != nil)
        // The examples use the MI spellings, so they are left out.
        #expect(root["$defs"]?["type-yes-no"]?["examples"] == nil)
    }

    @Test func withoutInferringTypesAnswerTypeIsRequired() throws {
        let root = try schema([ScoreTestQuestion()]).root
        let first = try #require(root["$defs"]?["question"]?["allOf"]?.elements.first)
        #expect(first["then"]?["properties"]?["qid"]?["enum"]?.count == 0)
    }

    @Test func keySchemaDescriptionDefaultsToTheSummary() {
        let schema = KeySchema(.section, JSONSchema.string)
        #expect(schema.description == Key.section.summary)
        #expect(!schema.isRequired)
        #expect(
            JSONWriter.text(of: KeySchema(.section, description: "Heading.", JSONSchema.string).schema, indent: 0)
                == #"{"description":"Heading.","type":"string"}"#)
    }
}
