import QuestionKitForms
import QuestionTypes

/// The built-in types, registered: they cannot clash (their identifiers differ, which the
/// registry's own tests hold), so a failure here is a broken build, not an input.
let builtInRegistry: QuestionTypeRegistry = {
    do {
        return try QuestionTypeRegistry(BuiltInQuestionTypes.all)
    } catch {
        fatalError("the built-in types do not register: \(error)")
    }
}()
