import Foundation
import TestSupport
import Testing

/// Runs the built `questionkit` binary as a separate process: what a user or CI sees.
struct ToolProcess {
    static let executable: String = {
        // Lets a regression test be run against another build (e.g. the one before a fix).
        if let chosen = ProcessInfo.processInfo.environment["QUESTIONKIT_TOOL"] { return chosen }
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
    /// The bundled templates are what a newcomer copies: `validate Templates/` reports no problem,
    /// not even a note (the early-format sample, deliberately not clean, is kept in Tests/Templates/).
    @Test func bundledTemplatesValidateClean() throws {
        let result = try ToolProcess.run(["validate", "Templates/"])
        #expect(result.status == 0, "\(result.standardOutput)")
        // Nothing at all: a clean run prints no summary line.
        #expect(result.standardOutput.isEmpty, "\(result.standardOutput)")
        #expect(result.standardError.isEmpty, "\(result.standardError)")
    }

    @Test func earlyFormatExampleHasNotesAndWarningsOnly() throws {
        let result = try ToolProcess.run([
            "validate", "--format", "json", "Tests/Templates/early-format/early-format-example.json",
        ])
        #expect(result.status == 0, "\(result.standardOutput)")
        let entries = try #require(
            JSONReport.diagnostics(result.standardOutput))
        let severities = Dictionary(grouping: entries) { $0["code"] as? String ?? "" }.mapValues {
            Set($0.compactMap { $0["severity"] as? String })
        }
        #expect(severities["template.early-questions-key"] == ["note"])
        #expect(severities["template.early-revision-key"] == ["note"])
        #expect(severities["question.answer-type-inferred"] == ["warning"])
        #expect(!severities.values.contains { $0.contains("error") })
    }

    static let referenceExamples =
        referenceDataFolder.map { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).filter { $0.hasSuffix(".json") }
                .sorted()
        } ?? []

    /// The original system's own templates pass `--strict` (their early spellings are notes);
    /// skipped, with the reason shown, while `../shared/refdata/mi/` is not there.
    @Test(.enabled(if: !referenceExamples.isEmpty, "../shared/refdata/mi/ is absent or holds no template"))
    func originalTemplatesPassStrictValidation() throws {
        let folder = try #require(referenceDataFolder)
        for file in Self.referenceExamples {
            let result = try ToolProcess.run(["validate", "--strict", folder + "/" + file])
            #expect(result.status == 0, "\(file): \(result.standardOutput)")
            #expect(!result.standardOutput.contains("warning:"), "\(file): \(result.standardOutput)")
        }
    }

    @Test func standardInputIsReadForDash() throws {
        let template = #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "OK?"}]}"#
        let result = try ToolProcess.run(["validate", "-"], input: Data(template.utf8))
        #expect(result.status == 0)
        #expect(result.standardOutput.isEmpty)
    }

    @Test func badUsageExits64() throws {
        let result = try ToolProcess.run(["validate", "--bogus"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("unknown option '--bogus'"))
        #expect(result.standardOutput.isEmpty)
    }
}
