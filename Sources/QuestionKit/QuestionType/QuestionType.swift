/// A kind of question: a plugin that owns the JSON of its questions.
///
/// A question type reads its own fields of a question into its own typed `Definition`, and
/// reports what is wrong against the JSON nodes at fault; the core turns nodes into file, line,
/// column and JSON pointer. Through `AnswerHandling` it also reads, checks, flags and renders the
/// answers to its questions. The core reads the fields every question shares (`answer-type`,
/// `question`, `section`, `helpInfo`, `qid`) and warns about keys no one reads.
///
/// To add a type: write one file with a type conforming to this protocol (including examples),
/// and pass an instance to `QuestionTypeRegistry`. Nothing in the core changes.
/// Its `documentation`, `rules` and `schemaProperties` (all optional) make its page of
/// `questionkit docs` and its part of `questionkit schema`; `questionkit new-type NAME` writes a
/// skeleton to start from, and `QuestionTypeRegistry.selfCheck` reports what it still lacks.
///
/// Prefer computed properties (`var identifier: String { "yes-no" }`) to stored ones: a type with
/// no stored properties fits inside an `any QuestionType` value, so the core copies it per question
/// without touching a shared reference count (which costs when long templates are read on every
/// core).
///
/// ```swift
/// struct YesNoQuestion: QuestionType {
///     let identifier = "yes-no"
///     let summary = "A single yes or no."
///     let answerKey = Key.checkBoxes
///     let examples: [QuestionExample] = [.valid("Simple", #"{"answer-type": "yes-no", "question": "OK?"}"#)]
///
///     func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Void? { () }
///     func parseAnswer(_ value: JSONNode, for _: Void, problems: inout ProblemCollector) -> Bool? {
///         guard let answer = value.boolValue else {
///             problems.error("yes-no.not-a-boolean", "the answer must be true or false", at: value)
///             return nil
///         }
///         return answer
///     }
///     func isAnswered(_ answer: Bool, for _: Void) -> Bool { true }
///     func encodeAnswer(_ answer: Bool, for _: Void) -> JSONWriter.Value { .bool(answer) }
///     func render(_ answer: Bool?, of _: Void) -> AnswerRendering {
///         answer.map { AnswerRendering([.value($0 ? "Yes" : "No")]) } ?? .noAnswer
///     }
/// }
/// ```
public protocol QuestionType: AnswerHandling, Sendable {
    // `Definition` (declared by AnswerHandling) is what the type reads a question into: everything
    // it needs to check, flag and render answers.

    /// The `answer-type` value that selects this type, e.g. `multiple-choice`.
    var identifier: String { get }

    /// Other `answer-type` values accepted for this type. Default: none.
    var aliases: [String] { get }

    /// One line saying what the type is for, shown by `questionkit types`.
    var summary: String { get }

    /// The legacy `qid` type code of this type in the original system, if it had one.
    var legacyTypeCode: String? { get }

    /// Whether a question without `answer-type` but with this type's `qid` is taken to be of this
    /// type (with a warning). The original web editor left `answer-type` out for short-answer and
    /// true/false questions. Default: false.
    var infersTypeFromLegacyCode: Bool { get }

    /// Values this type reads that the original app's key list (`TemplateKeys`) names, such as
    /// `shortAnswerQuestion` for the identifier `short-answer`. A key-map file respells them by
    /// those names; the type reads such a value through `KeyMap.value(spelled:in:)`. Default: none.
    var originalValueNames: [OriginalValueName] { get }

    /// The question keys this type reads, beyond the ones every question shares (`Key.sharedQuestionKeys`).
    /// Keys nobody reads are reported as likely typos. Default: none.
    var keys: [Key] { get }

    /// Keys this type reads inside the values of its keys, such as `from` and `to` inside a short
    /// answer's `acceptedAnswer`. A key map may rename them; they are not question keys. Default: none.
    var nestedKeys: [Key] { get }

