import Foundation
import TestSupport
import Testing

/// The invalid templates of `Tests/Templates/invalid/`: every planted problem is reported, on the
/// line where it was planted (see that folder's README), in text and in JSON alike.
@Suite struct InvalidTemplateTests {
    static let folder = "Tests/Templates/invalid/"

    @Test func severalProblemsAreAllReportedWhereTheyAre() throws {
        let path = Self.folder + "several-problems.json"
        let result = try ToolProcess.run(["validate", path])
        #expect(result.status == 1)
        let located = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix(path) }.map { line in
            // "path:34:22: error: message [code]" -> "34:22 error code"
            let fields = line.dropFirst(path.count + 1).split(separator: ":", maxSplits: 3)
            let code = line.split(separator: "[").last?.dropLast() ?? ""
            return "\(fields[0]):\(fields[1]) \(fields[2].trimmingCharacters(in: .whitespaces)) \(code)"
        }
        #expect(
            located == [
                "34:22 error question.unknown-type",
                "48:5 error question.missing-answer-type",
                "77:22 error multiple-choice.max-answers-exceeds-options",
                // The web editor's padding of three option lists: valid, so notes (with their fix).
                "83:9 note multiple-choice.blank-options",
                "97:9 error multiple-choice.duplicate-option",
                "98:9 note multiple-choice.blank-options",
                "107:7 error question.unknown-key",
                "112:9 note multiple-choice.blank-options",
                "124:19 error table-answer.size-mismatch",
                "142:9 error table-answer.cell-outside-table",
                "150:25 error short-answer.range-inverted",
                "162:17 error short-answer.bound-not-number",
                "188:9 error table-answer.invalid-row-type",
            ])
        #expect(
            result.standardOutput.hasSuffix("checked 1 file: 10 errors, 0 warnings, 3 notes (1 file with errors)\n"))

        let json = try ToolProcess.run(["validate", "--format", "json", path])
        #expect(json.status == 1)
        let entries = try #require(
            JSONReport.diagnostics(json.standardOutput))
        let fromJSON = entries.map {
            "\($0["line"] ?? 0):\($0["column"] ?? 0) \($0["severity"] ?? "") \($0["code"] ?? "")"
        }
        #expect(fromJSON == located)
        #expect(
            entries.map { $0["pointer"] as? String ?? "" } == [
                "/questions/1/answer-type", "/questions/2", "/questions/3/max-answers", "/questions/3/answers/4",
                "/questions/4/answers/3", "/questions/4/answers/4", "/questions/5/max-answer",
                "/questions/5/answers/3", "/questions/6/firstRow", "/questions/6/noCells/0",
                "/questions/7/acceptedAnswer",
                "/questions/8/acceptedAnswer/from", "/questions/9/rowType/2",
            ])
    }

    @Test(arguments: [
        ("syntax-trailing-comma.json", "76:11", "json.trailing-comma"),
        ("syntax-comment.json", "36:7", "json.comment"),
        ("truncated.json", "53:19", "json.unterminated-string"),
        ("not-an-object.json", "1:1", "template.not-an-object"),
    ])
    func fileLevelProblemIsLocated(_ file: String, _ position: String, _ code: String) throws {
        let path = Self.folder + file
        let result = try ToolProcess.run(["validate", path])
        #expect(result.status == 1)
        // The first error (a note on the web editor's padding may come before it).
        let firstError = result.standardOutput.split(separator: "\n").first { $0.contains(": error: ") }
        #expect(firstError?.hasPrefix("\(path):\(position): error: ") == true)
        #expect(result.standardOutput.contains("[\(code)]"))
    }
}
