import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Text export")
struct TextExportTests {
    @Test func aCompletedFormReadsAsHeaderThenQuestions() throws {
        let text = TextExport.render(Review(form: try ReviewFixture.filledInspection()))
        #expect(
            text == """
                Prüfung Pumpe P-101
                ===================
                Revision: 1.10
                MIDiscipline: Mechanical
                InstructionNumber: MI-7
                Work performed by: jdoe   Date: Mar 4, 2019
                Work leader review: Jürgen Weiß
                Foreman comment: Checked on site.
                Submitted: Mar 5, 2019

                Question 1 - Safety
                Pump isolated?
                Yes

                Question 2 - Readings
                Oil temperature (°C)
                82.5
                  (accepted: 0.0 to 75.0)
                Comment: measured twice
                Media: Qid1, Qid1(2), Qid1(3)
                Flags: 82.5 is above the accepted maximum 75.0

                Question 3 - Readings
                Coupling condition
                [x] Good
                [x] Worn
                [ ] Cracked
                Flags: chosen Worn, Good; expected Good

                Question 4 - Readings
                Readings per sensor
                               | Temp °C | Ω
                ---------------+---------+---
                温度 sensor    | 41.5    | 12
                Übertemperatur | no      | ░░

                Question 5
                Remarks
                (no answer)
                Comment: Nothing to add

                """)
    }

    @Test func aValueIsWrittenAsItIsAndANoteIndentedInParentheses() {
        #expect(TextExport.block(.value("42 °C")) == ["42 °C"])
        #expect(TextExport.block(.value("first\nsecond")) == ["first", "second"])
        #expect(TextExport.block(.note("accepted: 0 to 75")) == ["  (accepted: 0 to 75)"])
    }

    @Test func aDrawingIsWrittenAsItsTextFallback() {
        let boxes = AnswerDrawing(
            width: 50, height: 10,
            elements: [.rectangle(origin: .init(x: 0, y: 0), width: 10, height: 10, paint: .init(fill: .black))],
            textFallback: "4 of 5\n(1 = Poor)")
        #expect(TextExport.block(.drawing(boxes)) == ["4 of 5", "(1 = Poor)"])
    }

    @Test func choicesAreOneLinePerOptionMarkedWhenChosen() {
        let lines = TextExport.block(
            .choices([
                .init("Gut", isChosen: true), .init("Verschlissen", isChosen: false), .init("温度", isChosen: true),
            ]))
        #expect(lines == ["[x] Gut", "[ ] Verschlissen", "[x] 温度"])
    }

    @Test func aGridIsAlignedByColumnsWithNoCellsFilledAndChecksAsYesOrNo() {
        let grid = AnswerRendering.Grid(
            header: ["Sensor", "Temp °C", "Ω", "OK"],
            rows: [
                .init(label: "温度", cells: [.text("41.5"), .text(""), .check(true)]),
                .init(label: "Übertemperatur", cells: [.noCell, .text("1200"), .check(false)]),
                .init(label: "Lüfter", cells: [.text("-3"), .noCell, .check(nil)]),
            ])
        #expect(
            TextExport.grid(grid) == [
                "Sensor         | Temp °C | Ω    | OK ",
                "---------------+---------+------+----",
                "温度           | 41.5    |      | yes",
                "Übertemperatur | ░░░░░░░ | 1200 | no ",
                "Lüfter         | -3      | ░░░░ |    ",
            ])
    }

    @Test func aNarrowNoCellIsStillTwoMarksWide() {
        let grid = AnswerRendering.Grid(header: ["", "A"], rows: [.init(label: "1", cells: [.noCell])])
        #expect(TextExport.grid(grid) == ["  | A ", "--+---", "1 | ░░"])
    }

    @Test func missingHeadersAndCellsAreBlank() {
        let grid = AnswerRendering.Grid(
            header: ["", "A"],
            rows: [.init(label: "1", cells: [.text("x"), .text("y")]), .init(label: "2", cells: [])])
        #expect(TextExport.grid(grid) == ["  | A |  ", "--+---+--", "1 | x | y", "2 |   |  "])
    }

    @Test func cellTextIsKeptOnOneLine() {
        let grid = AnswerRendering.Grid(header: ["", "A"], rows: [.init(label: "r\n1", cells: [.text("a\tb")])])
        #expect(TextExport.grid(grid) == ["    | A  ", "----+----", "r 1 | a b"])
    }

    @Test func multiLineCommentsLineUpUnderTheirFirstLine() throws {
        let template = try ReviewFixture.template(#"{"questions": [{"answer-type": "true/false", "question": "OK?"}]}"#)
        var form = FilledForm(template: template)
        form.entries[0].comment = "first\nsecond"
        let text = TextExport.render(Review(form: form))
        #expect(text == "Question 1\nOK?\n(no answer)\nComment: first\n         second\n")
    }

    @Test func noLineEndsInASpace() throws {
        let text = TextExport.render(Review(form: try ReviewFixture.filledInspection()))
        #expect(!text.split(separator: "\n").contains { $0.hasSuffix(" ") })
    }

    @Test func blankMetadataIsLeftOut() throws {
        let template = try ReviewFixture.template(#"{"Title": "T", "Eor": "", "Supersedes": "MI-1", "questions": []}"#)
        #expect(TextExport.render(Review(form: FilledForm(template: template))) == "T\n=\nSupersedes: MI-1\n")
    }

    @Test(arguments: [("°C", 2), ("Ω", 1), ("Ü", 1), ("温度", 4), ("e\u{301}", 1), ("👍", 2), ("a\tb", 2)])
    func widthsCountColumnsNotBytes(text: String, width: Int) {
        #expect(TextColumns.width(text) == width)
    }
}
