import Foundation
import TestSupport
import Testing

/// The fixture example in Docs/Fixtures.md is a real fixture that passes.
@Suite struct FixturesPageExampleTests {
    @Test func theFixturesPageExamplePasses() throws {
        let page = try String(contentsOfFile: packageRoot + "/Docs/Fixtures.md", encoding: .utf8)
        let start = try #require(page.range(of: "```json\n{\n  \"template\""))
        let end = try #require(page.range(of: "\n```", range: start.upperBound..<page.endIndex))
        let example = String(page[page.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
            .replacingOccurrences(
                of: "\"../pump-inspection.json\"", with: "\"\(packageRoot)/Templates/pump-inspection.json\"")
        let folder = try TemporaryFolder()
        try folder.write("fixtures-page.fixture.json", example)
        let outcome = runTool(["test", folder.path])
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }
}
