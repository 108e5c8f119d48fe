import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// Files held in memory: the engine checks a fixture against its template without a file system.
struct MemoryFiles: SourceFiles {
    var contents: [String: String]
    /// The folders whose trees are being worked on (a template elsewhere is not quoted).
    var trees: Set<String> = ["work"]

    func read(_ path: String, limit: Int) throws(UnreadableFile) -> [UInt8] {
        guard let text = contents[path] else {
            throw UnreadableFile(Diagnostic(severity: .error, code: "file.unreadable", message: "no such file"))
        }
        return Array(text.utf8)
    }

    func exists(_ path: String) -> Bool { contents[path] != nil }
    func isSameFile(_ first: String, _ second: String) -> Bool { first == second }
    func lies(_ path: String, inTreeOf folder: String) -> Bool {
        trees.contains(folder) && path.hasPrefix(folder + "/")
    }
    func folder(of path: String) -> String {
        path.split(separator: "/").dropLast().joined(separator: "/")
    }
    func resolve(_ name: String, from folder: String) -> String { folder + "/" + name }
}

@Suite("Source check: one file's diagnostics, a fixture's against its template, on files the caller hands in")
struct SourceCheckTests {
    static let template = #"{"Title": "T", "questions": [{"answer-type": "yes-no", "question": "Closed?"}]}"#
    static let fixture = "{\n  \"template\": \"form.json\",\n  \"answers\": {\"1\": {\"answer\": 7}}\n}\n"

    static func check(_ files: MemoryFiles) throws -> SourceCheck {
        SourceCheck(reader: TemplateReader(registry: try Fixture.registry()), files: files)
    }

    static func fixtureReports(_ check: SourceCheck, at path: String, editor: Bool = false) -> [FileDiagnostics] {
        let bytes = Array((check.files as? MemoryFiles)?.contents[path]?.utf8 ?? "".utf8)
        guard case .fixture(let reports) = check.read(bytes, path: path, displayPath: path, templateOnFixture: editor)
        else { return [] }
        return reports
    }

    @Test func aFixtureIsCheckedAgainstItsTemplateReadThroughTheFiles() throws {
        let check = try Self.check(
            MemoryFiles(contents: ["work/form.json": Self.template, "work/a.fixture.json": Self.fixture]))
        let reports = Self.fixtureReports(check, at: "work/a.fixture.json")
        #expect(reports.map(\.path) == ["work/a.fixture.json"])
        let problem = try #require(reports.last?.diagnostics.first)
        #expect(problem.pointer == "/answers/1/answer", "\(problem)")
        #expect(problem.position?.line == 3)
    }

    @Test func aFileShapedAsAFixtureIsOneAndATemplateIsHandedBackParsed() throws {
        let check = try Self.check(
            MemoryFiles(contents: ["work/form.json": Self.template, "work/answers.json": Self.fixture]))
        #expect(Self.fixtureReports(check, at: "work/answers.json").count == 1)
        guard
            case .template(let parsed) = check.read(Array(Self.template.utf8), path: "work/form.json", displayPath: "x")
        else { Issue.record("a template was read as a fixture"); return }
        #expect(parsed.document != nil)
    }

    @Test func aMissingTemplateIsTheFixturesProblemOnItsTemplateMember() throws {
        let check = try Self.check(MemoryFiles(contents: ["work/a.fixture.json": Self.fixture]))
        let problems = Self.fixtureReports(check, at: "work/a.fixture.json").flatMap(\.diagnostics)
        #expect(problems.map(\.code) == ["fixture.template-not-found"])
        #expect(problems.first?.pointer == "/template")
    }

    @Test func aBrokenTemplateIsQuotedOnlyInsideTheTreesWorkedOn() throws {
        let broken = #"{"Title": "T", "questions": [{"answer-type": "nope", "question": "Q"}]}"#
        var files = MemoryFiles(contents: ["work/form.json": broken, "work/a.fixture.json": Self.fixture])
        let quoted = Self.fixtureReports(try Self.check(files), at: "work/a.fixture.json")
        #expect(quoted.map(\.path) == ["work/form.json", "work/a.fixture.json"])
        #expect(quoted.first?.source != nil)
        #expect(quoted.first?.diagnostics.contains { $0.message.contains("nope") } == true)
        files.trees = []
        let named = Self.fixtureReports(try Self.check(files), at: "work/a.fixture.json")
        #expect(named.first?.source == nil)
        #expect(named.first?.diagnostics.allSatisfy { $0.message.hasPrefix("not quoted:") } == true)
        // An editor's one file: the template's errors on the fixture's "template", unquoted as well.
        let onFixture = Self.fixtureReports(try Self.check(files), at: "work/a.fixture.json", editor: true)
        #expect(onFixture.count == 1)
        let problem = try #require(onFixture.first?.diagnostics.first { $0.pointer == "/template" })
        #expect(problem.message.hasPrefix("the template has an error: work/form.json:1:"), "\(problem.message)")
        #expect(!problem.message.contains("nope"))
    }
}
