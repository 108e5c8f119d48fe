import Foundation
import TestSupport
import Testing

/// `questionkit convert` and `validate` on a FHIR Questionnaire (issue 21).
struct ConvertCommandTests {
    static let questionnaire = """
        {"resourceType": "Questionnaire", "status": "draft", "title": "Loop",
         "item": [
          {"linkId": "a", "type": "boolean", "text": "A?",
           "enableWhen": [{"question": "b", "operator": "=", "answerBoolean": true}]},
          {"linkId": "b", "type": "boolean", "text": "B?",
           "enableWhen": [{"question": "a", "operator": "=", "answerBoolean": true}]},
          {"linkId": "c", "type": "attachment", "text": "Photo"}
         ]}
        """

    @Test func convertsStandardInputToOurFormat() {
        let outcome = runTool(["convert", "-", "--from", "fhir"], standardInput: Self.questionnaire)
        #expect(outcome.standardOutput.contains(#""answer-type": "true/false""#))
        #expect(outcome.standardError.contains("<stdin>:7:27: warning: no registered question type takes 'attachment'"))
        // The conditions go round in a circle: an error of the template made, located in the Questionnaire.
        #expect(outcome.standardError.contains("<stdin>:6:19: error: the conditions go round in a circle"))
        #expect(outcome.status == 1)
    }

    /// A file that cannot be read is an input problem, said once with its path and why (the file's own error says
    /// "cannot read"; the message used to say it twice), and a template given to `--template` is named as such.
    @Test func anUnreadableInputSaysWhyOnce() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path + "/missing.json"
        let input = runTool(["convert", missing])
        #expect(input.status == 1)
        #expect(input.standardError.hasPrefix("questionkit convert: error: cannot read '\(missing)': "))
        #expect(input.standardError.components(separatedBy: "cannot read").count == 2, "\(input.standardError)")
        let completed = #"{"questions": [{"answer-type": "true/false", "question": "OK?", "user-answer": {}}]}"#
        let template = runTool(["convert", "-", "--to", "fhir", "--template", missing], standardInput: completed)
        #expect(template.status == 1)
        #expect(template.standardError.hasPrefix("questionkit convert: error: --template: cannot read '\(missing)': "))
        #expect(template.standardError.components(separatedBy: "cannot read").count == 2, "\(template.standardError)")
    }

    @Test func guessesTheFormatAndWritesFHIR() {
        let template = #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "OK?"}]}"#
        let outcome = runTool(["convert", "-", "--to", "fhir"], standardInput: template)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains(#""type": "boolean""#))
        #expect(runTool(["convert", "-"], standardInput: template).status == 64)
        #expect(runTool(["convert", "-"], standardInput: "[]").status == 64)
    }

    @Test func writesXLSFormGuessedFromTheOutputsExtension() throws {
        let template = #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "OK?"}]}"#
        let csv = runTool(["convert", "-", "--to", "xlsform"], standardInput: template)
        #expect(csv.status == 0)
        #expect(csv.standardOutput.hasPrefix("survey,,,\n,type,name,label\n,select_one yes_no,q1,OK?\n"))
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("xlsform-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let path = folder.appendingPathComponent("T.xlsx").path
        #expect(runTool(["convert", "-", "-o", path], standardInput: template).status == 0)
        let bytes = try #require(FileManager.default.contents(atPath: path))
        #expect(bytes.starts(with: [0x50, 0x4B, 0x03, 0x04]))  // a zip archive
        #expect(runTool(["convert", "-", "--from", "fhir", "--to", "xlsform"], standardInput: "{}").status == 64)
    }

    @Test func validateReadsAQuestionnaireDirectly() {
        let outcome = runTool(["validate", "-"], standardInput: Self.questionnaire)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("<stdin>:6:19: error: the conditions go round in a circle"))
    }

    @Test func testAndRunReadAQuestionnaireDirectly() throws {
        let folder = try TemporaryFolder()
        let questionnaire = try folder.write(
            "leak.fhir.json",
            """
            {"resourceType": "Questionnaire", "status": "draft", "title": "Leak check", "item": [
              {"linkId": "leak", "type": "boolean", "text": "Any leaks?"},
              {"linkId": "rate", "type": "decimal", "text": "Leak rate",
               "enableWhen": [{"question": "leak", "operator": "=", "answerBoolean": true}]}]}
            """)
        let fixture = try folder.write(
            "leak.fixture.json",
            """
            {"template": "leak.fhir.json", "technician": "Dana", "foreman": "Luis", "completedDate": "Nov 26, 2026",
             "answers": {"1": {"answer": ["Yes"]}, "2": {"answer": "3"}}}
            """)
        let tested = runTool(["test", fixture])
        #expect(tested.status == 0)
        #expect(tested.standardOutput.contains("PASS"))
        let ran = runTool(["run", "--answers", fixture, "--out", folder.path, questionnaire])
        #expect(ran.status == 0)
        #expect(ran.standardOutput.contains("Leak rate"))
    }
}
