import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

private typealias Definition = ShortAnswerQuestion.Definition
private typealias AcceptedRange = ShortAnswerQuestion.AcceptedRange

private let type = ShortAnswerQuestion()

/// Reads the question members `members` (after `"question"`) with the type alone.
private func definition(_ members: String) throws -> Definition {
    let json = #"{"question": "Oil temperature after 10 minutes (°C)""# + members + "}"
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let question = QuestionJSON(node: document.root, keys: .mi, number: 1)
    return try #require(type.parseDefinition(of: question, problems: &problems))
}

/// Reads `json` as an answer to a question of `definition`.
private func parse(_ json: String, for definition: Definition) throws -> (answer: String?, diagnostics: [Diagnostic]) {
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let answer = type.parseAnswer(document.root, for: definition, problems: &problems)
    return (answer, problems.diagnostics())
}

private let text = Definition(isNumeric: false)
private let oil = Definition(
    isNumeric: true, acceptedRange: AcceptedRange(lower: -20, upper: 95, lowerText: "-20", upperText: "95"))

@Suite("Short answer: answers")
struct ShortAnswerAnswerTests {
    @Test func answersAreStoredUnderShortAnswer() {
        #expect(type.answerKey == .shortAnswer)
        #expect(KeyMap.mi.spelling(of: type.answerKey) == "short-answer")
    }

