import Synchronization
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// A reader of a made-up format (a JSON object with "form"), converted to a template of one
/// question: it counts how often it is asked, so that a template of ours is seen to pay nothing.
final class CountingForeignReader: ForeignTemplateReader {
    let asked = Mutex(0)

    func read(_ bytes: [UInt8], root: JSONNode?, path: String?, reader: TemplateReader) -> ForeignTemplateReading? {
        asked.withLock { $0 += 1 }
        guard let document = JSONParser.parse(bytes).document, let form = (root ?? document.root)["form"] else {
            return nil
        }
        var problems = ProblemCollector(document: document)
        problems.warning("other.not-carried", "a made-up warning at the form", at: form)
        let template = reader.read(
            Array(#"{"Title": "T", "questions": [{"answer-type": "yes-no", "question": "Closed?"}]}"#.utf8))
        return ForeignTemplateReading(template: template.template, diagnostics: problems.diagnostics())
    }
}

@Suite("A template of another format: read through the caller's reader, asked only when a file is not ours")
struct ForeignTemplateReadingTests {
    static let foreign = "{\n  \"form\": {}\n}\n"

    static func check(_ files: MemoryFiles, _ reader: CountingForeignReader) throws -> SourceCheck {
        SourceCheck(reader: TemplateReader(registry: try Fixture.registry()), files: files, foreign: reader)
    }

    @Test func aTemplateOfOursNeverAsksTheForeignReader() throws {
        let reader = CountingForeignReader()
        let check = try Self.check(MemoryFiles(contents: ["work/form.json": SourceCheckTests.template]), reader)
        guard
            case .template = check.read(Array(SourceCheckTests.template.utf8), path: "work/form.json", displayPath: "x")
        else { Issue.record("a template of ours was not read as one"); return }
        #expect(check.template(at: "work/form.json", keepingNotes: true).value != nil)
        #expect(reader.asked.withLock { $0 } == 0)
    }

    @Test func anotherFormatIsCheckedWithItsProblemsInItsOwnSource() throws {
        let reader = CountingForeignReader()
        let check = try Self.check(MemoryFiles(contents: ["work/other.json": Self.foreign]), reader)
        guard case .foreign(let diagnostics) = check.read(Array(Self.foreign.utf8), path: "w", displayPath: "w") else {
            Issue.record("the other format was not read through the foreign reader"); return
        }
        #expect(diagnostics.map(\.code) == ["other.not-carried"])
        #expect(diagnostics.first?.pointer == "/form")
        #expect(diagnostics.first?.position?.line == 2)
        let loaded = check.template(at: "work/other.json", keepingNotes: false)
        #expect(loaded.value?.questions.count == 1)
        #expect(loaded.report.diagnostics.map(\.code) == ["other.not-carried"])
        // The editor's check of the document is the same, whole.
        #expect(check.documentCheck(Array(Self.foreign.utf8), path: "work/other.json").diagnostics.count == 1)
    }

    @Test func aFixtureIsCheckedAgainstATemplateOfAnotherFormat() throws {
        let reader = CountingForeignReader()
        let fixture = "{\n  \"template\": \"other.json\",\n  \"answers\": {\"1\": {\"answer\": 7}}\n}\n"
        let check = try Self.check(
            MemoryFiles(contents: ["work/other.json": Self.foreign, "work/a.fixture.json": fixture]), reader)
        let problems = SourceCheckTests.fixtureReports(check, at: "work/a.fixture.json").flatMap(\.diagnostics)
        // The answer is checked against the question the other format converted to.
        #expect(problems.contains { $0.pointer == "/answers/1/answer" }, "\(problems)")
    }
}
