import QuestionKit

extension Question {
    /// The values its type suggests at `key` (nil: in an answer); empty for a type that does not.
    public func suggestedValues(at key: Key?) -> [String] {
        guard let type = type as? any SuggestsValues else { return [] }
        return type.suggestedValues(erased: definition, at: key)
    }
}
