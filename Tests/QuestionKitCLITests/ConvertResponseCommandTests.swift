import Foundation
import TestSupport
import Testing

/// `questionkit convert` between a completed form and a FHIR QuestionnaireResponse (issue 21).
struct ConvertResponseCommandTests {
    @Test func aCompletedFormGoesThereAndBackWithItsTemplate() throws {
        let folder = try TemporaryFolder()
        let template = packageRoot + "/Templates/leak-check.json"
        let ran = runTool([
            "run", "--answers", packageRoot + "/Templates/fixtures/leak-check.fixture.json", "--out", folder.path,
            template,
        ])
        #expect(ran.status == 0)
        let completed = folder.path + "/leak-check.completed.json"
        let response = folder.path + "/leak-check.qr.json"
        let written = runTool(["convert", completed, "--to", "fhir", "--template", template, "-o", response])
        #expect(written.status == 0)
        #expect(written.standardError.contains("[fhir.comment-in-extension]"))
        #expect(try String(contentsOfFile: response, encoding: .utf8).contains(#""valueBoolean": true"#))
        let back = folder.path + "/back.json"
        let read = runTool(["convert", response, "--template", template, "-o", back])
        #expect(read.status == 0)
        #expect(read.standardError.isEmpty)
        #expect(
            try String(contentsOfFile: back, encoding: .utf8) == String(contentsOfFile: completed, encoding: .utf8))
    }

    @Test func withoutATemplateItIsAUsageErrorThatSaysWhatIsNeeded() throws {
        let response = #"{"resourceType": "QuestionnaireResponse", "status": "completed"}"#
        let read = runTool(["convert", "-"], standardInput: response)
        #expect(read.status == 64)
        #expect(read.standardError.contains("--template T"))
        let completed = #"{"questions": [{"answer-type": "true/false", "question": "OK?", "user-answer": {}}]}"#
        let written = runTool(["convert", "-", "--to", "fhir"], standardInput: completed)
        #expect(written.status == 64)
        #expect(written.standardError.contains("--template T"))
    }
}
