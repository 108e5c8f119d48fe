import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Review: model")
struct ReviewTests {
    @Test func rowsCarryNumberSectionQuestionAnswerCommentMediaAndFlags() throws {
        let review = Review(form: try ReviewFixture.filledInspection())
        #expect(review.rows.map(\.number) == [1, 2, 3, 4, 5])
        #expect(review.rows.map(\.section) == ["Safety", "Readings", "Readings", "Readings", nil])
        #expect(review.rows.map(\.question).first == "Pump isolated?")
        #expect(
            review.rows.map(\.answerSummary) == ["Yes", "82.5", "Good, Worn", "table: 3 of 3 cells", "(no answer)"])
        #expect(review.rows.map(\.isAnswered) == [true, true, true, true, false])
        #expect(review.rows[1].comment == "measured twice")
        #expect(review.rows[1].media.map(\.name) == ["Qid1", "Qid1(2)", "Qid1(3)"])
        #expect(review.rows[4].comment == "Nothing to add")
        #expect(review.rows[4].answer == nil)
        #expect(review.rows[0].rendering == AnswerRendering([.value("Yes")]))
    }

    @Test func flagsComeFromTheTypesAndFlaggedRowsListThem() throws {
        let review = Review(form: try ReviewFixture.filledInspection())
        #expect(
            review.rows.map { $0.flags.map(\.code) } == [
                [], ["short-answer.out-of-range"], ["choice.not-accepted"], [], [],
            ])
        #expect(review.flaggedRows.map(\.number) == [2, 3])
        #expect(review.rows[1].flags.first?.message == "82.5 is above the accepted maximum 75.0")
    }

    @Test func anUnansweredFormHasNoFlagsAndNothingAnswered() throws {
        let review = Review(form: FilledForm(template: try ReviewFixture.template(ReviewFixture.inspection)))
        #expect(review.flaggedRows.isEmpty)
        #expect(review.rows.allSatisfy { !$0.isAnswered && $0.answer == nil && $0.comment.isEmpty })
        #expect(review.rows[2].answerSummary == "(no answer)")
        #expect(review.rows[3].answerSummary == "table: 0 of 3 cells")
    }

    @Test func headerShowsTitleRevisionAndTheOtherStringFieldsAsMetadata() throws {
        let header = Review(form: try ReviewFixture.filledInspection()).header
        #expect(header.title == "Prüfung Pumpe P-101")
        #expect(header.revision == "1.10")
        #expect(
            header.metadata == [
                ReviewHeader.Field(key: "MIDiscipline", value: "Mechanical"),
                ReviewHeader.Field(key: "InstructionNumber", value: "MI-7"),
            ])
        #expect(header.technician == "jdoe")
        #expect(header.completedDate == "Mar 4, 2019")
        #expect(header.foreman == "Jürgen Weiß")
        #expect(header.foremanComment == "Checked on site.")
        #expect(header.submittedDate == "Mar 5, 2019")
    }

    @Test func completedFormFieldsAreNotRepeatedAsMetadata() throws {
        let template = try ReviewFixture.template(
            #"{"Title": "T", "version": "2", "username": "jdoe", "completedDate": "Mar 4, 2019", "#
                + #""SubmittedDate": "", "email": "a@example.com", "questions": []}"#)
        let header = ReviewHeader(form: FilledForm(template: template))
        #expect(header.metadata == [ReviewHeader.Field(key: "email", value: "a@example.com")])
        #expect(header.revision == "2")
    }

    /// The review spells the fields it shows apart as the form's template was read: its key map
    /// comes with the template, not with a parameter that defaults to the original spellings.
    @Test func respelledFieldsAreNotRepeatedAsMetadata() throws {
        let keys = KeyMap(overrides: ["RevisionNumber": "rev", "username": "user", "completedDate": "done"])
        let template = try ReviewFixture.template(
            #"{"Title": "T", "rev": "4", "user": "jdoe", "done": "Mar 4, 2019", "email": "a@example.com", "#
                + #""questions": []}"#, keys: keys)
        let header = Review(form: FilledForm(template: template)).header
        #expect(header.revision == "4")
        #expect(header.metadata == [ReviewHeader.Field(key: "email", value: "a@example.com")])
    }

    @Test(arguments: [
        (AnswerRendering([.value("42 °C"), .note("accepted: 0 to 75")]), "42 °C"),
        (AnswerRendering([.choices([.init("Good", isChosen: true), .init("Worn", isChosen: true)])]), "Good, Worn"),
        (AnswerRendering([.choices([.init("Good", isChosen: false)]), .value("(no answer)")]), "(no answer)"),
        (AnswerRendering([.value("line one\nline two")]), "line one line two"),
        (AnswerRendering([.value("7"), .value("8")]), "7; 8"),
        (AnswerRendering([]), "(no answer)"),
        (
            AnswerRendering([.drawing(AnswerDrawing(width: 5, height: 1, elements: [], textFallback: "4 of 5"))]),
            "4 of 5"
        ),
        (
            AnswerRendering([
                .grid(
                    .init(
                        header: ["", "A", "B"],
                        rows: [
                            .init(label: "1", cells: [.text("x"), .check(true)]),
                            .init(label: "2", cells: [.noCell, .check(nil)]),
                            .init(label: "3", cells: [.text(" "), .check(false)]),
                        ]))
            ]), "table: 3 of 5 cells"
        ),
    ])
    func answerSummaryIsOneLine(rendering: AnswerRendering, summary: String) {
        #expect(ReviewRow.summary(of: rendering) == summary)
    }

    @Test func aQuestionLeftOutByTheReaderKeepsTheNumbersOfTheOthers() throws {
        let text =
            #"{"Title": "T", "questions": [{"answer-type": "nope", "question": "?"}, "#
            + #"{"answer-type": "true/false", "question": "OK?"}]}"#
        let result = try ReviewFixture.reader().read(Array(text.utf8))
        let review = Review(form: FilledForm(template: try #require(result.template)))
        #expect(review.rows.map(\.number) == [2])
    }
}
