import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

private let type = TrueFalseQuestion()

/// Reads `json` as an answer to a question expecting `accepted`.
private func parse(
    _ json: String, accepted: Bool? = nil
) throws -> (answer: Bool?, diagnostics: [Diagnostic]) {
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let definition = TrueFalseDefinition(acceptedAnswer: accepted)
    let answer = type.parseAnswer(document.root, for: definition, problems: &problems)
    return (answer, problems.diagnostics())
}

@Suite("True/false answers")
struct TrueFalseAnswerTests {
    @Test func answersAreStoredUnderCheckBoxes() {
        #expect(type.answerKey == .checkBoxes)
    }

    @Test(arguments: [
        (#"["Yes"]"#, true), (#"["True"]"#, true), (#"[" yes "]"#, true), (#""TRUE""#, true), ("true", true),
        (#"["No"]"#, false), (#"["False"]"#, false), (#""no""#, false), (#"["fAlSe"]"#, false), ("false", false),
    ])
    func yesIsTrueAndNoIsFalseInEveryShape(_ json: String, _ value: Bool) throws {
        let (answer, diagnostics) = try parse(json)
        #expect(diagnostics.isEmpty)
        #expect(answer == value)
        #expect(type.isAnswered(value, for: TrueFalseDefinition()))
    }

    @Test(arguments: [true, false])
    func encodeUsesTheNewerSpellingAndRoundTrips(_ value: Bool) throws {
        let text = JSONWriter.text(of: type.encodeAnswer(value, for: TrueFalseDefinition()), indent: 0)
        #expect(text == (value ? #"["Yes"]"# : #"["No"]"#))
        let (parsed, diagnostics) = try parse(text)
        #expect(diagnostics.isEmpty)
        #expect(parsed == value)
    }

    @Test func anUnknownWordListsTheValuesAndSuggests() throws {
        let (answer, diagnostics) = try parse(#"["Ys"]"#)
        #expect(answer == nil)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == "true-false.invalid-answer")
        #expect(diagnostic.pointer == "/0")
        #expect(
            diagnostic.message == "the answer is 'Ys'; valid values are 'True', 'False', 'Yes' or 'No' (in any case)")
        #expect(diagnostic.hint == "Did you mean 'Yes'?")
    }

    @Test(arguments: [(#"["Yes", "No"]"#, "lists 2 values"), ("[]", "is an empty list")])
    func aListMustHoldExactlyOneValue(_ json: String, _ wording: String) throws {
        let (answer, diagnostics) = try parse(json)
        #expect(answer == nil)
        #expect(diagnostics.map(\.code) == ["true-false.answer-not-single"])
        #expect(diagnostics.first?.message.contains(wording) == true)
    }

    @Test(arguments: [("1", ""), ("null", ""), (#"{"Yes": true}"#, ""), ("[true]", "/0"), (#"[["Yes"]]"#, "/0")])
    func otherValuesAreReportedWhereTheyAre(_ json: String, _ pointer: String) throws {
        let (answer, diagnostics) = try parse(json)
        #expect(answer == nil)
        #expect(diagnostics.map(\.code) == ["true-false.answer-not-string"])
        #expect(diagnostics.first?.pointer == pointer)
    }

    @Test func aBooleanInAListIsToldHowToWriteIt() throws {
        let (_, diagnostics) = try parse("[false]")
        #expect(diagnostics.first?.hint == #"Write it as a string: "No"."#)
    }

    @Test func flagsWhenTheAnswerDiffersWithYesAsTrue() {
        let expectingYes = TrueFalseDefinition(acceptedAnswer: true)
        #expect(type.flags(for: true, of: expectingYes).isEmpty)
        let flags = type.flags(for: false, of: expectingYes)
        #expect(flags.map(\.code) == ["true-false.not-accepted"])
        #expect(flags.first?.message == "answered: 'No'; expected: 'Yes'")
        #expect(
            type.flags(for: true, of: TrueFalseDefinition(acceptedAnswer: false)).map(\.message) == [
                "answered: 'Yes'; expected: 'No'"
            ])
    }

    @Test(arguments: [true, false])
    func nothingIsFlaggedWithoutAnAcceptedAnswer(_ value: Bool) {
        #expect(type.flags(for: value, of: TrueFalseDefinition()).isEmpty)
    }

    @Test func renderShowsYesAndNoWithTheAnswerMarked() {
        #expect(
            type.render(false, of: TrueFalseDefinition(acceptedAnswer: true)).blocks == [
                .choices([.init("Yes", isChosen: false), .init("No", isChosen: true)]), .note("accepted: 'Yes'"),
            ])
        #expect(
            type.render(true, of: TrueFalseDefinition()).blocks == [
                .choices([.init("Yes", isChosen: true), .init("No", isChosen: false)])
            ])
        #expect(
            type.render(nil, of: TrueFalseDefinition()).blocks == [
                .choices([.init("Yes", isChosen: false), .init("No", isChosen: false)]), .value("(no answer)"),
            ])
    }

    @Test func questionsOfATemplateReadAndFlagStoredAnswers() throws {
        // An early-format question: no answer-type, qid "2", accepted answer in the older spelling.
        let json = #"{"questions": [{"qid": "2", "question": "Guard fitted?", "acceptedAnswer": "True"}]}"#
        let result = try TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all)).read(Array(json.utf8))
        let question = try #require(result.template?.questions.first)
        #expect(question.answerKey(in: .mi) == "check-boxes")
        for (stored, flagged) in [(#"["Yes"]"#, false), (#"["no"]"#, true)] {
            let document = try #require(JSONParser.parse(Array(stored.utf8)).document)
            var problems = ProblemCollector(document: document)
            let answer = try #require(question.parseAnswer(document.root, problems: &problems))
            #expect(question.flags(for: answer).isEmpty != flagged)
        }
    }

    @Test func answerExamplesCoverEveryCode() {
        let examples = type.description.answerExamples
        let codes = Set(examples.flatMap(\.expected).map(\.code) + examples.flatMap(\.flags))
        for code in ["invalid-answer", "answer-not-single", "answer-not-string", "not-accepted"] {
            #expect(codes.contains("true-false." + code), "no answer example for \(code)")
        }
    }
}
