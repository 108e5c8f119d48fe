import QuestionKitTesting
import QuestionTypes
import TestSupport
import Testing

/// The checks every question type goes through, over the built-in types: each example, each
/// answer example, the registry's self-check, and the committed pages in Docs/QuestionTypes.
let builtInChecks = QuestionTypeChecks(
    BuiltInQuestionTypes.all,
    documentation: DocumentationPages(
        folder: packageRoot + "/Docs/QuestionTypes",
        refreshCommand: "swift run questionkit docs --out Docs/QuestionTypes"))

// One test case per check ("multiple-choice: max-answers above the number of options").
@Test("Built-in question types", arguments: builtInChecks.checks)
func builtInTypeHolds(_ check: QuestionTypeCheck) {
    check.expectPass()
}

@Test func everyBuiltInTypeCarriesExamplesAndAnswerExamples() {
    let names = builtInChecks.checks.map(\.name)
    for type in BuiltInQuestionTypes.all {
        #expect(names.contains { $0.hasPrefix("\(type.description.identifier): ") && !$0.contains(": answer '") })
        #expect(names.contains { $0.hasPrefix("\(type.description.identifier): answer '") })
    }
}
