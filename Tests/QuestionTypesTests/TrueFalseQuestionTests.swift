import QuestionKit
import QuestionKitForms
import QuestionTypes
import Testing

/// Reads `members` as a true/false question with the type alone (no shared-field checks).
private func read(_ members: String) throws -> (definition: TrueFalseDefinition?, diagnostics: [Diagnostic]) {
    let json = #"{"answer-type": "true/false", "question": "Is the guard rail secured?""# + members + "}"
    let document = try #require(JSONParser.parse(Array(json.utf8)).document)
    var problems = ProblemCollector(document: document)
    let question = QuestionJSON(node: document.root, keys: .mi, number: 1)
    let definition = TrueFalseQuestion().parseDefinition(of: question, problems: &problems)
    return (definition, problems.diagnostics())
}

@Suite("True/false")
struct TrueFalseQuestionTests {
    @Test(arguments: [
        ("True", true), ("YES", true), (" yes ", true), ("true", true),
        ("False", false), ("no", false), ("NO", false), ("fAlSe", false),
    ])
    func yesIsTrueAndNoIsFalseInAnyCase(_ text: String, _ value: Bool) throws {
        #expect(TrueFalseDefinition.value(of: text) == value)
        let (definition, diagnostics) = try read(#", "acceptedAnswer": "\#(text)""#)
        #expect(diagnostics.isEmpty)
        #expect(definition?.acceptedAnswer == value)
    }

    @Test(arguments: ["Maybe", "", "none", "y", "1", "t rue"])
    func otherTextIsNoValue(_ text: String) {
        #expect(TrueFalseDefinition.value(of: text) == nil)
    }

    @Test func oneItemListIsTheStoredAnswerShape() throws {
        let (definition, diagnostics) = try read(#", "acceptedAnswer": ["No"]"#)
        #expect(diagnostics.isEmpty)
        #expect(definition?.acceptedAnswer == false)
    }

    @Test(arguments: ["", #", "acceptedAnswer": """#, #", "acceptedAnswer": "None""#, #", "acceptedAnswer": null"#])
    func nothingToCheck(_ accepted: String) throws {
        let (definition, diagnostics) = try read(accepted)
        #expect(diagnostics.isEmpty)
        #expect(definition == TrueFalseDefinition(acceptedAnswer: nil))
    }

    @Test func answersAndMaxAnswersAreFillerAndIgnored() throws {
        let (definition, diagnostics) = try read(#", "answers": ["yes", 3, {}], "max-answers": "x""#)
        #expect(diagnostics.isEmpty)
        #expect(definition?.acceptedAnswer == nil)
    }

    @Test func invalidValueListsTheValidOnesAndSuggests() throws {
        let (definition, diagnostics) = try read(#", "acceptedAnswer": "Ture""#)
        let diagnostic = try #require(diagnostics.first)
        #expect(diagnostic.code == "true-false.invalid-accepted-answer")
        #expect(
            diagnostic.message == "'acceptedAnswer' is 'Ture'; valid values are 'True', 'False', 'Yes' or 'No' "
                + "(in any case), or 'none'")
        #expect(diagnostic.hint == "Did you mean 'True'?")
        // A bad accepted answer leaves the question usable, with nothing to check.
        #expect(definition?.acceptedAnswer == nil)
    }

    @Test func jsonBooleanIsRejectedWithAFix() throws {
        let (_, diagnostics) = try read(#", "acceptedAnswer": false"#)
        #expect(diagnostics.map(\.code) == ["true-false.accepted-answer-not-string"])
        #expect(diagnostics.first?.message.contains("not false") == true)
        #expect(diagnostics.first?.hint == #"Write it as a string: "False"."#)
    }

    @Test func twoValuesAreNotOneAnswer() throws {
        let (_, diagnostics) = try read(#", "acceptedAnswer": ["Yes", "No"]"#)
        #expect(diagnostics.map(\.pointer) == ["/acceptedAnswer"])
        #expect(diagnostics.first?.message.contains("lists 2 values") == true)
    }

    @Test func typeIsInferredFromLegacyCode() {
        let type = TrueFalseQuestion()
        #expect(type.description.identifier == "true/false")
        #expect(type.description.legacyTypeCode == "2")
        #expect(type.description.infersTypeFromLegacyCode)
        #expect(MultipleChoiceQuestion().description.legacyTypeCode == "4")
        #expect(!MultipleChoiceQuestion().description.infersTypeFromLegacyCode)
    }

    @Test func examplesCoverEveryCode() {
        let examples = TrueFalseQuestion().description.examples
        #expect(examples.count { $0.isValid && $0.expected.isEmpty } >= 3)
        let codes = Set(examples.flatMap(\.expected).map(\.code))
        for code in ["invalid-accepted-answer", "accepted-answer-not-string", "accepted-answer-not-single"] {
            #expect(codes.contains("true-false." + code), "no example for \(code)")
        }
    }
}
