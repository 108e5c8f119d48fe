import Foundation
import TestSupport
import Testing

/// The template a fixture names is the one it is replayed with, and `test --filter` picks fixtures.
@Suite struct FixtureTemplateTests {
    @Test func runSaysWhichTemplateItUsesWhenTheFixtureNamesAnother() {
        let fixture = packageRoot + "/Templates/fixtures/transformer-maintenance.fixture.json"
        let template = packageRoot + "/Templates/pump-inspection.json"
        let outcome = runTool(["run", template, "--answers", fixture])
        #expect(outcome.status == 1)
        let first = outcome.standardError.split(separator: "\n").first.map(String.init) ?? ""
        #expect(first.hasPrefix("\(fixture):2:15: error: the fixture is for "), "\(first)")
        #expect(first.contains("replayed with '\(template)', given on the command line [fixture.template-differs]"))
    }

    @Test func runWithTheFixturesOwnTemplateThroughAnotherPathPasses() {
        let fixture = packageRoot + "/Templates/fixtures/pump-inspection.fixture.json"
        let outcome = runTool([
            "run", packageRoot + "/Templates/../Templates/pump-inspection.json", "--answers", fixture,
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardError.isEmpty)
    }

    @Test func filterKeepsTheFixturesWhosePathContainsThePattern() {
        let outcome = runTool(["test", "--filter", "pump-inspection.back", packageRoot + "/Templates"])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == "PASS \(packageRoot)/Templates/fixtures/pump-inspection.back.fixture.json\n"
                + "1 passed, 0 failed\n")
        let none = runTool(["test", "--filter", "no-such-fixture", packageRoot + "/Templates"])
        #expect(none.status == 1)
        #expect(none.standardError.contains("no fixture's path contains 'no-such-fixture' (--filter)"))
    }

    /// Issue 25, item 13: no date is made up, and none is written as text either; the printed form
    /// leaves the Date lines blank (`PDFExportPrintTests.dateLinesWithoutADateAreLeftBlank`).
    @Test func aFixtureWithoutDatesRecordsNone() throws {
        let folder = try TemporaryFolder()
        let source = try String(
            contentsOfFile: packageRoot + "/Tests/Templates/early-format/fixtures/early-format-example.fixture.json",
            encoding: .utf8)
        let undated = source.split(separator: "\n").filter { !$0.contains("Date\"") }.joined(separator: "\n")
            .replacingOccurrences(
                of: "\"../early-format-example.json\"",
                with: "\"\(packageRoot)/Tests/Templates/early-format/early-format-example.json\"")
        let fixture = try folder.write("undated.fixture.json", undated)
        let outcome = runTool([
            "run", packageRoot + "/Tests/Templates/early-format/early-format-example.json", "--answers", fixture,
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("Work performed by: Diego Hernández\n"))
        #expect(!outcome.standardOutput.contains("no date given"))
        #expect(!outcome.standardOutput.contains("Jan 1, 2026"))
    }

    @Test func warningsOfAPassingFixtureAreShown() throws {
        let folder = try TemporaryFolder()
        let source = try String(
            contentsOfFile: packageRoot + "/Tests/Templates/early-format/fixtures/early-format-example.fixture.json",
            encoding: .utf8)
        let duplicated = source.replacingOccurrences(
            of: "\"../early-format-example.json\"",
            with: "\"\(packageRoot)/Tests/Templates/early-format/early-format-example.json\", \"foreman\": \"Someone\"")
        let fixture = try folder.write("dup.fixture.json", duplicated)
        let outcome = runTool(["test", fixture])
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.hasPrefix("PASS \(fixture)\n  \(fixture):"), "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.contains(":4:3: warning: duplicate key \"foreman\""))
    }
}

/// `store fill` takes a fixture as strictly as `run` and `test` do.
@Suite struct StoreFillFixtureTests {
    @Test func aFixtureWithAnUnknownStepChangesNothing() throws {
        let work = try StoreWorkspace()
        let start = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        #expect(start.status == 0, "\(start.standardError)")
        let before = FolderSnapshot.of(work.root)
        let fill = work.run(
            "fill", StoreWorkspace.form, "--answers", try work.answers(from: 1, steps: #"["fill", "nxt", "exit"]"#))
        #expect(fill.status == 1)
        #expect(fill.standardError.contains("error: unknown step 'nxt' [fixture.unknown-step]"))
        #expect(fill.standardError.contains("the fixture has errors; '\(StoreWorkspace.form)' was not changed"))
        #expect(FolderSnapshot.of(work.root) == before)
    }
}
