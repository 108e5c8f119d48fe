import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Example checker")
struct ExampleCheckerTests {
    private func check(_ example: QuestionExample, of type: any QuestionType = YesNoTestQuestion()) throws
        -> ExampleChecker.Outcome
    {
        try ExampleChecker(registry: Fixture.registry()).check(example, of: type)
    }

    @Test func aPassingExamplePasses() throws {
        let outcome = try check(
            .invalid(
                "Strict must be a boolean", #"{"answer-type": "yes-no", "question": "OK?", "strict": "yes"}"#,
                .error(YesNoTestQuestion.Code.strictNotBoolean, at: "/strict")))
        #expect(outcome.passed)
        #expect(outcome.readAsType)
        #expect(outcome.missing.isEmpty)
        #expect(outcome.unexpected.isEmpty)
        #expect(outcome.diagnostics.seen == [Seen(.error, "yes-no.strict-not-boolean", "/strict", 1, 56)])
        #expect(outcome.failureDescription == "example 'Strict must be a boolean' (\(outcome.example.source)):")
    }

    @Test func anExpectedDiagnosticThatIsNotProducedIsMissing() throws {
        let expected = ExpectedDiagnostic.error(YesNoTestQuestion.Code.strictNotBoolean, at: "/strict")
        let outcome = try check(
            .invalid(
                "Strict must be a boolean", #"{"answer-type": "yes-no", "question": "OK?", "strict": true}"#, expected))
        #expect(!outcome.passed)
        #expect(outcome.readAsType)
        #expect(outcome.missing == [expected])
        #expect(outcome.unexpected.isEmpty)
        #expect(
            outcome.failureDescription == """
                example 'Strict must be a boolean' (\(outcome.example.source)):
                  expected error yes-no.strict-not-boolean at '/strict', not produced
                """)
    }

    @Test func aDiagnosticTheExampleDoesNotExpectIsUnexpected() throws {
        let outcome = try check(.valid("Clean", #"{"answer-type": "yes-no", "question": "OK?", "strcit": true}"#))
        #expect(!outcome.passed)
        #expect(outcome.missing.isEmpty)
        #expect(outcome.unexpected.seen == [Seen(.error, "question.unknown-key", "/strcit", 1, 46)])
        #expect(
            outcome.failureDescription == """
                example 'Clean' (\(outcome.example.source)):
                  unexpected error question.unknown-key at '/strcit': unknown key 'strcit' in a yes-no question
                """)
    }

    @Test func aDiagnosticAtTheWrongPointerIsBothMissingAndUnexpected() throws {
        let outcome = try check(
            .invalid(
                "Wrong place", #"{"answer-type": "yes-no", "question": "OK?", "strict": 1}"#,
                .error(YesNoTestQuestion.Code.strictNotBoolean, at: "")))
        #expect(!outcome.passed)
        #expect(outcome.missing == [.error(YesNoTestQuestion.Code.strictNotBoolean, at: "")])
        #expect(outcome.unexpected.map(\.pointer) == ["/strict"])
    }

    @Test func theSeverityMustMatchToo() throws {
        let outcome = try check(
            .invalid(
                "Wrong severity", #"{"answer-type": "yes-no", "question": ""}"#,
                .error(QuestionCode.emptyText, at: "/question")))
        #expect(!outcome.passed)
        #expect(outcome.missing == [.error(QuestionCode.emptyText, at: "/question")])
        #expect(outcome.unexpected.seen == [Seen(.warning, "question.empty-text", "/question", 1, 39)])
    }

    @Test func aValidExampleMayListItsWarnings() throws {
        let example = QuestionExample.valid(
            "Inferred", #"{"qid": "2", "question": "OK?"}"#,
            warnings: [.warning(QuestionCode.answerTypeInferred, at: "")])
        #expect(example.isValid)
        let outcome = try check(example)
        #expect(outcome.passed)
        #expect(outcome.readAsType)
    }

    @Test func anExampleOfAnotherTypeIsNotReadAsThisType() throws {
        let outcome = try check(.valid("Score", #"{"answer-type": "score", "question": "Rate", "max-score": 5}"#))
        #expect(outcome.diagnostics.isEmpty)
        #expect(!outcome.readAsType)
        #expect(!outcome.passed)
        #expect(
            outcome.failureDescription == """
                example 'Score' (\(outcome.example.source)):
                  is not read as the type that carries it
                """)
    }

    @Test func anUnreadableExampleStillCountsAsItsTypeWhenItNamesIt() throws {
        let outcome = try check(
            .invalid(
                "No max", #"{"answer-type": "score", "question": "Rate"}"#,
                .error(ScoreTestQuestion.Code.missingMaxScore, at: "")),
            of: ScoreTestQuestion())
        #expect(outcome.readAsType)
        #expect(outcome.passed)
    }

    @Test func anExampleThatIsNotJSONFails() throws {
        let outcome = try check(.valid("Broken", #"{"answer-type": "yes-no", "question": "OK?""#))
        #expect(!outcome.passed)
        #expect(!outcome.readAsType)
        #expect(outcome.unexpected.map(\.code) == ["json.unexpected-end"])
    }

    /// Codes that are only letters, for examples that are never read.
    enum Letter: String, DiagnosticCode { case x, y }

    @Test func examplesWithOnlyWarningsAreValid() {
        #expect(QuestionExample.invalid("W", "{}", .warning(Letter.x, at: "")).isValid)
        #expect(!QuestionExample.invalid("E", "{}", .warning(Letter.x, at: ""), .error(Letter.y, at: "/a")).isValid)
        #expect(ExpectedDiagnostic.error(Letter.y, at: "/a").description == "error y at '/a'")
    }

    @Test func everyExampleOfTheTestTypesHolds() throws {
        let outcomes = try ExampleChecker(registry: Fixture.registry()).checkAll()
        #expect(outcomes.count == 7)
        for (type, outcome) in outcomes {
            #expect(outcome.passed, "\(type.description.identifier): \(outcome.failureDescription)")
        }
    }
}
