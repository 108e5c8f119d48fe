import FormGenerators
import Foundation
import TestSupport
import Testing

/// Arbitrary bytes must give a located `json.` error and exit 1, never a crash.
@Suite struct HostileInputTests {
    struct Case: CustomTestStringConvertible, Sendable {
        let name: String
        let bytes: [UInt8]
        let code: String
        var testDescription: String { name }
    }

    static let template = Array(
        #"{"Title": "T", "questions": [{"answer-type": "short-answer", "question": "Q?"}]}"#.utf8)

    static let cases: [Case] = {
        var generator = SplitMix64(seed: 0x5eed)
        let junk = (0..<4096).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        return [
            Case(name: "binary junk", bytes: junk, code: "json."),
            Case(name: "truncated template", bytes: Array(template.prefix(40)), code: "json.unterminated-string"),
            Case(name: "template cut after a comma", bytes: Array(template.prefix(14)), code: "json.unexpected-end"),
            Case(
                name: "100,000 nested [", bytes: [UInt8](repeating: UInt8(ascii: "["), count: 100_000),
                code: "json.too-deep"),
            Case(
                name: "invalid UTF-8", bytes: Array(#"{"Title": "Pr"#.utf8) + [0xFC, 0x80] + Array(#"fung"}"#.utf8),
                code: "json.invalid-utf8"),
            Case(
                name: "lone surrogate escape", bytes: Array(#"{"Title": "\ud800"}"#.utf8), code: "json.lone-surrogate"),
            Case(name: "empty file", bytes: [], code: "json.empty"),
            Case(name: "NUL bytes", bytes: [0, 0, 0], code: "json.unexpected-character"),
        ]
    }()

    @Test(arguments: cases)
    func givesALocatedJSONErrorAndExits1(_ input: Case) throws {
        let result = try ToolProcess.run(["validate", "--format", "json", "-"], input: Data(input.bytes))
        #expect(!result.terminatedBySignal)
        #expect(result.status == 1, "\(result.standardError)")
        let entries = try #require(
            JSONReport.diagnostics(result.standardOutput))
        // Checks on what could be read past a syntax error may report problems before it.
        let error = try #require(
            entries.first { $0["severity"] as? String == "error" && ($0["code"] as? String ?? "").hasPrefix("json.") })
        #expect((error["code"] as? String)?.hasPrefix(input.code) == true, "\(error)")
        #expect((error["line"] as? Int ?? 0) >= 1)
        #expect((error["column"] as? Int ?? 0) >= 1)
    }

    @Test func truncationAtEveryOffsetNeverCrashes() throws {
        let folder = NSTemporaryDirectory() + "questionkit-truncations-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        var paths: [String] = []
        for length in 0..<Self.template.count {
            let path = folder + "/cut-\(length).json"
            try Data(Self.template.prefix(length)).write(to: URL(fileURLWithPath: path))
            paths.append(path)
        }
        let result = try ToolProcess.run(["validate", "--format", "json"] + paths)
        #expect(!result.terminatedBySignal)
        #expect(result.status == 1)
        let entries = try #require(
            JSONReport.diagnostics(result.standardOutput))
        let failedFiles = Set(
            entries.filter { ($0["code"] as? String)?.hasPrefix("json.") == true }
                .compactMap { $0["file"] as? String })
        #expect(failedFiles.count == paths.count)
    }
}
