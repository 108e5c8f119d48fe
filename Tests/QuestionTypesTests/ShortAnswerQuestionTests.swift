import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

private typealias AcceptedRange = ShortAnswerQuestion.AcceptedRange

/// Reads `members` as a short-answer question with the type alone (no shared-field checks).
private func read(
    _ members: String, keys: KeyMap = .mi
) throws -> (definition: ShortAnswerQuestion.Definition?, diagnostics: [Diagnostic]) {
    let json = #"{"question": "Oil temperature after 10 minutes (°C)""# + members + "}"
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let question = QuestionJSON(node: document.root, keys: keys, number: 1)
    let definition = ShortAnswerQuestion().parseDefinition(of: question, problems: &problems)
    return (definition, problems.diagnostics())
}

@Suite("Short answer")
struct ShortAnswerQuestionTests {
    @Test func readsARangeWithItsTextAsWritten() throws {
        let (definition, diagnostics) = try read(
            #", "numberInput": true, "acceptedAnswer": {"from": "-20", "to": 95.50}"#)
        #expect(diagnostics.isEmpty)
        let range = try #require(definition?.acceptedRange)
        #expect(definition?.isNumeric == true)
        #expect(range == AcceptedRange(lower: -20, upper: 95.5, lowerText: "-20", upperText: "95.50"))
        #expect(!range.isUnbounded)
    }

    @Test func textQuestionHasNoRange() throws {
        let (definition, diagnostics) = try read("")
        #expect(diagnostics.isEmpty)
        #expect(definition == ShortAnswerQuestion.Definition(isNumeric: false))
        #expect(definition?.isWithinRange(-1e9) == true)
    }

    @Test(arguments: [#""none""#, #""NONE""#, #""""#, "null", #"{"from": "", "to": ""}"#, "{}"])
    func noRange(_ accepted: String) throws {
        let (definition, diagnostics) = try read(#", "numberInput": true, "acceptedAnswer": \#(accepted)"#)
        #expect(diagnostics.isEmpty)
        #expect(definition?.acceptedRange.isUnbounded == true)
    }

    @Test func oneSidedRangesMeanWhatTheySay() {
        let atLeast = ShortAnswerQuestion.Definition(isNumeric: true, acceptedRange: AcceptedRange(lower: 1))
        #expect(!atLeast.isWithinRange(0.99))
        #expect(atLeast.isWithinRange(1))
        #expect(atLeast.isWithinRange(1_000_000))
        let atMost = ShortAnswerQuestion.Definition(isNumeric: true, acceptedRange: AcceptedRange(upper: 4.5))
        #expect(atMost.isWithinRange(-300))
        #expect(atMost.isWithinRange(4.5))
        #expect(!atMost.isWithinRange(4.51))
    }

    @Test func typedAnswersAreCheckedAsDecimals() throws {
        let (definition, _) = try read(#", "numberInput": true, "acceptedAnswer": {"from": "-20", "to": "95"}"#)
        let numeric = try #require(definition)
        #expect(numeric.isWithinRange(answer: "-20") == true)
        #expect(numeric.isWithinRange(answer: "-20.5") == false)
        #expect(numeric.isWithinRange(answer: "95") == true)
        #expect(numeric.isWithinRange(answer: "96") == false)
        #expect(numeric.isWithinRange(answer: "hot") == nil)
        #expect(!numeric.isWithinRange(.nan))
    }

    @Test func numberInputAsAStringIsReadWithAWarning() throws {
        let (definition, diagnostics) = try read(#", "numberInput": "False", "acceptedAnswer": "none""#)
        #expect(definition?.isNumeric == false)
        #expect(diagnostics.map(\.code) == ["short-answer.number-input-string"])
        #expect(diagnostics.first?.message.contains("'False'") == true)
    }

    @Test func invalidNumberInputListsTheChoices() throws {
        let (definition, diagnostics) = try read(#", "numberInput": 1"#)
        #expect(definition?.isNumeric == false)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == "short-answer.number-input-invalid")
        #expect(diagnostic.message == "'numberInput' must be true or false, not 1")
    }

    @Test func rangeOnATextQuestionIsIgnored() throws {
        let (definition, diagnostics) = try read(#", "acceptedAnswer": {"from": "68"}"#)
        #expect(definition?.acceptedRange.isUnbounded == true)
        #expect(diagnostics.map(\.code) == ["short-answer.range-ignored"])
        #expect(diagnostics.first?.hint?.contains(#""numberInput": true"#) == true)
    }

    @Test func badBoundsAreQuotedAndDropped() throws {
        let (definition, diagnostics) = try read(
            #", "numberInput": true, "acceptedAnswer": {"from": "ten", "to": "1e999"}"#)
        #expect(definition?.acceptedRange.isUnbounded == true)
        #expect(
            diagnostics.map(\.message) == [
                "'from' must be a number, not 'ten'", "'to' must be a number, not '1e999'",
            ])
    }

    @Test func invertedRangeSuggestsTheSwap() throws {
        let (_, diagnostics) = try read(#", "numberInput": true, "acceptedAnswer": {"from": 95, "to": "-20"}"#)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == "short-answer.range-inverted")
        #expect(diagnostic.pointer == "/acceptedAnswer")
        #expect(diagnostic.hint == #"Swap the bounds: "from": "-20", "to": "95"."#)
    }

    @Test func misspelledBoundGetsADidYouMean() throws {
        let (definition, diagnostics) = try read(#", "numberInput": true, "acceptedAnswer": {"form": 1, "to": 2}"#)
        #expect(definition?.acceptedRange == AcceptedRange(upper: 2, upperText: "2"))
        #expect(diagnostics.first?.hint == "Did you mean 'from'?")
    }

    @Test(arguments: [
        ("\"12.123456\"", false), ("\"1.5000000\"", false), ("0.0000001", true), ("1.5e-7", true),
        ("123456789.5", false), ("\"-0.1234567\"", true),
    ])
    func precisionAboveSixPlacesWarns(_ bound: String, _ warns: Bool) throws {
        let (_, diagnostics) = try read(#", "numberInput": true, "acceptedAnswer": {"to": \#(bound)}"#)
        #expect(diagnostics.map(\.code) == (warns ? ["short-answer.bound-too-precise"] : []))
    }

    @Test func keysAreSpelledThroughTheKeyMap() throws {
        let keys = KeyMap(overrides: ["numberInput": "isNumber", "acceptedAnswer": "range"])
        let (definition, diagnostics) = try read(
            #", "isNumber": true, "range": {"from": "0", "to": "10"}"#, keys: keys)
        #expect(diagnostics.isEmpty)
        #expect(definition?.isNumeric == true)
        #expect(definition?.acceptedRange.upper == 10)
    }

    @Test func inferredFromLegacyCodeOne() throws {
        let type = ShortAnswerQuestion()
        #expect(type.description.legacyTypeCode == "1")
        #expect(type.description.infersTypeFromLegacyCode)
        #expect(
            try QuestionTypeRegistry(BuiltInQuestionTypes.all).typeInferred(fromLegacyCode: "1")?.description.identifier
                == "short-answer")
    }
}
