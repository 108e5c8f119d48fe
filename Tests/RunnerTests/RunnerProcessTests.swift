import Foundation
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

    struct Result {
        var status: Int32
        var terminatedBySignal: Bool
        var standardOutput: String
        var standardError: String
    }

    static func run(_ arguments: [String], input: Data = Data(), in directory: String = packageRoot) throws -> Result {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: executable)
        process.arguments = arguments
        process.currentDirectoryURL = URL(fileURLWithPath: directory)
        let stdin = Pipe()
        let stdout = Pipe()
        let stderr = Pipe()
        process.standardInput = stdin
        process.standardOutput = stdout
        process.standardError = stderr
        try process.run()
        // Feed standard input while draining the outputs, so that no pipe fills up and blocks.
        let writer = Thread {
            try? stdin.fileHandleForWriting.write(contentsOf: input)
            try? stdin.fileHandleForWriting.close()
        }
        writer.start()
        let errorData = LockedData()
        let errorReader = Thread { errorData.set(stderr.fileHandleForReading.readDataToEndOfFile()) }
        errorReader.start()
        let output = stdout.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorData.isSet { Thread.sleep(forTimeInterval: 0.005) }
        return Result(
            status: process.terminationStatus, terminatedBySignal: process.terminationReason == .uncaughtSignal,
            standardOutput: String(decoding: output, as: UTF8.self),
            standardError: String(decoding: errorData.value, as: UTF8.self))
    }
}

final class LockedData: @unchecked Sendable {
    private let lock = NSLock()
    private var data: Data?

    func set(_ value: Data) { lock.withLock { data = value } }
    var isSet: Bool { lock.withLock { data != nil } }
    var value: Data { lock.withLock { data ?? Data() } }
}

let packageRoot: String = {
    var url = URL(fileURLWithPath: #filePath)
    for _ in 0..<3 { url.deleteLastPathComponent() }
    return url.path
}()

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
