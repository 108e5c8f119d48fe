import QuestionKit

/// A template with what has been entered into it: answers, comments and media per question, who
/// did the work and when, and the foreman's review. The form session changes it; the review, the
/// exports and the completed-form JSON are made from it.
public struct FilledForm: Sendable {
    /// The template being filled.
    public let template: Template
    /// What has been saved for each question, by position in `template.questions`.
    public var entries: [QuestionEntry]
    /// The technician who filled the form (`username`).
    public var technician: String?
    /// When the form was completed, as the MI format writes it (`"Nov 22, 2026"`).
    package var completedDate: String?
    /// When the form was submitted (`SubmittedDate`).
    package var submittedDate: String?
    /// The foreman who reviewed the form (`foremanComment.supervisor`).
    package var foreman: String?
    /// The foreman's general comment (`foremanComment.comment`).
    package var foremanComment: String?
    /// Per question, whether it is asked (see `isAsked`); empty for a template without logic.
    package internal(set) var asked: [Bool]

    /// An empty form of `template`.
    public init(template: Template) {
        self.template = template
        self.entries = Array(repeating: QuestionEntry(), count: template.questions.count)
        self.asked = template.logic?.askedQuestions(answer: { _ in nil }) ?? []
    }

    /// The flags of every answered question, by question position.
    public func flags() -> [(question: Question, flags: [Flag])] {
        zip(template.questions, entries).enumerated().compactMap { position, pair in
            let (question, entry) = pair
            guard let answer = entry.answer, isAsked(position) else { return nil }
            let flags = question.flags(for: answer)
            return flags.isEmpty ? nil : (question, flags)
        }
    }
}

/// What has been entered for one question.
public struct QuestionEntry: Sendable {
    /// The answer, if one was given.
    public var answer: QuestionAnswer?
    /// The comment; `""` when there is none (completed forms always carry one).
    public var comment: String
    /// Attached photos, videos and voice notes, in the order attached.
    package var media: [MediaAttachment]
    /// Blank text that a completed form stored for the question (`"  "`): no answer, but shown and
    /// written back as it was stored (the original counted it as typed text). Nil otherwise: an
    /// empty value (`""`, `[]`, `{}`) is the type's own unanswered value, written as that.
    package internal(set) var storedUnanswered: JSONNode?
    /// The foreman's edits of this question after the form was completed, oldest first.
    package var foremanEdits: [ForemanEdit] = []

    /// What a completed form stored under the type's answer key, while nothing has changed it: the
    /// answer's source, or the blank text stored for no answer; nil for an answer entered since.
    var storedNode: JSONNode? {
        guard let answer else { return storedUnanswered }
        return answer.source
    }

    /// An entry with the given answer, comment and media; by default nothing has been entered.
    public init(answer: QuestionAnswer? = nil, comment: String = "", media: [MediaAttachment] = []) {
        self.answer = answer
        self.comment = comment
        self.media = media
    }
}

/// A foreman's edit of a question of a completed form, as the original let the foreman edit from
/// the review: who, when, and what the question held before. It is written in the question's
/// `user-answer` under `foremanEdits`, a key the original system never read, so its server and
/// viewer read the form as they always did.
package struct ForemanEdit: Sendable {
    /// A part of a question that an edit changes.
    package enum Change: Sendable, Hashable {
        /// The answer, the comment, or the attachments.
        case answer, comment, media
    }

    /// The foreman who made the edit.
    package var foreman: String
    /// When: UTC, ISO 8601 (`2026-03-08T09:30:00Z`).
    package var date: String
    /// What the edit changed; `before` holds these parts as they were.
    package var changes: [Change]
    /// The question's entry before the edit (only `changes` of it are written).
    package var before: QuestionEntry
    /// The edit as read from a completed form: written back as it was, whatever it holds.
    package var source: JSONNode?

    /// An edit by `foreman` at `date` that changed `changes` of the entry `before`.
    package init(foreman: String, date: String, changes: [Change], before: QuestionEntry) {
        self.foreman = foreman
        self.date = date
        self.changes = changes
        self.before = before
    }

    /// An edit as read from a completed form, kept as it is stored.
    package init(source: JSONNode, keys: KeyMap) {
        foreman = source[keys.spelling(of: .supervisor)]?.stringValue ?? ""
        date = source[keys.spelling(of: .editDate)]?.stringValue ?? ""
        changes = []
        before = QuestionEntry()
        self.source = source
    }
}

/// A photo, video or voice note attached to a question, by the name the MI format gives it.
public struct MediaAttachment: Sendable, Hashable {
    /// What kind of medium it is.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A photo (`.jpg`), a video (`.mov`) or a voice note (`.m4a`).
        case image, video, voice

        /// The file extension the original app used: `jpg`, `mov`, `m4a`.
        package var fileExtension: String {
            switch self {
            case .image: "jpg"
            case .video: "mov"
            case .voice: "m4a"
            }
        }

        /// The extensions a file of this kind is looked for with beside a form, in order: the
        /// original app's first (see `fileExtension`), then a photo's `jpeg` and `png`.
        package var fileExtensions: [String] {
            self == .image ? [fileExtension, "jpeg", "png"] : [fileExtension]
        }

        /// What people call it: `photo`, `video`, `voice note`.
        package var noun: String {
            switch self {
            case .image: "photo"
            case .video: "video"
            case .voice: "voice note"
            }
        }

        /// The `user-answer` key that lists media of this kind.
        public var key: Key {
            switch self {
            case .image: .images
            case .video: .videos
            case .voice: .voice
            }
        }
    }

    /// Photo, video or voice note; it decides the file extension and the `user-answer` key.
    public var kind: Kind
    /// `Qid<i>`, `Qid<i>(2)`, …: one counter per question, shared by all kinds.
    public var name: String

    /// An attachment of the given kind and name (see `name(questionIndex:count:)`).
    public init(kind: Kind, name: String) {
        self.kind = kind
        self.name = name
    }

    /// The name of the `count`-th attachment (1-based) of the question at `index` (0-based):
    /// `Qid3`, then `Qid3(2)`, `Qid3(3)`, …
    public static func name(questionIndex index: Int, count: Int) -> String {
        count <= 1 ? "Qid\(index)" : "Qid\(index)(\(count))"
    }

    /// The file name beside the form: the name plus the kind's extension.
    package var fileName: String { "\(name).\(kind.fileExtension)" }
}
