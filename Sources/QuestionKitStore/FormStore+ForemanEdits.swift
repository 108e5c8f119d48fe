import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// What the foreman changes in a question of a completed form: a new answer, a new comment, or both.
public struct QuestionEdit: Sendable {
    /// The new answer as JSON (as a fixture writes it: `"Worn"`, `["Good", "Worn"]`, `{"2,2": "yes"}`),
    /// read by the question's type; nil to keep the answer.
    public var answer: JSONNode?
    /// The new comment; nil to keep the comment.
    public var comment: String?

    /// An edit of the answer, the comment, or both.
    public init(answer: JSONNode? = nil, comment: String? = nil) {
        self.answer = answer
        self.comment = comment
    }
}

extension FormStore {
    /// The foreman edits question `number` (1-based) of a completed form, as the original let the
    /// foreman edit from the review: the answer (read by the question's type, as a fixture's answer
    /// is), the comment, or both. The form stays completed, awaiting the foreman's submission (the
    /// original's edit returned to the foreman's review), and records the edit in the question
    /// (`foremanEdits`: who, when, what was before; see ``ForemanEdit``). The foreman is `foreman`,
    /// else the one who commented; the form records them as its supervisor, as a comment does.
    ///
    /// Refused (nothing changed) for a form that is not completed (`store.wrong-state`), a question
    /// the form lacks (`store.refused`), an answer the type does not read (`store.bad-answer`), and an
    /// edit that leaves the question neither answered nor commented (`store.refused`). One atomic
    /// write of `form.json`: a crash leaves the form as it was or as edited.
    public func edit(
        _ reference: FormReference, question number: Int, _ edit: QuestionEdit, foreman: String? = nil,
        now: Date = Date()
    ) throws(StoreError) -> StoredForm {
        try writing { () throws(StoreError) in
            var stored = try load(reference)
            try require(reference, in: .completed, to: "edited by the foreman")
            let foreman = try self.foreman(foreman, of: stored, done: "edited", usage: "edit \(reference) \(number) …")
            var session = FormSession(resuming: stored.form)
            var problems: ProblemCollector?
            do throws(SessionRefusal) {
                try session.beginForemanReview(foreman: foreman)
                try session.edit(question: number)
                if let answer = edit.answer {
                    var collector = ProblemCollector(document: answer.document)
                    if try !session.answer(with: answer, problems: &collector) { problems = collector }
                }
                if problems == nil {
                    if let comment = edit.comment { try session.setComment(comment) }
                    try session.finish()
                }
            } catch {
                throw .refused(error)
            }
            if let problems { throw badAnswer(problems.diagnostics(), question: number, of: reference) }
            // The session has refused a number the form lacks by now.
            let position = try self.position(of: number, in: stored)
            let changes: [ForemanEdit.Change] =
                (edit.answer != nil ? [.answer] : []) + (edit.comment != nil ? [.comment] : [])
            let before = stored.form.entries[position]
            stored.form = session.form
            recordEdit(in: &stored, at: position, changes: changes, before: before, foreman: foreman, now: now)
            try saveForm(stored)
            return stored
        }
    }

    /// The position in `stored`'s template of question `number`; `store.refused` when it has none.
    func position(of number: Int, in stored: StoredForm) throws(StoreError) -> Int {
        guard let position = stored.form.template.questions.firstIndex(where: { $0.number == number }) else {
            throw .refused(.noSuchQuestion(number, in: stored.form.template))
        }
        return position
    }

    /// Who makes a change of attachments to `stored`: nobody's edit on an incomplete form (nil), the
    /// foreman's on a completed one (`named`, else the one who commented; refused when neither is
    /// known, the hint giving `usage`); a submitted form is refused, saying that `refused`.
    func foremanOfChange(
        named: String?, to stored: StoredForm, refused: String, done: String, usage: String
    ) throws(StoreError) -> String? {
        switch stored.reference.state {
        case .submitted:
            throw .wrongState(
                "the form '\(stored.reference)' is submitted, so \(refused)", hint: "A submitted form does not change.")
        case .completed: return try foreman(named, of: stored, done: done, usage: usage)
        case .incomplete: return nil
        }
    }

    /// Records in the question at `position` that `foreman` changed `changes` of it at `now`, from
    /// the entry `before`, and makes `foreman` the form's supervisor: every change of a completed
    /// form (`edit`, `attach`, `detach`) is recorded this one way.
    func recordEdit(
        in stored: inout StoredForm, at position: Int, changes: [ForemanEdit.Change], before: QuestionEntry,
        foreman: String, now: Date
    ) {
        stored.form.entries[position].foremanEdits.append(
            ForemanEdit(foreman: foreman, date: StoreDates.iso(now), changes: changes, before: before))
        stored.form.foreman = foreman
    }

    /// The foreman of a step that leaves a completed form `done` (the command `usage`, for the
    /// hint): the one named, else the one the form records.
    func foreman(_ named: String?, of stored: StoredForm, done: String, usage: String) throws(StoreError) -> String {
        guard let foreman = named ?? stored.form.foreman else {
            throw .wrongState(
                "the form '\(stored.reference)' has no foreman yet, so it cannot be \(done)",
                hint: "Name the foreman: 'questionkit store \(usage) --foreman NAME'.")
        }
        return foreman
    }

    /// `store.bad-answer`: the question's type did not read the answer; the first problem says why.
    private func badAnswer(_ diagnostics: [Diagnostic], question number: Int, of reference: FormReference)
        -> StoreError
    {
        let first = diagnostics.first { $0.severity == .error } ?? diagnostics.first
        return StoreError(
            code: "store.bad-answer",
            message: "question \(number) of '\(reference)' cannot take that answer: "
                + (first?.message ?? "its type did not read it"),
            hint: first?.hint ?? "Write the answer as a fixture does.")
    }
}
