import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

/// A key map respells type identifiers and row types by the original's names for them.
@Suite struct KeyMapValueTests {
    private func registry() throws -> QuestionTypeRegistry { try QuestionTypeRegistry(BuiltInQuestionTypes.all) }

    private func keys(_ json: String) throws -> (KeyMap, [Diagnostic]) {
        KeyMap.load(Array(json.utf8), registry: try registry())
    }

    private func read(_ template: String, keys: KeyMap) throws -> TemplateReader.Result {
        TemplateReader(registry: try registry(), keys: keys).read(Array(template.utf8))
    }

    static let table = """
        {"Title": "T", "questions": [
          {"type": "grid", "question": "Bearings", "numRows": 3, "numColumns": 2,
           "firstRow": ["", "OK?"], "firstColumn": ["", "Drive end", "Fan end"], "rowType": ["", "line", "tick"]},
          {"type": "text-question", "question": "Reading"}
        ]}
        """

    @Test func renamedIdentifiersAndRowTypesAreRead() throws {
        let (map, problems) = try keys(
            #"{"answerType": "type", "tableQuestion": "grid", "shortAnswerQuestion": "text-question", "#
                + #""rowTypeText": "line", "rowTypeCheckBoxes": "tick"}"#)
        #expect(problems.isEmpty, "\(problems)")
        #expect(map.spelling(ofValue: "table-answer", in: .answerType) == "grid")
        #expect(map.value(spelled: "grid", in: .answerType) == "table-answer")
        #expect(map.value(spelled: "true/false", in: .answerType) == "true/false")
        let result = try read(Self.table, keys: map)
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
        let questions = try #require(result.template?.questions)
        #expect(questions.map(\.type.description.identifier) == ["table-answer", "short-answer"])
        let table = try #require(questions.first?.definition(of: TableAnswerQuestion.self))
        #expect(table.rowKinds == [.text, .check])
    }

    @Test func aRespelledValuesMISpellingMeansNothingThere() throws {
        let (map, _) = try keys(#"{"shortAnswerQuestion": "text-question", "rowTypeCheckBoxes": "tick"}"#)
        let result = try read(
            #"{"Title": "T", "questions": [{"answer-type": "short-answer", "question": "Reading"}]}"#, keys: map)
        let problem = try #require(result.diagnostics.first)
        #expect(problem.code == "question.unknown-type")
        #expect(problem.hint?.contains("'text-question', 'true/false'") == true)
        let table = try read(
            #"{"Title": "T", "questions": [{"answer-type": "table-answer", "question": "Q", "numRows": 2, "#
                + #""numColumns": 2, "firstRow": ["", "A"], "firstColumn": ["", "B"], "rowType": ["", "check"]}]}"#,
            keys: map)
        #expect(table.diagnostics.map(\.code) == ["table-answer.invalid-row-type"])
        #expect(table.diagnostics.first?.message.contains("'text' or 'tick'") == true)
    }

    @Test func twoValuesOfOneKeySpelledAlikeAreAnError() throws {
        let (_, problems) = try keys(#"{"shortAnswerQuestion": "table-answer", "rowTypeText": "check"}"#)
        #expect(problems.map(\.code) == ["keys.spelling-clash", "keys.spelling-clash"])
        #expect(
            problems.first?.message
                == "'short-answer' and 'table-answer' of 'answerType' would both be read from 'table-answer'")
        #expect(problems.map(\.line) == [1, 1])
        // A swap is two renames, not a clash.
        let (swapped, none) = try keys(#"{"shortAnswerQuestion": "table-answer", "tableQuestion": "short-answer"}"#)
        #expect(none.isEmpty, "\(none)")
        #expect(swapped.value(spelled: "short-answer", in: .answerType) == "table-answer")
    }

    @Test func theSchemaAndValidateUseTheRespelledIdentifiers() throws {
        let folder = try TemporaryFolder()
        let map = try folder.write(
            "keys.json",
            #"{"answerType": "type", "tableQuestion": "grid", "shortAnswerQuestion": "text-question", "#
                + #""rowTypeText": "line", "rowTypeCheckBoxes": "tick"}"#)
        let template = try folder.write("t.json", Self.table)
        let validated = runTool(["validate", "--strict", "--keys", map, template])
        #expect(validated.status == 0, "\(validated.standardOutput)")
        let schema = runTool(["schema", "--keys", map]).standardOutput
        #expect(schema.contains("\"grid\"") && schema.contains("\"text-question\""))
        #expect(schema.contains("Question types: text-question, true/false, grid, multiple-choice."))
    }
}
