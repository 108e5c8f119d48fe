import FormGenerators
import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

/// `test` reads each template once, however many fixtures name it.
@Suite("test: one reading per template")
struct TemplateCacheTests {
    @Test func fixturesSharingATemplateReadItOnce() throws {
        let folder = try TemporaryFolder()
        try folder.write("form.json", TemplateGenerator.template(questions: 4))
        try folder.write("other.json", TemplateGenerator.template(questions: 4))
        for number in 1...5 {
            try folder.write(
                "a\(number).fixture.json", HostileFormGenerator.manyMedia(number, templatePath: "form.json"))
        }
        try folder.write("b.fixture.json", HostileFormGenerator.manyMedia(1, templatePath: "other.json"))
        let files = FormFiles(reader: TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all)))
        var templates = TemplateCache()
        let fixtures = TestCommand.fixtures(in: folder.path)
        #expect(fixtures.count == 6)
        for outcome in FixtureTester(files: files).test(fixtures, templates: &templates) {
            #expect(outcome.passed, "\(outcome.path)")
        }
        #expect(templates.reads == 2)
        #expect(runTool(["test", folder.path]).standardOutput.hasSuffix("6 passed, 0 failed\n"))
    }

    @Test func aTemplateWithErrorsFailsEveryFixtureThatNamesIt() throws {
        let folder = try TemporaryFolder()
        try folder.write("form.json", #"{"questions": [{"answer-type": "no-such-type", "question": "Q"}]}"#)
        for number in 1...3 {
            try folder.write("a\(number).fixture.json", HostileFormGenerator.manyMedia(0, templatePath: "form.json"))
        }
        let outcome = runTool(["test", folder.path])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.components(separatedBy: "FAIL ").count - 1 == 3)
        #expect(outcome.standardOutput.hasSuffix("0 passed, 3 failed\n"))
    }

    @Test func onlyTheMostRecentTemplatesStayLoaded() throws {
        let folder = try TemporaryFolder()
        let files = FormFiles(reader: TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all)))
        let paths = try (0...TemplateCache.capacity).map { number in
            try folder.write("t\(number).json", TemplateGenerator.template(questions: 1))
        }
        var templates = TemplateCache()
        for path in paths + [paths[TemplateCache.capacity]] {
            #expect(templates.template(at: path, files: files).value != nil)
        }
        #expect(templates.reads == TemplateCache.capacity + 1)
        _ = templates.template(at: paths[0], files: files)
        #expect(templates.reads == TemplateCache.capacity + 2, "the first template was let go")
    }
}
