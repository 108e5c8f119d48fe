import QuestionKit

/// The rules of filling a form, as a value: which question is shown, what has been entered but
/// not yet saved, and which steps are allowed. No I/O; the store and the runner do that.
///
/// A technician walks the questions: Next needs an answer (the question type's call) or a
/// non-blank comment, then saves; Back does not save; Exit saves without the check. The last
/// question's Next is Finish, which opens the review. From the review a question can be edited
/// (Finish saves the edit, Back discards it), and the form completed. A foreman then reviews it:
/// edits questions the same way, adds a general comment, and submits.
///
/// A refused step throws a `SessionRefusal` and changes nothing.
///
/// **Decision:** completing is refused (`session.unanswered`, naming the first such question)
/// while any saved question is neither answered nor commented. Every Next checks, and a resumed
/// form starts at its first open question, so the review implies it today; the check keeps the
/// rule true of every completed form whatever path reaches the review. (It asks again only about
/// the entries no Next or Finish checked when they were saved: see `checked`.) Submitting has no such
/// check: a foreman must be able to submit a form completed by the original app, whose idea of
/// "answered" was not always ours.
public struct FormSession: Sendable {
    /// Where the form is in its life.
    package enum Phase: Sendable, Equatable {
        /// The technician walks the questions; `current` is the question shown.
        case filling
        /// The technician pressed X: saved without the check; `resume()` continues.
        case exited
        /// The technician's review, after Finish on the last question.
        case review
        /// Editing `current` from a review (the technician's or the foreman's).
        case editing(from: ReviewKind)
        /// Completed by the technician; awaiting the foreman.
        case completed
        /// The foreman reviews: edits questions, adds a general comment.
        case foremanReview
        /// Submitted by the foreman; nothing changes any more.
        case submitted
    }

    /// Whose review an edit came from, and returns to.
    package enum ReviewKind: Sendable, Equatable {
        /// The technician's review before completing, or the foreman's review of a completed form.
        case technician, foreman
    }

    /// The saved state: what the store writes and the review shows.
    public private(set) var form: FilledForm
    /// Where the form is in its life.
    package private(set) var phase: Phase
    /// The 0-based position in `template.questions` of the question shown (filling, editing) or last shown.
    package private(set) var current: Int
    /// The unsaved edits of the question shown; outside filling and editing, the saved entry of `current`.
    package var draft: QuestionEntry {
        var entry = edits
        if let saved = form.entries.indices.contains(current) ? form.entries[current].media : nil {
            WorkCounter.add(saved.count + edits.media.count, to: .sessionMedia)
            entry.media = saved + edits.media
        }
        return entry
    }
    /// The draft's answer and comment, and only the media attached since the question was shown: the
    /// saved media are not copied into every draft, so that attaching costs the same on a question
    /// with ten thousand media as on one with none.
    private(set) var edits: QuestionEntry
    /// Who fills the form; written to `form.technician` (again) on completion.
    let technician: String?
    /// The media names taken, per question and by the draft.
    private var mediaNamer = MediaNamer()
    /// Per question, whether its saved entry was found answered or commented when it was saved (by
    /// Next or Finish), so that `unansweredQuestions` need not ask its type again: completing a
    /// form walked question by question asked every type twice (11% of `test`'s instructions).
    /// Entries change only through `saveDraft`, which sets or clears the mark.
    private var checked: [Bool]

    /// A new, empty form of `template`, filled by `technician`, at its first question.
    ///
    /// The saved form names its technician from the start, so that a form exited and loaded
    /// again knows who is filling it.
    public init(template: Template, technician: String) {
        var form = FilledForm(template: template)
        form.technician = technician
        self.form = form
        self.technician = technician
        self.phase = .filling
        self.current = form.firstAsked(from: 0) ?? 0
        self.edits = QuestionEntry()
        self.checked = Array(repeating: false, count: form.entries.count)
    }

    /// Continue a saved (e.g. exited) form at its first question that is neither answered nor
    /// commented (or the last).
    ///
    /// A form with a `submittedDate` resumes as `.submitted`, one with a `completedDate` as
    /// `.completed` (awaiting the foreman); any other form resumes `.filling`. Entries missing
    /// for some questions are taken as empty; entries beyond the questions are dropped.
    public init(resuming form: FilledForm) {
        var form = form
        let count = form.template.questions.count
        form.entries = Array(form.entries.prefix(count))
        form.entries += Array(repeating: QuestionEntry(), count: count - form.entries.count)
        self.form = form
        self.technician = form.technician
        self.phase = form.submittedDate != nil ? .submitted : form.completedDate != nil ? .completed : .filling
        let open = form.entries.indices.first {
            form.isAsked($0) && !Self.isDone(form.entries[$0], of: form.template.questions[$0])
        }
        self.current = open ?? form.lastAsked(before: count) ?? max(0, count - 1)
        self.edits = Self.edits(of: form, at: current)
        self.checked = Array(repeating: false, count: count)
    }

