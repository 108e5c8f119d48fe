import QuestionKit

/// The question types a program knows, by `answer-type` value.
///
/// Build it once at startup from the built-in types plus any of your own. Two types claiming the
/// same identifier or alias is a programming error, reported by the initializer so that a tool
/// fails at startup rather than reading questions with the wrong type.
public struct QuestionTypeRegistry: Sendable {
    /// The registered types, in registration order.
    public let types: [any QuestionType]
    /// The description of each type, read once at registration, in the order of `types`.
    package let descriptions: [QuestionTypeDescription]
    private let byIdentifier: [String: Int]
    private let byInferableLegacyCode: [String: Int]

    /// A registry of `types`, in that order; throws on the first identifier, alias or inferred
    /// `qid` that two types claim, or an empty identifier (`selfCheck(_:keys:)` lists them all).
    public init(_ types: [any QuestionType]) throws(RegistrationError) {
        var byIdentifier: [String: Int] = [:]
        var byInferableLegacyCode: [String: Int] = [:]
        let descriptions = types.map(\.description)
        for (position, (type, description)) in zip(types, descriptions).enumerated() {
            for identifier in description.allIdentifiers {
                guard !identifier.isEmpty else { throw .emptyIdentifier(typeName: "\(Swift.type(of: type))") }
                if let earlier = byIdentifier[identifier] {
                    throw .duplicateIdentifier(
                        identifier, first: "\(Swift.type(of: types[earlier]))", second: "\(Swift.type(of: type))")
                }
                byIdentifier[identifier] = position
            }
            if description.infersTypeFromLegacyCode, let code = description.legacyTypeCode {
                if let earlier = byInferableLegacyCode[code] {
                    throw .duplicateLegacyCode(
                        code, first: "\(Swift.type(of: types[earlier]))", second: "\(Swift.type(of: type))")
                }
                byInferableLegacyCode[code] = position
            }
        }
        self.types = types
        self.descriptions = descriptions
        self.byIdentifier = byIdentifier
        self.byInferableLegacyCode = byInferableLegacyCode
    }

    /// The type selected by an `answer-type` value (identifier or alias).
    public func type(for identifier: String) -> (any QuestionType)? {
        position(of: identifier).map { types[$0] }
    }

    /// The position in `types` of the type selected by an `answer-type` value (identifier or alias).
    package func position(of identifier: String) -> Int? {
        byIdentifier[identifier]
    }

    /// The position in `types` of the type to infer for a question with this legacy `qid` and no
    /// `answer-type`, if any.
    package func positionInferred(fromLegacyCode code: String) -> Int? {
        byInferableLegacyCode[code]
    }

    /// The type to infer for a question with this legacy `qid` and no `answer-type`, if any.
    package func typeInferred(fromLegacyCode code: String) -> (any QuestionType)? {
        positionInferred(fromLegacyCode: code).map { types[$0] }
    }

    /// The primary identifiers of all types, in registration order.
    public var identifiers: [String] { descriptions.map(\.identifier) }

    /// Every key the core and the registered types read: what a key-map file may rename.
    public var allKeys: [Key] {
        Self.unique(
            Key.templateKeys + Key.sharedQuestionKeys + Key.helpKeys + Key.userAnswerKeys
                + [.foremanCommentText, .supervisor] + Key.foremanEditKeys + Key.conditionKeys
                + zip(types, descriptions).flatMap { type, description in
                    description.keys + description.nestedKeys + [type.answerKey]
                })
    }

    /// The values the original app's key list names (type identifiers, row types); the first
    /// type to claim a name keeps it.
    public var originalValueNames: [OriginalValueName] {
        var seen = Set<String>()
        return descriptions.flatMap(\.originalValueNames).filter { seen.insert($0.originalName).inserted }
    }

    /// The groups of keys that share one JSON object: the template's, a question's (the shared
    /// keys and every type's own), `helpInfo`'s, a help image's, `user-answer`'s,
    /// `foremanComment`'s, a foreman's edit's, and each type's nested keys. Two keys of one group must never be
    /// spelled alike.
    public var keyScopes: [[Key]] {
        [
            Key.templateKeys, Self.unique(Key.sharedQuestionKeys + descriptions.flatMap(\.keys)),
            [.helpText, .helpImages], [.helpImageText, .helpImage],
            Self.unique(Key.userAnswerKeys + types.map(\.answerKey)), [.foremanCommentText, .supervisor],
            Key.foremanEditKeys,
            Key.conditionKeys,
        ] + descriptions.map(\.nestedKeys).filter { !$0.isEmpty }
    }

    private static func unique(_ keys: [Key]) -> [Key] {
        var seen = Set<Key>()
        return keys.filter { seen.insert($0).inserted }
    }
}

/// A mistake in how question types were registered.
public enum RegistrationError: Error, Equatable, CustomStringConvertible {
    /// Two types (named by their Swift types) claim one identifier or alias.
    case duplicateIdentifier(String, first: String, second: String)
    /// Two types infer themselves from one legacy `qid`.
    case duplicateLegacyCode(String, first: String, second: String)
    /// A type has an empty identifier or alias.
    case emptyIdentifier(typeName: String)

