import FieldTypes
import QuestionKit
import QuestionKitForms
import Testing

/// The date type's rows in `questionkit dataset`'s `answers` table: its own DATE column, with no
/// change to the core; the rating type, which does nothing for the dataset, exports its answer as text.
@Suite struct DateDatasetTests {
    static let form = #"""
        {"Title": "Visit", "questions": [
          {"answer-type": "date", "question": "Installed on?", "user-answer": {"short-answer": "2026-03-14"}},
          {"answer-type": "rating", "question": "Tidy?", "scale": 5, "user-answer": {"short-answer": "4"}}
        ]}
        """#

    @Test func aDateIsADateColumnAndARatingIsText() throws {
        let reader = TemplateReader(registry: try FieldRegistry.make())
        let form = try #require(CompletedFormReader.read(Array(Self.form.utf8), with: reader).form)
        let date = form.template.questions[0]
        #expect(date.type.answerColumns == [DatasetColumn("answer_date", .date)])
        let rows = try date.answerRows(#require(form.entries[0].answer))
        #expect(rows == [AnswerRow(text: "2026-03-14", typed: ["answer_date": .date(20_526)])])
        let rating = form.template.questions[1]
        #expect(rating.type.answerColumns.isEmpty)
        #expect(try rating.answerRows(#require(form.entries[1].answer)) == [AnswerRow(text: "4")])
    }
}
