import Foundation
import TestSupport
import Testing

/// Control characters and bidirectional overrides from templates, fixtures and forms never reach
/// a terminal raw: text output shows them escaped (`\u001B`), JSON output keeps them exact.
@Suite struct TerminalOutputTests {
    /// ESC sequences (clear screen, colour, hide, retitle the window), BEL, C1 CSI, DEL and bidi
    /// controls, as a template or fixture may hold them.
    static let question = "Temp \u{1B}[2J\u{1B}[31mred\u{07} bell \u{9B}6n \u{2066}iso\u{2069} \u{202E}desrever"
    static let title = "Hostile \u{1B}]0;pwned\u{07} form"
    static let badOption = "Bad\u{7F}\u{1B}[8m"

    static let template = """
        {
          "Title": "\(escaped(title))",
          "questions": [
            {"answer-type": "short-answer", "qid": "1", "section": "S\\u202Eection",
             "question": "\(escaped(question))", "answers": ["", "", "", "", ""]},
            {"answer-type": "multiple-choice", "qid": "4", "question": "Pick\\u001b[8m",
             "answers": ["Ok\\u001b[0m", "\(escaped(badOption))", "", "", ""], "max-answers": "1"}
          ]
        }
        """
    static let fixture = """
        {
          "template": "form.json", "technician": "Ann\\u001b[2K", "foreman": "Bob",
          "completedDate": "Nov 22, 2026", "submittedDate": "Nov 23, 2026",
          "answers": {
            "1": {"answer": "42 \\u001b[5m", "comment": "line1\\nline2 \\u001b[1A\\rover"},
            "2": {"answer": ["Ok\\u001b[0m"]}
          },
          "foremanComment": "fine\\u0007"
        }
        """

    /// `text` as the body of a JSON string: every character outside printable ASCII as `\uXXXX`.
    static func escaped(_ text: String) -> String {
        text.unicodeScalars.map { scalar in
            (0x20..<0x7F).contains(scalar.value) && scalar != "\"" && scalar != "\\"
                ? String(scalar) : String(format: "\\u%04X", scalar.value)
        }.joined()
    }

    /// The characters of `output` a terminal would act on: C0 but the line break (and the tab of an
    /// excerpt, when `tabs`), DEL, C1, and the bidi embeddings, overrides and isolates.
    static func unsafe(_ output: String, tabs: Bool = false) -> [UInt32] {
        output.unicodeScalars.map(\.value).filter { value in
            (value < 0x20 && value != 0x0A && !(tabs && value == 0x09)) || (0x7F...0x9F).contains(value)
                || (0x202A...0x202E).contains(value) || (0x2066...0x2069).contains(value)
        }
    }

