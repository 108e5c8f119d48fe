import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

private let type = MultipleChoiceQuestion()

/// A definition with the drive-belt options, the given limit and accepted answer.
private func belt(
    _ limit: MultipleChoiceDefinition.SelectionLimit = .any, accepted: Set<String>? = nil
) -> MultipleChoiceDefinition {
    MultipleChoiceDefinition(
        options: ["Good", "Worn", "Cracked", "Replaced"], selectionLimit: limit, acceptedAnswer: accepted)
}

/// Reads `json` as an answer to `definition`.
private func parse(
    _ json: String, for definition: MultipleChoiceDefinition = belt()
) throws -> (answer: [String]?, diagnostics: [Diagnostic]) {
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let answer = type.parseAnswer(document.root, for: definition, problems: &problems)
    return (answer, problems.diagnostics())
}

@Suite("Multiple-choice answers")
struct MultipleChoiceAnswerTests {
    @Test func answersAreStoredUnderCheckBoxes() {
        #expect(type.answerKey == .checkBoxes)
        #expect(KeyMap.mi.spelling(of: type.answerKey) == "check-boxes")
    }

    @Test func optionsKeepTheOrderChosenAndTheTemplateSpelling() throws {
        let (answer, diagnostics) = try parse(#"[" cracked", "WORN "]"#)
        #expect(diagnostics.isEmpty)
        #expect(answer == ["Cracked", "Worn"])
    }

    @Test func encodeThenParseRoundTrips() throws {
        let definition = belt(.atMost(2))
        let answer = ["Replaced", "Good"]
        let text = JSONWriter.text(of: type.encodeAnswer(answer, for: definition), indent: 0)
        #expect(text == #"["Replaced","Good"]"#)
        let (parsed, diagnostics) = try parse(text, for: definition)
        #expect(diagnostics.isEmpty)
        #expect(parsed == answer)
    }

    @Test func oneOptionMayBeWrittenAsAString() throws {
        let (answer, diagnostics) = try parse(#""good""#, for: belt(.single))
        #expect(diagnostics.isEmpty)
        #expect(answer == ["Good"])
    }

    @Test(arguments: ["[]", #"["", "  "]"#, #""""#])
    func nothingChosenIsValidButNotAnswered(_ json: String) throws {
        let (answer, diagnostics) = try parse(json)
        #expect(diagnostics.isEmpty)
        #expect(answer == [])
        #expect(!type.isAnswered([], for: belt()))
        #expect(type.isAnswered(["Worn"], for: belt()))
    }

    @Test func unknownOptionListsTheOptionsAndSuggests() throws {
        let (answer, diagnostics) = try parse(#"["Good", "Craked"]"#)
        #expect(answer == nil)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.code == "multiple-choice.unknown-option")
        #expect(diagnostic.pointer == "/1")
        #expect(diagnostic.message == "'Craked' is not one of the options 'Good', 'Worn', 'Cracked' or 'Replaced'")
        #expect(diagnostic.hint == "Did you mean 'Cracked'? Choose options as listed (case does not matter).")
    }

    @Test func tooManyOptionsGivesBothNumbers() throws {
        let (answer, diagnostics) = try parse(#"["Good", "Worn", "Cracked"]"#, for: belt(.atMost(2)))
        #expect(answer == nil)
        #expect(diagnostics.map(\.code) == ["multiple-choice.too-many-answers"])
        #expect(diagnostics.first?.pointer == "")
        #expect(
            diagnostics.first?.message
                == "3 options are chosen ('Good', 'Worn' and 'Cracked'), but at most 2 may be chosen")
        let (_, single) = try parse(#"["Good", "Worn"]"#, for: belt(.single))
        #expect(single.first?.message == "2 options are chosen ('Good' and 'Worn'), but only 1 may be chosen")
    }

    @Test func anOptionChosenTwiceIsAWarningAndCountsOnce() throws {
        let (answer, diagnostics) = try parse(#"["Worn", "Good", "worn"]"#, for: belt(.atMost(2)))
        #expect(answer == ["Worn", "Good"])
        #expect(diagnostics.map(\.severity) == [.warning])
        #expect(diagnostics.first?.code == "multiple-choice.duplicate-answer")
        #expect(diagnostics.first?.pointer == "/2")
        #expect(diagnostics.first?.message == "the option 'Worn' is chosen more than once; it counts once")
    }

    @Test(arguments: [("7", ""), (#"{"Good": true}"#, ""), ("null", ""), (#"["Good", false]"#, "/1")])
    func nonStringsAreReportedWhereTheyAre(_ json: String, _ pointer: String) throws {
        let (answer, diagnostics) = try parse(json)
        #expect(answer == nil)
        #expect(diagnostics.map(\.code) == ["multiple-choice.answer-not-string"])
        #expect(diagnostics.first?.pointer == pointer)
    }

    @Test func everyProblemIsReportedInOneRun() throws {
        let (_, diagnostics) = try parse(#"["Frayed", 3, "Good", "Worn"]"#, for: belt(.single))
        // In source order: the list itself first, then its entries.
        #expect(
            diagnostics.map(\.code) == [
                "multiple-choice.too-many-answers", "multiple-choice.unknown-option",
                "multiple-choice.answer-not-string",
            ])
        #expect(diagnostics.map(\.pointer) == ["", "/0", "/1"])
    }

    @Test func flagsCompareSetsIgnoringCaseAndOrder() {
        let definition = belt(.atMost(2), accepted: ["Good", "Replaced"])
        #expect(type.flags(for: ["Replaced", "Good"], of: definition).isEmpty)
        #expect(type.flags(for: ["replaced", "GOOD"], of: definition).isEmpty)
        let flags = type.flags(for: ["Worn", "Good"], of: definition)
        #expect(flags.map(\.code) == ["multiple-choice.not-accepted"])
        #expect(flags.first?.message == "chosen: 'Worn' and 'Good'; expected: 'Good' and 'Replaced'")
    }

    @Test func choosingNothingDiffersFromAnAcceptedAnswer() {
        let flags = type.flags(for: [], of: belt(accepted: ["Good"]))
        #expect(flags.map(\.message) == ["chosen: nothing; expected: 'Good'"])
    }

    @Test func nothingIsFlaggedWithoutAnAcceptedAnswer() {
        #expect(type.flags(for: ["Cracked"], of: belt()).isEmpty)
        #expect(type.flags(for: [], of: belt()).isEmpty)
    }

    @Test func renderListsEveryOptionWithTheChosenOnesMarked() {
        let rendering = type.render(["Cracked", "Good"], of: belt(.atMost(2), accepted: ["Good"]))
        #expect(
            rendering.blocks == [
                .choices([
                    .init("Good", isChosen: true), .init("Worn", isChosen: false),
                    .init("Cracked", isChosen: true), .init("Replaced", isChosen: false),
                ]),
                .note("accepted: 'Good'"),
            ])
    }

    @Test(arguments: [nil, [String]()])
    func renderWithoutAnAnswerStillListsTheOptions(_ answer: [String]?) {
        let rendering = type.render(answer, of: belt())
        let options = ["Good", "Worn", "Cracked", "Replaced"]
        #expect(
            rendering.blocks == [.choices(options.map { .init($0, isChosen: false) }), .value("(no answer)")])
    }

    @Test func questionsOfATemplateReadAndFlagAnswers() throws {
        let json = #"""
            {"questions": [{"answer-type": "multiple-choice", "question": "Belt", "max-answers": 1,
                            "answers": ["Good", "Worn", ""], "acceptedAnswer": "Good"}]}
            """#
        let result = try TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all)).read(Array(json.utf8))
        let question = try #require(result.template?.questions.first)
        #expect(question.answerKey(in: .mi) == "check-boxes")
        let document = try #require(JSONParser.parse(Array(#"["worn"]"#.utf8)).document)
        var problems = ProblemCollector(document: document)
        let answer = try #require(question.parseAnswer(document.root, problems: &problems))
        #expect(question.isAnswered(answer))
        #expect(question.flags(for: answer).map(\.code) == ["multiple-choice.not-accepted"])
        #expect(question.encodeAnswer(answer).map { JSONWriter.text(of: $0, indent: 0) } == #"["Worn"]"#)
    }

    @Test func answerExamplesCoverEveryCode() {
        let examples = type.description.answerExamples
        let codes = Set(examples.flatMap(\.expected).map(\.code) + examples.flatMap(\.flags))
        for code in [
            "answer-not-string", "unknown-option", "duplicate-answer", "too-many-answers", "not-accepted",
        ] {
            #expect(codes.contains("multiple-choice." + code), "no answer example for \(code)")
        }
        #expect(examples.contains { $0.isAnswered == false })
        #expect(examples.contains { $0.isAnswered == true && $0.flags.isEmpty })
    }
}
