import FormGenerators
import Foundation
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

/// `test --coverage`, `--coverage-file` and `--coverage-min` on real fixtures.
@Suite struct CoverageCommandTests {
    static let leakCheck = packageRoot + "/Templates/leak-check.json"
    static let firstFixture = packageRoot + "/Templates/fixtures/leak-check.fixture.json"

    /// Issue 20, must show 1: the bundled logic template's fixtures reach every branch.
    @Test func theBundledLogicTemplatesFixturesCoverEveryBranch() throws {
        let outcome = runTool(["test", "--coverage", "--coverage-min", "100", packageRoot + "/Templates"])
        #expect(outcome.status == 0, "\(outcome.standardOutput)\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("coverage of \(Self.leakCheck) by "))
        #expect(outcome.standardOutput.contains("branches 24/24 covered (100%)"))
        #expect(!outcome.standardOutput.contains("not covered"))
    }

    @Test func oneFixtureLeavesBranchesUncoveredAtTheirLines() {
        let outcome = runTool(["test", "--coverage", Self.firstFixture])
        #expect(outcome.status == 0, "coverage alone never fails the run")
        // The fixture answers "Any leaks?" Yes: "Where is the leak?" (question 3, its condition on line 31) is always asked.
        #expect(outcome.standardOutput.contains("\(Self.leakCheck):31: not covered: question 3 not asked\n"))
        #expect(
            outcome.standardOutput.contains("\(Self.leakCheck):31: not covered: condition 1 of question 3 made false\n")
        )
        #expect(outcome.standardOutput.contains("    condition 1, line 31: true 1, false 0\n"))
        #expect(!outcome.standardOutput.contains("not covered: condition 1 of question 3 made true"))
    }

    @Test func aFloorFailsTheRunForATemplateBelowIt() {
        let outcome = runTool(["test", "--coverage-min", "90", Self.firstFixture])
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasSuffix("1 passed, 0 failed\n"), "the floor prints no report")
        #expect(outcome.standardError.contains("\(Self.leakCheck): branches "))
        #expect(outcome.standardError.contains("below --coverage-min 90"))
        #expect(runTool(["test", "--coverage-min", "0", Self.firstFixture]).status == 0)
        for bad in ["101", "-1", "most"] {
            #expect(runTool(["test", "--coverage-min", bad, Self.firstFixture]).status == 64, "\(bad)")
        }
    }

    @Test func junitTakesCoverageOnlyAsAFile() throws {
        #expect(runTool(["test", "--format", "junit", "--coverage", Self.firstFixture]).status == 64)
        let folder = try TemporaryFolder()
        let outcome = runTool([
            "test", "--format", "junit", "--coverage-file", folder.path + "/c.info", Self.firstFixture,
        ])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("<?xml"))
        let lcov = try String(contentsOfFile: folder.path + "/c.info", encoding: .utf8)
        #expect(lcov.hasPrefix("TN:\nSF:\(Self.leakCheck)\nBRDA:31,3,0,1\n"))
    }

    @Test func theCoverageFileReplacesWhatIsThereAndDashIsStandardOutput() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("c.info", "old")
        #expect(runTool(["test", "--coverage-file", path, Self.firstFixture]).status == 0)
        let written = try String(contentsOfFile: path, encoding: .utf8)
        #expect(written.hasSuffix("end_of_record\n"))
        let toOutput = runTool(["test", "--coverage-file", "-", Self.firstFixture])
        #expect(toOutput.standardOutput == written)
        #expect(toOutput.standardError.hasSuffix("1 passed, 0 failed\n"))
        let missing = runTool(["test", "--coverage-file", folder.path + "/no/such/c.info", Self.firstFixture])
        #expect(missing.status == 1)
        #expect(missing.standardError.contains("no/such/c.info"))
    }

    @Test func jsonCarriesTheCoverageBesideTheFixtures() throws {
        let outcome = runTool(["test", "--coverage", "--format", "json", Self.firstFixture])
        let value = try JSONSerialization.jsonObject(with: Data(outcome.standardOutput.utf8)) as? [String: Any]
        let coverage = try #require(value?["coverage"] as? [[String: Any]])
        #expect(coverage.count == 1)
        #expect(coverage.first?["template"] as? String == Self.leakCheck)
        let branches = try #require(coverage.first?["branches"] as? [String: Int])
        #expect(branches["total"] == 24)
        let questions = try #require(coverage.first?["questions"] as? [[String: Any]])
        #expect(questions.map { $0["question"] as? Int } == [3, 4, 5, 7, 8])
        // Question 5's enableWhen key is on line 47, its two conditions on lines 48 and 49.
        #expect(questions.map { $0["line"] as? Int } == [31, 40, 47, 70, 79])
        let fifth = try #require(questions[2]["conditions"] as? [[String: Any]])
        #expect(fifth.map { $0["line"] as? Int } == [48, 49])
        #expect(
            runTool(["test", "--format", "json", Self.firstFixture]).standardOutput.contains(#""coverage":"#) == false)
    }

    /// Coverage is linear in fixtures × conditions: ten times the conditions, or ten times the
    /// fixtures, is at most twelve times the work counted (a quadratic step would be a hundred).
    @Test func coverageWorkGrowsWithFixturesTimesConditions() throws {
        let base = try Self.coverageSteps(questions: 100, fixtures: 2)
        let moreConditions = try Self.coverageSteps(questions: 1_000, fixtures: 2)
        let moreFixtures = try Self.coverageSteps(questions: 100, fixtures: 20)
        #expect(base > 0)
        #expect(moreConditions <= 12 * base, "\(base), then \(moreConditions)")
        #expect(moreFixtures <= 12 * base, "\(base), then \(moreFixtures)")
    }

    /// The coverage work of `fixtures` fixtures of a chain of `questions` questions, each asked
    /// when the one before it is answered.
    static func coverageSteps(questions: Int, fixtures: Int) throws -> Int {
        let folder = try TemporaryFolder()
        _ = try folder.write("chain.json", LogicTemplateGenerator.chain(questions))
        let answers = (1...questions).map { "\"\($0)\": {\"answer\": \"\($0)\"}" }.joined(separator: ", ")
        let paths = try (0..<fixtures).map { index in
            try folder.write(
                "f\(index).fixture.json",
                #"{"template": "chain.json", "technician": "T", "foreman": "F", "answers": {\#(answers)}}"#)
        }
        let tally = CoverageTally()
        let files = FormFiles(reader: TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all)))
        let outcomes = FixtureTester(files: files, coverage: tally).test(paths)
        let failed = outcomes.filter { !$0.passed }.map(\.path)
        #expect(failed.isEmpty)
        let coverage = try #require(tally.templates.first?.coverage)
        #expect(coverage.fixtures == fixtures)
        #expect(coverage.summary.total == 4 * (questions - 1))
        return coverage.steps
    }
}
