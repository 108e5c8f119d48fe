import Foundation
import TestSupport
import Testing

/// Runs the built `questionkit` binary as a separate process: what a user or CI sees.
struct ToolProcess {
    static let executable: String = {
        let besideTests = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for folder in [besideTests, besideTests.deletingLastPathComponent()] {
            let candidate = folder.appendingPathComponent("questionkit").path
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return packageRoot + "/.build/debug/questionkit"
    }()

    static func run(_ arguments: [String], input: Data = Data(), in directory: String = packageRoot) throws
        -> ProgramResult
    {
        try ExternalProgram.run(executable, arguments, input: input, in: directory)
    }
}

@Suite struct RunnerProcessTests {
    @Test func bundledTemplatesValidateClean() throws {
        let templates = try FileManager.default.contentsOfDirectory(atPath: packageRoot + "/Templates")
            .filter { $0.hasSuffix(".json") && !$0.hasPrefix("early-format") }.sorted()
        #expect(templates.count >= 3)
        let result = try ToolProcess.run(["validate"] + templates.map { "Templates/" + $0 })
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput == "checked \(templates.count) files: no problems\n")
    }

    @Test func earlyFormatExampleHasWarningsOnly() throws {
        let result = try ToolProcess.run(["validate", "--format", "json", "Templates/early-format-example.json"])
        #expect(result.status == 0, "\(result.standardOutput)")
        let entries = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [[String: Any]])
        let codes = Set(entries.compactMap { $0["code"] as? String })
        #expect(entries.allSatisfy { $0["severity"] as? String == "warning" })
        #expect(
            codes.isSuperset(of: [
                "template.early-questions-key", "template.early-revision-key", "question.answer-type-inferred",
            ]))
    }

    static let referenceFolder = packageRoot + "/../shared/refdata/mi"
    static let referenceExamples = ((try? FileManager.default.contentsOfDirectory(atPath: referenceFolder)) ?? [])
        .filter { $0.hasSuffix(".json") }.sorted()

    /// The original system's own early-format example; skipped (and shown as skipped) while
    /// `../shared/refdata/mi/` is not there.
    @Test(.enabled(if: !referenceExamples.isEmpty, "../shared/refdata/mi/ holds no example"))
    func originalEarlyFormatExamplesHaveWarningsOnly() throws {
        let folder = Self.referenceFolder
        for file in Self.referenceExamples {
            let result = try ToolProcess.run(["validate", folder + "/" + file])
            #expect(result.status == 0, "\(file): \(result.standardOutput)")
        }
    }

    @Test func standardInputIsReadForDash() throws {
        let template = #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "OK?"}]}"#
        let result = try ToolProcess.run(["validate", "-"], input: Data(template.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput == "checked 1 file: no problems\n")
    }

    @Test func badUsageExits64() throws {
        let result = try ToolProcess.run(["validate", "--bogus"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown option '--bogus'"))
        #expect(result.standardOutput.isEmpty)
    }
}