    /// Valid and invalid example questions: the type's tests and its documentation.
    var examples: [QuestionExample] { get }

    /// A longer description for the type's documentation page: Markdown paragraphs saying what
    /// the type asks and how its keys work together. Default: `summary`.
    var documentation: String { get }

    /// The rules the type enforces on its questions, one sentence each ("`max-answers` may not
    /// exceed the number of real options."), listed on its documentation page. Default: none.
    var rules: [String] { get }

    /// The JSON Schema of the question keys this type reads: what `questionkit schema` checks for
    /// questions of this type, and the fields of its documentation page. List shared keys the type
    /// gives a meaning to (`acceptedAnswer`, `answers`) as well as its own. Default: every key of
    /// `keys`, described by its summary, with no constraint on its value.
    var schemaProperties: [KeySchema] { get }

    /// Example answers to example questions: how answers are read, when they count as answered,
    /// and which flags they raise. Default: none.
    var answerExamples: [AnswerExample] { get }

    /// Reads the type's fields of `question`, reporting every problem found to `problems`.
    ///
    /// Return the best definition that can be made despite problems, or nil when the question is
    /// unusable; in that case at least one error must have been reported.
    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition?

    /// Whether the question reads as a usable definition, reporting every problem; the definition
    /// itself is dropped. `validate` reads templates this way. Has a default: don't implement it.
    func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool
}

extension QuestionType {
    // A requirement with an inlinable default, so each type's conformance gets a specialized copy:
    // reading a long template then neither boxes definitions nor looks up generic metadata.
    @inlinable
    public func checkDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool {
        parseDefinition(of: question, problems: &problems) != nil
    }

    /// No aliases.
    public var aliases: [String] { [] }
    /// No legacy `qid`.
    public var legacyTypeCode: String? { nil }
    /// A question needs `answer-type` to be of this type.
    public var infersTypeFromLegacyCode: Bool { false }
    /// No keys beyond the shared ones.
    public var keys: [Key] { [] }

    /// None.
    public var originalValueNames: [OriginalValueName] { [] }
    /// No nested keys.
    public var nestedKeys: [Key] { [] }
    /// No answer examples.
    public var answerExamples: [AnswerExample] { [] }
    /// The summary.
    public var documentation: String { summary }
    /// No rules listed.
    public var rules: [String] { [] }
    /// Every key of `keys`, described by its summary, with no constraint on its value.
    public var schemaProperties: [KeySchema] { keys.map { KeySchema($0) } }

    /// All `answer-type` values that select this type.
    public var allIdentifiers: [String] { [identifier] + aliases }

    // Opens the existential for the core, which holds types as `any QuestionType`.
    package func parseErasedDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> (any Sendable)? {
        parseDefinition(of: question, problems: &problems)
    }
}

/// The JSON of one question, with its keys spelled through the key map.
public struct QuestionJSON: Sendable {
    /// The question object.
    public let node: JSONNode
    /// The key map in force.
    public let keys: KeyMap
    /// The question's 1-based number, as people see it.
    public let number: Int

    /// The question `node`, read with `keys`, numbered `number` (1-based) in its template.
    public init(node: JSONNode, keys: KeyMap, number: Int) {
        self.node = node
        self.keys = keys
        self.number = number
    }

    /// The value of `key` in the question, or nil when it is absent.
    @inlinable public subscript(key: Key) -> JSONNode? {
        // By the spelling's bytes: no `String` made or copied per look-up.
        let node = self.node
        let index = keys.withSpellingUTF8(of: key) { spelling in
            node.document.valueIndex(forKeyUTF8: spelling, inObjectAt: node.index)
        }
        return index.map { JSONNode(document: node.document, index: $0) }
    }

    /// The JSON spelling of `key`, for messages ("'max-answers' is 7 …").
    @inlinable public func spelling(of key: Key) -> String {
        keys.spelling(of: key)
    }
}
