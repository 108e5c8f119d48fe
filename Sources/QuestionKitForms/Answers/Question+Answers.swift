import QuestionKit

/// An answer to one question, as its type read it. The core carries it without knowing the type;
/// the question's type is the only one that looks inside.
public struct QuestionAnswer: Sendable {
    /// The type's own `Answer` value, or a `StoredAnswer` its type could not read.
    public let value: any Sendable
    /// The value in the completed form it was read from; written back as it is while the answer
    /// is unchanged (a stored `"True"` stays `"True"`). Nil for an answer given in this session.
    public internal(set) var source: JSONNode?
    /// What reading it from a completed form found wrong, located (see `StoredAnswer`).
    public internal(set) var warnings: [Diagnostic] = []

    /// Wraps a value of the question type's `Answer` type.
    public init(_ value: any Sendable) {
        self.value = value
    }

    /// The value as `T`, or nil when it is something else.
    public func value<T>(as type: T.Type) -> T? { value as? T }
}

extension Question {
    /// Reads an answer value for this question (see `AnswerHandling.parseAnswer`).
    public func parseAnswer(_ value: JSONNode, problems: inout ProblemCollector) -> QuestionAnswer? {
        type.erasedParseAnswer(value, definition: definition, problems: &problems).map(QuestionAnswer.init)
    }

    /// Whether `answer` counts as answered.
    public func isAnswered(_ answer: QuestionAnswer) -> Bool {
        if let stored = answer.value as? StoredAnswer { return stored.isAnswered }
        return type.erasedIsAnswered(answer.value, definition: definition)
    }

    /// `answer` as stored in `user-answer` under the type's answer key; nil if it is not this
    /// question's answer.
    public func encodeAnswer(_ answer: QuestionAnswer) -> JSONWriter.Value? {
        if let stored = answer.value as? StoredAnswer { return stored.encoded }
        return type.erasedEncodeAnswer(answer.value, definition: definition)
    }

    /// The flags `answer` raises.
    public func flags(for answer: QuestionAnswer) -> [Flag] {
        if let stored = answer.value as? StoredAnswer { return stored.flags }
        return type.erasedFlags(answer.value, definition: definition)
    }

    /// The flags of what was entered: those of the answer, or `question.no-answer` for a
    /// question left with only a comment while its `acceptedAnswer` expects something.
    public func flags(for entry: QuestionEntry) -> [Flag] {
        if let answer = entry.answer { return flags(for: answer) }
        guard entry.comment.contains(where: { !$0.isWhitespace }),
            let expected = type.erasedExpectation(definition: definition)
        else { return [] }
        return [Flag(code: "question.no-answer", message: "no answer; expected: \(expected)")]
    }

    /// How the answer (or its absence) is shown.
    public func render(_ answer: QuestionAnswer?) -> AnswerRendering {
        if let stored = answer?.value as? StoredAnswer { return stored.rendering }
        return type.erasedRender(answer?.value, definition: definition)
    }

    /// How what was entered is shown: what a completed form stored (and was not changed since) as
    /// stored, with the type's reading beside it where they differ (see
    /// `AnswerHandling.render(_:storedAs:of:)`); anything else as `render(_:)` shows it.
    public func render(_ entry: QuestionEntry) -> AnswerRendering {
        guard let stored = entry.storedNode, !(entry.answer?.value is StoredAnswer)
        else { return render(entry.answer) }
        return type.erasedRender(entry.answer?.value, storedAs: stored, definition: definition)
    }

    /// What was entered as a completed form stores it under the type's answer key: the stored value
    /// while unchanged, else the answer as its type encodes it; nil when nothing was entered.
    package func storedValue(of entry: QuestionEntry) -> JSONWriter.Value? {
        if let stored = entry.storedNode { return stored.writerValue }
        return entry.answer.flatMap(encodeAnswer)
    }

    /// The `user-answer` key of this question's type, spelled through `keys`.
    public func answerKey(in keys: KeyMap) -> String {
        keys.spelling(of: type.answerKey)
    }

    /// What a completed form stores for this question when it is not answered (see
    /// `AnswerHandling.unansweredValue`).
    public var unansweredValue: JSONWriter.Value { type.unansweredValue }