    static func expectSafe(
        _ result: ProgramResult, tabs: Bool = false, sourceLocation: SourceLocation = #_sourceLocation
    ) {
        #expect(!result.terminatedBySignal, sourceLocation: sourceLocation)
        #expect(
            unsafe(result.standardOutput, tabs: tabs) == [], "\(result.standardOutput)", sourceLocation: sourceLocation)
        #expect(
            unsafe(result.standardError, tabs: tabs) == [], "\(result.standardError)", sourceLocation: sourceLocation)
    }

    static func writeForm(in folder: TemporaryFolder) throws -> (template: String, fixture: String) {
        (try folder.write("form.json", template), try folder.write("form.fixture.json", fixture))
    }

    @Test func validateShowsEscapesOfJSONStringsAndOfRawBytes() throws {
        let folder = try TemporaryFolder()
        let unknownType = try folder.write(
            "unknown.json",
            Self.template.replacingOccurrences(of: "\"short-answer\"", with: "\"short-\\u001b[8mhidden\""))
        // Raw control bytes inside a JSON string: a json error whose excerpt shows the line.
        let raw = "{\n  \"Title\": \"a\u{1B}[2J\u{07} \u{9B}6n \u{202E}x\", \"questions\": []\n}\n"
        let rawFile = try folder.write("raw.json", raw)
        let result = try ToolProcess.run(["validate", unknownType, rawFile])
        #expect(result.status == 1)
        Self.expectSafe(result, tabs: true)
        #expect(result.standardOutput.contains("unknown answer-type 'short-\\u001B[8mhidden' [question.unknown-type]"))
        #expect(result.standardOutput.contains("raw.json:2:14: error: control character U+001B"))
        #expect(result.standardOutput.contains(#"  "Title": "a\u001B[2J\u0007 \u009B6n \u202Ex", "questions": []"#))
    }

    @Test func validateAsJSONKeepsTheCharactersExact() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write(
            "unknown.json",
            Self.template.replacingOccurrences(of: "\"short-answer\"", with: "\"short-\\u001b[8mhidden\""))
        let result = try ToolProcess.run(["validate", "--format", "json", file])
        let entries = try #require(JSONReport.diagnostics(result.standardOutput))
        let messages = entries.compactMap { $0["message"] as? String }
        #expect(messages.contains("unknown answer-type 'short-\u{1B}[8mhidden'"), "\(messages)")
    }

    @Test func runTestReviewAndExportPrintNoControlCharacter() throws {
        let folder = try TemporaryFolder()
        let (template, fixture) = try Self.writeForm(in: folder)
        let run = try ToolProcess.run(["run", template, "--answers", fixture, "--out", folder.path])
        #expect(run.status == 0, "\(run.standardError)")
        Self.expectSafe(run)
        #expect(run.standardOutput.contains("Hostile \\u001B]0;pwned\\u0007 form\nWork performed by: Ann\\u001B[2K"))
        let completed = folder.path + "/form.completed.json"
        for arguments in [["review", completed], ["export", completed, "--format", "text"]] {
            let result = try ToolProcess.run(arguments)
            #expect(result.status == 0, "\(arguments): \(result.standardError)")
            Self.expectSafe(result)
            #expect(result.standardOutput.contains("Hostile \\u001B]0;pwned\\u0007 form\n"))
            // The review wraps the question within its column, after "Temp"; the escapes stay whole.
            #expect(result.standardOutput.contains("\\u001B[2J\\u001B[31mred\\u"))
        }
        let failing = try folder.write(
            "bad.fixture.json",
            Self.fixture.replacingOccurrences(
                of: #"{"answer": ["Ok\u001b[0m"]}"#, with: #"{"answer": ["Nope\u001b[2J"], "comment": "x"}"#))
        let test = try ToolProcess.run(["test", failing])
        #expect(test.status == 1)
        Self.expectSafe(test)
        #expect(
            test.standardOutput.contains(
                "'Nope\\u001B[2J' is not one of the options 'Ok\\u001B[0m' or 'Bad\\u007F\\u001B[8m'"),
            "\(test.standardOutput)")
    }

    @Test func reviewAndExportAsJSONKeepTheCharactersExact() throws {
        let folder = try TemporaryFolder()
        let (template, fixture) = try Self.writeForm(in: folder)
        _ = try ToolProcess.run(["run", template, "--answers", fixture, "--out", folder.path])
        let completed = folder.path + "/form.completed.json"
        let review = try ToolProcess.run(["review", completed, "--format", "json"])
        let object = try #require(
            JSONSerialization.jsonObject(with: Data(review.standardOutput.utf8)) as? [String: Any])
        let header = try #require(object["header"] as? [String: Any])
        let rows = try #require(object["rows"] as? [[String: Any]])
        #expect(header["title"] as? String == Self.title)
        #expect(rows.first?["question"] as? String == Self.question)
        #expect(rows.first?["comment"] as? String == "line1\nline2 \u{1B}[1A\rover")
        let export = try ToolProcess.run(["export", completed, "--format", "json"])
        let form = try #require(
            JSONSerialization.jsonObject(with: Data(export.standardOutput.utf8)) as? [String: Any])
        #expect(form["Title"] as? String == Self.title)
        let questions = try #require(form["questions"] as? [[String: Any]])
        #expect(questions.last?["answers"] as? [String] == ["Ok\u{1B}[0m", Self.badOption, "", "", ""])
    }
}
