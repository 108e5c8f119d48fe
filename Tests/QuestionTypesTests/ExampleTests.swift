import QuestionKit
import QuestionTypes
import Testing

/// One example of one built-in question type, named so that each shows as its own test case.
struct ExampleCase: Sendable, CustomTestStringConvertible {
    let typeIdentifier: String
    let index: Int
    let title: String

    var testDescription: String { "\(typeIdentifier): \(title)" }

    static let all: [ExampleCase] = BuiltInQuestionTypes.all.flatMap { type in
        type.examples.enumerated().map { index, example in
            ExampleCase(typeIdentifier: type.identifier, index: index, title: example.title)
        }
    }
}

// Every example of every built-in type must produce exactly the diagnostics it lists.
@Test("Built-in question type examples", arguments: ExampleCase.all)
func exampleHolds(_ exampleCase: ExampleCase) throws {
    let registry = try BuiltInQuestionTypes.registry()
    let type = try #require(registry.type(for: exampleCase.typeIdentifier))
    let examples = type.examples
    try #require(examples.indices.contains(exampleCase.index))
    let example = examples[exampleCase.index]
    let outcome = ExampleChecker(registry: registry).check(example, of: type)
    #expect(outcome.passed, Comment(rawValue: outcome.failureDescription))
}
