import QuestionKit
import QuestionTypes
import Testing

// The built-in registry passes its own self-check: every type has a summary, a valid example,
// examples that hold, distinct identifiers, and schema properties only for keys it reads. (A tool
// runs the same check at startup in debug builds.)
@Test func builtInTypesPassTheRegistrySelfCheck() {
    let problems = QuestionTypeRegistry.selfCheck(BuiltInQuestionTypes.all)
    #expect(problems.isEmpty, Comment(rawValue: problems.joined(separator: "\n")))
}
