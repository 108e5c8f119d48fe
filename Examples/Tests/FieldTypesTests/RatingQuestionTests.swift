import FieldTypes
import QuestionKit
import Testing

@Suite struct RatingQuestionTests {
    let condition = RatingDefinition(scale: 5, lowLabel: "Poor", highLabel: "As new", flagBelow: 3)

    @Test func rendersEveryRatingWithTheChosenOneAndTheEnds() {
        let rendering = RatingQuestion().render(2, of: condition)
        #expect(
            rendering
                == AnswerRendering([
                    .choices((1...5).map { AnswerRendering.Choice(String($0), isChosen: $0 == 2) }),
                    .note("1 = Poor, 5 = As new"), .note("accepted: 3 or more"),
                ]))
    }

    @Test func rendersNoAnswerUnderTheScale() {
        let rendering = RatingQuestion().render(nil, of: RatingDefinition(scale: 3))
        #expect(
            rendering
                == AnswerRendering([
                    .choices((1...3).map { AnswerRendering.Choice(String($0), isChosen: false) }),
                    .value("(no answer)"),
                ]))
    }

    @Test func storesTheRatingAsTextAndFlagsBelowTheThreshold() {
        let type = RatingQuestion()
        #expect(JSONWriter.text(of: type.encodeAnswer(4, for: condition), indent: 0) == #""4""#)
        #expect(type.flags(for: 3, of: condition).isEmpty)
        #expect(
            type.flags(for: 2, of: condition)
                == [Flag(code: "rating.below-threshold", message: "rated 2 of 5, below the accepted minimum 3")])
        #expect(type.flags(for: 1, of: RatingDefinition(scale: 5)).isEmpty)
    }

    @Test func messagesQuoteTheValueAndListTheValidRange() throws {
        let registry = try FieldRegistry.make()
        let type = try #require(registry.type(for: "rating"))
        let json = #"{"answer-type": "rating", "question": "Q", "scale": 12, "flagBelow": "low"}"#
        let diagnostics = ExampleChecker(registry: registry).check(.invalid("", json), of: type).diagnostics
        #expect(
            diagnostics.map(\.message) == [
                "'scale' is 12; it must be from 2 to 10 (ratings run from 1 to 'scale')",
                "'flagBelow' must be a whole number, not 'low'",
            ])
    }
}