    /// The template being filled.
    public var template: Template { form.template }

    /// The question at `current`, if the template has any questions.
    package var currentQuestion: Question? {
        template.questions.indices.contains(current) ? template.questions[current] : nil
    }

    /// The questions that would block completion: asked, and neither answered nor commented (for
    /// messages). A question not asked never blocks it.
    package var unansweredQuestions: [Int] {
        (0..<min(template.questions.count, form.entries.count)).compactMap { position in
            let question = template.questions[position]
            return checked[position] || !form.isAsked(position) || Self.isDone(form.entries[position], of: question)
                ? nil : question.number
        }
    }

    /// Whether `entry` lets the form move on past `question`: answered (the type's call) or
    /// commented with something other than blanks.
    static func isDone(_ entry: QuestionEntry, of question: Question) -> Bool {
        if let answer = entry.answer, question.isAnswered(answer) { return true }
        return !entry.comment.allSatisfy(\.isWhitespace)
    }

    // MARK: Editing the question shown

    /// Sets (or, with nil, clears) the answer of the question shown. Refused unless a question is
    /// shown (filling or editing), and for an answer its type did not read.
    package mutating func setAnswer(_ answer: QuestionAnswer?) throws(SessionRefusal) {
        let question = try shownQuestion("set an answer")
        if let answer, question.encodeAnswer(answer) == nil { throw .foreignAnswer(question) }
        edits.answer = answer
    }

    /// Reads `value` with the question's type; answer problems go to `problems` (located);
    /// returns whether an answer was set. When the value cannot be read, the draft keeps its
    /// previous answer.
    @discardableResult
    public mutating func answer(with value: JSONNode, problems: inout ProblemCollector) throws(SessionRefusal) -> Bool {
        let question = try shownQuestion("answer")
        guard let answer = question.parseAnswer(value, problems: &problems) else { return false }
        edits.answer = answer
        return true
    }

    /// Sets the comment of the question shown; a blank comment does not let Next move on.
    package mutating func setComment(_ text: String) throws(SessionRefusal) {
        _ = try shownQuestion("comment")
        edits.comment = text
    }

    /// Attaches a photo, video or voice note to the question shown and names it `Qid<i>`,
    /// `Qid<i>(2)`, … (one counter per question shared by all kinds, counting saved and draft
    /// media). Names are compared exactly, so `Qid10` never counts towards `Qid1`; a name already
    /// taken (in a loaded form) is skipped.
    @discardableResult
    package mutating func attach(_ kind: MediaAttachment.Kind) throws(SessionRefusal) -> MediaAttachment {
        let question = try shownQuestion("attach media")
        let saved = form.entries.indices.contains(current) ? form.entries[current].media : []
        let name = mediaNamer.nextName(position: current, questionIndex: question.index, savedMedia: saved)
        let attachment = MediaAttachment(kind: kind, name: name)
        edits.media.append(attachment)
        return attachment
    }

    // MARK: The only changes of state outside editing; the step methods decide when they apply.

    /// Saves the draft as the entry of the question shown; `checked` when the step has just found
    /// the draft answered or commented.
    mutating func saveDraft(checked isDone: Bool) {
        guard form.entries.indices.contains(current) else { return }
        checked[current] = isDone
        form.entries[current].answer = edits.answer
        form.entries[current].comment = edits.comment
        WorkCounter.add(edits.media.count, to: .sessionMedia)
        form.entries[current].media += edits.media
        edits.media = []
        mediaNamer.saveDraft(position: current)
        form.entryChanged(at: current)
    }

    /// Shows the question at `position` in `phase`, its draft the saved entry: unsaved edits are dropped.
    mutating func show(_ position: Int, in phase: Phase) {
        self.phase = phase
        current = position
        edits = Self.edits(of: form, at: position)
        mediaNamer.discardDraft()
    }

    /// A draft of the saved entry at `position`: its answer and comment, no media added yet.
    private static func edits(of form: FilledForm, at position: Int) -> QuestionEntry {
        guard form.entries.indices.contains(position) else { return QuestionEntry() }
        return QuestionEntry(answer: form.entries[position].answer, comment: form.entries[position].comment)
    }

    /// Moves to `phase`, changing the saved form with `change`; unsaved edits are dropped.
    mutating func enter(_ phase: Phase, changing change: (inout FilledForm) -> Void = { _ in }) {
        change(&form)
        show(current, in: phase)
    }

    /// The question shown, or the refusal of `step` when none is.
    func shownQuestion(_ step: String) throws(SessionRefusal) -> Question {
        switch phase {
        case .filling, .editing:
            guard let question = currentQuestion else { throw .noQuestions(step) }
            return question
        default:
            throw .notFilling(step, phase: phase)
        }
    }
}
