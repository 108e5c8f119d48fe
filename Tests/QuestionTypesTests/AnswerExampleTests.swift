import QuestionKit
import QuestionTypes
import Testing

/// The outcome of one answer example of one built-in question type, named so that each shows as
/// its own test case.
struct AnswerExampleCase: Sendable, CustomTestStringConvertible {
    let typeIdentifier: String
    let outcome: ExampleChecker.AnswerOutcome

    var testDescription: String { "\(typeIdentifier): \(outcome.example.title)" }

    // Empty when the built-in types do not register; `builtInTypesCarryAnswerExamples` reports that.
    static let all: [AnswerExampleCase] = {
        guard let registry = try? BuiltInQuestionTypes.registry() else { return [] }
        return ExampleChecker(registry: registry).checkAllAnswers().map {
            AnswerExampleCase(typeIdentifier: $0.type.identifier, outcome: $0.outcome)
        }
    }()
}

// Every answer example of every built-in type must read, count and flag exactly as it says.
@Test("Built-in answer examples", arguments: AnswerExampleCase.all)
func answerExampleHolds(_ exampleCase: AnswerExampleCase) {
    #expect(exampleCase.outcome.passed, Comment(rawValue: exampleCase.outcome.failureDescription))
}

@Test func builtInTypesCarryAnswerExamples() throws {
    _ = try BuiltInQuestionTypes.registry()
    #expect(!AnswerExampleCase.all.isEmpty)
}
