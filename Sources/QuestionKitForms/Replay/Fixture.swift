import QuestionKit

/// A fixture: the answers a technician gives to a template and what the foreman adds, optionally
/// a scripted walk through the form, and optionally what must come of it, so that a fixture is a
/// test of its template.
///
/// ```json
/// {
///   "template": "pump-inspection.json",
///   "technician": "Ann Okafor", "foreman": "Bob Lindqvist",
///   "completedDate": "Nov 22, 2026", "submittedDate": "Nov 23, 2026",
///   "answers": {
///     "1": {"answer": ["Yes"], "comment": "Guard refitted", "media": ["image", "image"]},
///     "2": {"answer": "42"},
///     "3": {"comment": "Not applicable today"}
///   },
///   "foremanComment": "Checked on site.",
///   "expect": {"flagged": [2], "outcome": "submitted"}
/// }
/// ```
///
/// Answers are keyed by question number (1-based, as people see them); each `answer` is the value
/// the question's type stores in `user-answer`. Without `steps` the replay walks every question
/// asked in order (fill, Next; Finish on the last), completes, and the foreman comments and
/// submits. A question whose conditions leave it not asked must have no answer in the fixture.
public struct Fixture: Sendable {
    /// The template's path, relative to the fixture file.
    package var templatePath: String?
    /// Who fills the form (`technician`); "Technician" when the fixture gives none.
    public var technician: String
    /// Who reviews and submits the form (`foreman`); "Foreman" when the fixture gives none.
    package var foreman: String
    /// The completion date as the form records it, e.g. "Nov 22, 2026"; nil when not given, and the
    /// form records none rather than invent a day on which nobody worked (its printed Date line is
    /// left blank for a pen).
    package var completedDate: String?
    /// The submission date as the form records it, e.g. "Nov 23, 2026"; nil when not given.
    package var submittedDate: String?
    /// What to enter per question, by 0-based index.
    package var answers: [Int: FixtureAnswer]
    /// The foreman's general comment.
    package var foremanComment: String?
    /// A scripted walk; nil for the default walk.
    package var steps: [FixtureStep]?
    /// What must come of the replay.
    package var expectations: FixtureExpectations
    /// The fixture's JSON, for locating problems.
    package let document: JSONDocument
}

/// What a fixture enters for one question.
package struct FixtureAnswer: Sendable {
    /// The answer value (the type's `user-answer` value), if any.
    package var answer: JSONNode?
    /// The comment to enter, if any.
    package var comment: String?
    /// Media to attach, by kind, in order.
    package var media: [MediaAttachment.Kind]
    /// The fixture entry, for locating problems.
    package var node: JSONNode
}

/// One step of a scripted walk.
package struct FixtureStep: Sendable {
    /// What a step does, as written in `steps`: a word such as `"next"`, or a one-key object.
    package enum Action: Sendable {
        /// Enter the fixture's answer, comment and media for the question shown.
        case fill
        /// Answer the question shown with this value (the type's `user-answer` value).
        case answer(JSONNode)
        /// Comment on the question shown.
        case comment(String)
        /// Attach a medium of this kind to the question shown (named `Qid<i>`, `Qid<i>(2)`, …).
        case attach(MediaAttachment.Kind)
        /// The session's steps of the same names: Next (needs an answer or a comment; saves), Back
        /// (discards), Exit (saves without the check), Resume (after Exit), Finish (last question or an edit).
        case next, back, exit, resume, finish
        /// Edit question N (1-based) from a review; from a completed form, as the foreman.
        case edit(Int)
        /// Complete the form from the technician's review.
        case complete
        /// The foreman's general comment (starts the foreman's review if needed).
        case foremanComment(String)
        /// Submit the form (starts the foreman's review if needed).
        case submit
        /// An entry that is no step (an error of the fixture); kept so that the steps after it keep
        /// their numbers, and skipped by the replay.
        case unreadable
    }

    /// What the step does.
    package var action: Action
    /// The step's JSON, for locating problems.
    package var node: JSONNode

    package init(action: Action, node: JSONNode) {
        self.action = action
        self.node = node
    }
}

/// What must come of a replay.
package struct FixtureExpectations: Sendable {
    /// Exactly these questions (1-based) must be flagged; nil when not checked.
    package var flagged: [Int]?
    /// Exactly these questions (1-based) must end up not asked; nil when not checked.
    package var notAsked: [Int]?
    /// Steps (1-based) that must be refused, with the refusal code when given.
    package var refusedSteps: [Int: String?]
    /// The phase the replay must end in (`submitted` unless stated).
    package var outcome: String
    /// The expectations' JSON, for locating problems.
    package var node: JSONNode?
}
