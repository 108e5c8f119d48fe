import FieldTypes
import QuestionKit
import QuestionKitForms
import Testing

/// Issue 20, "must show" 5: an outside type supports conditions with no change to the core. A date
/// question's conditions compare dates, ordered; the core checks them as it checks the built-ins'.
@Suite struct DateConditionTests {
    static func template(_ conditions: String, behavior: String = "all") -> String {
        #"""
        {"Title": "Hydrostatic test", "questions": [
          {"linkId": "tested", "answer-type": "date", "question": "Date of the last hydrostatic test"},
          {"answer-type": "short-answer", "question": "Why is the test overdue?",
           "enableBehavior": "\#(behavior)", "enableWhen": [\#(conditions)]}
        ]}
        """#
    }

    static func codes(_ text: String) throws -> [String] {
        let reader = TemplateReader(registry: try FieldRegistry.make())
        return reader.read(Array(text.utf8)).diagnostics.map { "\($0.line) \($0.code)" }
    }

    @Test func orderedComparisonsOfDatesAreChecked() throws {
        let before = #"{"question": "tested", "operator": "<", "answer": "2021-01-01"}"#
        let after = #"{"question": "tested", "operator": ">", "answer": "2026-01-01"}"#
        #expect(try Self.codes(Self.template(before)).isEmpty)
        #expect(try Self.codes(Self.template(before + ", " + after)) == ["4 logic.contradiction"])
        #expect(try Self.codes(Self.template(before + ", " + after, behavior: "any")).isEmpty)
        let malformed = #"{"question": "tested", "operator": "<", "answer": "01/01/2021"}"#
        #expect(try Self.codes(Self.template(malformed)) == ["4 date.condition-operand-malformed"])
    }

    @Test func aConditionOnADateHoldsAsTheDaysCompare() throws {
        let type = DateQuestion()
        let definition = DateDefinition()
        let tested = try #require(CalendarDate(year: 2020, month: 6, day: 15))
        let cutoff = try #require(CalendarDate(year: 2021, month: 1, day: 1)).conditionValue
        #expect(type.evaluate(Condition(.less, .value(cutoff)), answer: tested, for: definition))
        #expect(!type.evaluate(Condition(.greaterOrEqual, .value(cutoff)), answer: tested, for: definition))
        #expect(!type.evaluate(Condition(.less, .value(cutoff)), answer: nil, for: definition))
        #expect(type.evaluate(Condition(.exists, .exists(false)), answer: nil, for: definition))
        #expect(type.conditionSubject(of: definition).supports(.lessOrEqual))
    }
}
