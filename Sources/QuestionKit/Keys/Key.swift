/// A JSON key the product reads or writes, by its stable name.
///
/// The spelling in the JSON is configuration, not code: it comes from a `KeyMap`, whose defaults
/// are the MI keys. A question type declares the keys it reads as `Key` values, so that they can
/// be renamed with a key-map file, recognised when checking for unknown keys, and documented.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    // One reference to copy instead of four: keys are passed and copied for every look-up of every
    // question, and each copy of four fields retained and released each of them.
    @usableFromInline let storage: Storage

    // Unchecked only for the pointer: the bytes are written once, in `init`, and then only read.
    @usableFromInline final class Storage: @unchecked Sendable {
        let name: String
        @usableFromInline let defaultSpelling: String
        let summary: String
        let originalNames: [String]
        /// `defaultSpelling` as UTF-8, made once: every key of every question is looked up by it.
        @usableFromInline let defaultSpellingUTF8: UnsafeMutableBufferPointer<UInt8>

        init(name: String, defaultSpelling: String, summary: String, originalNames: [String]) {
            self.name = name
            self.defaultSpelling = defaultSpelling
            self.summary = summary
            self.originalNames = originalNames
            defaultSpellingUTF8 = .allocate(capacity: defaultSpelling.utf8.count)
            _ = defaultSpellingUTF8.initialize(from: defaultSpelling.utf8)
        }

        deinit { defaultSpellingUTF8.deallocate() }
    }

    /// The stable name used in key-map files, e.g. `maxAnswers`.
    public var name: String { storage.name }
    /// The MI spelling, used when no key map overrides it, e.g. `max-answers`.
    @inlinable public var defaultSpelling: String { storage.defaultSpelling }
    /// Calls `body` with the MI spelling's UTF-8 bytes, which live as long as the key.
    @inlinable func withDefaultSpellingUTF8<Result>(_ body: (UnsafeBufferPointer<UInt8>) -> Result) -> Result {
        withExtendedLifetime(storage) { body(UnsafeBufferPointer(storage.defaultSpellingUTF8)) }
    }
    /// One line saying what the key holds, for documentation.
    public var summary: String { storage.summary }
    /// The names the original app's key list (`TemplateKeys` in its Info.plist) gives this key,
    /// e.g. `cellsThatAreNotAnswerable` for `noCells`; a key-map file may use them too.
    public var originalNames: [String] { storage.originalNames }

    /// A key named `name`, spelled `spelling` in MI JSON (`name` itself when nil), called
    /// `originalNames` in the original app's key list.
    public init(_ name: String, spelling: String? = nil, originalNames: [String] = [], summary: String) {
        storage = Storage(
            name: name, defaultSpelling: spelling ?? name, summary: summary, originalNames: originalNames)
    }

    public var description: String { name }

    // Two keys are the same key when their names agree; spelling and summary are descriptive.
    public static func == (lhs: Key, rhs: Key) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension Key {
    // MARK: Keys every question has (read by the core)

    /// `answer-type`: the identifier of the question type that reads the question.
    package static let answerType = Key(
        "answerType", spelling: "answer-type", originalNames: ["answerType"],
        summary: "Which question type owns the question.")
    /// `question`: the question text.
    package static let questionText = Key("question", originalNames: ["actualQuestion"], summary: "The question text.")
    /// `section`: the section heading, shown as "Question N - <section>".
    package static let section = Key(
        "section", originalNames: ["section"], summary: "Section heading, shown as \"Question N - <section>\".")
    /// `helpInfo`: an object of help text and images shown with the question.
    package static let helpInfo = Key(
        "helpInfo", originalNames: ["helpInfo"], summary: "Help text and images shown with the question.")
    /// `text`, inside `helpInfo`: the help text.
    package static let helpText = Key("text", originalNames: ["helpInfoText"], summary: "Help text.")
    /// `images`, inside `helpInfo`: the list of help images.
    package static let helpImages = Key(
        "images", originalNames: ["helpInfoImages", "imagesToBeSaved"], summary: "Help images.")
    /// `imageText`, inside a help image: its caption.
    package static let helpImageText = Key(
        "imageText", originalNames: ["helpInfoImagesText"], summary: "Caption of a help image.")
    /// `image`, inside a help image: the image, base64-encoded.
    package static let helpImage = Key(
        "image", originalNames: ["helpInfoImagesImage"], summary: "A help image, base64-encoded.")
    /// `qid`: the legacy type code ("1" to "4"), not a question id.
    package static let legacyTypeCode = Key(
        "qid", summary: "Legacy type code: \"1\" short answer, \"2\" true/false, \"3\" table, \"4\" multiple choice.")

    /// `acceptedAnswerEdit`: the web editor's scratch copy of `acceptedAnswer`; ignored.
    package static let acceptedAnswerEdit = Key(
        "acceptedAnswerEdit", summary: "The web editor's scratch copy of acceptedAnswer; ignored.")

    /// The keys inside `helpInfo`.
    package static let helpKeys: [Key] = [helpText, helpImages, helpImageText, helpImage]

    // MARK: Keys shared by several question types (read by the plugins)

    /// `max-answers`: how many options may be chosen (1 one, 0 any, N at most N).
    public static let maxAnswers = Key(
        "maxAnswers", spelling: "max-answers", originalNames: ["maxAnswers"],
        summary: "How many options may be chosen: 1 one, 0 any, N at most N.")
    /// `answers`: the options of a multiple-choice question; filler in other types.
    public static let answers = Key(
        "answers", originalNames: ["answerList"], summary: "The option list (multiple choice); filler elsewhere.")
    /// `acceptedAnswer`: what the answer should be; answers that differ are flagged.
    public static let acceptedAnswer = Key(
        "acceptedAnswer", summary: "What the answer should be; differences are flagged.")
    /// `user-answer`: a question's answer, comment and media in a completed form.
    package static let userAnswer = Key(
        "userAnswer", spelling: "user-answer", originalNames: ["userAnswerToBeSaved"],
        summary: "The answer of a completed form.")

    // MARK: Template keys

    /// `Title`: the form's title, also used in folder names.
    package static let title = Key("Title", originalNames: ["title"], summary: "Form title.")
    /// `RevisionNumber`: the revision, a string such as "2" or "1.10".
    package static let revisionNumber = Key(
        "RevisionNumber", originalNames: ["version"], summary: "Revision, e.g. \"2\" or \"1.10\".")
    /// `version`: the early spelling of `RevisionNumber`, accepted with a note.
    package static let earlyRevisionNumber = Key("version", summary: "Early spelling of RevisionNumber.")
    /// `questions`: the ordered list of questions.
    package static let questions = Key(
        "questions", originalNames: ["listOfQuestions"], summary: "The ordered list of questions.")
    /// `Questions`: the early spelling of `questions`, accepted with a note.
    package static let earlyQuestions = Key("Questions", summary: "Early spelling of questions.")
    /// `email`: who is told about flagged answers.
    package static let email = Key("email", summary: "Who is told about flagged answers.")
    /// `_id`: a database id (of the template, and of each question in early templates); ignored,
    /// and left out of completed forms at the top level.
    package static let databaseID = Key("_id", originalNames: ["id"], summary: "A database id; ignored.")

    /// Metadata printed in the header box of the printed form; all values are strings.
    package static let metadata: [Key] = [
        ("MIDiscipline", "discipline"), ("InstructionNumber", "instructionNumber"),
        ("AppliedToEquipment", "equipment"), ("OriginalIssueDate", "originalIssueDate"), ("Supersedes", "supersedes"),
        ("References", "references"), ("FileNumber", "fileNumber"), ("PreparedBy", "preparedBy"),
        ("PreparedByTitle", "preparedByTitle"), ("AcceptedBy", "acceptedBy"), ("AcceptedByTitle", "acceptedByTitle"),
        ("Eor", "eor"), ("RevisionHistory", "revisionHistory"), ("RevisionNumberRevisedBy", "revisedBy"),
        ("RevisionNumberDate", "revisionDate"),
    ].map { Key($0.0, originalNames: [$0.1], summary: "Header metadata.") }

    // MARK: Completed-form keys

    /// `username`: the technician who filled the form.
    package static let username = Key("username", originalNames: ["usernameToBeSaved"], summary: "Who filled the form.")
    /// `completedDate`: when the form was completed, e.g. "Nov 22, 2026".
    package static let completedDate = Key(
        "completedDate", originalNames: ["completedDate"], summary: "When the form was completed.")
    /// `SubmittedDate`: when the form was submitted, e.g. "Nov 23, 2026".
    package static let submittedDate = Key(
        "SubmittedDate", originalNames: ["submittedDate"], summary: "When the form was submitted.")
    /// `foremanComment`: the foreman's general comment and name (`comment`, `supervisor`).
    package static let foremanComment = Key(
        "foremanComment", originalNames: ["foremanSection"], summary: "The foreman's general comment.")
    /// `media`: attachments by kind and name; always written, the base64 only with `--embed-media`.
    package static let media = Key(
        "media", originalNames: ["mediaToBeSaved"], summary: "Embedded media (base64), when requested.")

    /// Every top-level key of a template or completed form that the core knows.
    package static let templateKeys: [Key] =
        [
            title, revisionNumber, earlyRevisionNumber, questions, earlyQuestions, email, databaseID, fhirKept,
            surveyJSKept, xlsFormKept,
        ]
        + metadata + [username, completedDate, submittedDate, foremanComment, media]

    /// Keys every question may carry whatever its type (editors add `answers` and `max-answers`
    /// as filler to every question; early templates carry an `_id` per question, the web editor
    /// an `acceptedAnswerEdit`; both are ignored).
    package static let sharedQuestionKeys: [Key] =
        [
            answerType, questionText, section, helpInfo, legacyTypeCode, maxAnswers, answers, acceptedAnswer,
            userAnswer,
            databaseID, acceptedAnswerEdit, fhirKept, surveyJSKept, xlsFormKept,
        ] + logicKeys
}
