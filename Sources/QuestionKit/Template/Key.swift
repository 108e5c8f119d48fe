/// A JSON key the product reads or writes, by its stable name.
///
/// The spelling in the JSON is configuration, not code: it comes from a `KeyMap`, whose defaults
/// are the MI keys. A question type declares the keys it reads as `Key` values, so that they can
/// be renamed with a key-map file, recognised when checking for unknown keys, and documented.
public struct Key: Hashable, Sendable, CustomStringConvertible {
    /// The stable name used in key-map files, e.g. `maxAnswers`.
    public let name: String
    /// The MI spelling, used when no key map overrides it, e.g. `max-answers`.
    public let defaultSpelling: String
    /// One line saying what the key holds, for documentation.
    public let summary: String

    public init(_ name: String, spelling: String? = nil, summary: String) {
        self.name = name
        self.defaultSpelling = spelling ?? name
        self.summary = summary
    }

    public var description: String { name }

    // Two keys are the same key when their names agree; spelling and summary are descriptive.
    public static func == (lhs: Key, rhs: Key) -> Bool { lhs.name == rhs.name }
    public func hash(into hasher: inout Hasher) { hasher.combine(name) }
}

extension Key {
    // MARK: Keys every question has (read by the core)

    public static let answerType = Key(
        "answerType", spelling: "answer-type", summary: "Which question type owns the question.")
    public static let questionText = Key("question", summary: "The question text.")
    public static let section = Key("section", summary: "Section heading, shown as \"Question N - <section>\".")
    public static let helpInfo = Key("helpInfo", summary: "Help text and images shown with the question.")
    public static let helpText = Key("text", summary: "Help text.")
    public static let helpImages = Key("images", summary: "Help images.")
    public static let helpImageText = Key("imageText", summary: "Caption of a help image.")
    public static let helpImage = Key("image", summary: "A help image, base64-encoded.")
    public static let legacyTypeCode = Key(
        "qid", summary: "Legacy type code: \"1\" short answer, \"2\" true/false, \"3\" table, \"4\" multiple choice.")

    /// The keys inside `helpInfo`.
    public static let helpKeys: [Key] = [helpText, helpImages, helpImageText, helpImage]

    // MARK: Keys shared by several question types (read by the plugins)

    public static let maxAnswers = Key(
        "maxAnswers", spelling: "max-answers", summary: "How many options may be chosen: 1 one, 0 any, N at most N.")
    public static let answers = Key("answers", summary: "The option list (multiple choice); filler elsewhere.")
    public static let acceptedAnswer = Key(
        "acceptedAnswer", summary: "What the answer should be; differences are flagged.")
    public static let userAnswer = Key(
        "userAnswer", spelling: "user-answer", summary: "The answer of a completed form.")

    // MARK: Template keys

    public static let title = Key("Title", summary: "Form title.")
    public static let revisionNumber = Key("RevisionNumber", summary: "Revision, e.g. \"2\" or \"1.10\".")
    public static let earlyRevisionNumber = Key("version", summary: "Early spelling of RevisionNumber.")
    public static let questions = Key("questions", summary: "The ordered list of questions.")
    public static let earlyQuestions = Key("Questions", summary: "Early spelling of questions.")
    public static let email = Key("email", summary: "Who is told about flagged answers.")
    public static let databaseID = Key("_id", summary: "A database id; ignored.")

    /// Metadata printed in the header box of the printed form; all values are strings.
    public static let metadata: [Key] = [
        "MIDiscipline", "InstructionNumber", "AppliedToEquipment", "OriginalIssueDate", "Supersedes",
        "References", "FileNumber", "PreparedBy", "PreparedByTitle", "AcceptedBy", "AcceptedByTitle", "Eor",
        "RevisionHistory", "RevisionNumberRevisedBy", "RevisionNumberDate",
    ].map { Key($0, summary: "Header metadata.") }

    // MARK: Completed-form keys

    public static let username = Key("username", summary: "Who filled the form.")
    public static let completedDate = Key("completedDate", summary: "When the form was completed.")
    public static let submittedDate = Key("SubmittedDate", summary: "When the form was submitted.")
    public static let foremanComment = Key("foremanComment", summary: "The foreman's general comment.")
    public static let media = Key("media", summary: "Embedded media (base64), when requested.")

    /// Every top-level key of a template or completed form that the core knows.
    public static let templateKeys: [Key] =
        [title, revisionNumber, earlyRevisionNumber, questions, earlyQuestions, email, databaseID]
        + metadata + [username, completedDate, submittedDate, foremanComment, media]

    /// Keys every question may carry whatever its type (editors add `answers` and `max-answers`
    /// as filler to every question).
    public static let sharedQuestionKeys: [Key] =
        [answerType, questionText, section, helpInfo, legacyTypeCode, maxAnswers, answers, acceptedAnswer, userAnswer]
}
