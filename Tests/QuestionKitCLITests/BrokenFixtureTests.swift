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
        Case(name: "wrong-answer", code: "multiple-choice.unknown-option", line: 10, column: 22),
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
        let fixtures = try #require(JSONReport.files(outcome.standardOutput))
        #expect(fixtures.count == Self.cases.count)
        let summary = JSONReport.envelope(outcome.standardOutput)?["summary"] as? [String: Any]
        #expect(summary?["failed"] as? Int == Self.cases.count)
        #expect(summary?["passed"] as? Int == 0)
        #expect(summary?["files"] as? Int == Self.cases.count)
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

    // MARK: Issue 25, item 5: the newcomer's broken fixture (one wrong answer) tells the cause and one line

    static let newcomer = folder + "/wrong-answer.fixture.json"
    static let newcomerCause =
        "'In place and secured' is not one of the options 'In place and secure', 'Loose', 'Damaged' or 'Missing' "
        + "[multiple-choice.unknown-option]"
    static let newcomerHint = "Did you mean 'In place and secure'? Choose options as listed (case does not matter)."
    static let newcomerFollowOns =
        "and 17 later steps refused because question 3 was never answered, "
        + "so the outcome and the flagged questions differ from \"expect\""

    @Test func testPrintsTheCauseThenOneLineForTheRefusalsAfterIt() {
        let outcome = runTool(["test", Self.newcomer])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput == """
                FAIL \(Self.newcomer): \(Self.newcomerCause) at \(Self.newcomer):10:22
                  \(Self.newcomerFollowOns)
                0 passed, 1 failed

                """)
    }

    @Test func junitFailureHoldsTheCauseThenTheSameLine() {
        let outcome = runTool(["test", "--format", "junit", Self.newcomer])
        #expect(outcome.status == 1)
        let escape = { (text: String) in
            text.replacingOccurrences(of: "'", with: "&apos;").replacingOccurrences(of: "\"", with: "&quot;")
        }
        let body =
            escape("\(Self.newcomer):10:22: error: \(Self.newcomerCause)\n  hint: \(Self.newcomerHint)\n")
            + escape(Self.newcomerFollowOns) + "</failure>"
        #expect(
            outcome.standardOutput.contains("type=\"multiple-choice.unknown-option\">" + body),
            "\(outcome.standardOutput)")
        #expect(!outcome.standardOutput.contains("fixture.step-refused"))
    }

    @Test func jsonKeepsEveryFollowOnMarked() throws {
        let outcome = runTool(["test", "--format", "json", Self.newcomer])
        let fixture = try #require(JSONReport.files(outcome.standardOutput)?.first)
        #expect(fixture["followOns"] as? String == Self.newcomerFollowOns)
        let diagnostics = try #require(fixture["diagnostics"] as? [[String: Any]])
        let marked = diagnostics.map { ($0["code"] as? String ?? "", $0["followOn"] as? Bool) }
        #expect(marked.first?.0 == "multiple-choice.unknown-option")
        #expect(marked.first?.1 == false)
        let followOns = marked.dropFirst()
        #expect(followOns.allSatisfy { $0.1 == true })
        #expect(followOns.count { $0.0 == "fixture.step-refused" } == 17)
        #expect(Set(followOns.map(\.0)) == ["fixture.step-refused", "fixture.outcome-differs", "fixture.flags-differ"])
    }

    @Test func runPrintsTheCauseThenTheSameLine() {
        let outcome = runTool(["run", Self.template, "--answers", Self.newcomer])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError.hasSuffix("\n\(Self.newcomer): \(Self.newcomerFollowOns)\n"),
            "\(outcome.standardError)")
        #expect(!outcome.standardError.contains("fixture.step-refused"))
    }

    /// A step refused for a reason of its own is the cause; the refusals after it are follow-ons.
    @Test func aMissingAnswerIsTheFirstRefusalWithTheRestAfterIt() throws {
        let text = try String(contentsOfFile: Self.newcomer, encoding: .utf8)
            .replacingOccurrences(of: #""3": {"answer": ["In place and secured"]},"#, with: "")
            .replacingOccurrences(of: "\"../../../Templates/pump-inspection.json\"", with: "\"\(Self.template)\"")
        let (path, output) = try testOutput(of: text)
        #expect(
            output == """
                FAIL \(path): step 6 (next) was refused: question 3 needs an answer or a comment before Next \
                [session.unanswered] [fixture.step-refused] at \(path):1:1
                  and 16 later steps refused because question 3 was never answered, so the outcome and the flagged \
                questions differ from "expect"
                0 passed, 1 failed

                """)
    }

    /// A step refused with steps of its own written: the answers then entered land on other
    /// questions than meant, and are follow-ons too.
    @Test func aWrongStepIsTheCauseAndTheAnswersAfterItFollowOn() throws {
        let text = try String(
            contentsOfFile: packageRoot + "/Templates/fixtures/pump-inspection.back.fixture.json", encoding: .utf8
        )
        .replacingOccurrences(of: "\"../pump-inspection.json\"", with: "\"\(Self.template)\"")
        .replacingOccurrences(
            of: "\"fill\", \"next\",\n    \"fill\", \"next\",\n    {\"answer\"",
            with: "\"fill\", \"finish\",\n    \"fill\", \"next\",\n    {\"answer\"")
        let (path, output) = try testOutput(of: text)
        #expect(
            output == """
                FAIL \(path): step 4 (finish) was refused: Finish is on the last question (16), but question 2 is \
                shown [session.not-last-question] [fixture.step-refused] at \(path):34:13
                  and 7 later steps refused and 2 problems with the answers entered then because step 4 (finish) \
                was refused, so the outcome and the flagged questions differ from "expect"
                0 passed, 1 failed

                """)
    }

    /// What `test` prints for a fixture of `text`, written to a folder of its own, and its path.
    private func testOutput(of text: String) throws -> (path: String, output: String) {
        let folder = try TemporaryFolder()
        let path = folder.path + "/edited.fixture.json"
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return (path, runTool(["test", path]).standardOutput)
    }
}
