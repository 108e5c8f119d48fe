import Foundation
import Testing

/// `fieldkit validate` reports problems of date and rating questions located like any other.
@Suite struct ValidateProcessTests {
    static let badTemplate = "Tests/Templates/invalid/bad-date-and-rating.json"

    @Test func badDateAndRatingQuestionsAreReportedWhereTheyAre() throws {
        let path = Self.badTemplate
        let result = try ToolProcess.run(["validate", path])
        #expect(result.status == 1)
        let located = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix(path + ":") }
            .map { String($0.dropFirst(path.count + 1)) }
        let expected: [String] = [
            "8:19: error: 'earliest' is '2026-02-30', which is not a real date (February 2026 has 28 days) "
                + "[date.bound-nonexistent]",
            "9:17: error: 'latest' must be a date written yyyy-MM-dd, such as 2026-03-14, not 'today' "
                + "[date.bound-malformed]",
            "14:19: error: 'earliest' (2026-12-31) is after 'latest' (2026-06-01): no date can be accepted "
                + "[date.bounds-inverted]",
            "20:16: error: 'scale' is 12; it must be from 2 to 10 (ratings run from 1 to 'scale') "
                + "[rating.scale-out-of-range]",
            "27:20: error: 'flagBelow' is 7, outside the scale 1 to 5: every rating would be flagged "
                + "[rating.flag-below-out-of-range]",
            "29:5: error: a rating question needs 'scale', the highest rating [rating.scale-missing]",
        ]
        #expect(located == expected)
        #expect(result.standardOutput.hasSuffix("checked 1 file: 6 errors, 0 warnings (1 file with errors)\n"))
    }

    @Test func jsonOutputGivesTheSamePointersAndPositions() throws {
        let result = try ToolProcess.run(["validate", "--format", "json", Self.badTemplate])
        #expect(result.status == 1)
        // The envelope `{"files": [{"file", "diagnostics"}], "summary"}`, every file's diagnostics.
        let envelope = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let entries = try #require(envelope["files"] as? [[String: Any]]).flatMap {
            ($0["diagnostics"] as? [[String: Any]]) ?? []
        }
        #expect(
            entries.map { "\($0["pointer"] ?? "") \($0["line"] ?? 0):\($0["column"] ?? 0)" } == [
                "/questions/0/earliest 8:19", "/questions/0/latest 9:17", "/questions/1/earliest 14:19",
                "/questions/2/scale 20:16", "/questions/3/flagBelow 27:20", "/questions/4 29:5",
            ])
    }

    @Test func theBundledTemplateIsClean() throws {
        let result = try ToolProcess.run(["validate", "--strict", "Templates/site-visit.json"])
        #expect(result.status == 0, "\(result.standardOutput)")
        // One note: the web editor's blank padding of a multiple-choice option list, valid as written.
        #expect(result.standardOutput.contains("[multiple-choice.blank-options]"))
        #expect(result.standardOutput.hasSuffix("checked 1 file: no problems, 1 note\n"))
    }

    @Test func theToolListsTheNewTypes() throws {
        let result = try ToolProcess.run(["types"])
        #expect(result.status == 0)
        let identifiers = result.standardOutput.split(separator: "\n").compactMap { $0.split(separator: " ").first }
        #expect(identifiers == ["short-answer", "true/false", "table-answer", "multiple-choice", "date", "rating"])
    }
}
