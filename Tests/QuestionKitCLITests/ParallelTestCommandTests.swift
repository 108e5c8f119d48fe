import FormGenerators
import Foundation
import TestSupport
import Testing

/// `test` replays on every core, yet prints its outcomes in the order of the fixtures' paths,
/// the same on every run.
@Suite struct ParallelTestCommandTests {
    @Test func outcomesComeInPathOrderWhateverFinishesFirst() throws {
        let folder = try TemporaryFolder()
        try folder.write("form.json", TemplateGenerator.template(questions: 20))
        var expected: [String] = []
        for seed in 0..<60 {
            var fixture = FixtureGenerator.fixture(questions: 20, seed: seed)
                .replacingOccurrences(of: "{\n", with: "{\n  \"template\": \"form.json\",\n", options: .anchored)
            // Every seventh fixture misspells a key, so that passes and failures interleave.
            if seed % 7 == 3 {
                fixture = fixture.replacingOccurrences(of: "\"foremanComment\"", with: "\"foremanComent\"")
            }
            let name = String(format: "f%03d.fixture.json", seed)
            try folder.write(name, fixture)
            expected.append((seed % 7 == 3 ? "FAIL " : "PASS ") + folder.path + "/" + name)
        }
        let first = runTool(["test", folder.path])
        #expect(first.status == 1)
        let heads = first.standardOutput.split(separator: "\n").filter { !$0.hasPrefix("  ") }.map {
            $0.hasPrefix("FAIL") ? String($0.prefix { $0 != ":" }) : String($0)
        }
        #expect(heads == expected + ["51 passed, 9 failed"])
        #expect(runTool(["test", folder.path]).standardOutput == first.standardOutput)
    }
}