    /// The mistake, naming the types involved.
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

// MARK: - Self-checks

extension QuestionTypeRegistry {
    /// What is wrong with how `types` are written and registered, one readable line each; empty
    /// when all is well. A tool calls it at startup in debug builds and a test calls it for the
    /// registry it ships, so a type with no examples, an empty summary, a clashing identifier or
    /// an example that fails the harness is caught before anyone reads a template with it.
    ///
    /// Unlike the initializer, which stops at the first clash, this lists every one. Without
    /// `runningExamples` the examples are not read (QuestionKitTesting reads them itself, one
    /// located failure each).
    public static func selfCheck(
        _ types: [any QuestionType], keys: KeyMap = .mi, runningExamples: Bool = true
    ) -> [String] {
        var problems: [String] = []
        var owners: [String: String] = [:]
        for type in types {
            let name = typeName(type)
            for identifier in type.description.allIdentifiers {
                if identifier.isEmpty {
                    problems.append("\(name): has an empty identifier or alias")
                } else if let first = owners[identifier] {
                    problems.append("\(name): '\(identifier)' is already the identifier or alias of \(first)")
                } else {
                    owners[identifier] = name
                }
            }
        }
        do {
            problems += try QuestionTypeRegistry(types).selfCheck(keys: keys, runningExamples: runningExamples)
        } catch .duplicateLegacyCode(let code, let first, let second) {
            problems.append("\(second): infers its type from qid '\(code)', as \(first) already does")
        } catch {
            // Empty and duplicate identifiers are listed above, every one of them.
        }
        return problems
    }

    /// What is wrong with the registered types, one readable line each; empty when all is well.
    /// See `selfCheck(_:keys:)`, which also lists clashing identifiers.
    public func selfCheck(keys: KeyMap = .mi, runningExamples: Bool = true) -> [String] {
        let checker = runningExamples ? ExampleChecker(registry: self, keys: keys) : nil
        return zip(types, descriptions).flatMap { type, description in
            Self.checkDescription(description, of: type) + Self.checkExamples(description, of: type, checker: checker)
        }
    }

    private static func typeName(_ type: any QuestionType) -> String {
        "\(Swift.type(of: type)) ('\(type.description.identifier)')"
    }

    private static func checkDescription(_ type: QuestionTypeDescription, of questionType: any QuestionType) -> [String]
    {
        let name = typeName(questionType)
        var problems: [String] = []
        if type.summary.allSatisfy(\.isWhitespace) { problems.append("\(name): has an empty summary") }
        if type.documentation.allSatisfy(\.isWhitespace) { problems.append("\(name): has empty documentation") }
        let readable = Set(Key.sharedQuestionKeys + type.keys)
        for key in type.keys + type.nestedKeys where key.summary.allSatisfy(\.isWhitespace) {
            problems.append("\(name): key '\(key.name)' has an empty summary")
        }
        for property in type.schemaProperties where !readable.contains(property.key) {
            problems.append(
                "\(name): its schema describes key '\(property.key.name)', which is neither one of its keys "
                    + "nor a key every question shares")
        }
        return problems + checkCodes(of: type, name: name)
    }

    /// Every declared code starts with the type's prefix, and every code of the type that an example
    /// expects is declared.
    private static func checkCodes(of type: QuestionTypeDescription, name: String) -> [String] {
        let prefix = type.codePrefix + "."
        var problems = type.codes.filter { !$0.hasPrefix(prefix) }.map {
            "\(name): code '\($0)' does not start with its prefix '\(prefix)'"
        }
        let expected =
            type.examples.flatMap { $0.expected.map(\.code) }
            + type.answerExamples.flatMap { $0.expected.map(\.code) + $0.flags }
        var reported = Set(type.codes)
        for code in expected where code.hasPrefix(prefix) && reported.insert(code).inserted {
            problems.append("\(name): its examples expect code '\(code)', which its description's codes do not declare")
        }
        return problems
    }

    private static func checkExamples(
        _ description: QuestionTypeDescription, of type: any QuestionType, checker: ExampleChecker?
    ) -> [String] {
        let name = typeName(type)
        var problems: [String] = []
        if description.examples.isEmpty {
            problems.append("\(name): has no examples; give it at least one valid example question")
        } else if !description.examples.contains(where: \.isValid) {
            problems.append("\(name): has no valid example question; its documentation needs one")
        }
        var titles = Set<String>()
        for example in description.examples where !titles.insert(example.title).inserted {
            problems.append("\(name): two examples are titled '\(example.title)'")
        }
        guard let checker else { return problems }
        for example in description.examples {
            let outcome = checker.check(example, of: type)
            if !outcome.passed { problems.append("\(name): fails its " + oneLine(outcome.failureDescription)) }
        }
        for example in description.answerExamples {
            let outcome = checker.check(example, of: type)
            if !outcome.passed { problems.append("\(name): fails its " + oneLine(outcome.failureDescription)) }
        }
        return problems
    }

    /// "example 'x':" and its indented lines, as one line: "example 'x': this; that".
    private static func oneLine(_ description: String) -> String {
        let lines = description.split(separator: "\n").map { $0.trimmingPrefix(while: \.isWhitespace) }
        guard let first = lines.first else { return description }
        return first + " " + lines.dropFirst().joined(separator: "; ")
    }
}
