import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@Suite struct SchemaCommandTests {
    @Test func schemaPrintsTheTemplateSchema() throws {
        let outcome = runDocumentationTool(["schema"])
        #expect(outcome.status == 0)
        #expect(outcome.standardError == "")
        let document = try #require(JSONParser.parse(Array(outcome.standardOutput.utf8)).document)
        let definitions = try #require(document.root["$defs"])
        #expect(definitions.members.map(\.key) == ["question"] + BuiltInQuestionTypes.all.map { "type-\($0.pageName)" })
        #expect(definitions["type-true-false"] != nil)
        #expect(
            outcome.standardOutput == TemplateSchema(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all)).text)
    }

    @Test func everyPropertyOfEveryTypeIsDescribed() throws {
        let outcome = runDocumentationTool(["schema"])
        let document = try #require(JSONParser.parse(Array(outcome.standardOutput.utf8)).document)
        let definitions = try #require(document.root["$defs"])
        for definition in definitions.members {
            guard let properties = definition.value["properties"] else { continue }
            for property in properties.members {
                #expect(
                    property.value["description"]?.stringValue?.isEmpty == false, "\(definition.key).\(property.key)")
            }
        }
    }

    @Test func aKeyMapRenamesTheSchemasKeys() throws {
        let folder = try TemporaryFolder()
        let keyMap = try folder.write("keys.json", #"{"numRows": "rows"}"#)
        let outcome = runDocumentationTool(["schema", "--keys", keyMap])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains(#""rows": {"#))
        #expect(!outcome.standardOutput.contains(#""numRows""#))
    }

    @Test func aBrokenKeyMapIsReported() throws {
        let folder = try TemporaryFolder()
        let keyMap = try folder.write("keys.json", #"{"numRows": 3}"#)
        let outcome = runDocumentationTool(["schema", "--keys", keyMap])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput == "")
        #expect(outcome.standardError.hasPrefix(keyMap + ":"))
    }

    @Test func schemaTakesNoArguments() {
        let outcome = runDocumentationTool(["schema", "template.json"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("questionkit schema: error: unexpected argument 'template.json'"))
    }

    // The bundled templates validate against the schema with an independent validator (Python's
    // jsonschema), and the invalid test templates fail it. Scripts/check-schema.sh does the same
    // with the built tool in CI, installing jsonschema when it is missing.
    @Test(.enabled(if: PythonJSONSchema.isAvailable, "needs python3 with the jsonschema package"))
    func bundledTemplatesValidateWithPythonsJSONSchema() throws {
        let folder = try TemporaryFolder()
        let schema = try folder.write(
            "schema.json", TemplateSchema(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all)).text)
        let files = FileManager.default
        // The bundled templates, and the early-format sample kept out of them.
        let valid =
            try files.contentsOfDirectory(atPath: packageRoot + "/Templates").filter { $0.hasSuffix(".json") }
            .map { packageRoot + "/Templates/" + $0 } + [
                packageRoot + "/Tests/Templates/early-format/early-format-example.json"
            ]
        let invalidFolder = packageRoot + "/Tests/Templates/invalid"
        let invalid = try files.contentsOfDirectory(atPath: invalidFolder).filter { $0.hasSuffix(".json") }
        #expect(valid.count >= 4 && invalid.count >= 2)
        var arguments = [packageRoot + "/Scripts/check_schema.py", schema]
        for path in valid.sorted() { arguments += ["--valid", path] }
        for name in invalid.sorted() { arguments += ["--invalid", invalidFolder + "/" + name] }
        let result = try PythonJSONSchema.run(arguments)
        #expect(result.status == 0, Comment(rawValue: result.output))
        #expect(result.output.contains("ok   invalid \(invalidFolder)/several-problems.json"))
    }
}

/// Python 3 with jsonschema, when the machine has them.
enum PythonJSONSchema {
    static let isAvailable: Bool = (try? run(["-c", "import jsonschema"]).status == 0) ?? false

    /// Runs `python3` with `arguments`; its standard output and error together.
    static func run(_ arguments: [String]) throws -> (status: Int32, output: String) {
        let result = try ExternalProgram.run("python3", arguments)
        return (result.status, result.standardOutput + result.standardError)
    }
}
