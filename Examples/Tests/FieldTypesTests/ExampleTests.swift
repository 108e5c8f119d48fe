import QuestionKit
import Testing

/// One example of one registered question type, named so that each shows as its own test case.
struct ExampleCase: Sendable, CustomTestStringConvertible {
    let typeIdentifier: String
    let index: Int
    let title: String

    var testDescription: String { "\(typeIdentifier): \(title)" }

    // Every type of the tool's registry, built-in ones included: adding ours must not break theirs.
    // Empty when the types do not register; `theToolsTypesRegister` reports that.
    static let all: [ExampleCase] = ((try? FieldRegistry.make())?.types ?? []).flatMap { type in
        type.examples.enumerated().map { index, example in
            ExampleCase(typeIdentifier: type.identifier, index: index, title: example.title)
        }
    }
}

// The same harness as the built-in types' ExampleTests: every example produces exactly the
// diagnostics it lists.
@Test("Question type examples", arguments: ExampleCase.all)
func exampleHolds(_ exampleCase: ExampleCase) throws {
    let registry = try FieldRegistry.make()
    let type = try #require(registry.type(for: exampleCase.typeIdentifier))
    let examples = type.examples
    try #require(examples.indices.contains(exampleCase.index))
    let outcome = ExampleChecker(registry: registry).check(examples[exampleCase.index], of: type)
    #expect(outcome.passed, Comment(rawValue: outcome.failureDescription))
}

@Test func theToolsTypesRegister() throws {
    let registry = try FieldRegistry.make()
    #expect(registry.identifiers.suffix(2) == ["date", "rating"])
    #expect(ExampleCase.all.contains { $0.typeIdentifier == "date" })
    #expect(ExampleCase.all.contains { $0.typeIdentifier == "rating" })
}
