import FormGenerators
import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

/// The generated templates the work budget validates (issue 18): unpadded, `validate` reports
/// nothing, so that a budget measures reading, not printing; padded, one note per multiple-choice
/// question, as the original web editor's lists earn.
@Suite("generated templates: padded or quiet")
struct GeneratedTemplateTests {
    @Test func anUnpaddedTemplateHasNoProblemAtAll() throws {
        let reader = TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let quiet = TemplateGenerator.template(questions: 40, padded: false)
        #expect(reader.diagnose(Array(quiet.utf8)).isEmpty)
        #expect(runTool(["validate", "-"], standardInput: quiet).standardOutput.isEmpty)
    }

    @Test func aPaddedTemplateHasOneNotePerMultipleChoiceQuestion() throws {
        let reader = TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let padded = reader.diagnose(Array(TemplateGenerator.template(questions: 40).utf8))
        #expect(padded.count == 10)
        #expect(padded.allSatisfy { $0.code == "multiple-choice.blank-options" })
    }
}
