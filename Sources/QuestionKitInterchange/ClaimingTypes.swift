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
        // By position: each type and identifier copied (and released) for each row asked, as a zip of
        // the two arrays did, only for the one that takes it.
        let types = registry.types
        var found: Int?
        for index in types.indices where claims(types[index]) {
            guard let first = found else {
                found = index
                continue
            }
            alsoClaimed(identifiers[index], identifiers[first])
        }
        return found.map { (types[$0], identifiers[$0]) }
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
