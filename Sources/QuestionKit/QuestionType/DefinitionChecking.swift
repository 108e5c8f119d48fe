/// Reading a question only to check it, the way `validate` reads a template: the definition is
/// dropped as soon as it is read.
///
/// Package-only, so that a type outside the package never sees a requirement it must not
/// implement. A built-in type conforms with the one-line body written out (`parseDefinition(…) !=
/// nil`): the default below is not specialized for the type, and then looks up the metadata of its
/// optional result on every question. A type with a cheaper way to check than to build
/// (multiple choice makes no `String` per option) implements it. Other types are checked through
/// `DefinitionCheck.checker(for:)`, unspecialized.
package protocol DefinitionChecking: Sendable {
    /// Whether the question reads as a usable definition, reporting every problem as
    /// `parseDefinition` does; the definition itself is dropped.
    func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool
}

extension DefinitionChecking where Self: QuestionType {
    // Inlinable, so each conformance's witness is specialized in the module of its type.
    @inlinable
    package func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool {
        parseDefinition(of: question, problems: &problems) != nil
    }
}

/// How the engine checks questions of a type: by the type's own conformance when it has one.
package enum DefinitionCheck {
    /// The checker for `type`: itself when it conforms to `DefinitionChecking`, else a generic one.
    package static func checker(for type: any QuestionType) -> any DefinitionChecking {
        (type as? any DefinitionChecking) ?? Unspecialized(type: type)
    }

    /// Opens the existential per question and reads the definition without boxing it.
    private struct Unspecialized: DefinitionChecking {
        let type: any QuestionType

        func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool {
            type.readsDefinition(of: question, problems: &problems)
        }
    }
}

extension QuestionType {
    fileprivate func readsDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool {
        parseDefinition(of: question, problems: &problems) != nil
    }
}
