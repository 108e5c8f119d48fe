import QuestionKit

/// Every word a fixture may use, each with what it means: the one list the reader checks against
/// and the fixture reference of Docs/Fixtures.md is generated from (`referenceMarkdown`), so they cannot drift.
package enum FixtureVocabulary {
    /// A word of the fixture language and what it means.
    package struct Entry: Sendable {
        /// The word as written in a fixture.
        package let word: String
        /// What it means, for the reference.
        package let meaning: String

        init(_ word: String, _ meaning: String) {
            self.word = word
            self.meaning = meaning
        }
    }

    /// The keys of the fixture object.
    package static let topLevelKeys: [Entry] = [
        Entry("template", "the template's path, relative to the fixture (required by `test` and `validate`)"),
        Entry("technician", "who fills the form; \"Technician\" when not given"),
        Entry("foreman", "who reviews and submits; \"Foreman\" when not given"),
        Entry("completedDate", "the completion date as the form records it; none when not given"),
        Entry("submittedDate", "the submission date as the form records it; none when not given"),
        Entry("answers", "what to enter, keyed by question number (\"1\", \"2\", …)"),
        Entry("foremanComment", "the foreman's general comment (default walk)"),
        Entry(
            "steps",
            "a scripted walk; without it every question asked is filled in order, then completed and submitted"),
        Entry("expect", "what must come of the replay"),
    ]

    /// The keys of an entry of `answers`.
    package static let answerKeys: [Entry] = [
        Entry("answer", "the value the question's type keeps in `user-answer`"),
        Entry("comment", "the comment to enter"),
        Entry("media", "media to attach, by kind, in order"),
    ]

    /// The steps written as plain words.
    package static let wordSteps: [Entry] = [
        Entry("fill", "enter the fixture's answer, comment and media for the question shown"),
        Entry("next", "Next: needs an answer or a comment; saves"),
        Entry("back", "Back: discards the question's changes"),
        Entry("exit", "Exit: saves without the check"),
        Entry("resume", "go on filling after Exit"),
        Entry("finish", "Finish: on the last question, or to save an edit"),
        Entry("complete", "complete the form from the technician's review"),
        Entry("submit", "the foreman submits (starting the foreman's review if needed)"),
    ]

    /// The steps written as one-key objects.
    package static let objectSteps: [Entry] = [
        Entry("answer", "`{\"answer\": …}` answers the question shown with this value"),
        Entry("comment", "`{\"comment\": \"…\"}` comments on the question shown"),
        Entry("attach", "`{\"attach\": \"image\"}` attaches a medium of this kind to the question shown"),
        Entry("edit", "`{\"edit\": N}` edits question N from a review (as the foreman once completed)"),
        Entry("foremanComment", "`{\"foremanComment\": \"…\"}` the foreman's general comment"),
    ]

    /// The keys of `expect`.
    package static let expectKeys: [Entry] = [
        Entry("flagged", "exactly these questions (numbers) are flagged"),
        Entry("refused", "steps that must be refused: a step number, or `{\"step\": N, \"code\": \"…\"}`"),
        Entry("outcome", "the phase the replay ends in; `submitted` unless stated"),
        Entry(
            "notAsked", "exactly these questions (numbers) are not asked: their conditions (`enableWhen`) do not hold"),
    ]

    /// The keys of an entry of `expect.refused` written as an object.
    package static let refusedKeys: [Entry] = [
        Entry("step", "the step's number (1-based, counting every entry of `steps`)"),
        Entry("code", "the refusal code it must be refused with"),
    ]

    /// The kinds of media, named as the original app named them.
    package static let mediaKinds: [Entry] = MediaAttachment.Kind.allCases.map { kind in
        Entry(kind.rawValue, "attached as `Qid<i>`, `Qid<i>(2)`, … (`.\(kind.fileExtension)`)")
    }

    /// The phases a replay may be expected to end in.
    package static let outcomes: [Entry] = [
        Entry("submitted", "the foreman submitted the form"),
        Entry("foreman-review", "the foreman's review is open"),
        Entry("completed", "completed, awaiting the foreman"),
        Entry("review", "the technician's review is open"),
        Entry("exited", "the technician exited; the form is saved"),
        Entry("filling", "a question is shown"),
    ]

    /// The codes with which the form session refuses a step (see `SessionRefusal`).
    package static let refusalCodes: [Entry] = [
        Entry("session.unanswered", "Next, Finish or completing while a question is neither answered nor commented"),
        Entry("session.first-question", "Back on the first question"),
        Entry("session.not-last-question", "Finish while filling a question other than the last"),
        Entry(
            "session.no-such-question", "editing a number the form lacks; a question step on a form without questions"),
        Entry("session.not-filling", "answering, commenting, attaching, Next, Back or Exit while no question is shown"),
        Entry(
            "session.wrong-phase",
            "resume, edit, complete, the foreman's steps out of phase; Next or Exit while editing"),
        Entry("session.foreign-answer", "an answer that the question's type did not read"),
        Entry("session.not-asked", "editing a question from a review that its conditions leave not asked"),
    ]

    /// The words of a list.
    package static func words(_ entries: [Entry]) -> [String] { entries.map(\.word) }
}