    /// The rows of `answer` in a dataset's `answers` table, as its type gives them (see
    /// `DatasetHandling`); an answer its type could not read is one row of its stored value as text.
    public func answerRows(_ answer: QuestionAnswer) -> [AnswerRow] {
        if let stored = answer.value as? StoredAnswer { return [AnswerRow(text: AnswerRow.text(of: stored.encoded))] }
        return type.erasedAnswerRows(answer.value, definition: definition)
    }
}

// Opens the existential: each method casts back to the type's own Definition and Answer. A cast
// can only fail if a question's definition or answer came from another type, which the core never
// does; the fallbacks keep even that from crashing.
extension QuestionType {
    func erasedParseAnswer(
        _ value: JSONNode, definition: any Sendable, problems: inout ProblemCollector
    ) -> (any Sendable)? {
        Self.cast(definition, to: Definition.self, else: nil) { parseAnswer(value, for: $0, problems: &problems) }
    }

    func erasedIsAnswered(_ answer: any Sendable, definition: any Sendable) -> Bool {
        Self.cast(definition, to: Definition.self, else: false) { definition in
            Self.cast(answer, to: Answer.self, else: false) { isAnswered($0, for: definition) }
        }
    }

    func erasedEncodeAnswer(_ answer: any Sendable, definition: any Sendable) -> JSONWriter.Value? {
        Self.cast(definition, to: Definition.self, else: nil) { definition in
            Self.cast(answer, to: Answer.self, else: nil) { encodeAnswer($0, for: definition) }
        }
    }

    func erasedFlags(_ answer: any Sendable, definition: any Sendable) -> [Flag] {
        Self.cast(definition, to: Definition.self, else: []) { definition in
            Self.cast(answer, to: Answer.self, else: []) { flags(for: $0, of: definition) }
        }
    }

    func erasedAnswerRows(_ answer: any Sendable, definition: any Sendable) -> [AnswerRow] {
        Self.cast(definition, to: Definition.self, else: []) { definition in
            Self.cast(answer, to: Answer.self, else: []) { answerRows($0, of: definition) }
        }
    }

    func erasedEvaluate(_ condition: Condition, answer: any Sendable, definition: any Sendable) -> Bool {
        Self.cast(definition, to: Definition.self, else: false) { definition in
            Self.cast(answer, to: Answer.self, else: false) { evaluate(condition, answer: $0, for: definition) }
        }
    }

    func erasedConditionSubject(definition: any Sendable) -> ConditionSubject {
        Self.cast(definition, to: Definition.self, else: .existsOnly) { conditionSubject(of: $0) }
    }

    func erasedExpectation(definition: any Sendable) -> String? {
        Self.cast(definition, to: Definition.self, else: nil) { expectation(of: $0) }
    }

    func erasedRender(_ answer: (any Sendable)?, storedAs stored: JSONNode, definition: any Sendable) -> AnswerRendering
    {
        guard let definition = definition as? Definition else { return .noAnswer }
        return render(answer.flatMap { $0 as? Answer }, storedAs: stored, of: definition)
    }

    func erasedRender(_ answer: (any Sendable)?, definition: any Sendable) -> AnswerRendering {
        guard let definition = definition as? Definition else { return .noAnswer }
        return render(answer.flatMap { $0 as? Answer }, of: definition)
    }

    /// `body` of `value` as a `T`, or `fallback` when it is none. These methods run unspecialized
    /// (through `any QuestionType`), where `value as? T` looks up `Optional<T>`'s metadata in the
    /// runtime's shared cache on every call (12% of `test`'s instructions, from every thread). A
    /// check, then a cast that cannot fail, make no `Optional<T>`; a value of exactly `T`, which is
    /// every value the core hands in, is checked by comparing types.
    private static func cast<T, Result>(
        _ value: any Sendable, to _: T.Type, else fallback: Result, _ body: (T) -> Result
    ) -> Result {
        guard type(of: value) == T.self || value is T else { return fallback }
        // swift-format-ignore: NeverForceUnwrap
        return body(value as! T)
    }
}
