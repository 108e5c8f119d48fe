import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

private typealias Answer = TableAnswerQuestion.Answer
private typealias Definition = TableAnswerQuestion.Definition

private let type = TableAnswerQuestion()

private func cell(_ row: Int, _ column: Int) -> TableCell { TableCell(row: row, column: column) }

/// Bearings by row (text, text, check) and checks by column; "3,4" and "4,3" must stay empty.
private let bearings = Definition(
    rows: 4, columns: 4, corner: "Bearing", columnHeaders: ["Noise", "Temperature °C", "Lubricated"],
    rowLabels: ["Drive end", "Non-drive end", "Coupling"], rowKinds: [.text, .text, .check],
    noCells: [cell(3, 4), cell(4, 3)])

/// Reads `json` as an answer to a question of `definition`.
private func parse(
    _ json: String, for definition: Definition = bearings
) throws -> (answer: Answer?, diagnostics: [Diagnostic]) {
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let answer = type.parseAnswer(document.root, for: definition, problems: &problems)
    return (answer, problems.diagnostics())
}

private let complete =
    #"{"2,2": "Normal", "2,3": "62", "2,4": "Grease added", "3,2": "Hum", "3,3": "58", "#
    + #""4,2": "yes", "4,4": "no"}"#

@Suite("Table answer: answers")
struct TableAnswerAnswerTests {
    @Test func answersAreStoredUnderTableAnswer() {
        #expect(KeyMap.mi.spelling(of: type.answerKey) == "table-answer")
    }

    @Test func readsTextAndChecks() throws {
        let (answer, diagnostics) = try parse(complete)
        #expect(diagnostics.isEmpty)
        let cells = try #require(answer)
        #expect(cells[cell(2, 3)] == .text("62"))
        #expect(cells[cell(4, 2)] == .check(true))
        #expect(cells[cell(4, 4)] == .check(false))
        #expect(cells.cells.count == 7)
        #expect(type.isAnswered(cells, for: bearings))
    }

    @Test func encodesRowByRowAndRoundTrips() throws {
        let shuffled = #"{"4,4": "NO", "3,3": "58", "2,2": "Normal", "4,2": " Yes ", "02,3": "62"}"#
        let answer = try #require(try parse(shuffled).answer)
        let encoded = JSONWriter.text(of: type.encodeAnswer(answer, for: bearings), indent: 0)
        #expect(encoded == #"{"2,2":"Normal","2,3":"62","3,3":"58","4,2":"yes","4,4":"no"}"#)
        let (again, diagnostics) = try parse(encoded)
        #expect(diagnostics.isEmpty)
        #expect(again == answer)
    }

