import Foundation
import QuestionKitCLI
import TestSupport
import Testing

/// Every bundled fixture replayed through `questionkit run --out`, its outputs compared with the
/// golden files in `Golden/`. Set `QUESTIONKIT_RECORD_GOLDEN=1` to write them anew (then read the
/// diff before committing: a golden file is a promise, never edited by hand to make a test pass).
@Suite struct GoldenFixtureTests {
    /// The bundled fixtures, and those of the early-format sample kept out of `Templates/` (it is
    /// deliberately not clean, and `validate Templates/` must be).
    static let fixtureFolders = [
        packageRoot + "/Templates/fixtures", packageRoot + "/Tests/Templates/early-format/fixtures",
    ]
    static let goldenFolder = packageRoot + "/Tests/QuestionKitCLITests/Golden"
    static let recording = ProcessInfo.processInfo.environment["QUESTIONKIT_RECORD_GOLDEN"] == "1"

    /// Each fixture's path from the package root.
    static let fixtures: [String] = fixtureFolders.flatMap { TestCommand.fixtures(in: $0) }.map {
        String($0.dropFirst(packageRoot.count + 1))
    }

    @Test func everyBundledTemplateHasAFixture() throws {
        let templates = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Templates")
            .filter { $0.hasSuffix(".json") }
        for template in templates {
            let name = (template as NSString).deletingPathExtension
            #expect(Self.fixtures.contains("Templates/fixtures/\(name).fixture.json"), "no fixture for \(template)")
        }
    }

    @Test(arguments: fixtures)
    func outputsMatchTheGoldenFiles(_ fixture: String) throws {
        let fixturePath = packageRoot + "/" + fixture
        let templateName = try templateName(of: fixturePath)
        let folder = try TemporaryFolder()
        let outcome = runTool([
            "run", try templatePath(of: fixturePath), "--answers", fixturePath, "--out", folder.path,
        ])
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let base = (templateName as NSString).deletingPathExtension
        let stem = ((fixture as NSString).lastPathComponent as NSString).deletingPathExtension
            .replacingOccurrences(of: ".fixture", with: "")
        let outputs = [
            ("\(stem).run.txt", outcome.standardOutput.replacingOccurrences(of: folder.path, with: "<out>")),
            (
                "\(stem).completed.json",
                try String(contentsOfFile: "\(folder.path)/\(base).completed.json", encoding: .utf8)
            ),
            ("\(stem).txt", try String(contentsOfFile: "\(folder.path)/\(base).txt", encoding: .utf8)),
            ("\(stem).flags.txt", try String(contentsOfFile: "\(folder.path)/\(base).flags.txt", encoding: .utf8)),
        ]
        for (name, actual) in outputs {
            let goldenPath = Self.goldenFolder + "/" + name
            if Self.recording {
                try actual.write(toFile: goldenPath, atomically: true, encoding: .utf8)
                continue
            }
            let golden = try String(contentsOfFile: goldenPath, encoding: .utf8)
            #expect(actual == golden, "\(name) differs from its golden file; QUESTIONKIT_RECORD_GOLDEN=1 re-records")
        }
    }

    /// A completed form written by `run` reads back and reviews to the same result.
    @Test(arguments: fixtures)
    func completedFormRoundTrips(_ fixture: String) throws {
        let fixturePath = packageRoot + "/" + fixture
        let templateName = try templateName(of: fixturePath)
        let folder = try TemporaryFolder()
        let run = runTool(["run", try templatePath(of: fixturePath), "--answers", fixturePath, "--out", folder.path])
        let completed = "\(folder.path)/\((templateName as NSString).deletingPathExtension).completed.json"
        let review = runTool(["review", completed])
        #expect(review.status == 0, "\(review.standardError)")
        // The run prints the transcript, a blank line, the review, then where it wrote the files.
        let reviewPart = run.standardOutput.components(separatedBy: "\n\n").dropFirst().joined(separator: "\n\n")
        let written = reviewPart.range(of: "wrote ").map { String(reviewPart[..<$0.lowerBound]) } ?? reviewPart
        #expect(written == review.standardOutput)
        // A completed form is also a template (with answers) that validates.
        #expect(runTool(["validate", completed]).status == 0)
    }

    private func templateName(of fixturePath: String) throws -> String {
        (try templatePath(of: fixturePath) as NSString).lastPathComponent
    }

    /// The template the fixture names, found from the fixture's folder.
    private func templatePath(of fixturePath: String) throws -> String {
        let data = try Data(contentsOf: URL(fileURLWithPath: fixturePath))
        let object = try JSONSerialization.jsonObject(with: data) as? [String: Any]
        let path = try #require(object?["template"] as? String)
        return (fixturePath as NSString).deletingLastPathComponent + "/" + path
    }
}
