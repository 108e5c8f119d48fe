import QuestionKit
import QuestionKitForms
import QuestionKitInterchange
import QuestionTypes
import Testing

/// SurveyJS matrices are tables (`TableAnswerQuestion+Interchange`): rows and columns carried, what
/// a cell of ours cannot hold reported with the table type's codes.
struct SurveyJSMatrixTests {
    static let survey = #"""
        {"title": "Pump", "elements": [
          {"type": "matrix", "name": "state", "title": "State of the parts",
           "columns": [{"value": 1, "text": "Good"}, {"value": 2, "text": "Worn"}, "Broken"],
           "rows": [{"value": "seal", "text": "Seal"}, "Flange"]},
          {"type": "matrixdropdown", "name": "readings", "title": "Readings",
           "columns": [{"name": "p", "title": "Pressure", "cellType": "text"}, {"name": "t", "cellType": "dropdown"}],
           "choices": [1, 2], "rows": ["Inlet", "Outlet"]},
          {"type": "matrixdropdown", "name": "checks", "columns": [{"name": "ok", "cellType": "boolean"}],
           "rows": ["A"]},
          {"type": "matrixdynamic", "name": "parts", "rowCount": 3, "columns": [{"name": "part", "cellType": "text"}]},
          {"type": "matrix", "name": "empty", "columns": ["x"]}
        ]}
        """#

    func converted() -> (questions: [JSONNode], diagnostics: [Diagnostic]) {
        let checked = SurveyJSCheck.convert(Array(Self.survey.utf8), reader: TemplateReader(registry: builtInRegistry))
        let document = checked.template.flatMap { JSONParser.parse(Array($0.utf8)).document }
        return (document?.root["questions"]?.elements.map { $0 } ?? [], checked.diagnostics)
    }

    func strings(_ node: JSONNode?) -> [String] { node?.elements.compactMap(\.stringValue) ?? [] }

    @Test func aMatrixIsATableOfCheckRows() throws {
        let (questions, diagnostics) = converted()
        #expect(!diagnostics.containsErrors, "\(diagnostics.map(\.message))")
        let state = try #require(questions.first)
        #expect(state["answer-type"]?.stringValue == "table-answer")
        #expect(state["numRows"]?.numberText == "3")
        #expect(state["numColumns"]?.numberText == "4")
        #expect(strings(state["firstRow"]) == ["", "Good", "Worn", "Broken"])
        #expect(strings(state["firstColumn"]) == ["", "Seal", "Flange"])
        #expect(strings(state["rowType"]) == ["", "check", "check"])
        let onePerRow = diagnostics.first { $0.code == TableAnswerQuestion.Code.surveyJSOnePerRowNotCarried.rawValue }
        #expect(onePerRow?.pointer == "/elements/0/type")
    }

    @Test func dropdownAndDynamicMatricesAreTablesOfTextOrCheckRows() throws {
        let (questions, diagnostics) = converted()
        #expect(questions.count == 4)
        let readings = questions[1]
        #expect(strings(readings["firstRow"]) == ["", "Pressure", "t"])
        #expect(strings(readings["rowType"]) == ["", "text", "text"])
        let notText = diagnostics.first { $0.code == TableAnswerQuestion.Code.surveyJSCellNotText.rawValue }
        #expect(notText?.pointer == "/elements/1/columns/1/cellType")
        #expect(strings(questions[2]["rowType"]) == ["", "check"])
        let parts = questions[3]
        #expect(strings(parts["firstColumn"]) == ["", "1", "2", "3"])
        let fixed = diagnostics.first { $0.code == TableAnswerQuestion.Code.surveyJSDynamicRowsFixed.rawValue }
        #expect(fixed?.pointer == "/elements/3/rowCount")
        // A matrix without rows makes no question: reported and kept.
        let noRows = diagnostics.first { $0.code == TableAnswerQuestion.Code.surveyJSNoRows.rawValue }
        #expect(noRows?.pointer == "/elements/4")
        #expect(diagnostics.contains { $0.code == SurveyJSCode.elementNotMade.rawValue })
    }

    @Test func everyElementIsCounted() {
        let counts = SurveyJSReader(registry: builtInRegistry).read(Array(Self.survey.utf8)).counts
        #expect(counts.total == 5)
        #expect(counts.questions == 4)
        #expect(counts.reported == 1)
    }
}
