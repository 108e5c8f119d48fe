import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

/// Reads `members` as a multiple-choice question with the type alone (no shared-field checks).
private func read(
    _ members: String, keys: KeyMap = .mi
) throws -> (definition: MultipleChoiceDefinition?, diagnostics: [Diagnostic]) {
    let json = #"{"answer-type": "multiple-choice", "question": "Condition of the drive belt", "# + members + "}"
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let question = QuestionJSON(node: document.root, keys: keys, number: 1)
    let definition = MultipleChoiceQuestion().parseDefinition(of: question, problems: &problems)
    return (definition, problems.diagnostics())
}

private let beltOptions = #""answers": ["Good", "Worn", "Cracked", "Replaced"]"#

@Suite("Multiple choice")
struct MultipleChoiceQuestionTests {
    @Test func singleChoiceReadsOptionsLimitAndAcceptedAnswer() throws {
        let (definition, diagnostics) = try read(#"\#(beltOptions), "max-answers": 1, "acceptedAnswer": "good""#)
        #expect(diagnostics.isEmpty)
        let read = try #require(definition)
        #expect(read.options == ["Good", "Worn", "Cracked", "Replaced"])
        #expect(read.selectionLimit == .single)
        #expect(read.acceptedAnswer == ["Good"])
    }

    @Test func maxAnswersAsStringAndAcceptedListUseTheOptionsSpelling() throws {
        let (definition, diagnostics) = try read(
            #"\#(beltOptions), "max-answers": " 2 ", "acceptedAnswer": [" worn", "CRACKED"]"#)
        #expect(diagnostics.isEmpty)
        #expect(definition?.selectionLimit == .atMost(2))
        #expect(definition?.acceptedAnswer == ["Worn", "Cracked"])
    }

    @Test func blankPaddingIsNotAnOption() throws {
        let (definition, diagnostics) = try read(#""answers": ["Good", "", "Worn", "  ", ""], "max-answers": 0"#)
        // Only a note, with its fix (see MultipleChoicePaddingTests).
        #expect(diagnostics.map(\.code) == ["multiple-choice.blank-options"])
        #expect(diagnostics.map(\.severity) == [.note])
        #expect(definition?.options == ["Good", "Worn"])
        #expect(definition?.selectionLimit == .any)
    }

    @Test(arguments: ["", #", "acceptedAnswer": """#, #", "acceptedAnswer": " NONE ""#, #", "acceptedAnswer": null"#])
    func nothingToCheck(_ accepted: String) throws {
        let (definition, diagnostics) = try read(beltOptions + accepted)
        #expect(diagnostics.isEmpty)
        #expect(definition?.selectionLimit == .any)
        #expect(definition != nil && definition?.acceptedAnswer == nil)
    }

    @Test func matchesOptionsIgnoringCaseAndSpaces() {
        let definition = MultipleChoiceDefinition(options: ["Good", "Worn"], selectionLimit: .single)
        #expect(definition.option(matching: " worn ") == "Worn")
        #expect(definition.indexOfOption(matching: "GOOD") == 0)
        #expect(definition.option(matching: "Frayed") == nil)
        #expect(definition.option(matching: "  ") == nil)
    }

    @Test func selectionLimitFromMaxAnswers() {
        typealias Limit = MultipleChoiceDefinition.SelectionLimit
        #expect(Limit(maxAnswers: 0) == .any)
        #expect(Limit(maxAnswers: 1) == .single)
        #expect(Limit(maxAnswers: 3) == .atMost(3))
        #expect(Limit(maxAnswers: -1) == nil)
        #expect(Limit.atMost(3).allows(3) && !Limit.atMost(3).allows(4))
        #expect(Limit.single.maximum == 1 && Limit.any.maximum == nil && Limit.any.allows(100))
    }

    @Test func maxAnswersAboveOptionsQuotesBothNumbers() throws {
        let (_, diagnostics) = try read(#"\#(beltOptions), "max-answers": 7"#)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostics.count == 1)
        #expect(diagnostic.code == "multiple-choice.max-answers-exceeds-options")
        #expect(diagnostic.message == "'max-answers' is 7 but there are only 4 options")
        #expect(diagnostic.hint?.contains("at most 4") == true)
    }

    @Test func nonNumericMaxAnswersQuotesTheValue() throws {
        let (definition, diagnostics) = try read(#"\#(beltOptions), "max-answers": "two""#)
        #expect(diagnostics.map(\.message) == [#"'max-answers' must be a whole number such as 1 or "2", not 'two'"#])
        // The question stays readable; the limit falls back to any number.
        #expect(definition?.selectionLimit == .any)
    }

    @Test func unknownAcceptedAnswerSuggestsTheNearestOption() throws {
        let (definition, diagnostics) = try read(#"\#(beltOptions), "acceptedAnswer": ["Worn", "Craked"]"#)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.pointer == "/acceptedAnswer/1")
        #expect(diagnostic.message.contains("'Craked'"))
        #expect(diagnostic.message.contains("'Good', 'Worn', 'Cracked' or 'Replaced'"))
        #expect(diagnostic.hint?.hasPrefix("Did you mean 'Cracked'?") == true)
        #expect(definition?.acceptedAnswer == nil)
    }

    @Test func duplicateOptionKeepsTheFirstAndNamesBoth() throws {
        let (definition, diagnostics) = try read(#""answers": ["Good", "Worn", " good"]"#)
        #expect(definition?.options == ["Good", "Worn"])
        #expect(diagnostics.map(\.pointer) == ["/answers/2"])
        #expect(diagnostics.first?.message.contains("option 3 ' good' repeats option 1 'Good'") == true)
    }

    @Test func tooManyAcceptedOptionsForTheLimit() throws {
        let (_, diagnostics) = try read(
            #"\#(beltOptions), "max-answers": "2", "acceptedAnswer": ["Good", "Worn", "Cracked"]"#)
        #expect(diagnostics.map(\.code) == ["multiple-choice.accepted-answer-exceeds-max-answers"])
        #expect(diagnostics.first?.message.contains("lists 3 options but 'max-answers' allows at most 2") == true)
    }

    @Test func noUsableOptionsGivesNoDefinitionButStillChecksTheRest() throws {
        let (definition, diagnostics) = try read(#""answers": "Good, Worn", "max-answers": -2, "acceptedAnswer": 3"#)
        #expect(definition == nil)
        #expect(
            diagnostics.map(\.code) == [
                "multiple-choice.answers-not-array", "multiple-choice.max-answers-negative",
                "multiple-choice.accepted-answer-not-string",
            ])
    }

    @Test func keysComeFromTheKeyMap() throws {
        let keys = KeyMap(overrides: ["answers": "options", "maxAnswers": "limit"])
        let (definition, diagnostics) = try read(
            #""options": ["Good", "Worn"], "limit": 1, "acceptedAnswer": "Worn""#, keys: keys)
        #expect(diagnostics.isEmpty)
        #expect(
            definition
                == MultipleChoiceDefinition(
                    options: ["Good", "Worn"], selectionLimit: .single, acceptedAnswer: ["Worn"]))
    }

    @Test func repeatsAreFoundInShortAndLongLists() throws {
        // Up to 16 options are searched in order, more in a dictionary: both find the first.
        for count in [3, 16, 17, 40] {
            let options = (1...count).map { "\"Option \($0)\"" } + ["\" option \(count - 1) \""]
            let read = try read(#""answers": ["# + options.joined(separator: ", ") + "]")
            let repeats = read.diagnostics.filter { $0.code == "multiple-choice.duplicate-option" }
            #expect(repeats.count == 1, "\(count) options")
            #expect(repeats.first?.message.contains("repeats option \(count - 1) 'Option \(count - 1)'") == true)
            #expect(read.definition == nil || read.definition?.options.count == count)
        }
    }

    @Test func examplesCoverEveryCode() {
        let examples = MultipleChoiceQuestion().description.examples
        #expect(examples.count { $0.isValid && $0.expected.isEmpty } >= 3)
        let codes = Set(examples.flatMap(\.expected).map(\.code))
        for code in [
            "missing-answers", "answers-not-array", "option-not-string", "no-options", "duplicate-option",
            "max-answers-negative", "max-answers-not-number", "max-answers-not-integer",
            "max-answers-exceeds-options", "unknown-accepted-answer", "accepted-answer-not-string",
            "accepted-answer-empty", "accepted-answer-exceeds-max-answers", "accepted-answer-none-is-option",
            "duplicate-accepted-answer",
        ] {
            #expect(codes.contains("multiple-choice." + code), "no example for \(code)")
        }
    }
}
