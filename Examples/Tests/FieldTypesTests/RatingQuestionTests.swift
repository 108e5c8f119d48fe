import FieldTypes
import QuestionKit
import QuestionKitForms
import Testing

@Suite struct RatingQuestionTests {
    let condition = RatingDefinition(scale: 5, lowLabel: "Poor", highLabel: "As new", flagBelow: 3)

    @Test func rendersTheRatingAsARowOfBoxesThenTheEnds() throws {
        let rendering = RatingQuestion().render(2, of: condition)
        #expect(rendering.blocks.dropFirst() == [.note("1 = Poor, 5 = As new"), .note("accepted: 3 or more")])
        guard case .drawing(let drawing) = try #require(rendering.blocks.first) else {
            Issue.record("the rating is not drawn: \(rendering.blocks)")
            return
        }
        #expect(drawing.textFallback == "2 of 5")
        let fills = drawing.elements.compactMap { element -> Bool? in
            guard case .rectangle(_, _, _, let paint) = element else { return nil }
            return paint.fill != nil
        }
        #expect(fills == [true, true, false, false, false])
        let texts = drawing.elements.compactMap { element -> String? in
            guard case .text(let text, _, _, _, _) = element else { return nil }
            return text
        }
        #expect(texts == ["1", "2", "3", "4", "5", "2 of 5"])
    }

    @Test func theLargestScaleFitsItsDrawing() {
        let drawing = RatingQuestion().drawing(10, of: RatingDefinition(scale: 10))
        for case .rectangle(let origin, let width, _, _) in drawing.elements {
            #expect(origin.x >= 0 && origin.x + width <= drawing.width)
        }
        #expect(drawing.textFallback == "10 of 10")
    }

    @Test func rendersNoAnswerWithoutBoxes() {
        let rendering = RatingQuestion().render(nil, of: RatingDefinition(scale: 3))
        #expect(rendering == AnswerRendering([.value("(no answer)")]))
    }

    @Test func storesTheRatingAsTextAndFlagsBelowTheThreshold() {
        let type = RatingQuestion()
        #expect(JSONWriter.text(of: type.encodeAnswer(4, for: condition), indent: 0) == #""4""#)
        #expect(type.flags(for: 3, of: condition).isEmpty)
        #expect(
            type.flags(for: 2, of: condition)
                == [
                    Flag(
                        code: RatingQuestion.Code.belowThreshold, message: "rated 2 of 5, below the accepted minimum 3")
                ])
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
