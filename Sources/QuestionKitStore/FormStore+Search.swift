import QuestionKit
import QuestionKitForms

/// What `find` looks for, as the original server searched completed forms by their fields. Every
/// filter given must match (and); of several values of one filter, any one (or). A filter on a
/// field the form does not have does not match it.
public struct FormQuery: Sendable {
    /// The parts of the store searched; by default the forms that are done (completed, submitted).
    public var states: [FormReference.State] = [.completed, .submitted]
    /// The template's `Title`.
    public var titles: [TextPattern] = []
    /// The template's `AppliedToEquipment`.
    public var equipment: [TextPattern] = []
    /// The template's `InstructionNumber`.
    public var instructions: [TextPattern] = []
    /// The technician: the user whose folder the form is in.
    public var technicians: [TextPattern] = []
    /// The foreman who reviewed the form (`foremanComment.supervisor`).
    public var foremen: [TextPattern] = []
    /// An answer as the review shows it (a value, a chosen option, a table's cell), a question's
    /// comment or the foreman's comment.
    public var texts: [TextPattern] = []
    /// The first and last day (`yyyy-MM-dd`, both included) of the form's `completedDate`; a form
    /// without one (an incomplete form) matches neither.
    public var completedFrom: String?
    /// See `completedFrom`.
    public var completedTo: String?
    /// Only forms with (true) or without (false) an answer that needs attention.
    public var flagged: Bool?

    /// A query of the completed and submitted forms that matches every one of them.
    public init() {}
}

/// A form that `find` found: where it is and the fields a search shows.
public struct FoundForm: Sendable, Equatable {
    /// Where the form is in the store.
    public var reference: FormReference
    /// The template's `Title`, `RevisionNumber`, `InstructionNumber` and `AppliedToEquipment`.
    public var title: String?, revision: String?, instruction: String?, equipment: String?
    /// The technician (the user whose folder the form is in) and the foreman who reviewed it.
    public var technician: String?, foreman: String?
    /// `completedDate` and `SubmittedDate` as days, `2026-03-02`; as stored when not a date the
    /// format writes (`Mar 2, 2026`); nil when the form has none.
    public var completed: String?, submitted: String?
    /// How many questions have an answer that needs attention (the review's "Attention required").
    public var flaggedQuestions: Int
    /// `completed` when it is a day, for sorting.
    var completedDay: String?
}

/// What a search found: the forms that match, and what could not be searched.
public struct StoreSearch: Sendable {
    /// The forms that match, by completed day (forms without one last), then by path.
    public var forms: [FoundForm] = []
    /// How many forms were searched (read and compared).
    public var searched = 0
    /// The forms that could not be read, each with its located problems; they are left out.
    public var unreadable: [StoreError] = []
    /// Folders and files in the forms' places that are not forms; they are left alone.
    public var strays: [String] = []
}

extension FormStore {
    /// The forms that match `query`, read one at a time (memory holds one form and the matches'
    /// fields), in time linear in the forms' number and size. A form that cannot be read is set
    /// aside in `unreadable`, and the search goes on.
    public func find(_ query: FormQuery) throws(StoreError) -> StoreSearch {
        try reading { () throws(StoreError) in
            var search = StoreSearch()
            search.strays = try forEachForm(in: query.states, of: { TextPattern.any(query.technicians, match: $0) }) {
                reference in
                do throws(StoreError) {
                    let stored = try load(reference)
                    search.searched += 1
                    if let found = query.match(stored.form, at: reference) { search.forms.append(found) }
                } catch {
                    search.unreadable.append(error)
                }
            }
            search.forms.sort { left, right in
                switch (left.completedDay, right.completedDay) {
                case (let left?, let right?) where left != right: left < right
                case (nil, _?): false
                case (_?, nil): true
                default: left.reference.path < right.reference.path
                }
            }
            return search
        }
    }
}

extension FormQuery {
    /// The found form, when `form` (at `reference`) matches every filter; nil otherwise. The
    /// cheap filters (the template's fields, the people, the dates) are tried before the answers.
    func match(_ form: FilledForm, at reference: FormReference) -> FoundForm? {
        let template = form.template
        let completedDay = form.completedDate.flatMap(StoreDates.day(ofFormDate:))
        guard TextPattern.any(titles, match: template.title),
            TextPattern.any(equipment, match: Self.metadata("AppliedToEquipment", of: template)),
            TextPattern.any(instructions, match: Self.metadata("InstructionNumber", of: template)),
            TextPattern.any(technicians, match: form.technician), TextPattern.any(foremen, match: form.foreman),
            completedFrom.map({ from in completedDay.map { $0 >= from } ?? false }) ?? true,
            completedTo.map({ to in completedDay.map { $0 <= to } ?? false }) ?? true
        else { return nil }
        let entries = zip(template.questions, form.entries)
        let flaggedQuestions = entries.count { question, entry in !question.flags(for: entry).isEmpty }
        guard flagged.map({ $0 == (flaggedQuestions > 0) }) ?? true,
            texts.isEmpty || Self.anyText(of: form, matches: texts)
        else { return nil }
        return FoundForm(
            reference: reference, title: template.title, revision: template.revision,
            instruction: Self.metadata("InstructionNumber", of: template),
            equipment: Self.metadata("AppliedToEquipment", of: template), technician: form.technician,
            foreman: form.foreman, completed: completedDay ?? form.completedDate,
            submitted: form.submittedDate.map { StoreDates.day(ofFormDate: $0) ?? $0 },
            flaggedQuestions: flaggedQuestions, completedDay: completedDay)
    }

    /// The template's metadata field whose `Key` is named `name`, spelled as the template spells it.
    private static func metadata(_ name: String, of template: Template) -> String? {
        guard let key = Key.metadata.first(where: { $0.name == name }) else { return nil }
        let spelling = template.keys.spelling(of: key)
        return template.metadata.first { $0.key == spelling }?.value
    }

    /// Whether a text of `form` matches one of `patterns`: an answer's texts as the review shows
    /// them (its question's type renders it, so a type from outside is searched alike), a
    /// question's comment, or the foreman's comment.
    private static func anyText(of form: FilledForm, matches patterns: [TextPattern]) -> Bool {
        if let comment = form.foremanComment, TextPattern.any(patterns, match: comment) { return true }
        for (question, entry) in zip(form.template.questions, form.entries) {
            if !entry.comment.isEmpty, TextPattern.any(patterns, match: entry.comment) { return true }
            guard entry.answer != nil else { continue }
            for block in question.render(entry).blocks {
                let texts: [String] =
                    switch block {
                    case .value(let text): [text]
                    case .note: []
                    case .choices(let choices): choices.filter(\.isChosen).map(\.label)
                    case .grid(let grid):
                        grid.rows.flatMap(\.cells).compactMap { cell in
                            if case .text(let text) = cell { text } else { nil }
                        }
                    case .drawing(let drawing): [drawing.textFallback]
                    }
                if texts.contains(where: { TextPattern.any(patterns, match: $0) }) { return true }
            }
        }
        return false
    }
}
