import QuestionKit
import QuestionTypes
import Testing

/// The registry's own checks (examples, summaries, documentation, schema keys) pass for the
/// tool's types, as they do for the built-in ones.
@Test func theToolsRegistryPassesItsSelfCheck() throws {
    #expect(QuestionTypeRegistry.selfCheck(BuiltInQuestionTypes.all + FieldRegistry.ownTypes) == [])
}
