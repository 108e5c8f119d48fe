/// What a question type does with answers: read them, say whether they count, flag them, show
/// them, and write them back.
///
/// An answer arrives as the value a completed form keeps under the type's `answerKey` in
/// `user-answer` (`"check-boxes": ["Good"]`, `"short-answer": "42"`, `"table-answer": {"2,2": "x"}`).
/// Fixtures use the same values, so a fixture answer reads exactly like a stored one.
public protocol AnswerHandling<Definition> {
    /// What the type reads a question into (see `QuestionType.parseDefinition`).
    associatedtype Definition: Sendable
    /// What the type reads an answer into.
    associatedtype Answer: Sendable

    /// The `user-answer` key that holds this type's answer, e.g. `Key.checkBoxes`.
    var answerKey: Key { get }

    /// Reads an answer value, reporting what is wrong against its nodes (an option that does not
    /// exist, a non-number for a numeric question, a cell outside the table …). Returns nil when
    /// nothing usable could be read; then at least one error was reported.
    func parseAnswer(_ value: JSONNode, for definition: Definition, problems: inout ProblemCollector) -> Answer?

    /// Whether the answer counts as answered, so that Next may move on without a comment.
    func isAnswered(_ answer: Answer, for definition: Definition) -> Bool

    /// The answer as stored under `answerKey` in a completed form.
    func encodeAnswer(_ answer: Answer, for definition: Definition) -> JSONWriter.Value

    /// What a completed form stores under `answerKey` when the question is not answered, as the
    /// original app wrote it (its viewer reads the key without checking). Default: `[]` for
    /// `check-boxes`, `{}` for `table-answer`, `""` for any other key.
    var unansweredValue: JSONWriter.Value { get }

    /// The "attention required" flags: how the answer differs from the question's
    /// `acceptedAnswer`. Default: none.
    func flags(for answer: Answer, of definition: Definition) -> [Flag]

    /// The answer (or its absence) as the review, the text export and the PDF show it.
    func render(_ answer: Answer?, of definition: Definition) -> AnswerRendering

    /// The answer read from a completed form, where `stored` is the value under `answerKey` (for a
    /// question not answered, the empty or blank value stored): shown as stored, with the type's
    /// reading beside it where the two differ (`True (read as Yes)`, see
    /// `AnswerRendering.stored(_:readAs:)`). Default: `render(_:of:)`, with blank text stored for
    /// no answer shown as stored (`AnswerRendering.showingBlank(_:)`); a type whose `Answer` keeps
    /// less than the stored text (a spelling, spaces) implements it.
    func render(_ answer: Answer?, storedAs stored: JSONNode, of definition: Definition) -> AnswerRendering

    /// What `acceptedAnswer` expects, quoted for a message ("'Yes'"), when the type checks one:
    /// a question answered only with a comment is then flagged "no answer; expected: …", as the
    /// original server did. Default: nil (nothing expected).
    func expectation(of definition: Definition) -> String?
}

extension AnswerHandling {
    /// `[]`, `{}` or `""`, by the answer key.
    public var unansweredValue: JSONWriter.Value {
        switch answerKey {
        case .checkBoxes: .array([])
        case .tableAnswer: .object([])
        default: .string("")
        }
    }

    /// No flags: a type that checks nothing against `acceptedAnswer` need not implement this.
    public func flags(for answer: Answer, of definition: Definition) -> [Flag] { [] }

    /// Nothing expected.
    public func expectation(of definition: Definition) -> String? { nil }

    /// `render(_:of:)`, with blank text stored for no answer shown as stored.
    public func render(_ answer: Answer?, storedAs stored: JSONNode, of definition: Definition) -> AnswerRendering {
        render(answer, of: definition).showingBlank(stored)
    }
}

/// An "attention required" flag: an answer that differs from what the template expects.
public struct Flag: Sendable, Hashable, CustomStringConvertible {
    /// A stable code, e.g. `short-answer.out-of-range`.
    public var code: String
    /// What differs, quoting the answer and the expectation: "52 is above the accepted maximum 40".
    public var message: String

    /// A flag with the given code and message.
    public init(code: some DiagnosticCode, message: String) {
        self.init(code: code.rawValue, message: message)
    }

    /// A flag of the engine's, or one read back, its code as text.
    package init(code: String, message: String) {
        self.code = code
        self.message = message
    }

    public var description: String { message }
}

extension Key {
    // MARK: Keys of `user-answer`

    /// The comment of an answer; always present in completed forms.
    public static let comment = Key(
        "comment", originalNames: ["commentToBeSaved"], summary: "The technician's comment on the question.")
    /// A short answer's text.
    public static let shortAnswer = Key(
        "shortAnswer", spelling: "short-answer", summary: "The typed answer (short answer).")
    /// The options chosen (true/false and multiple choice), in the order chosen.
    public static let checkBoxes = Key(
        "checkBoxes", spelling: "check-boxes", originalNames: ["oneDimensionalTableToBeSaved"],
        summary: "The chosen options, in the order chosen.")
    /// A table's cells, `{"r,c": value}`.
    public static let tableAnswer = Key(
        "tableAnswer", spelling: "table-answer", summary: "The filled cells of a table, by \"r,c\".")
    /// Names of photos attached to the question.
    package static let images = Key("images", originalNames: ["imagesToBeSaved"], summary: "Names of attached photos.")
    /// Names of videos attached to the question.
    package static let videos = Key("videos", originalNames: ["videosToBeSaved"], summary: "Names of attached videos.")
    /// Names of voice notes attached to the question.
    package static let voice = Key(
        "voice", originalNames: ["voiceToBeSaved"], summary: "Names of attached voice notes.")

    /// The foreman's edits of the question in a completed form (the store's `edit` and `attach`):
    /// a list of `{"supervisor", "date", "before"}`, a key the original system never read.
    package static let foremanEdits = Key(
        "foremanEdits", summary: "The foreman's edits of a completed form's question: who, when, what was before.")

    /// `true` when the question was not asked: its conditions (`enableWhen`) did not hold for the
    /// answers given. Written only then, so that it is told apart from a question asked and left
    /// unanswered; a key the original system never read, so its server and viewer read the form as
    /// they always did.
    package static let notAsked = Key(
        "notAsked", summary: "true when the question was not asked: its conditions did not hold.")

    /// What a question's entry holds besides its answer: the comment and the media lists, which the
    /// completed-form writer sets or removes on every question.
    package static let entryKeys: [Key] = [comment, images, videos, voice]

    /// Everything `user-answer` may hold besides a type's own answer key.
    package static let userAnswerKeys: [Key] = entryKeys + [foremanEdits, notAsked]

    // MARK: Keys of a foreman's edit (an entry of `foremanEdits`; its `supervisor` says who)

    /// When the foreman edited the question: UTC, ISO 8601.
    package static let editDate = Key("editDate", spelling: "date", summary: "When the foreman edited it (UTC).")
    /// What the edit replaced, under the `user-answer` keys it changed.
    package static let editedFrom = Key(
        "editedFrom", spelling: "before", summary: "What the edit replaced, under the user-answer keys it changed.")
    /// The keys of an entry of `foremanEdits`.
    package static let foremanEditKeys: [Key] = [supervisor, editDate, editedFrom]

    // MARK: Keys of `foremanComment`

    /// The foreman's general comment.
    package static let foremanCommentText = Key(
        "foremanCommentText", spelling: "comment", originalNames: ["foremanComment"], summary: "The comment.")
    /// The foreman's name.
    package static let supervisor = Key(
        "supervisor", originalNames: ["foremanUsername"], summary: "The foreman who reviewed the form.")
}
