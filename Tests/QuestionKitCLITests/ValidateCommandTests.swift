import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

@Suite struct ValidateCommandTests {
    static let cleanTemplate = """
        {
          "Title": "Pump check",
          "RevisionNumber": "2",
          "questions": [
            {"answer-type": "short-answer", "question": "Serial number?", "section": "General", "qid": "1"},
            {"answer-type": "true/false", "question": "Guard fitted?", "qid": "2", "answers": ["yes", "no"]}
          ]
        }
        """

    /// Four problems of the core, each on its own line; 'sectoin' is one edit from 'section', so an error.
    static let brokenTemplate = """
        {
          "Title": "Pump check",
          "questions": [
            {"answer-type": "short-answr", "question": "Serial number?"},
            {"qid": "3", "question": "Bearing table"},
            {"answer-type": "true/false"},
            {"answer-type": "true/false", "question": "Guard fitted?", "sectoin": "Safety"}
          ]
        }
        """

    @Test func cleanTemplatePassesWithSummary() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("clean.json", Self.cleanTemplate)
        let outcome = runTool(["validate", path])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.isEmpty)
        #expect(outcome.standardError == "")
    }

    @Test func everyProblemIsReportedOnItsLine() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("broken.json", Self.brokenTemplate)
        let outcome = runTool(["validate", path])
        #expect(outcome.status == 1)
        let firstLines = outcome.standardOutput.split(separator: "\n").filter { $0.hasPrefix(path) }
        #expect(
            firstLines == [
                "\(path):4:21: error: unknown answer-type 'short-answr' [question.unknown-type]",
                "\(path):5:5: error: question 2 has no 'answer-type' [question.missing-answer-type]",
                "\(path):6:5: error: question 3 has no 'question' [question.missing-text]",
                "\(path):7:64: error: unknown key 'sectoin' in a true/false question [question.unknown-key]",
            ])
        #expect(outcome.standardOutput.contains("  hint: Did you mean 'short-answer'? Known types: "))
        #expect(outcome.standardOutput.contains("  hint: qid '3' suggests \"answer-type\": \"table-answer\"."))
        #expect(outcome.standardOutput.contains("  hint: Did you mean 'section'?"))
        #expect(outcome.standardOutput.hasSuffix("checked 1 file: 4 errors, 0 warnings (1 file with errors)\n"))
    }

    @Test func jsonFormatGivesTheSameList() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("broken.json", Self.brokenTemplate)
        let text = runTool(["validate", path])
        let json = runTool(["validate", "--format", "json", path])
        #expect(json.status == 1)
        let decoded = try #require(
            JSONReport.diagnostics(json.standardOutput))
        let fromJSON = decoded.map { entry in
            "\(entry["file"] ?? ""):\(entry["line"] ?? ""):\(entry["column"] ?? ""): \(entry["severity"] ?? ""): "
                + "\(entry["message"] ?? "") [\(entry["code"] ?? "")]"
        }
        let fromText = text.standardOutput.split(separator: "\n").filter { $0.hasPrefix(path) }.map(String.init)
        #expect(fromJSON == fromText)
        #expect(decoded.first?["pointer"] as? String == "/questions/0/answer-type")
        #expect(decoded.last?["pointer"] as? String == "/questions/3/sectoin")
        #expect(
            decoded.allSatisfy {
                $0.keys.sorted() == [
                    "code", "column", "file", "fixes", "hint", "line", "message", "pointer", "severity",
                ]
            })
        // The misspelled type and key have one obvious repair each; qid '3' only suggests a type (unsafe:
        // other generations of the editor meant other types by it); a missing question text has none.
        let safety = decoded.map { entry in (entry["fixes"] as? [[String: Any]])?.map { $0["safe"] as? Bool } }
        #expect(safety == [[true], [false], [], [true]])
    }

    @Test func readsStandardInputForDash() {
        let outcome = runTool(["validate", "-"], standardInput: Self.brokenTemplate)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.hasPrefix("<stdin>:4:21: error: unknown answer-type 'short-answr'"))
    }

    @Test func manyFilesAtOnceAndFolders() throws {
        let folder = try TemporaryFolder()
        try folder.write("a.json", Self.cleanTemplate)
        try folder.write("b.json", Self.cleanTemplate)
        try folder.write("notes.txt", "not a template")
        let outcome = runTool(["validate", folder.path, "-"], standardInput: Self.cleanTemplate)
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.isEmpty)
    }

    @Test func unreadableFileIsAnErrorNotACrash() {
        let outcome = runTool(["validate", "/nonexistent/template.json"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput.hasPrefix(
                "/nonexistent/template.json: error: cannot read the file: No such file or directory [file.unreadable]"))
    }

    @Test func warningsPassUnlessStrict() throws {
        let folder = try TemporaryFolder()
        // Two edits from 'section': a warning with a suggestion (one edit would be an error).
        let template = Self.cleanTemplate.replacingOccurrences(of: "\"section\"", with: "\"sektoin\"")
        let path = try folder.write("warn.json", template)
        #expect(runTool(["validate", path]).status == 0)
        #expect(runTool(["validate", "--strict", path]).status == 1)
    }

    @Test func notesPassEvenWhenStrictAndAreCountedAfterTheProblems() throws {
        let folder = try TemporaryFolder()
        let early = try folder.write("early.json", #"{"Title": "T", "version": "1", "Questions": [\#(Self.plain)]}"#)
        let outcome = runTool(["validate", "--strict", early])
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(
            outcome.standardOutput.contains("\(early):1:16: note: 'version' is the early spelling of 'RevisionNumber'"))
        #expect(outcome.standardOutput.hasSuffix("checked 1 file: no problems, 2 notes\n"))
        let json = runTool(["validate", "--format", "json", early]).standardOutput
        #expect(json.contains(#""severity": "note""#))
        let warned = try folder.write(
            "warned.json", #"{"Heading": "T", "version": "1", "questions": [\#(Self.plain)]}"#)
        #expect(runTool(["validate", warned]).standardOutput.hasSuffix("0 errors, 2 warnings, 1 note\n"))
    }

    static let plain = #"{"answer-type": "short-answer", "question": "Q?"}"#

    @Test func keyMapRenamesKeys() throws {
        let folder = try TemporaryFolder()
        let keys = try folder.write("keys.json", #"{"answerType": "type", "question": "text"}"#)
        let path = try folder.write("t.json", #"{"Title": "T", "questions": [{"type": "short-answer", "text": "Q?"}]}"#)
        let outcome = runTool(["validate", "--keys", keys, path])
        #expect(outcome.standardOutput.isEmpty)
        #expect(runTool(["validate", path]).status == 1)
    }

    @Test func badKeyMapIsReportedWithItsLocation() throws {
        let folder = try TemporaryFolder()
        let keys = try folder.write("keys.json", "{\n  \"answerTyp\": \"type\"\n}")
        let outcome = runTool(["validate", "--keys", keys, "whatever.json"])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput.hasPrefix(
                "\(keys):2:3: error: no key is named 'answerTyp' [keys.unknown-name]"))
        #expect(outcome.standardOutput.contains("hint: Did you mean 'answerType'?"))
    }

    @Test func usageErrorsExit64() {
        let none = runTool(["validate"])
        #expect(none.status == 64)
        #expect(none.standardError.contains("no files given"))
        let badFormat = runTool(["validate", "--format", "xml", "a.json"])
        #expect(badFormat.status == 64)
        #expect(
            badFormat.standardError.hasPrefix(
                "questionkit validate: error: 'xml' is not a valid value for '--format': use 'text' or 'json'"))
    }
}

/// `validate --quiet` and `validate --watch`.
@Suite struct ValidateQuietAndWatchTests {
    /// A template with a note (a padded option list) and a warning (a type its qid gives away).
    static let noted = """
        {"Title": "T", "questions": [
          {"answer-type": "multiple-choice", "question": "State?", "answers": ["Good", "Worn", ""]},
          {"qid": "2", "question": "Guard fitted?"}
        ]}
        """

    @Test func quietLeavesNotesOutButNotWarnings() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("noted.json", Self.noted)
        let loud = runTool(["validate", path])
        #expect(loud.standardOutput.contains("note:"))
        #expect(loud.standardOutput.hasSuffix("checked 1 file: 0 errors, 1 warning, 1 note\n"))
        let quiet = runTool(["validate", "--quiet", path])
        #expect(!quiet.standardOutput.contains("note:"))
        #expect(quiet.standardOutput.contains("warning:"))
        #expect(quiet.standardOutput.hasSuffix("checked 1 file: 0 errors, 1 warning\n"))
        let json = runTool(["validate", "-q", "--format", "json", path])
        #expect(!json.standardOutput.contains("\"note\""))
        #expect(json.standardOutput.contains("\"warning\""))
    }

    /// Two runs, the file written between them (in the pause, where the command would sleep):
    /// the second run reports the change, each run after its separator.
    @Test func watchChecksAgainWhenAFileChanges() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("watched.json", ValidateCommandTests.cleanTemplate)
        let pauses = Counter()
        var command = ValidateCommand()
        command.watchLoop.runs = 2
        command.watchLoop.pause = { _ in
            // The first look finds nothing new; the second, a file grown by a broken question.
            if pauses.increment() == 2 {
                try? Self.noted.write(toFile: path, atomically: true, encoding: .utf8)
            }
        }
        var context = CommandContext(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let arguments = try ParsedArguments.parse(["--watch", folder.path], options: command.options)
        let status = try command.run(arguments, context: &context)
        #expect(status == 0)
        let runs = context.standardOutput.components(separatedBy: "--- validate --watch: run ")
        #expect(runs.count == 3, "\(context.standardOutput)")
        #expect(runs[1].hasSuffix("checked 1 file: no problems\n"))
        #expect(runs[2].contains("warning:") && runs[2].hasSuffix("checked 1 file: 0 errors, 1 warning, 1 note\n"))
        #expect(pauses.value == 2)
    }

    @Test func watchCannotWatchStandardInputNorFix() {
        #expect(runTool(["validate", "--watch", "-"]).status == 64)
        #expect(runTool(["validate", "--watch", "--fix", "a.json"]).status == 64)
    }
}

/// A count a `@Sendable` closure can bump.
private final class Counter: @unchecked Sendable {
    private(set) var value = 0
    func increment() -> Int {
        value += 1
        return value
    }
}

/// Machine output: a problem of a whole file has no made-up location, a fixture's template path
/// is shown normalised, a JUnit testcase carries the cause's line.
@Suite struct MachineOutputTests {
    @Test func aProblemOfTheWholeFileHasNoLineOrColumn() throws {
        let folder = try TemporaryFolder()
        let outcome = runTool(["validate", "--format", "json", folder.path])
        let entries = try #require(
            JSONReport.diagnostics(outcome.standardOutput))
        #expect(entries.first?["code"] as? String == "file.no-templates")
        #expect(entries.first?["line"] == nil && entries.first?["column"] == nil)
        #expect(!runTool(["validate", folder.path]).standardOutput.contains(":0:0"))
    }

    /// `validate` and `test` print one envelope: `files`, each with its `file` and `diagnostics`,
    /// and a `summary` counting files and problems by severity (`test` adds passed and failed).
    @Test func validateAndTestShareOneEnvelope() throws {
        let fixtures = packageRoot + "/Tests/Templates/broken-fixtures"
        let validated = try #require(
            JSONReport.envelope(runTool(["validate", "--format", "json", fixtures + "/"]).standardOutput))
        let tested = try #require(JSONReport.envelope(runTool(["test", "--format", "json", fixtures]).standardOutput))
        for envelope in [validated, tested] {
            #expect(Set(envelope.keys) == ["files", "summary"])
            let files = try #require(envelope["files"] as? [[String: Any]])
            #expect(!files.isEmpty && files.allSatisfy { $0["file"] is String && $0["diagnostics"] is [Any] })
            let summary = try #require(envelope["summary"] as? [String: Int])
            #expect(summary["files"] == files.count)
            let counted = files.flatMap { ($0["diagnostics"] as? [[String: Any]]) ?? [] }.count
            #expect(summary["errors"].map { $0 + summary["warnings"]! + summary["notes"]! } == counted)
        }
        #expect((tested["summary"] as? [String: Int])?["failed"] == (tested["files"] as? [Any])?.count)
    }

    @Test func aFixturesTemplateIsShownByItsNormalisedPath() throws {
        let fixtures = "Templates/fixtures/pump-inspection.fixture.json"
        let outcome = runTool(["test", "--format", "json", packageRoot + "/" + fixtures])
        #expect(outcome.standardOutput.contains("\"template\": \"\(packageRoot)/Templates/pump-inspection.json\""))
        #expect(!outcome.standardOutput.contains("/../"))
    }

    @Test func aFailingTestcaseCarriesTheLineOfItsCause() throws {
        let folder = try TemporaryFolder()
        try folder.write("t.json", ValidateCommandTests.cleanTemplate)
        let fixture = try folder.write(
            "t.fixture.json", "{\n  \"template\": \"t.json\",\n  \"answers\": {\"9\": \"x\"}\n}\n")
        let outcome = runTool(["test", "--format", "junit", fixture])
        #expect(outcome.status == 1)
        let testcase = try #require(outcome.standardOutput.split(separator: "\n").first { $0.contains("<testcase ") })
        #expect(testcase.contains(" line=\""), "\(outcome.standardOutput)")
    }
}
