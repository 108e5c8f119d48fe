import QuestionKitTesting
import Testing

/// The checks the built-in types get, over every type of the `fieldkit` registry (built-in ones
/// included: adding ours must not break theirs): each example, each answer example, and the
/// registry's self-check.
let fieldKitChecks = QuestionTypeChecks(FieldRegistry.allTypes)

// One test case per check ("rating: No scale").
@Test("Question types of fieldkit", arguments: fieldKitChecks.checks)
func fieldKitTypeHolds(_ check: QuestionTypeCheck) {
    check.expectPass()
}

@Test func ourTypesAreChecked() throws {
    #expect(try FieldRegistry.make().identifiers.suffix(2) == ["date", "rating"])
    let names = fieldKitChecks.checks.map(\.name)
    for identifier in ["date", "rating"] {
        #expect(names.contains { $0.hasPrefix("\(identifier): ") && !$0.contains(": answer '") })
        #expect(names.contains { $0.hasPrefix("\(identifier): answer '") })
    }
}