    @Test func blankValuesAreEmptyCells() throws {
        let (answer, diagnostics) = try parse(#"{"2,2": "", "2,3": "  ", "4,2": "", "3,4": "", "4,3": " "}"#)
        #expect(diagnostics.isEmpty)
        #expect(answer == Answer())
    }

    @Test(arguments: [#""Normal""#, "[]", "null", "7"])
    func anAnswerMustBeAnObject(_ json: String) throws {
        let (answer, diagnostics) = try parse(json)
        #expect(answer == nil)
        #expect(diagnostics.map(\.code) == ["table-answer.answer-not-object"])
        #expect(diagnostics.first?.pointer == "")
    }

    @Test func badKeysAreReportedAtTheKey() throws {
        let (answer, diagnostics) = try parse("{\"2,2\": \"Normal\",\n \"2-3\": \"62\", \"1,2\": \"Noise\"}")
        #expect(answer == Answer([cell(2, 2): .text("Normal")]))
        #expect(diagnostics.map(\.code) == ["table-answer.malformed-cell", "table-answer.cell-outside-table"])
        #expect(diagnostics.map(\.pointer) == ["/2-3", "/1,2"])
        #expect(
            diagnostics.map(\.position) == [SourcePosition(line: 2, column: 2), SourcePosition(line: 2, column: 15)])
    }

    @Test func outsideCellsQuoteTheCellAndTheDataRange() throws {
        let diagnostics = try parse(#"{"2,1": "Drive end", "5,2": "x"}"#).diagnostics
        #expect(
            diagnostics.map(\.message) == [
                #"cell '2,1' is not a data cell; data cells run from "2,2" to "4,4""#,
                #"cell '5,2' is not a data cell; data cells run from "2,2" to "4,4""#,
            ])
        #expect(diagnostics.first?.hint?.contains("the first data cell is \"2,2\"") == true)
        #expect(diagnostics.last?.hint?.contains("The table has 4 rows and 4 columns") == true)
    }

    @Test func aNoCellMustStayEmpty() throws {
        let (answer, diagnostics) = try parse(#"{"3,4": "n/a", "2,2": "Normal"}"#)
        #expect(answer == Answer([cell(2, 2): .text("Normal")]))
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.code == "table-answer.no-cell-filled")
        #expect(diagnostic.pointer == "/3,4")
        #expect(
            diagnostic.message
                == "cell '3,4' must stay empty (the template marks it as a cell that takes no answer), not 'n/a'")
    }

    @Test(arguments: [#""maybe""#, #""y""#, #""true""#, "true", "1", "null", #"["yes"]"#])
    func aCheckCellTakesOnlyYesOrNo(_ value: String) throws {
        let (answer, diagnostics) = try parse(#"{"4,2": \#(value)}"#)
        #expect(answer == Answer())
        #expect(diagnostics.map(\.code) == ["table-answer.invalid-check"])
        #expect(diagnostics.first?.pointer == "/4,2")
        #expect(diagnostics.first?.message.hasPrefix("check cell '4,2' must be 'yes' or 'no', not ") == true)
    }

    @Test(arguments: ["62", "true", "null", #"["OK"]"#, "{}"])
    func aTextCellTakesOnlyStrings(_ value: String) throws {
        let (answer, diagnostics) = try parse(#"{"2,3": \#(value)}"#)
        #expect(answer == Answer())
        #expect(diagnostics.map(\.code) == ["table-answer.cell-not-string"])
        #expect(diagnostics.first?.pointer == "/2,3")
    }

    @Test func aNumberInATextCellSaysToQuoteIt() throws {
        let diagnostic = try #require(try parse(#"{"2,3": 62}"#).diagnostics.first)
        #expect(diagnostic.message == "text cell '2,3' must hold a string, not 62")
        #expect(diagnostic.hint == #"Write it in quotes: "62"."#)
    }
}

@Suite("Table answer: answered and rendering")
struct TableAnswerRenderTests {
    @Test func everyCellOutsideTheNoCellsMustBeFilled() throws {
        let full = try #require(try parse(complete).answer)
        #expect(type.isAnswered(full, for: bearings))
        for missing in bearings.dataCells {
            var partial = full
            partial[missing] = nil
            #expect(!type.isAnswered(partial, for: bearings), "answered without \(missing)")
        }
        var blank = full
        blank[cell(2, 2)] = .text(" ")
        #expect(!type.isAnswered(blank, for: bearings))
        #expect(!type.isAnswered(Answer(), for: bearings))
    }

    @Test func aRowOfNoCellsNeedsNothing() {
        let spare = Definition(
            rows: 3, columns: 3, columnHeaders: ["Noise", "Lubricated"], rowLabels: ["Drive end", "Spare"],
            rowKinds: [.text, .check], noCells: [cell(3, 2), cell(3, 3)])
        #expect(type.isAnswered(Answer([cell(2, 2): .text("OK"), cell(2, 3): .text("OK")]), for: spare))
        #expect(!type.isAnswered(Answer([cell(2, 2): .text("OK")]), for: spare))
    }

    @Test func aTableOfOnlyNoCellsIsAnsweredByNothing() {
        let nothing = Definition(
            rows: 2, columns: 3, columnHeaders: ["A", "B"], rowLabels: ["Spare"], rowKinds: [.check],
            noCells: [cell(2, 2), cell(2, 3)])
        #expect(type.isAnswered(Answer(), for: nothing))
    }

    @Test func rendersAGridWithLabelsChecksAndNoCells() throws {
        let answer = try #require(try parse(#"{"2,2": "Normal", "2,3": "62", "4,2": "yes", "4,4": "no"}"#).answer)
        let expected = AnswerRendering.Grid(
            header: ["Bearing", "Noise", "Temperature °C", "Lubricated"],
            rows: [
                .init(label: "Drive end", cells: [.text("Normal"), .text("62"), .text("")]),
                .init(label: "Non-drive end", cells: [.text(""), .text(""), .noCell]),
                .init(label: "Coupling", cells: [.check(true), .noCell, .check(false)]),
            ])
        #expect(type.render(answer, of: bearings) == AnswerRendering([.grid(expected)]))
    }

    @Test func withoutAnAnswerRendersNoAnswerAboveTheEmptyGrid() throws {
        let rendering = type.render(nil, of: bearings)
        #expect(rendering.blocks.first == .value("(no answer)"))
        guard case .grid(let grid) = rendering.blocks.last else {
            Issue.record("no grid in \(rendering)")
            return
        }
        #expect(grid.rows.map(\.label) == ["Drive end", "Non-drive end", "Coupling"])
        #expect(grid.rows.last?.cells == [.check(nil), .noCell, .check(nil)])
    }

    @Test func tablesRaiseNoFlags() throws {
        let answer = try #require(try parse(complete).answer)
        #expect(type.flags(for: answer, of: bearings).isEmpty)
    }

    @Test func answerExamplesCoverEveryCode() {
        let examples = type.description.answerExamples
        let codes = Set(examples.flatMap { $0.expected.map(\.code) + $0.flags })
        #expect(
            codes == [
                "table-answer.answer-not-object", "table-answer.malformed-cell", "table-answer.cell-outside-table",
                "table-answer.no-cell-filled", "table-answer.invalid-check", "table-answer.cell-not-string",
            ])
        #expect(examples.contains { $0.isAnswered == false })
    }
}
