import QuestionKit

/// The review of a filled form: who did the work and when, then one row per question with its
/// answer, comment, media and flags. The review table, the text export, the PDF and
/// `review --format json` are all made from it.
public struct Review: Sendable, Equatable {
    /// The header: the template's title and metadata, who did the work and who reviewed it.
    public var header: ReviewHeader
    /// One row per question of the template, in order.
    public var rows: [ReviewRow]

    /// The review of `form`. The template's key map spells the fields that the header shows on
    /// their own (title, revision, `username`, the dates), so that they are not repeated as metadata.
    public init(form: FilledForm) {
        header = ReviewHeader(form: form)
        rows = form.template.questions.enumerated().map { position, question in
            let entry = form.entries.indices.contains(position) ? form.entries[position] : QuestionEntry()
            var row = ReviewRow(question: question, entry: entry)
            if form.template.logic != nil {
                row.logic = ReviewRow.Logic(position, of: form)
                // Told apart from a question asked and left unanswered.
                if row.logic?.notAsked != nil { row.answerSummary = "(not asked)" }
            }
            return row
        }
    }

    /// The rows with at least one flag: the "attention required" list.
    public var flaggedRows: [ReviewRow] { rows.filter { !$0.flags.isEmpty } }
}

/// The header of a review.
public struct ReviewHeader: Sendable, Hashable {
    /// A metadata field of the template, as spelled in its JSON.
    package struct Field: Sendable, Hashable {
        /// The field's key, spelled as in the template's JSON.
        package var key: String
        /// The field's value.
        package var value: String

        /// A field with the given key and value.
        package init(key: String, value: String) {
            self.key = key
            self.value = value
        }
    }

    /// `Title`.
    public var title: String?
    /// `RevisionNumber` (or the early `version`).
    package var revision: String?
    /// The template's other string fields, in source order (`MIDiscipline`, `InstructionNumber`, …).
    package var metadata: [Field]
    /// The technician who filled the form (`username`).
    public var technician: String?
    /// When the form was completed.
    package var completedDate: String?
    /// The foreman who reviewed the form (`foremanComment.supervisor`).
    package var foreman: String?
    /// The foreman's general comment.
    package var foremanComment: String?
    /// When the form was submitted.
    package var submittedDate: String?
    /// The key spellings of the form's template (see `Template.keys`): how its metadata fields are spelled.
    package var keys: KeyMap

    /// The header of `form`; see `Review.init(form:)`.
    public init(form: FilledForm) {
        let template = form.template
        keys = template.keys
        let shownApart: Set<String> = Set(
            [Key.title, .revisionNumber, .earlyRevisionNumber, .username, .completedDate, .submittedDate]
                .map { template.keys.spelling(of: $0) })
        title = template.title
        revision = template.revision
        metadata = template.metadata.filter { !shownApart.contains($0.key) }.map { Field(key: $0.key, value: $0.value) }
        technician = form.technician
        completedDate = form.completedDate
        foreman = form.foreman
        foremanComment = form.foremanComment
        submittedDate = form.submittedDate
    }
}

/// One question of a review.
public struct ReviewRow: Sendable, Equatable {
    /// The question's number as people see it (1-based; skips a question the template reader left out).
    public var number: Int
    /// The section heading, if any.
    public var section: String?
    /// The question text.
    public var question: String
    /// The answer (or its absence) as the question's type shows it.
    public var rendering: AnswerRendering
    /// The answer on one line, for the review table: "Good, Worn", "42 °C", "Yes", "table: 5 of 6 cells",
    /// "(no answer)".
    public var answerSummary: String
    /// The answer as a completed form stores it under the type's answer key (as it was stored, when
    /// read from one and unchanged); nil when there is none.
    public var answer: JSONWriter.Value?
    /// The technician's comment; `""` when there is none.
    public var comment: String
    /// The attached photos, videos and voice notes, in the order attached.
    package var media: [MediaAttachment]
    /// How the answer differs from what the template accepts.
    public var flags: [Flag]
    /// Whether the answer counts as answered (by its type's rule).
    public var isAnswered: Bool
    /// What reading the answer from a completed form found wrong, located in that form.
    public var warnings: [Diagnostic]
    /// The question's conditions and whether it was asked; nil for a template without logic.
    public var logic: Logic?

