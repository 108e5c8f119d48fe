import FormGenerators
import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

/// Each command parses each file it reads once (issue 18): `validate` tells a fixture from a
/// template by the parse it then reads, and the language server's check does the same.
@Suite("one parse per file")
struct ParseCountTests {
    /// A generated template, a fixture that names it (`f.fixture.json`), the same fixture under a
    /// name that does not say so (`answers.json`), and the completed form its replay writes.
    struct Files {
        let folder: TemporaryFolder
        var template: String { folder.path + "/form.json" }
        var fixture: String { folder.path + "/fixtures/f.fixture.json" }
        var unnamedFixture: String { folder.path + "/fixtures/answers.json" }
        var completed: String { folder.path + "/out/form.completed.json" }

        init() throws {
            folder = try TemporaryFolder()
            try FileManager.default.createDirectory(
                atPath: folder.path + "/fixtures", withIntermediateDirectories: true)
            try folder.write("form.json", TemplateGenerator.template(questions: 8))
            let fixtureText = FixtureGenerator.fixture(questions: 8, seed: 1)
                .replacingOccurrences(of: "{\n", with: "{\n  \"template\": \"../form.json\",\n", options: .anchored)
            try folder.write("fixtures/f.fixture.json", fixtureText)
            try folder.write("fixtures/answers.json", fixtureText)
            let run = runTool(["run", template, "--answers", fixture, "--out", folder.path + "/out"])
            #expect(run.status == 0, "\(run.standardError)")
        }
    }

    /// The parses `arguments` makes, run in-process; the command must succeed.
    static func parses(_ arguments: [String]) -> Int {
        let (outcome, work) = WorkCounter.counting { runTool(arguments) }
        #expect(outcome.status == 0, "\(arguments): \(outcome.standardError)")
        return work[.jsonParses]
    }

    @Test func validateParsesATemplateOnce() throws {
        let files = try Files()
        #expect(Self.parses(["validate", files.template]) == 1)
    }

    @Test func validateParsesAFixtureAndItsTemplateOnceEach() throws {
        let files = try Files()
        #expect(Self.parses(["validate", files.fixture]) == 2)
        #expect(Self.parses(["validate", files.unnamedFixture]) == 2, "told a fixture by its shape")
    }

    @Test func testParsesEachFixtureOnceAndTheirTemplateOnce() throws {
        let files = try Files()
        #expect(Self.parses(["test", files.folder.path + "/fixtures"]) == 2)
        for number in 1...3 {
            try files.folder.write(
                "fixtures/g\(number).fixture.json", try String(contentsOfFile: files.fixture, encoding: .utf8))
        }
        // Read in parallel: the counter follows the work onto every core.
        #expect(Self.parses(["test", files.folder.path + "/fixtures"]) == 5)
    }

    @Test func runParsesTheTemplateAndTheFixtureOnceEach() throws {
        let files = try Files()
        #expect(Self.parses(["run", files.template, "--answers", files.fixture]) == 2)
        let pdf = files.folder.path + "/form.pdf"
        #expect(Self.parses(["run", files.template, "--answers", files.fixture, "--pdf", pdf]) == 2)
    }

    @Test func reviewAndExportParseTheCompletedFormOnce() throws {
        let files = try Files()
        #expect(Self.parses(["review", files.completed]) == 1)
        #expect(Self.parses(["export", files.completed, "--format", "pdf", "-o", files.folder.path + "/x.pdf"]) == 1)
        #expect(Self.parses(["export", files.completed, "--format", "text", "-o", files.folder.path + "/x.txt"]) == 1)
    }

    /// The language server checks a document through the engine's `SourceCheck.documentCheck`.
    @Test func theLanguageServersCheckParsesOnce() throws {
        let files = try Files()
        let reader = TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        for (path, expected) in [(files.template, 1), (files.fixture, 2), (files.unnamedFixture, 2)] {
            let bytes = Array(try String(contentsOfFile: path, encoding: .utf8).utf8)
            let (diagnostics, work) = WorkCounter.counting {
                SourceCheck(reader: reader, files: DiskFiles()).documentCheck(bytes, path: path).diagnostics
            }
            #expect(work[.jsonParses] == expected, "\(path)")
            #expect(diagnostics.containsErrors == false, "\(path)")
        }
    }
}
