import TestSupport
import Testing

/// `validate`, `test` and `run` read a SurveyJS survey directly, as they do a FHIR Questionnaire
/// (issue 21): one dispatch, `ForeignTemplate`, for every command that reads a template.
struct ForeignTemplateCommandTests {
    static let survey = """
        {"title": "Leak check", "pages": [{"name": "p1", "elements": [
          {"type": "boolean", "name": "leak", "title": "Any leaks?"},
          {"type": "text", "inputType": "number", "name": "rate", "title": "Leak rate",
           "visibleIf": "{leak} = true"},
          {"type": "signaturepad", "name": "sign"}
        ]}]}
        """

    @Test func validateReadsASurveyDirectlyWithProblemsInIt() {
        let outcome = runTool(["validate", "-"], standardInput: Self.survey)
        #expect(outcome.status == 0, "\(outcome.standardOutput)")
        #expect(
            outcome.standardOutput.contains("<stdin>:5:12: warning: no registered question type takes 'signaturepad'"))
        let json = runTool(["validate", "--format", "json", "-"], standardInput: Self.survey)
        #expect(json.standardOutput.contains(#""pointer": "/pages/0/elements/2/type""#), "\(json.standardOutput)")
    }

    @Test func aProblemOfTheTemplateMadeIsLocatedInTheSurvey() {
        let loop = """
            {"title": "Loop", "elements": [
              {"type": "boolean", "name": "a", "visibleIf": "{b} = true"},
              {"type": "boolean", "name": "b", "visibleIf": "{a} = true"}]}
            """
        let outcome = runTool(["validate", "-"], standardInput: loop)
        #expect(outcome.status == 1)
        #expect(
            outcome.standardOutput.contains("<stdin>:3:3: error: the conditions go round in a circle"),
            "\(outcome.standardOutput)")
    }

    @Test func testAndRunReadASurveyDirectly() throws {
        let folder = try TemporaryFolder()
        let survey = try folder.write("leak.survey.json", Self.survey)
        let fixture = try folder.write(
            "leak.fixture.json",
            """
            {"template": "leak.survey.json", "technician": "Dana", "foreman": "Luis", "completedDate": "Nov 26, 2026",
             "answers": {"1": {"answer": ["Yes"]}, "2": {"answer": "3"}}}
            """)
        let tested = runTool(["test", fixture])
        #expect(tested.status == 0, "\(tested.standardOutput)\(tested.standardError)")
        #expect(tested.standardOutput.contains("PASS"))
        let ran = runTool(["run", "--answers", fixture, "--out", folder.path, survey])
        #expect(ran.status == 0)
        #expect(ran.standardOutput.contains("Leak rate"))
        // validate checks a fixture's answers against the survey's questions, located in the fixture.
        let wrong = try folder.write(
            "wrong.fixture.json", #"{"template": "leak.survey.json", "answers": {"1": {"answer": "perhaps"}}}"#)
        let validated = runTool(["validate", wrong])
        #expect(validated.status == 1)
        #expect(validated.standardOutput.contains("wrong.fixture.json:1:"), "\(validated.standardOutput)")
    }

    /// An XLSForm is read directly too: its `.md` text with the cell's line, a workbook with the cell named.
    @Test func validateAndRunReadAnXLSFormDirectly() throws {
        let folder = try TemporaryFolder()
        let form = try folder.write(
            "leak.md",
            """
            | survey |
            |        | type             | name | label     | relevant        | calculation |
            |        | select_one yesno | leak | Any leak? |                 |             |
            |        | integer          | rate | Leak rate | ${leak} = 'yes' |             |
            |        | calculate        | twice|           |                 | ${rate} * 2 |
            | choices |
            |         | list_name | name | label |
            |         | yesno     | yes  | Yes   |
            |         | yesno     | no   | No    |
            """)
        let validated = runTool(["validate", form])
        #expect(validated.status == 0, "\(validated.standardOutput)")
        #expect(
            validated.standardOutput.contains("leak.md:5:68: warning: a calculation is not evaluated"),
            "\(validated.standardOutput)")
        let template = folder.path + "/leak.json"
        let workbook = folder.path + "/leak.xlsx"
        #expect(runTool(["convert", form, "-o", template]).status == 0)
        #expect(runTool(["convert", template, "-o", workbook]).status == 0)
        // The workbook written keeps the calculation's row: it is reported at its cell, no bytes quoted.
        let fromWorkbook = runTool(["validate", workbook])
        #expect(fromWorkbook.status == 0, "\(fromWorkbook.standardOutput)")
        #expect(fromWorkbook.standardOutput.contains(": warning: survey!"), "\(fromWorkbook.standardOutput)")
        #expect(!fromWorkbook.standardOutput.contains("PK"))
        let fixture = try folder.write(
            "leak.fixture.json", #"{"answers": {"1": {"answer": ["Yes"]}, "2": {"answer": "3"}}}"#)
        let ran = runTool(["run", "--answers", fixture, workbook])
        #expect(ran.status == 0, "\(ran.standardOutput)\(ran.standardError)")
        #expect(ran.standardOutput.contains("Leak rate"))
    }

    /// An XLSForm without settings is titled by its file's name; read from standard input it has none, and
    /// both `validate` and `convert` say so (`-` is no file's name).
    @Test func anXLSFormFromStandardInputHasNoNameToBeTitledBy() throws {
        let folder = try TemporaryFolder()
        let text = "| survey |\n| | type | name | label |\n| | text | a | A? |\n"
        let form = try folder.write("site.md", text)
        #expect(!runTool(["validate", form]).standardOutput.contains("template.missing-title"))
        #expect(runTool(["convert", form]).standardOutput.contains(#""Title": "site""#))
        let validated = runTool(["validate", "-"], standardInput: text)
        #expect(validated.standardOutput.contains("[template.missing-title]"), "\(validated.standardOutput)")
        let converted = runTool(["convert", "-"], standardInput: text)
        #expect(converted.standardError.contains("[template.missing-title]"), "\(converted.standardError)")
        #expect(!converted.standardOutput.contains(#""Title""#))
    }
}
