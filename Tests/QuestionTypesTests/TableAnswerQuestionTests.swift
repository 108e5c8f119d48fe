import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

private typealias TableDefinition = TableAnswerQuestion.Definition

/// Reads a table question with the type alone (no shared-field checks).
private func read(
    _ members: String, keys: KeyMap = .mi
) throws -> (definition: TableDefinition?, diagnostics: [Diagnostic]) {
    let json = #"{"answer-type": "table-answer", "question": "Bearing inspection", "# + members + "}"
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let question = QuestionJSON(node: document.root, keys: keys, number: 1)
    let definition = TableAnswerQuestion().parseDefinition(of: question, problems: &problems)
    return (definition, problems.diagnostics())
}

private func bearingTable(noCells: String = #"["3,4", "4,3"]"#) -> String {
    #"""
    "numRows": "4", "numColumns": 4,
    "firstRow": ["Bearing", "Noise", "Temperature °C", "Lubricated"],
    "firstColumn": ["", "Drive end", "Non-drive end", "Coupling"],
    "rowType": ["", "text", "text", "check"], "noCells": \#(noCells)
    """#
}

@Suite("Table answer")
struct TableAnswerQuestionTests {
    @Test func readsTheShapeOfTheTable() throws {
        let (parsed, diagnostics) = try read(bearingTable())
        #expect(diagnostics.isEmpty)
        let definition = try #require(parsed)
        #expect(definition.rows == 4)
        #expect(definition.columns == 4)
        #expect(definition.corner == "Bearing")
        #expect(definition.columnHeaders == ["Noise", "Temperature °C", "Lubricated"])
        #expect(definition.rowLabels == ["Drive end", "Non-drive end", "Coupling"])
        #expect(definition.rowKinds == [.text, .text, .check])
        #expect(definition.noCells == [TableCell(row: 3, column: 4), TableCell(row: 4, column: 3)])
    }

    @Test func answersTheQuestionsOfLaterCode() throws {
        let definition = try #require(try read(bearingTable()).definition)
        #expect(definition.header(ofColumn: 3) == "Temperature °C")
        #expect(definition.header(ofColumn: 1) == nil)
        #expect(definition.header(ofColumn: 5) == nil)
        #expect(definition.label(ofRow: 4) == "Coupling")
        #expect(definition.kind(ofRow: 4) == .check)
        #expect(definition.kind(of: TableCell(row: 2, column: 2)) == .text)
        #expect(definition.kind(of: TableCell(row: 1, column: 2)) == nil)
        #expect(definition.isDataCell(TableCell(row: 4, column: 4)))
        #expect(definition.isDataCell(TableCell(row: 3, column: 4)))
        #expect(definition.isNoCell(TableCell(row: 3, column: 4)))
        #expect(!definition.isDataCell(TableCell(row: 2, column: 1)))
        #expect(!definition.isDataCell(TableCell(row: 5, column: 2)))
        let cells = definition.dataCells.map(\.key)
        #expect(cells == ["2,2", "2,3", "2,4", "3,2", "3,3", "4,2", "4,4"])
    }

    @Test func cornerFallsBackToFirstColumn() throws {
        let json =
            #""numRows": 2, "numColumns": 2, "firstRow": ["", "Noise"], "#
            + #""firstColumn": ["Bearing", "Drive end"], "rowType": ["", "text"]"#
        #expect(try read(json).definition?.corner == "Bearing")
    }

    @Test(arguments: [("2,3", 2, 3), ("10,12", 10, 12), ("02,3", 2, 3), ("1,1", 1, 1)])
    func parsesCellAddresses(_ text: String, _ row: Int, _ column: Int) {
        #expect(TableCell(parsing: text) == TableCell(row: row, column: column))
    }

    @Test(arguments: ["2-3", "a,b", "2,", ",3", "2,3,4", " 2,3", "2, 3", "-1,2", "", "2.0,3", "9999999999,2"])
    func rejectsMalformedCellAddresses(_ text: String) {
        #expect(TableCell(parsing: text) == nil)
    }

    @Test func cellsReadRowByRow() {
        let cells = [TableCell(row: 3, column: 2), TableCell(row: 2, column: 4), TableCell(row: 2, column: 3)]
        #expect(cells.sorted().map(\.description) == ["2,3", "2,4", "3,2"])
        #expect(TableCell(parsing: TableCell(row: 7, column: 5).key) == TableCell(row: 7, column: 5))
    }

    @Test func missingSizeIsInferredAndTheHintSaysTheNumber() throws {
        let json =
            #""numColumns": 3, "firstRow": ["", "Noise", "Lubricated"], "#
            + #""firstColumn": ["", "Drive end", "Non-drive end"], "rowType": ["", "text", "check"]"#
        let (definition, diagnostics) = try read(json)
        #expect(definition?.rows == 3)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.code == "table-answer.missing-key")
        #expect(diagnostic.hint == #"'firstColumn' has 3 entries, so add "numRows": 3."#)
    }

    @Test func sizeMismatchGivesBothNumbers() throws {
        let json =
            #""numRows": 3, "numColumns": 4, "firstRow": ["", "Noise", "Lubricated"], "#
            + #""firstColumn": ["", "Drive end", "Non-drive end"], "rowType": ["", "text", "check"]"#
        let (definition, diagnostics) = try read(json)
        #expect(definition == nil)
        #expect(diagnostics.map(\.message) == ["'firstRow' has 3 entries but 'numColumns' is 4"])
        #expect(diagnostics.first?.hint?.contains(#"set "numColumns": 3"#) == true)
    }

    @Test(arguments: [#""three""#, "2.5", "true", #""1e300""#, "[3]"])
    func sizeMustBeAWholeNumber(_ size: String) throws {
        let json =
            #""numRows": \#(size), "numColumns": 2, "firstRow": ["", "Noise"], "#
            + #""firstColumn": ["", "Drive end"], "rowType": ["", "text"]"#
        let (definition, diagnostics) = try read(json)
        #expect(definition == nil)
        #expect(diagnostics.map(\.code) == ["table-answer.size-not-whole-number"])
    }

    @Test func misspelledRowTypeGetsADidYouMean() throws {
        let json =
            #""numRows": 2, "numColumns": 2, "firstRow": ["", "Noise"], "firstColumn": ["", "Drive end"], "#
            + #""rowType": ["", "chek"]"#
        let (_, diagnostics) = try read(json)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.message == "row 2 has the type 'chek'; valid types are 'text' or 'check'")
        #expect(diagnostic.hint?.hasPrefix("Did you mean 'check'?") == true)
    }

    @Test func noCellsOutsideTheTableNameTheDataCells() throws {
        let (_, diagnostics) = try read(bearingTable(noCells: #"["1,2"]"#))
        #expect(
            diagnostics.map(\.message) == [
                #"'noCells' cell '1,2' is not a data cell; data cells run from "2,2" to "4,4""#
            ])
    }

    @Test func wholeRowOfNoCellsIsFine() throws {
        let (definition, diagnostics) = try read(
            bearingTable(noCells: #"["4,2", "4,3", "4,4"]"#))
        #expect(diagnostics.isEmpty)
        #expect(definition?.dataCells.count == 6)
    }

    @Test func keysAreSpelledThroughTheKeyMap() throws {
        let keys = KeyMap(overrides: ["numRows": "rows", "noCells": "blocked"])
        let json =
            #""rows": 2, "numColumns": 2, "firstRow": ["", "Noise"], "firstColumn": ["", "Drive end"], "#
            + #""rowType": ["", "check"], "blocked": ["2,2"]"#
        let (definition, diagnostics) = try read(json, keys: keys)
        #expect(diagnostics.isEmpty)
        #expect(definition?.rows == 2)
        #expect(definition?.dataCells.isEmpty == true)
    }

    @Test func tablesAreNotInferredFromTheirLegacyCode() throws {
        #expect(TableAnswerQuestion().description.legacyTypeCode == "3")
        #expect(try QuestionTypeRegistry(BuiltInQuestionTypes.all).typeInferred(fromLegacyCode: "3") == nil)
    }
}
