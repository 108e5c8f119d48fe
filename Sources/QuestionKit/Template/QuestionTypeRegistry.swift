/// The question types a program knows, by `answer-type` value.
///
/// Build it once at startup from the built-in types plus any of your own. Two types claiming the
/// same identifier or alias is a programming error, reported by the initializer so that a tool
/// fails at startup rather than reading questions with the wrong type.
public struct QuestionTypeRegistry: Sendable {
    /// The registered types, in registration order.
    public let types: [any QuestionType]
    private let byIdentifier: [String: Int]
    private let byInferableLegacyCode: [String: Int]

    public init(_ types: [any QuestionType]) throws(RegistrationError) {
        var byIdentifier: [String: Int] = [:]
        var byInferableLegacyCode: [String: Int] = [:]
        for (position, type) in types.enumerated() {
            for identifier in type.allIdentifiers {
                guard !identifier.isEmpty else { throw .emptyIdentifier(typeName: "\(Swift.type(of: type))") }
                if let earlier = byIdentifier[identifier] {
                    throw .duplicateIdentifier(
                        identifier, first: "\(Swift.type(of: types[earlier]))", second: "\(Swift.type(of: type))")
                }
                byIdentifier[identifier] = position
            }
            if type.infersTypeFromLegacyCode, let code = type.legacyTypeCode {
                if let earlier = byInferableLegacyCode[code] {
                    throw .duplicateLegacyCode(
                        code, first: "\(Swift.type(of: types[earlier]))", second: "\(Swift.type(of: type))")
                }
                byInferableLegacyCode[code] = position
            }
        }
        self.types = types
        self.byIdentifier = byIdentifier
        self.byInferableLegacyCode = byInferableLegacyCode
    }

    /// The type selected by an `answer-type` value (identifier or alias).
    public func type(for identifier: String) -> (any QuestionType)? {
        byIdentifier[identifier].map { types[$0] }
    }

    /// The type to infer for a question with this legacy `qid` and no `answer-type`, if any.
    public func typeInferred(fromLegacyCode code: String) -> (any QuestionType)? {
        byInferableLegacyCode[code].map { types[$0] }
    }

    /// The primary identifiers of all types, in registration order.
    public var identifiers: [String] { types.map(\.identifier) }

    /// Every key the core and the registered types read: what a key-map file may rename.
    public var allKeys: [Key] {
        Self.unique(
            Key.templateKeys + Key.sharedQuestionKeys + Key.helpKeys + Key.userAnswerKeys
                + [.foremanCommentText, .supervisor] + types.flatMap { $0.keys + $0.nestedKeys + [$0.answerKey] })
    }

    /// The groups of keys that share one JSON object: the template's, a question's (the shared
    /// keys and every type's own), `helpInfo`'s, a help image's, `user-answer`'s,
    /// `foremanComment`'s, and each type's nested keys. Two keys of one group must never be
    /// spelled alike.
    public var keyScopes: [[Key]] {
        [
            Key.templateKeys, Self.unique(Key.sharedQuestionKeys + types.flatMap(\.keys)),
            [.helpText, .helpImages], [.helpImageText, .helpImage],
            Self.unique(Key.userAnswerKeys + types.map(\.answerKey)), [.foremanCommentText, .supervisor],
        ] + types.map(\.nestedKeys).filter { !$0.isEmpty }
    }

    private static func unique(_ keys: [Key]) -> [Key] {
        var seen = Set<Key>()
        return keys.filter { seen.insert($0).inserted }
    }
}

/// A mistake in how question types were registered.
public enum RegistrationError: Error, Equatable, CustomStringConvertible {
    case duplicateIdentifier(String, first: String, second: String)
    case duplicateLegacyCode(String, first: String, second: String)
    case emptyIdentifier(typeName: String)

    public var description: String {
        switch self {
        case let .duplicateIdentifier(identifier, first, second):
            "question type '\(identifier)' is registered twice, by \(first) and by \(second)"
        case let .duplicateLegacyCode(code, first, second):
            "legacy qid '\(code)' is inferred by two types, \(first) and \(second)"
        case let .emptyIdentifier(typeName):
            "\(typeName) has an empty identifier or alias"
        }
    }
}