    @Test(arguments: [
        (#""-3.50""#, "-3.50"), ("-3.50", "-3.50"), ("82", "82"), (#"" 82 ""#, " 82 "), (#""007""#, "007"),
        (#""""#, ""), (#""  ""#, "  "),
    ])
    func numbersKeepTheirTextAndRoundTrip(_ json: String, _ expected: String) throws {
        let (answer, diagnostics) = try parse(json, for: oil)
        #expect(diagnostics.isEmpty)
        #expect(answer == expected)
        let encoded = JSONWriter.text(of: type.encodeAnswer(expected, for: oil), indent: 0)
        #expect(try parse(encoded, for: oil).answer == expected)
    }

    // The original app's number field took ".5" and "5." (MI-FORMAT), and real forms hold them.
    @Test(arguments: [#"".5""#, #""5.""#, #""-.5""#, #""-5.""#])
    func aNumericQuestionTakesWhatTheOriginalTook(_ json: String) throws {
        let (answer, diagnostics) = try parse(json, for: oil)
        #expect(diagnostics.isEmpty)
        #expect(answer == json.filter { $0 != "\"" })
    }

    @Test func textIsKeptExactly() throws {
        let typed = "  Leak at flange \"B\"\nsecond line, ünïcode  "
        let encoded = JSONWriter.text(of: type.encodeAnswer(typed, for: text))
        let (answer, diagnostics) = try parse(encoded, for: text)
        #expect(diagnostics.isEmpty)
        #expect(answer == typed)
    }

    @Test(arguments: ["\"forty\"", #""82 °C""#, #""+5""#, #"".""#, #""-.""#, #""1-2""#, "1e2", "-0.5E1"])
    func aNumericQuestionRejectsWhatIsNotADecimal(_ json: String) throws {
        let (answer, diagnostics) = try parse(json, for: oil)
        #expect(answer == nil)
        #expect(diagnostics.map(\.code) == ["short-answer.not-a-number"])
        #expect(diagnostics.first?.pointer == "")
        #expect(diagnostics.first?.severity == .error)
    }

    @Test func notANumberQuotesTheValueAndGivesAnExample() throws {
        let diagnostic = try #require(try parse(#""forty""#, for: oil).diagnostics.first)
        #expect(
            diagnostic.message
                == "the answer 'forty' is not a number; this question takes a decimal number such as 42, -3.5 or 0.25")
        #expect(diagnostic.hint?.hasPrefix("Type the number alone") == true)
    }

    @Test func aDecimalCommaSuggestsThePoint() throws {
        let diagnostic = try #require(try parse(#""82,5""#, for: oil).diagnostics.first)
        #expect(diagnostic.hint?.hasPrefix("Did you mean '82.5'? ") == true)
    }

    @Test func aNumberTooLargeForADoubleIsNotANumber() throws {
        let digits = String(repeating: "9", count: 400)
        let diagnostic = try #require(try parse("\"\(digits)\"", for: oil).diagnostics.first)
        #expect(diagnostic.code == "short-answer.not-a-number")
        #expect(diagnostic.message.contains("is too large to be a number"))
    }

    @Test func moreThanSixDecimalPlacesIsAWarning() throws {
        let (answer, diagnostics) = try parse(#""0.1234567""#, for: oil)
        #expect(answer == "0.1234567")
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.code == "short-answer.answer-too-precise")
        #expect(diagnostics.first?.message.contains("has 7 decimal places") == true)
        // Trailing zeros do not add precision, and six places are what the original app allowed.
        #expect(try parse(#""0.1234560""#, for: oil).diagnostics.isEmpty)
        #expect(try parse("0.123456", for: oil).diagnostics.isEmpty)
    }

    @Test(arguments: ["4471", "true", "null", #"["SN-4471"]"#, #"{"text": "SN-4471"}"#])
    func aTextQuestionTakesOnlyStrings(_ json: String) throws {
        let (answer, diagnostics) = try parse(json, for: text)
        #expect(answer == nil)
        #expect(diagnostics.map(\.code) == ["short-answer.answer-not-string"])
    }

    @Test func notAStringSaysWhatToWrite() throws {
        let number = try #require(try parse("4471", for: text).diagnostics.first)
        #expect(number.message == "the answer to a text question must be a string, not 4471")
        #expect(number.hint == #"Write it in quotes: "4471"."#)
        let boolean = try #require(try parse("true", for: oil).diagnostics.first)
        #expect(
            boolean.message == #"the answer to a numeric question must be a number or a string such as "42", not true"#)
    }

    @Test(arguments: [("", false), ("   ", false), ("\n\t", false), ("\u{00A0}", false), ("0", true), ("-", true)])
    func onlyNonBlankTextCountsAsAnswered(_ answer: String, _ answered: Bool) {
        #expect(type.isAnswered(answer, for: text) == answered)
        #expect(type.isAnswered(answer, for: oil) == answered)
    }
}

@Suite("Short answer: flags and rendering")
struct ShortAnswerFlagTests {
    @Test(arguments: [
        ("104", "104 is above the accepted maximum 95"), ("-25", "-25 is below the accepted minimum -20"),
        (" 95.01 ", "95.01 is above the accepted maximum 95"), ("-20.5", "-20.5 is below the accepted minimum -20"),
    ])
    func outOfRangeAnswersAreFlaggedWithBothValues(_ answer: String, _ message: String) {
        #expect(type.flags(for: answer, of: oil) == [Flag(code: "short-answer.out-of-range", message: message)])
    }

    @Test(arguments: ["95", "-20", "0", "-0", "94.999999", ""])
    func answersWithinTheRangeOrBlankAreNotFlagged(_ answer: String) {
        #expect(type.flags(for: answer, of: oil).isEmpty)
    }

    @Test func oneSidedRangesMeanWhatTheySay() throws {
        let atLeast = try definition(#", "numberInput": true, "acceptedAnswer": {"from": 2.5, "to": ""}"#)
        #expect(type.flags(for: "1", of: atLeast).map(\.message) == ["1 is below the accepted minimum 2.5"])
        #expect(type.flags(for: "1000000", of: atLeast).isEmpty)
        let atMost = try definition(#", "numberInput": true, "acceptedAnswer": {"to": "80"}"#)
        #expect(type.flags(for: "80.5", of: atMost).map(\.message) == ["80.5 is above the accepted maximum 80"])
        #expect(type.flags(for: "-40", of: atMost).isEmpty)
    }

    @Test func boundsAreQuotedAsWritten() throws {
        let numeric = try definition(#", "numberInput": true, "acceptedAnswer": {"from": "0.50", "to": 75.0}"#)
        #expect(type.flags(for: "76", of: numeric).map(\.message) == ["76 is above the accepted maximum 75.0"])
        #expect(type.flags(for: "0.4", of: numeric).map(\.message) == ["0.4 is below the accepted minimum 0.50"])
    }

    @Test func textQuestionsAndQuestionsWithoutARangeRaiseNoFlags() throws {
        let ignoredRange = try definition(#", "acceptedAnswer": {"from": "68", "to": "220"}"#)
        #expect(type.flags(for: "460", of: ignoredRange).isEmpty)
        // Even a text definition built by hand with a range is never flagged.
        let handMade = Definition(isNumeric: false, acceptedRange: AcceptedRange(lower: 0, upper: 1))
        #expect(type.flags(for: "5", of: handMade).isEmpty)
        #expect(type.flags(for: "1e9", of: Definition(isNumeric: true)).isEmpty)
        #expect(type.flags(for: "not a number", of: oil).isEmpty)
    }

    @Test func rendersTheValueAndTheAcceptedRange() throws {
        // Shown as typed, the spaces in quotes, beside the number it is read as (issue 23, item 7).
        #expect(
            type.render(" 82 ", of: oil)
                == AnswerRendering([.value(#"" 82 " (read as 82)"#), .note("accepted: -20 to 95")]))
        #expect(type.render("82", of: oil).blocks.first == .value("82"))
        let text = try definition("")
        #expect(type.render(" SN-1 ", of: text) == AnswerRendering([.value(#"" SN-1 ""#)]))
        #expect(type.render(nil, of: oil) == AnswerRendering([.value("(no answer)"), .note("accepted: -20 to 95")]))
        #expect(type.render("  ", of: oil).blocks.first == .value("(no answer)"))
        let atLeast = try definition(#", "numberInput": true, "acceptedAnswer": {"from": "2.5"}"#)
        #expect(type.render("3", of: atLeast).blocks.last == .note("accepted: at least 2.5"))
        let atMost = try definition(#", "numberInput": true, "acceptedAnswer": {"from": "", "to": 80}"#)
        #expect(type.render("3", of: atMost).blocks.last == .note("accepted: at most 80"))
    }

    @Test func rendersTextAndUnrangedNumbersWithoutANote() {
        #expect(type.render("SN-4471-B", of: text) == AnswerRendering([.value("SN-4471-B")]))
        #expect(type.render(nil, of: text) == .noAnswer)
        #expect(type.render("12", of: Definition(isNumeric: true)) == AnswerRendering([.value("12")]))
    }

    @Test func answerExamplesCoverEveryCode() {
        let examples = type.description.answerExamples
        let codes = Set(examples.flatMap { $0.expected.map(\.code) + $0.flags })
        #expect(
            codes == [
                "short-answer.not-a-number", "short-answer.answer-not-string", "short-answer.answer-too-precise",
                "short-answer.out-of-range",
            ])
        #expect(examples.contains { $0.isAnswered == false })
    }
}
