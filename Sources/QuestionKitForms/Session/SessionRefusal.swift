import QuestionKit

/// Why a `FormSession` refused a step. A refused step changes nothing; the refusal says which
/// question it concerns and why, in words a technician or a fixture author can act on.
///
/// | code | when |
/// | --- | --- |
/// | `session.unanswered` | Next, Finish or completing while a question is neither answered nor commented |
/// | `session.first-question` | Back on the first question |
/// | `session.not-last-question` | Finish while filling a question other than the last |
/// | `session.no-such-question` | editing a number the form lacks; a question step on a form without questions |
/// | `session.not-filling` | answering, commenting, attaching, Next, Back or Exit while no question is shown |
/// | `session.wrong-phase` | resume, edit, complete, the foreman's steps out of phase; Next or Exit while editing |
/// | `session.foreign-answer` | `setAnswer` with an answer that the question's type did not read |
/// | `session.not-asked` | editing a question from a review that its conditions leave not asked |
public struct SessionRefusal: Error, Sendable, Equatable, CustomStringConvertible {
    /// A stable code, e.g. `session.unanswered` (see the table above).
    public var code: String
    /// The 1-based number of the question concerned, when there is one.
    public var question: Int?
    /// What was refused and why: "question 3 needs an answer or a comment before Next".
    public var message: String
    /// How to go on, when there is a way.
    public var hint: String?

    /// A refusal with the given code, question number (1-based), message and hint.
    public init(code: String, question: Int? = nil, message: String, hint: String? = nil) {
        self.code = code
        self.question = question
        self.message = message
        self.hint = hint
    }

    /// The message and the code, the way diagnostics print: "question 3 needs … [session.unanswered]".
    public var description: String { "\(message) [\(code)]" }
}

extension SessionRefusal {
    static func unanswered(_ number: Int, before step: String) -> SessionRefusal {
        SessionRefusal(
            code: "session.unanswered", question: number,
            message: "question \(number) needs an answer or a comment before \(step)",
            hint: "Answer it, or say in a comment why it has no answer.")
    }

    package static func incomplete(_ number: Int, of unanswered: [Int]) -> SessionRefusal {
        let others = unanswered.count > 1 ? " (unanswered: \(unanswered.map(String.init).joined(separator: ", ")))" : ""
        return SessionRefusal(
            code: "session.unanswered", question: number,
            message: "the form cannot be completed: question \(number) is neither answered nor commented\(others)",
            hint: "Edit question \(number) from the review and answer or comment it.")
    }

    static func firstQuestion(_ number: Int) -> SessionRefusal {
        SessionRefusal(
            code: "session.first-question", question: number,
            message: "question \(number) is the first question; there is nothing to go back to",
            hint: "Use Exit to leave the form; it is saved.")
    }

    static func notLastQuestion(_ number: Int, last: Int) -> SessionRefusal {
        SessionRefusal(
            code: "session.not-last-question", question: number,
            message: "Finish is on the last question (\(last)), but question \(number) is shown",
            hint: "Use Next to go on to question \(last).")
    }

    package static func noSuchQuestion(_ number: Int, in template: Template) -> SessionRefusal {
        let numbers = template.questions.map(\.number)
        let range = numbers.first.map { first in "questions \(first) to \(numbers.last ?? first)" } ?? "no questions"
        return SessionRefusal(
            code: "session.no-such-question", question: nil,
            message: "there is no question \(number); the form has \(range)")
    }

    static func noQuestions(_ step: String) -> SessionRefusal {
        SessionRefusal(
            code: "session.no-such-question", message: "cannot \(step): the form has no questions",
            hint: "Finish opens the review of an empty form.")
    }

    static func notFilling(_ step: String, phase: FormSession.Phase) -> SessionRefusal {
        SessionRefusal(
            code: "session.not-filling",
            message: "cannot \(step): no question is shown while the form \(phase.wording)",
            hint: phase.way)
    }

    static func wrongPhase(_ step: String, phase: FormSession.Phase, needs: String, question: Int? = nil)
        -> SessionRefusal
    {
        SessionRefusal(
            code: "session.wrong-phase", question: question,
            message: "cannot \(step) while the form \(phase.wording); \(step) needs \(needs)", hint: phase.way)
    }

    static func notAsked(_ question: Question) -> SessionRefusal {
        SessionRefusal(
            code: "session.not-asked", question: question.number,
            message: "question \(question.number) is not asked: its conditions do not hold for the answers given",
            hint: "Change the answers its conditions look at first.")
    }

    static func foreignAnswer(_ question: Question) -> SessionRefusal {
        SessionRefusal(
            code: "session.foreign-answer", question: question.number,
            message:
                "the answer is not a \(question.type.description.identifier) answer, so question \(question.number) "
                + "cannot take it",
            hint: "Read the answer with the question's own type (answer(with:problems:)).")
    }
}

extension FormSession.Phase {
    /// The phase in a sentence: "the form is being filled".
    var wording: String {
        switch self {
        case .filling: "is being filled"
        case .exited: "was exited"
        case .review: "is in the technician's review"
        case .editing(from: .technician): "is being edited from the technician's review"
        case .editing(from: .foreman): "is being edited from the foreman's review"
        case .completed: "is completed and awaits the foreman"
        case .foremanReview: "is in the foreman's review"
        case .submitted: "is submitted"
        }
    }

    /// What can be done from the phase, as a hint.
    var way: String {
        switch self {
        case .filling: "Answer or comment the question shown, then Next."
        case .exited: "Resume to go on filling."
        case .review: "Edit a question, or complete the form."
        case .editing: "Finish saves the edit; Back discards it."
        case .completed: "The foreman begins the review."
        case .foremanReview: "Edit a question, add a general comment, or submit."
        case .submitted: "A submitted form does not change."
        }
    }
}
