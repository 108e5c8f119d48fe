import Testing

@testable import QuestionTypes

/// An XLSForm `constraint` read as an accepted range: ASCII texts are read by their bytes, others by their
/// words; both read the same ranges, and refuse the same texts.
@Suite("Short answer constraints")
struct ShortAnswerConstraintTests {
    @Test(
        arguments: [
            (". >= 0 and . <= 100", 0.0, 100.0), (". <= 100 AND . >= -5.5", -5.5, 100.0), (".   >=\t1\n", 1.0, nil),
            (". <= 1e3", nil, 1e3), (". >= 0x10", 16.0, nil), ("  . >= 2 And . <= 2  ", 2.0, 2.0),
            // Not ASCII: read by its words, alike.
            (". >= 0 and . <= 100\u{A0}", nil, nil), (". >= 0 and\u{2003}. <= 100", nil, nil),
        ] as [(String, Double?, Double?)])
    func aRangeIsReadAsItsBounds(text: String, lower: Double?, upper: Double?) {
        let range = ShortAnswerQuestion.range(ofConstraint: text)
        if lower == nil && upper == nil {
            #expect(range == nil, "\(text)")
        } else {
            #expect(range?.lower == lower && range?.upper == upper, "\(text)")
        }
    }

    @Test(arguments: [
        "", " ", ". > 0", ". >= 0 and", ". >= 0 or . <= 5", ". >= 5 and . <= 1", ". >= 1 and . >= 2", ". >=",
        "x >= 0", ". >= inf", ". >= nan", ". >= 0 and . <= 100 and", ". >= 0\r\n", ". >= 0 . <= 5", "and . >= 0",
        ". >= 1é", ". ≥ 1",
    ])
    func anythingElseIsNoRange(text: String) {
        #expect(ShortAnswerQuestion.range(ofConstraint: text) == nil, "\(text)")
    }
}
