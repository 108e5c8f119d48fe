import QuestionKit
import QuestionKitForms

/// The registered types as the readers of other formats ask them: the first that claims a foreign
/// kind takes it; every other that claims it too is named, so that an ambiguity is reported.
struct ClaimingTypes: Sendable {
    let registry: QuestionTypeRegistry
    let identifiers: [String]

    init(registry: QuestionTypeRegistry) {
        self.registry = registry
        identifiers = registry.types.map(\.description.identifier)
    }

    /// The first type for which `claims` holds, with its identifier; `alsoClaimed` is told each
    /// later one (its identifier, and the first's).
    func claimant(
        _ claims: (any QuestionType) -> Bool, alsoClaimed: (_ other: String, _ first: String) -> Void
    ) -> (any QuestionType, String)? {
        var found: (any QuestionType, String)?
        for (type, identifier) in zip(registry.types, identifiers) where claims(type) {
            guard let first = found else {
                found = (type, identifier)
                continue
            }
            alsoClaimed(identifier, first.1)
        }
        return found
    }
}

extension QuestionTypeRegistry {
    /// The identifier of the question's type, from the registry's descriptions (a type's own
    /// `description` is computed at each call: examples and all), for the writers' reports.
    func identifier(of question: Question) -> String {
        let wanted = ObjectIdentifier(Swift.type(of: question.type))
        let index = types.firstIndex { ObjectIdentifier(Swift.type(of: $0)) == wanted }
        return index.map { descriptions[$0].identifier } ?? "?"
    }
}
