import Foundation
import TestSupport
import Testing

/// Issue 11, "must show" 1 and 2: every fixture of `Tests/Templates/broken-fixtures` fails `test`
/// with its own mistake first, at its line and column; `run` exits 1 for it; `validate` reports
/// the same mistake without replaying.
@Suite struct BrokenFixtureTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let code: String
        let line: Int
        let column: Int
        var testDescription: String { name }
        var path: String { "\(BrokenFixtureTests.folder)/\(name).fixture.json" }
        var location: String { "\(path):\(line):\(column)" }
    }

    static let folder = packageRoot + "/Tests/Templates/broken-fixtures"
    static let template = packageRoot + "/Templates/pump-inspection.json"

    static let cases = [
        Case(name: "unknown-step", code: "fixture.unknown-step", line: 35, column: 21),
        Case(name: "unknown-media-kind", code: "fixture.bad-media-kind", line: 11, column: 103),
        Case(name: "unknown-attach-kind", code: "fixture.bad-media-kind", line: 35, column: 32),
        Case(name: "misspelled-outcome", code: "fixture.bad-outcome", line: 35, column: 47),
        Case(name: "misspelled-expect-key", code: "fixture.unknown-key", line: 35, column: 14),
        Case(name: "misspelled-answer-key", code: "fixture.unknown-key", line: 29, column: 12),
        Case(name: "unknown-refusal-code", code: "fixture.unknown-refusal-code", line: 36, column: 46),
        Case(name: "no-such-question", code: "fixture.no-such-question", line: 33, column: 5),
        Case(name: "missing-template", code: "fixture.template-not-found", line: 2, column: 15),
        Case(name: "wrong-template", code: "fixture.answers-do-not-fit", line: 2, column: 15),
    ]

    @Test func theFolderHoldsExactlyTheseCases() throws {
        let names = try FileManager.default.contentsOfDirectory(atPath: Self.folder)
            .filter { $0.hasSuffix(".fixture.json") }.sorted()
        #expect(names == Self.cases.map { "\($0.name).fixture.json" }.sorted())
    }

    @Test(arguments: cases) func testFailsWithTheCauseFirst(_ broken: Case) {
        let outcome = runTool(["test", broken.path])
        #expect(outcome.status == 1)
        let first = outcome.standardOutput.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("FAIL \(broken.path): "), "\(first)")
        #expect(first.contains("[\(broken.code)] at \(broken.location)"), "\(first)")
        #expect(outcome.standardOutput.hasSuffix("0 passed, 1 failed\n"))
    }

    @Test(arguments: cases) func runExitsOne(_ broken: Case) {
        let outcome = runTool(["run", Self.template, "--answers", broken.path])
        #expect(outcome.status == 1)
        expectFirstProblem(of: outcome.standardError, is: broken)
    }

    @Test(arguments: cases) func validateReportsTheSameWithoutReplaying(_ broken: Case) {
        let outcome = runTool(["validate", broken.path])
        #expect(outcome.status == 1)
        expectFirstProblem(of: outcome.standardOutput, is: broken)
        #expect(!outcome.standardOutput.contains("fixture.step-refused"))
    }

    @Test func validateKnowsAFixtureOnStandardInputByItsShape() throws {
        let text = try String(contentsOfFile: Self.folder + "/unknown-step.fixture.json", encoding: .utf8)
            .replacingOccurrences(of: "\"../../../Templates/pump-inspection.json\"", with: "\"\(Self.template)\"")
        let outcome = runTool(["validate", "-"], standardInput: text)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasPrefix("<stdin>:35:21: error: unknown step 'nxt' [fixture.unknown-step]\n"))
    }

    /// The first line printed is `path:line:column: error: … [code]` of the broken fixture's mistake.
    private func expectFirstProblem(of output: String, is broken: Case) {
        let first = output.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("\(broken.location): error: "), "\(output)")
        #expect(first.hasSuffix("[\(broken.code)]"), "\(first)")
    }

    @Test func jsonListsEveryDiagnosticOfEveryFixture() throws {
        let outcome = runTool(["test", "--format", "json", Self.folder])
        #expect(outcome.status == 1)
        let object = try #require(
            try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any])
        let fixtures = try #require(object["fixtures"] as? [[String: Any]])
        #expect(fixtures.count == Self.cases.count)
        #expect(object["failed"] as? Int == Self.cases.count)
        for (fixture, broken) in zip(fixtures, Self.cases.sorted { $0.path < $1.path }) {
            #expect(fixture["file"] as? String == broken.path)
            #expect(fixture["status"] as? String == "failed")
            #expect(fixture["duration"] is Double)
            let diagnostics = try #require(fixture["diagnostics"] as? [[String: Any]])
            #expect(diagnostics.first?["code"] as? String == broken.code)
            #expect(diagnostics.first?["line"] as? Int == broken.line)
            #expect(diagnostics.first?["column"] as? Int == broken.column)
        }
    }

    @Test func junitHasOneFailingTestCasePerFixture() {
        let outcome = runTool(["test", "--format", "junit", Self.folder])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasPrefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites "))
        #expect(outcome.standardOutput.components(separatedBy: "<testcase ").count - 1 == Self.cases.count)
        #expect(outcome.standardOutput.components(separatedBy: "<failure message=").count - 1 == Self.cases.count)
        for broken in Self.cases {
            #expect(outcome.standardOutput.contains("type=\"\(broken.code)\""))
        }
    }
}
