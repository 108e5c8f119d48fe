import QuestionKitCLI
import TestSupport
import Testing

/// Notes are advice to a template's author: `validate` shows them, the commands that use a
/// template leave them out (every template the original's web editor wrote has padded options).
@Suite struct FormFilesTests {
    static let template = packageRoot + "/Tests/Templates/early-format/early-format-example.json"
    static let fixture = packageRoot + "/Tests/Templates/early-format/fixtures/early-format-example.fixture.json"

    @Test func validateShowsNotesAndRunLeavesThemOutKeepingTheWarnings() {
        let validated = runTool(["validate", Self.template])
        let codes = ["template.early-questions-key", "multiple-choice.blank-options", "question.answer-type-inferred"]
        for code in codes { #expect(validated.standardOutput.contains("[\(code)]"), "\(code)") }

        let run = runTool(["run", Self.template, "--answers", Self.fixture])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError.contains(": warning: "))
        #expect(run.standardError.contains("[question.answer-type-inferred]"))
        #expect(!run.standardError.contains(": note: "))
    }
}