    /// A question of a template with logic, as the review shows it (see `ConditionWords`).
    public struct Logic: Sendable, Hashable {
        /// Its conditions in words ("Asked when 'Any leaks?' is Yes"); nil when always asked.
        public var askedWhen: String?
        /// Why it was not asked ("Not asked: 'Any leaks?' is No"); nil when it was asked.
        public var notAsked: String?

        /// A question's conditions and the reason it was not asked, in words.
        public init(askedWhen: String?, notAsked: String?) {
            self.askedWhen = askedWhen
            self.notAsked = notAsked
        }

        /// The question at `position` of `form`.
        init(_ position: Int, of form: FilledForm) {
            askedWhen = ConditionWords.askedWhen(position, in: form.template)
            notAsked = form.isAsked(position) ? nil : ConditionWords.notAsked(position, in: form)
        }
    }

    /// The row of `question`, with what was entered for it.
    public init(question: Question, entry: QuestionEntry) {
        number = question.number
        section = question.section
        self.question = question.text
        rendering = question.render(entry)
        answerSummary = Self.summary(of: rendering)
        answer = question.storedValue(of: entry)
        comment = entry.comment
        media = entry.media
        flags = question.flags(for: entry)
        isAnswered = entry.answer.map { question.isAnswered($0) } ?? false
        warnings = entry.answer?.warnings ?? []
    }

    public static func == (lhs: ReviewRow, rhs: ReviewRow) -> Bool {
        // JSONWriter.Value is not Equatable; two answers are the same when they write the same JSON.
        lhs.number == rhs.number && lhs.section == rhs.section && lhs.question == rhs.question
            && lhs.rendering == rhs.rendering && lhs.answerSummary == rhs.answerSummary
            && lhs.answer.map { JSONWriter.text(of: $0, indent: 0) }
                == rhs.answer.map { JSONWriter.text(of: $0, indent: 0) }
            && lhs.comment == rhs.comment && lhs.media == rhs.media && lhs.flags == rhs.flags
            && lhs.isAnswered == rhs.isAnswered && lhs.warnings == rhs.warnings && lhs.logic == rhs.logic
    }

    /// `rendering` on one line: values as they are, the chosen options joined by ", ", a table as
    /// "table: <filled> of <fillable> cells"; parts joined by "; "; notes left out. "(no answer)"
    /// when nothing is left.
    public static func summary(of rendering: AnswerRendering) -> String {
        var parts: [String] = []
        for block in rendering.blocks {
            switch block {
            case .value(let text): parts.append(text)
            case .note: continue
            case .choices(let choices):
                let chosen = choices.filter(\.isChosen).map(\.label)
                if !chosen.isEmpty { parts.append(chosen.joined(separator: ", ")) }
            case .grid(let grid):
                let cells = grid.rows.flatMap(\.cells)
                let fillable = cells.filter { $0 != .noCell }
                let filled = fillable.filter { cell in
                    switch cell {
                    case .text(let text): !TypedText.isBlank(text)
                    case .check(let value): value != nil
                    case .noCell: false
                    }
                }
                parts.append("table: \(filled.count) of \(fillable.count) cells")
            case .drawing(let drawing): parts.append(drawing.textFallback)
            }
        }
        let line = parts.map(TerminalText.oneLine).filter { !$0.isEmpty }.joined(separator: "; ")
        return line.isEmpty ? noAnswer : line
    }

    /// What the summary says when nothing is shown; the text of `AnswerRendering.noAnswer`.
    private static let noAnswer = "(no answer)"
}
