import Foundation
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Review: printing")
struct ReviewPrinterTests {
    @Test func textIsTheReviewTableThenTheAttentionList() throws {
        let text = ReviewPrinter.text(Review(form: try ReviewFixture.filledInspection()))
        #expect(
            text == """
                Prüfung Pumpe P-101 (revision 1.10)
                Work performed by: jdoe   Date: Mar 4, 2019
                Work leader review: Jürgen Weiß
                Foreman comment: Checked on site.

                #  Section   Question              Answer               Comment         Flag
                -  --------  --------------------  -------------------  --------------  ----
                1  Safety    Pump isolated?        Yes
                2  Readings  Oil temperature (°C)  82.5                 measured twice  !
                3  Readings  Coupling condition    Good, Worn                           !
                4  Readings  Readings per sensor   table: 3 of 3 cells
                5            Remarks               (no answer)          Nothing to add

                Attention required:
                  Question 2: 82.5 is above the accepted maximum 75.0
                  Question 3: chosen Worn, Good; expected Good

                """)
    }

    /// Issue 23: the review showed no foreman's comment (its JSON had it); a blank one is not shown.
    @Test func theHeaderShowsTheForemansCommentWhenThereIsOne() throws {
        var form = try ReviewFixture.filledInspection()
        form.foremanComment = "  "
        #expect(!ReviewPrinter.text(Review(form: form)).contains("Foreman comment"))
        form.foremanComment = "Valve to be replaced.\u{1B}[2J"
        #expect(ReviewPrinter.text(Review(form: form)).contains("\nForeman comment: Valve to be replaced.\\u001B[2J\n"))
    }

    @Test func withoutFlagsTheListSaysSo() throws {
        let template = try ReviewFixture.template(#"{"questions": [{"answer-type": "true/false", "question": "OK?"}]}"#)
        let form = try ReviewFixture.form(template, answers: [0: #"["No"]"#])
        #expect(
            ReviewPrinter.text(Review(form: form)) == """
                #  Section  Question  Answer  Comment  Flag
                -  -------  --------  ------  -------  ----
                1           OK?       No

                No flags.

                """)
    }

    @Test func longCellsWrapWithinTheirColumnsSoEveryWordIsShown() throws {
        let comment =
            "Образец отправлен в лабораторию на анализ масла; результат ожидается через две недели, "
            + "до тех пор насос работает под наблюдением"
        let question = "Состояние уплотнения вала насоса после замены подшипников"
        let template = try ReviewFixture.template(
            #"{"questions": [{"answer-type": "short-answer", "section": "\#(String(repeating: "s", count: 40))", "#
                + #""question": "\#(question)"}]}"#)
        var form = try ReviewFixture.form(template, answers: [0: "\"" + String(repeating: "a", count: 60) + "\""])
        form.entries[0].comment = comment
        let text = ReviewPrinter.text(Review(form: form))
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.allSatisfy { TextColumns.width($0) <= 100 })
        #expect(!text.contains("…"))
        // Every column, read top to bottom, gives its whole text back (Cyrillic is one column a letter).
        let heading = try #require(lines.first { $0.hasPrefix("#") })
        let rows = lines.drop { !$0.hasPrefix("1 ") }.prefix { !$0.isEmpty }
        #expect(rows.count > 1)
        func column(_ title: String, width: Int, separator: String) -> String {
            let found = heading.range(of: title)?.lowerBound ?? heading.endIndex
            let start = heading.distance(from: heading.startIndex, to: found)
            return rows.map { row in
                String(row.dropFirst(start).prefix(width)).trimmingCharacters(in: .whitespaces)
            }.filter { !$0.isEmpty }.joined(separator: separator)
        }
        #expect(column("Comment", width: 16, separator: " ") == comment)
        #expect(column("Question", width: 30, separator: " ") == question)
        #expect(column("Answer", width: 22, separator: "") == String(repeating: "a", count: 60))
        #expect(column("Section", width: 14, separator: "") == String(repeating: "s", count: 40))
    }

    @Test(arguments: [
        ("a b c", 3, ["a b", "c"]), ("温度温度", 3, ["温", "度", "温", "度"]), ("", 4, [""]), ("fits", 4, ["fits"]),
        ("one  two", 3, ["one", "two"]), ("e\u{301}e\u{301}e\u{301}", 2, ["e\u{301}e\u{301}", "e\u{301}"]),
    ])
    func wrappingCountsColumnsNotBytes(text: String, width: Int, expected: [String]) {
        #expect(TextColumns.wrap(text, to: width) == expected)
    }

    @Test func cellsAreAlignedByColumnsNotBytes() throws {
        let template = try ReviewFixture.template(
            #"{"questions": [{"answer-type": "true/false", "question": "温度 OK?", "section": "Ü"}, "#
                + #"{"answer-type": "true/false", "question": "Ω", "section": "°C"}]}"#)
        let form = try ReviewFixture.form(template, answers: [0: #"["yes"]"#, 1: #"["no"]"#])
        let lines = ReviewPrinter.text(Review(form: form)).split(separator: "\n").map(String.init)
        #expect(lines[2] == "1  Ü        温度 OK?  Yes")
        #expect(lines[3] == "2  °C       Ω         No")
    }

    @Test func jsonHasTheHeaderAndOneObjectPerRow() throws {
        let template = try ReviewFixture.template(
            #"{"Title": "Tür", "MIDiscipline": "Mech", "questions": [{"answer-type": "short-answer", "#
                + #""question": "Temp (°C)", "numberInput": true, "acceptedAnswer": {"from": "0", "to": "75"}}]}"#)
        var form = try ReviewFixture.form(template, answers: [0: #""80""#])
        form.entries[0].comment = "hot"
        form.entries[0].media = [MediaAttachment(kind: .image, name: "Qid0")]
        form.entries[0].foremanEdits = [
            ForemanEdit(foreman: "Bob", date: "2026-03-02T09:30:00Z", changes: [.answer, .comment], before: .init())
        ]
        form.technician = "jdoe"
        let text = ReviewPrinter.text(Review(form: form))
        #expect(
            text.hasSuffix(
                """
                Attention required:
                  Question 1: 80 is above the accepted maximum 75.0

                Edited by the foreman:
                  Question 1: the answer and the comment, by Bob at 2026-03-02T09:30:00Z

                """), "\(text)")
        let json = JSONWriter.text(of: ReviewPrinter.json(Review(form: form)))
        #expect(
            json == """
                {
                  "header": {
                    "title": "Tür",
                    "revision": null,
                    "metadata": {
                      "MIDiscipline": "Mech"
                    },
                    "technician": "jdoe",
                    "completedDate": null,
                    "foreman": null,
                    "foremanComment": null,
                    "submittedDate": null
                  },
                  "rows": [
                    {
                      "number": 1,
                      "section": null,
                      "question": "Temp (°C)",
                      "answer": "80",
                      "answerSummary": "80",
                      "isAnswered": true,
                      "comment": "hot",
                      "media": [
                        "Qid0"
                      ],
                      "flags": [
                        {
                          "code": "short-answer.out-of-range",
                          "message": "80 is above the accepted maximum 75.0"
                        }
                      ],
                      "warnings": [],
                      "foremanEdits": [
                        {
                          "foreman": "Bob",
                          "date": "2026-03-02T09:30:00Z",
                          "changed": [
                            "answer",
                            "comment"
                          ]
                        }
                      ]
                    }
                  ],
                  "flaggedQuestions": [
                    1
                  ]
                }
                """)
    }

    /// `review --format json` writes in pieces: together they are the whole review's text, for a
    /// filled form (non-ASCII, nested tables, flags) and for one without questions.
    @Test func jsonInPiecesIsTheWholeText() throws {
        let filled = Review(form: try ReviewFixture.filledInspection())
        let empty = Review(form: FilledForm(template: try ReviewFixture.template(#"{"Title": "T", "questions": []}"#)))
        for review in [filled, empty] {
            var pieces: [String] = []
            ReviewPrinter.json(review) { pieces.append($0) }
            #expect(pieces.joined() == JSONWriter.text(of: ReviewPrinter.json(review)))
        }
    }

    @Test func jsonWritesAnUnansweredQuestionsAnswerAsNull() throws {
        let review = Review(form: FilledForm(template: try ReviewFixture.template(ReviewFixture.inspection)))
        let document = try #require(
            JSONParser.parse(Array(JSONWriter.text(of: ReviewPrinter.json(review)).utf8)).document)
        let rows = try #require(document.root["rows"])
        #expect(rows.count == 5)
        #expect(rows.elements.allSatisfy { $0["answer"]?.isNull == true })
        #expect(document.root["flaggedQuestions"]?.count == 0)
    }

    /// Trailing spaces go as Characters go: all of them after an ASCII character or an accented one,
    /// none that a prepended mark (U+0600) holds in its Character.
    @Test func trailingSpacesAreTrimmedByCharacter() {
        #expect(TextColumns.trimmingTrailingSpaces("a b   ") == "a b")
        #expect(TextColumns.trimmingTrailingSpaces("Tür   ") == "Tür")
        #expect(TextColumns.trimmingTrailingSpaces("   ") == "")
        #expect(TextColumns.trimmingTrailingSpaces("no trailing") == "no trailing")
        #expect(TextColumns.trimmingTrailingSpaces("x\u{600}  ") == "x\u{600} ")
    }
}
