import Foundation
import TestSupport
import Testing

/// Issue 14's "must show" items: reading past a syntax error, and `validate --fix`.
@Suite struct FixItProcessTests {
    static let folder = "Tests/Templates/"

    /// The problems (not notes: these templates have the web editor's padding) reported at a
    /// position, as "line:column severity code".
    private func located(_ output: String, path: String) -> [String] {
        let lines = output.split(separator: "\n").filter {
            $0.hasPrefix(path + ":") && $0.dropFirst(path.count + 1).first?.isNumber == true
                && !$0.contains(": note: ")
        }
        return lines.map { line in
            let fields = line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 3)
            let code = line.split(separator: "[").last?.dropLast() ?? ""
            return "\(fields[0]):\(fields[1]) \(fields[2].trimmingCharacters(in: .whitespaces)) \(code)"
        }
    }

    static let twelveMistakes = [
        "34:22 error question.unknown-type", "48:5 error question.missing-answer-type",
        "77:22 error multiple-choice.max-answers-exceeds-options", "97:9 error multiple-choice.duplicate-option",
        "107:7 error question.unknown-key", "124:19 error table-answer.size-mismatch",
        "142:9 error table-answer.cell-outside-table", "150:25 error short-answer.range-inverted",
        "162:17 error short-answer.bound-not-number", "188:9 error table-answer.invalid-row-type",
        "196:7 error question.unknown-key", "207:25 error true-false.invalid-accepted-answer",
    ]

    @Test func twelveMistakesAreTwelveErrors() throws {
        let path = Self.folder + "invalid/twelve-mistakes.json"
        let result = try ToolProcess.run(["validate", path])
        #expect(result.status == 1)
        #expect(located(result.standardOutput, path: path) == Self.twelveMistakes)
        #expect(
            result.standardOutput.hasSuffix("checked 1 file: 12 errors, 0 warnings, 3 notes (1 file with errors)\n"))
    }

    @Test func aTrailingCommaHidesNoneOfTheTwelve() throws {
        let path = Self.folder + "invalid/twelve-mistakes-trailing-comma.json"
        let result = try ToolProcess.run(["validate", path])
        #expect(result.status == 1)
        var expected = Self.twelveMistakes
        expected.insert("183:45 error json.trailing-comma", at: 9)
        #expect(located(result.standardOutput, path: path) == expected)
        #expect(result.standardOutput.contains("note: template checks ran on a recovered reading"))
        #expect(
            result.standardOutput.hasSuffix("checked 1 file: 13 errors, 0 warnings, 4 notes (1 file with errors)\n"))
    }

    @Test func fixMakesAnEarlyTemplateValidateCleanStrictlyChangingOnlyTheFixedSpans() throws {
        let original = try String(contentsOfFile: Self.folder + "fixable/early-format.json", encoding: .utf8)
        let folder = NSTemporaryDirectory() + "questionkit-fix-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let path = folder + "/early-format.json"
        try original.write(toFile: path, atomically: true, encoding: .utf8)

        let fixed = try ToolProcess.run(["validate", "--fix", path])
        #expect(fixed.status == 0, "\(fixed.standardOutput)")
        for fix in [
            "Rename 'numberImput' to 'numberInput'", "Write 'Loose'",
            #"Add "answer-type": "true/false" and "max-answers": "1""#,
        ] {
            #expect(fixed.standardError.contains("\(path): fixed: \(fix)\n"))
        }
        // The web editor's padding is its layout: only offered for removal, never removed by --fix.
        #expect(!fixed.standardError.contains("blank"))
        let strict = try ToolProcess.run(["validate", "--strict", path])
        #expect(strict.status == 0)
        #expect(strict.standardOutput.hasSuffix("checked 1 file: no problems, 1 note\n"), "\(strict.standardOutput)")
        #expect(strict.standardOutput.contains("[multiple-choice.blank-options]"))

        let before = original.split(separator: "\n", omittingEmptySubsequences: false)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        let after = text.split(separator: "\n", omittingEmptySubsequences: false)
        let removed = before.filter { !after.contains($0) }
        let added = after.filter { !before.contains($0) }
        #expect(
            removed == [
                #"  "version": "3","#, #"  "Questions": ["#, #"      "answer-type": "multiple-choise","#,
                #"        "Loose ","#, #"      "answer-tpye": "short-answer","#,
                #"      "numberImput": true,"#, #"      "acceptedAnswer": {"form": "20", "to": "80"}"#,
            ])
        #expect(
            added == [
                #"  "RevisionNumber": "3","#, #"  "questions": ["#, #"      "answer-type": "multiple-choice","#,
                #"        "Loose","#,
                // The renamed `"answer-type": "short-answer",` reads as a line that was already there;
                // the inferred type comes with the `max-answers` the original server added.
                #"      "answer-type": "true/false","#, #"      "max-answers": "1","#,
                #"      "numberInput": true,"#, #"      "acceptedAnswer": {"from": "20", "to": "80"}"#,
            ])
    }

    @Test func fixRefusesStandardInput() throws {
        let result = try ToolProcess.run(["validate", "--fix", "-"], input: Data("{}".utf8))
        #expect(result.status == 64)
    }

    @Test func jsonOutputCarriesTheEdits() throws {
        let result = try ToolProcess.run(["validate", "--format", "json", Self.folder + "fixable/early-format.json"])
        let entries = try #require(
            JSONReport.diagnostics(result.standardOutput))
        let rename = try #require(entries.first { $0["code"] as? String == "template.early-questions-key" })
        let fix = try #require((rename["fixes"] as? [[String: Any]])?.first)
        #expect(fix["safe"] as? Bool == true)
        let edit = try #require((fix["edits"] as? [[String: Any]])?.first)
        #expect(edit["replacement"] as? String == #""questions""#)
        #expect((edit["end"] as? Int ?? 0) - (edit["start"] as? Int ?? 0) == #""Questions""#.utf8.count)
    }
}
