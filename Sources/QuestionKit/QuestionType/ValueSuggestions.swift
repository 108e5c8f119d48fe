/// A question type that can list the values an author may write for its questions, so that an
/// editor completes them: the option texts an answer names, the cells (`"r,c"`) of a table.
///
/// Optional: a type without it gets no value completion, and loses nothing else.
public protocol SuggestsValues: QuestionType {
    /// The values an author may write for a question read as `definition`: in an answer to it
    /// (`key` nil, in a fixture), or in the value of one of its keys (`acceptedAnswer`, or a key of
    /// the type's own such as a table's `noCells`). Empty where nothing is known.
    func suggestedValues(for definition: Definition, at key: Key?) -> [String]
}

extension SuggestsValues {
    // Opens the existential for the engine, which holds definitions as `any Sendable`.
    package func suggestedValues(erased definition: any Sendable, at key: Key?) -> [String] {
        guard let definition = definition as? Definition else { return [] }
        return suggestedValues(for: definition, at: key)
    }
}
