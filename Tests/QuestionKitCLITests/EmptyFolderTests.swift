import Foundation
import QuestionKitCLI
import TestSupport
import Testing

/// A folder with nothing to check is an error: a mistyped folder in CI must not pass silently.
@Suite struct EmptyFolderTests {
    @Test func validateRefusesAFolderWithoutTemplates() throws {
        let folder = try TemporaryFolder()
        try folder.write("only.fixture.json", "{}")
        let result = runTool(["validate", folder.path])
        #expect(result.status == 1)
        #expect(
            result.standardOutput.contains(
                "\(folder.path): error: no templates (*.json) found in '\(folder.path)' [file.no-templates]"))
        // One good template does not hide an empty folder.
        let template = packageRoot + "/Templates/pump-inspection.json"
        let mixed = runTool(["validate", "--format", "json", folder.path, template])
        #expect(mixed.status == 1)
        let entries = try #require(
            JSONReport.diagnostics(mixed.standardOutput))
        // The template's only diagnostics are notes on the web editor's padding.
        let problems = entries.filter { $0["severity"] as? String != "note" }
        #expect(problems.map { $0["code"] as? String } == ["file.no-templates"])
        #expect(entries.first?["file"] as? String == folder.path)
    }

    @Test func testRefusesAFolderWithoutFixtures() throws {
        let folder = try TemporaryFolder()
        try folder.write("template.json", "{}")
        let result = runTool(["test", folder.path])
        #expect(result.status == 1)
        #expect(result.standardError.contains("error: no fixtures (*.fixture.json) found in '\(folder.path)'"))
        // One good folder does not hide an empty one.
        let mixed = runTool(["test", packageRoot + "/Templates/fixtures", folder.path])
        #expect(mixed.status == 1)
        #expect(mixed.standardOutput.hasSuffix(" passed, 0 failed\n"))
        #expect(mixed.standardError.contains("found in '\(folder.path)'"))
    }

    @Test func aMissingPathIsStillAnError() {
        let validate = runTool(["validate", "/no/such/folder"])
        #expect(validate.status == 1)
        #expect(validate.standardOutput.contains("[file.unreadable]"))
        let test = runTool(["test", "/no/such/folder"])
        #expect(test.status == 1)
        #expect(test.standardOutput.contains("FAIL /no/such/folder: cannot read the file"))
    }
}
