import Foundation
import TestSupport
import Testing

/// The fixture example in the README is a real fixture that passes.
@Suite struct ReadmeExampleTests {
    @Test func theReadmeFixtureExamplePasses() throws {
        let readme = try String(contentsOfFile: packageRoot + "/README.md", encoding: .utf8)
        let start = try #require(readme.range(of: "```json\n{\n  \"template\""))
        let end = try #require(readme.range(of: "\n```", range: start.upperBound..<readme.endIndex))
        let example = String(readme[readme.index(start.lowerBound, offsetBy: 8)..<end.lowerBound])
            .replacingOccurrences(
                of: "\"../pump-inspection.json\"", with: "\"\(packageRoot)/Templates/pump-inspection.json\"")
        let folder = try TemporaryFolder()
        try folder.write("readme.fixture.json", example)
        let outcome = runTool(["test", folder.path])
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(outcome.standardOutput.hasSuffix("1 passed, 0 failed\n"))
    }
}
