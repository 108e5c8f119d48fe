import Testing

@testable import CoreTestSupport
@testable import QuestionKit

@Suite("Problem collector")
struct ProblemCollectorTests {
    private let text = """
        {
          "b": [1, 2],
          "a": {"k": "v"}
        }
        """

    @Test func locatesProblemsAndSortsThemIntoSourceOrder() throws {
        let document = try #require(JSONParser.parse(Array(text.utf8)).document)
        let root = document.root
        let a = try #require(root["a"])
        let k = try #require(a["k"])
        let second = try #require(root["b"]?.elements.map { $0 }.last)
        var problems = ProblemCollector(document: document)
        #expect(!problems.hasErrors)
        #expect(problems.diagnostics().isEmpty)
        problems.warning("t.k", "about k", at: k, hint: "fix k")
        problems.report(.warning, "t.a-key", "about a's key", at: a, atKey: true)
        problems.error("t.second", "about 2", at: second)
        problems.warning("t.root", "about root", at: root)
        problems.warning("t.second-again", "about 2 again", at: second)
        #expect(problems.hasErrors)
        #expect(problems.problems.map(\.code) == ["t.k", "t.a-key", "t.second", "t.root", "t.second-again"])
        let diagnostics = problems.diagnostics()
        #expect(
            diagnostics.seen == [
                Seen(.warning, "t.root", "", 1, 1),
                Seen(.error, "t.second", "/b/1", 2, 12),
                Seen(.warning, "t.second-again", "/b/1", 2, 12),
                Seen(.warning, "t.a-key", "/a", 3, 3),
                Seen(.warning, "t.k", "/a/k", 3, 14),
            ])
        #expect(diagnostics.last?.message == "about k")
        #expect(diagnostics.last?.hint == "fix k")
        #expect(diagnostics.containsErrors)
        #expect(diagnostics.count(of: .warning) == 4)
        #expect(diagnostics.count(of: .error) == 1)
    }

    @Test func atKeyOnAnArrayElementOrTheRootFallsBackToTheValue() throws {
        let document = try #require(JSONParser.parse(Array(text.utf8)).document)
        let first = try #require(document.root["b"]?.elements.first)
        var problems = ProblemCollector(document: document)
        problems.report(.warning, "t.element", "m", at: first, atKey: true)
        problems.report(.warning, "t.root", "m", at: document.root, atKey: true)
        #expect(
            problems.diagnostics().seen == [
                Seen(.warning, "t.root", "", 1, 1),
                Seen(.warning, "t.element", "/b/0", 2, 9),
            ])
    }

    @Test func severityOrderAndPositionDefaults() {
        #expect(Severity.warning < .error)
        #expect(!(Severity.error < .warning))
        let diagnostic = Diagnostic(severity: .error, code: "c", message: "m")
        #expect(diagnostic.line == 0)
        #expect(diagnostic.column == 0)
        #expect(diagnostic.pointer == "")
        #expect(SourcePosition(line: 2, column: 1) < SourcePosition(line: 2, column: 5))
        #expect(SourcePosition(line: 1, column: 9) < SourcePosition(line: 2, column: 1))
    }
    @Test func firstNotePositionsOnlyLeavesALaterNoteOfACodeWithoutPosition() throws {
        let document = try #require(JSONParser.parse(Array(text.utf8)).document)
        let root = document.root
        let first = try #require(root["b"]?.elements.map { $0 }.first)
        let second = try #require(root["b"]?.elements.map { $0 }.last)
        let k = try #require(root["a"]?["k"])
        var problems = ProblemCollector(document: document)
        problems.report(.note, "t.note", "first", at: first)
        problems.report(.note, "t.note", "again", at: second)
        problems.warning("t.warning", "a warning", at: second)
        problems.report(.note, "t.other", "another code", at: k)
        var positions: [SourcePosition?] = []
        problems.locate(detail: [.firstNotePositionsOnly]) { positions.append($0.position) }
        // Warnings and the first note of each code keep theirs.
        #expect(positions.map { $0?.line } == [2, nil, 2, 3])
        var all: [SourcePosition?] = []
        problems.locate(detail: []) { all.append($0.position) }
        #expect(all.map { $0?.line } == [2, 2, 2, 3])
    }
}
