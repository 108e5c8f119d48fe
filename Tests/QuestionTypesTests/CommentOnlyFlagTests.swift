import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

/// A question left with only a comment while `acceptedAnswer` expects something is flagged, as
/// the original server did; nothing is flagged when nothing is expected.
@Suite struct CommentOnlyFlagTests {
    static let template = #"""
        {"Title": "T", "questions": [
          {"answer-type": "true/false", "question": "Guard on?", "acceptedAnswer": "Yes"},
          {"answer-type": "multiple-choice", "question": "Belt", "answers": ["Good", "Worn"], "acceptedAnswer": "Good"},
          {"answer-type": "multiple-choice", "question": "Leaks", "answers": ["None", "Minor"], "acceptedAnswer": "none"},
          {"answer-type": "true/false", "question": "Oil topped up?"},
          {"answer-type": "short-answer", "question": "Oil (°C)", "numberInput": true,
           "acceptedAnswer": {"from": "-20", "to": "95"}},
          {"answer-type": "short-answer", "question": "Insulation (MΩ)", "numberInput": true,
           "acceptedAnswer": {"from": ".5", "to": ""}},
          {"answer-type": "short-answer", "question": "Serial", "acceptedAnswer": {"from": "1", "to": "2"}}
        ]}
        """#

    private func questions() throws -> [Question] {
        let result = try TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all)).read(
            Array(Self.template.utf8))
        return try #require(result.template).questions
    }

    @Test func aCommentOnlyAnswerIsFlaggedWithTheExpectation() throws {
        let questions = try questions()
        let commentOnly = QuestionEntry(comment: "pump was off")
        #expect(
            questions[0].flags(for: commentOnly) == [
                Flag(code: "question.no-answer", message: "no answer; expected: 'Yes'")
            ])
        #expect(questions[1].flags(for: commentOnly).map(\.message) == ["no answer; expected: 'Good'"])
        let expected = [4, 5].map { questions[$0].flags(for: commentOnly).map(\.message) }
        #expect(
            expected == [
                ["no answer; expected: a number from -20 to 95"], ["no answer; expected: a number of at least .5"],
            ])
    }

    @Test func aTextQuestionExpectsNothingWhateverItsRange() throws {
        #expect(try questions()[6].flags(for: QuestionEntry(comment: "unreadable plate")).isEmpty)
    }

    @Test func nothingIsFlaggedWithoutAnExpectationOrWithoutAComment() throws {
        let questions = try questions()
        #expect(questions[2].flags(for: QuestionEntry(comment: "dry")).isEmpty)
        #expect(questions[3].flags(for: QuestionEntry(comment: "dry")).isEmpty)
        #expect(questions[0].flags(for: QuestionEntry(comment: "  ")).isEmpty)
        #expect(questions[0].flags(for: QuestionEntry()).isEmpty)
    }
}
