import QuestionKit
import QuestionKitForms
import Testing

@testable import CoreTestSupport

@Suite struct TemplateRevisionTests {
    @Test(
        arguments: [
            ("9.00", "10.00"), ("2", "10"), ("1.09", "1.1"), ("-1", "0"), ("-2", "-1.5"), (".5", "1"), ("5.", "5.01"),
            ("B", "1"), (nil, "A"), (nil, "0"), ("A", "B"), ("99999999999999999999.1", "100000000000000000000"),
        ] as [(String?, String?)])
    func laterRevisionsCompareHigher(earlier: String?, later: String?) {
        #expect(TemplateRevision(earlier) < TemplateRevision(later))
        #expect(!(TemplateRevision(later) < TemplateRevision(earlier)))
    }

    @Test(arguments: [("2", "2.0"), ("10.00", "10"), (" 3 ", "3"), ("0.50", ".5"), ("-0", "0"), ("007", "7")])
    func equalNumbersAreOneRevision(lhs: String, rhs: String) {
        #expect(TemplateRevision(lhs) == TemplateRevision(rhs))
        #expect(TemplateRevision(lhs).hashValue == TemplateRevision(rhs).hashValue)
    }

    @Test(arguments: ["", ".", "-", "1.2.3", "2a", "1e3", "+1", "A"])
    func textThatIsNotANumberIsNotNumeric(text: String) {
        #expect(!TemplateRevision(text).isNumeric)
    }
}

@Suite struct TemplateLibraryTests {
    private func edition(_ path: String, _ title: String, _ revision: String?) -> TemplateLibrary.Edition {
        TemplateLibrary.Edition(
            path: path, title: title, revision: TemplateRevision(revision), pointer: "/RevisionNumber",
            position: SourcePosition(line: 3, column: 21))
    }

    @Test func theNumericallyHighestRevisionWins() {
        let library = TemplateLibrary([
            edition("pump-9.json", "Pump", "9.00"), edition("pump-10.json", "Pump", "10.00"),
            edition("pump-2.json", "Pump", "2"), edition("boiler.json", "Boiler", "1"),
        ])
        #expect(library.shelves.map(\.title) == ["Boiler", "Pump"])
        let pump = library.shelf(titled: "Pump")
        #expect(pump?.latest?.path == "pump-10.json")
        #expect(pump?.editions.map(\.path) == ["pump-10.json", "pump-9.json", "pump-2.json"])
        #expect(library.problems.isEmpty)
    }

    @Test func equalRevisionsAreAnErrorNamingBothFiles() throws {
        let library = TemplateLibrary([
            edition("b.json", "Pump", "2.0"), edition("a.json", "Pump", "2"), edition("c.json", "Pump", "1"),
        ])
        #expect(library.shelf(titled: "Pump")?.latest == nil)
        let problem = try #require(library.problems.first)
        #expect(library.problems.count == 1)
        #expect(problem.path == "b.json")
        #expect(problem.diagnostic.severity == .error)
        #expect(problem.diagnostic.code == "library.duplicate-revision")
        #expect(problem.diagnostic.message.contains("also in a.json:3:21"))
        #expect(problem.diagnostic.position == SourcePosition(line: 3, column: 21))
    }

    @Test func aDuplicateBelowTheLatestLeavesTheLatest() {
        let library = TemplateLibrary([
            edition("a.json", "Pump", "1"), edition("b.json", "Pump", "1"), edition("c.json", "Pump", "2"),
        ])
        #expect(library.shelf(titled: "Pump")?.latest?.path == "c.json")
        #expect(library.problems.map(\.path) == ["b.json"])
    }

    @Test func revisionsThatAreNotNumbersRankLowestWithAWarning() {
        let library = TemplateLibrary([
            edition("draft.json", "Pump", "B"), edition("none.json", "Pump", nil), edition("one.json", "Pump", "1"),
            edition("alone.json", "Boiler", "draft"),
        ])
        #expect(library.shelf(titled: "Pump")?.editions.map(\.path) == ["one.json", "draft.json", "none.json"])
        #expect(library.shelf(titled: "Boiler")?.latest?.path == "alone.json")
        #expect(library.problems.map(\.diagnostic.code) == ["library.revision-not-numeric", "library.no-revision"])
        #expect(library.problems.allSatisfy { $0.diagnostic.severity == .warning })
    }

    @Test func anInvalidTemplateIsNeverTheLatestAndANewerOneBlocksStarting() {
        var broken = edition("pump-3.json", "Pump", "3")
        broken.isValid = false
        var old = edition("pump-0.json", "Pump", "0")
        old.isValid = false
        let library = TemplateLibrary([edition("pump-2.json", "Pump", "2"), broken, old])
        let shelf = library.shelf(titled: "Pump")
        #expect(shelf?.latest?.path == "pump-2.json")
        #expect(shelf?.invalid.map(\.path) == ["pump-3.json", "pump-0.json"])
        #expect(shelf?.newerInvalid.map(\.path) == ["pump-3.json"])
        #expect(shelf?.startable == nil)
        let fixed = TemplateLibrary([edition("pump-2.json", "Pump", "2"), old])
        #expect(fixed.shelf(titled: "Pump")?.startable?.path == "pump-2.json")
    }

    @Test func nearTitlesIgnoreCaseAndSmallTypos() {
        let library = TemplateLibrary([
            edition("a.json", "Pump inspection", "1"), edition("b.json", "Pump Inspektion", "1"),
            edition("c.json", "Cooling tower", "1"),
        ])
        #expect(library.titles(near: "pump") == ["Pump Inspektion", "Pump inspection"])
        #expect(library.titles(near: "Pump Inspection") == ["Pump inspection", "Pump Inspektion"])
        #expect(library.titles(near: "Transformer").isEmpty)
    }

    @Test func readingATemplateLocatesItsRevision() throws {
        let reader = TemplateReader(registry: try Fixture.registry())
        let json = """
            {
              "Title": "Pump",
              "RevisionNumber": "10.00",
              "questions": [{"answer-type": "yes-no", "question": "Valve closed?"}]
            }
            """
        let (read, problems) = TemplateLibrary.Edition.read(Array(json.utf8), path: "p.json", reader: reader)
        let edition = try #require(read)
        #expect(problems.isEmpty)
        #expect(edition.title == "Pump")
        #expect(edition.revision == TemplateRevision("10"))
        #expect(edition.location == "p.json:3:21")
        let broken = TemplateLibrary.Edition.read(
            Array(#"{"Title": "X", "questions": 3}"#.utf8), path: "x", reader: reader)
        #expect(broken.0?.isValid == false)
        #expect(broken.0?.title == "X")
        #expect(!broken.1.isEmpty && broken.1.allSatisfy { $0.severity == .error })
        let unreadable = TemplateLibrary.Edition.read(Array("[1".utf8), path: "x", reader: reader)
        #expect(unreadable.0 == nil && !unreadable.1.isEmpty)
        let untitled = TemplateLibrary.Edition.read(Array("\n  {\"questions\": []}".utf8), path: "u", reader: reader)
        #expect(untitled.0 == nil)
        #expect(untitled.1.map(\.code) == ["library.no-title"])
        #expect(untitled.1.first?.position == SourcePosition(line: 2, column: 3))
    }
}
