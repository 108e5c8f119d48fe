import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

/// The commands of issue 5 (docs, schema, new-type), added to the standard ones if they are not
/// among them yet.
let documentationCommands: [any Command] = [DocsCommand(), SchemaCommand(), NewTypeCommand()]

/// Runs a tool with the built-in types and the documentation commands.
func runDocumentationTool(_ arguments: [String], types: [any QuestionType] = BuiltInQuestionTypes.all)
    -> QuestionKitTool.Outcome
{
    let names = Set(documentationCommands.map(\.name))
    let commands = QuestionKitTool.standardCommands.filter { !names.contains($0.name) } + documentationCommands
    return QuestionKitTool(types: types, commands: commands).run(arguments) { _ in [] }
}

@Suite struct DocsCommandTests {
    // That Docs/QuestionTypes is what the built-in types generate is checked with the types
    // themselves (QuestionTypesTests, through QuestionKitTesting).

    @Test func docsWritesOnePagePerTypeAndAnIndex() throws {
        let folder = try TemporaryFolder()
        let out = folder.path + "/pages"
        let outcome = runDocumentationTool(["docs", "--out", out])
        #expect(outcome.status == 0)
        let pageCount = BuiltInQuestionTypes.all.count + 1
        #expect(outcome.standardOutput == "wrote \(pageCount) pages to \(out)\n")
        let files = try FileManager.default.contentsOfDirectory(atPath: out).sorted()
        #expect(files == (["README.md"] + BuiltInQuestionTypes.all.map { "\($0.pageName).md" }).sorted())
        #expect(files.contains("true-false.md"))
        let page = try String(contentsOfFile: out + "/true-false.md", encoding: .utf8)
        #expect(page.hasPrefix("# `true/false`\n"))
        #expect(page.contains("## Invalid examples"))
        #expect(page.contains("[true-false.invalid-accepted-answer]"))
    }

    @Test func checkReportsStalePagesAndTheRefreshCommand() throws {
        let folder = try TemporaryFolder()
        #expect(runDocumentationTool(["docs", "--out", folder.path]).status == 0)
        let checked = runDocumentationTool(["docs", "--out", folder.path, "--check"])
        #expect(checked.status == 0)
        #expect(
            checked.standardOutput == "\(BuiltInQuestionTypes.all.count + 1) pages in \(folder.path) are up to date\n")
        try folder.write("short-answer.md", "# edited by hand\n")
        let stale = runDocumentationTool(["docs", "--out", folder.path, "--check"])
        #expect(stale.status == 1)
        #expect(
            stale.standardError == """
                \(folder.path)/short-answer.md: out of date or missing
                Refresh them with: questionkit docs --out \(folder.path)

                """)
    }

    // A change to a type's description shows in its page, so the staleness test would fail.
    @Test func aChangedDescriptionChangesThePage() throws {
        let registry = try QuestionTypeRegistry(BuiltInQuestionTypes.all)
        let changed = try QuestionTypeRegistry([RenamedSummary()] + BuiltInQuestionTypes.all.dropFirst())
        let before = DocumentationSet(registry: registry).pages.first?.markdown
        let after = DocumentationSet(registry: changed).pages.first?.markdown
        #expect(before != after)
        #expect(after?.contains("Typed words.") == true)
    }

    @Test func docsNeedsAnOutputFolder() {
        let outcome = runDocumentationTool(["docs"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("questionkit docs: error: no output folder given; use --out DIR"))
    }

    @Test func docsHelp() {
        let outcome = runDocumentationTool(["docs", "--help"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("USAGE: questionkit docs [--out DIR] [--check]\n"))
    }
}

/// Short answer with another summary: a description edited since the pages were generated.
private struct RenamedSummary: QuestionType {
    let base = ShortAnswerQuestion()
    var description: QuestionTypeDescription {
        let base = base.description
        return QuestionTypeDescription(
            identifier: base.identifier, summary: "Typed words.", legacyTypeCode: base.legacyTypeCode,
            infersTypeFromLegacyCode: base.infersTypeFromLegacyCode, keys: base.keys, nestedKeys: base.nestedKeys,
            examples: base.examples)
    }
    var answerKey: Key { base.answerKey }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> ShortAnswerQuestion.Definition?
    {
        base.parseDefinition(of: question, problems: &problems)
    }
    func parseAnswer(
        _ value: JSONNode, for definition: ShortAnswerQuestion.Definition, problems: inout ProblemCollector
    ) -> String? {
        base.parseAnswer(value, for: definition, problems: &problems)
    }
    func isAnswered(_ answer: String, for definition: ShortAnswerQuestion.Definition) -> Bool {
        base.isAnswered(answer, for: definition)
    }
    func encodeAnswer(_ answer: String, for definition: ShortAnswerQuestion.Definition) -> JSONWriter.Value {
        base.encodeAnswer(answer, for: definition)
    }
    func render(_ answer: String?, of definition: ShortAnswerQuestion.Definition) -> AnswerRendering {
        base.render(answer, of: definition)
    }
}
