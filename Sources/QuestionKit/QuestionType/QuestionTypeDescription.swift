/// Everything about a question type that is data rather than code: the `answer-type` values that
/// select it, what it reads, its documentation and its examples. A type gives one as its
/// `QuestionType.description`; the engine reads it once, when the type is registered.
///
/// Only `identifier`, `summary` and `examples` are required; the rest default to nothing (no
/// aliases, no legacy `qid`, no keys beyond the shared ones, documentation = summary).
public struct QuestionTypeDescription: Sendable {
    /// The `answer-type` value that selects the type, e.g. `multiple-choice`.
    public var identifier: String

    /// Other `answer-type` values accepted for the type.
    public var aliases: [String]

    /// One line saying what the type is for, shown by `questionkit types`.
    public var summary: String

    /// A longer description for the type's documentation page: Markdown paragraphs saying what
    /// the type asks and how its keys work together.
    public var documentation: String

    /// The legacy `qid` type code of the type in the original system, if it had one.
    public var legacyTypeCode: String?

    /// Whether a question without `answer-type` but with this type's `qid` is taken to be of this
    /// type (with a warning). The original web editor left `answer-type` out for short-answer and
    /// true/false questions.
    public var infersTypeFromLegacyCode: Bool

    /// The question keys the type reads, beyond the ones every question shares
    /// (`Key.sharedQuestionKeys`). Keys nobody reads are reported as likely typos.
    public var keys: [Key]

    /// Keys the type reads inside the values of its keys, such as `from` and `to` inside a short
    /// answer's `acceptedAnswer`. A key map may rename them; they are not question keys.
    public var nestedKeys: [Key]

    /// Values the type reads that the original app's key list (`TemplateKeys`) names, such as
    /// `shortAnswerQuestion` for the identifier `short-answer`. A key-map file respells them by
    /// those names; the type reads such a value through `KeyMap.value(spelled:in:)`.
    public var originalValueNames: [OriginalValueName]

    /// The JSON Schema of the question keys the type reads: what `questionkit schema` checks for
    /// questions of the type, and the fields of its documentation page. Lists shared keys the
    /// type gives a meaning to (`acceptedAnswer`, `answers`) as well as its own.
    public var schemaProperties: [KeySchema]

    /// The rules the type enforces on its questions, one sentence each ("`max-answers` may not
    /// exceed the number of real options."), listed on its documentation page.
    public var rules: [String]

    /// Valid and invalid example questions: the type's tests and its documentation.
    public var examples: [QuestionExample]

    /// Example answers to example questions: how answers are read, when they count as answered,
    /// and which flags they raise.
    public var answerExamples: [AnswerExample]

    /// The codes of the diagnostics and flags the type reports (`codes: Code.allCases`), each
    /// starting with `codePrefix` and a dot.
    public var codes: [String]

    /// A description of the type `identifier`. `documentation` defaults to `summary`, and
    /// `schemaProperties` to every key of `keys`, described by its summary, with no constraint
    /// on its value.
    public init(
        identifier: String, aliases: [String] = [], summary: String, documentation: String? = nil,
        legacyTypeCode: String? = nil, infersTypeFromLegacyCode: Bool = false, keys: [Key] = [],
        nestedKeys: [Key] = [], originalValueNames: [OriginalValueName] = [], schemaProperties: [KeySchema]? = nil,
        rules: [String] = [], codes: [any DiagnosticCode] = [], examples: [QuestionExample],
        answerExamples: [AnswerExample] = []
    ) {
        self.identifier = identifier
        self.aliases = aliases
        self.summary = summary
        self.documentation = documentation ?? summary
        self.legacyTypeCode = legacyTypeCode
        self.infersTypeFromLegacyCode = infersTypeFromLegacyCode
        self.keys = keys
        self.nestedKeys = nestedKeys
        self.originalValueNames = originalValueNames
        self.schemaProperties = schemaProperties ?? keys.map { KeySchema($0) }
        self.rules = rules
        self.codes = codes.map(\.rawValue)
        self.examples = examples
        self.answerExamples = answerExamples
    }

    /// All `answer-type` values that select the type: `identifier`, then `aliases`.
    public var allIdentifiers: [String] { [identifier] + aliases }

    /// What each of the type's codes starts with, before a dot: the identifier, with `/` written
    /// `-` (`true-false` for `true/false`).
    public var codePrefix: String { identifier.replacing("/", with: "-") }
}
