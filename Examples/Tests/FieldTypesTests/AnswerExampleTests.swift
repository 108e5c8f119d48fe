import QuestionKit
import Testing

/// The outcome of one answer example of one registered question type, named so that each shows
/// as its own test case.
struct AnswerExampleCase: Sendable, CustomTestStringConvertible {
    let typeIdentifier: String
    let outcome: ExampleChecker.AnswerOutcome

    var testDescription: String { "\(typeIdentifier): \(outcome.example.title)" }

    // Empty when the types do not register; `theToolsTypesRegister` reports that.
    static let all: [AnswerExampleCase] = {
        guard let registry = try? FieldRegistry.make() else { return [] }
        return ExampleChecker(registry: registry).checkAllAnswers().map {
            AnswerExampleCase(typeIdentifier: $0.type.identifier, outcome: $0.outcome)
        }
    }()
}

// The same harness as the built-in types' AnswerExampleTests: every answer example reads, counts
// and flags exactly as it says.
@Test("Answer examples", arguments: AnswerExampleCase.all)
func answerExampleHolds(_ exampleCase: AnswerExampleCase) {
    #expect(exampleCase.outcome.passed, Comment(rawValue: exampleCase.outcome.failureDescription))
}

@Test func ourTypesCarryAnswerExamples() {
    let identifiers = Set(AnswerExampleCase.all.map(\.typeIdentifier))
    #expect(identifiers.isSuperset(of: ["date", "rating"]))
}
