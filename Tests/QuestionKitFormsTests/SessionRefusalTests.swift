import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// A step of a session, as the refusal tests take it.
enum SessionStep: Sendable {
    case setAnswer, answer, comment, attach, next, back, exit, resume, finish, edit(Int), complete
    case beginForemanReview, foremanComment, submit

    /// Every step, with arguments that are fine in some phase.
    static let all: [SessionStep] = [
        .setAnswer, .answer, .comment, .attach, .next, .back, .exit, .resume, .finish, .edit(1), .complete,
        .beginForemanReview, .foremanComment, .submit,
    ]

    func perform(on session: inout FormSession) throws(SessionRefusal) {
        switch self {
        case .setAnswer: try session.setAnswer(nil)
        case .answer:
            guard let document = JSONParser.parse(Array(#""x""#.utf8)).document else { return }
            var problems = ProblemCollector(document: document)
            try session.answer(with: document.root, problems: &problems)
        case .comment: try session.setComment("x")
        case .attach: try session.attach(.image)
        case .next: try session.next()
        case .back: try session.back()
        case .exit: try session.exit()
        case .resume: try session.resume()
        case .finish: try session.finish()
        case .edit(let number): try session.edit(question: number)
        case .complete: try session.complete(date: "d")
        case .beginForemanReview: try session.beginForemanReview(foreman: "f")
        case .foremanComment: try session.setForemanComment("c")
        case .submit: try session.submit(date: "d")
        }
    }
}

/// Expects `step` to be refused with exactly `expected` and to leave `session` unchanged.
func expectRefusal(
    _ session: FormSession, _ step: SessionStep, _ expected: SessionRefusal,
    sourceLocation: SourceLocation = #_sourceLocation
) {
    var session = session
    let before = session.snapshot
    do throws(SessionRefusal) {
        try step.perform(on: &session)
        Issue.record("\(step) was not refused", sourceLocation: sourceLocation)
    } catch {
        #expect(error == expected, "\(step)", sourceLocation: sourceLocation)
    }
    #expect(session.snapshot == before, "\(step) changed the session", sourceLocation: sourceLocation)
}

@Suite("Form session: refusals")
struct SessionRefusalTests {
    @Test func whileFilling() throws {
        let session = try SessionFixture.session()
        let phase = "while the form is being filled"
        let hint = "Answer or comment the question shown, then Next."
        expectRefusal(
            session, .next,
            SessionRefusal(
                code: "session.unanswered", question: 1, message: "question 1 needs an answer or a comment before Next",
                hint: "Answer it, or say in a comment why it has no answer."))
        expectRefusal(
            session, .back,
            SessionRefusal(
                code: "session.first-question", question: 1,
                message: "question 1 is the first question; there is nothing to go back to",
                hint: "Use Exit to leave the form; it is saved."))
        expectRefusal(
            session, .finish,
            SessionRefusal(
                code: "session.not-last-question", question: 1,
                message: "Finish is on the last question (3), but question 1 is shown",
                hint: "Use Next to go on to question 3."))
        expectRefusal(
            session, .resume,
            SessionRefusal(
                code: "session.wrong-phase", message: "cannot resume \(phase); resume needs an exited form", hint: hint)
        )
        expectRefusal(
            session, .edit(2),
            SessionRefusal(
                code: "session.wrong-phase", question: 2,
                message: "cannot edit a question \(phase); edit a question needs a review", hint: hint))
        expectRefusal(
            session, .complete,
            SessionRefusal(
                code: "session.wrong-phase",
                message: "cannot complete \(phase); complete needs the technician's review",
                hint: hint))
        expectRefusal(
            session, .beginForemanReview,
            SessionRefusal(
                code: "session.wrong-phase",
                message:
                    "cannot begin the foreman's review \(phase); begin the foreman's review needs a completed form",
                hint: hint))
        expectRefusal(
            session, .foremanComment,
            SessionRefusal(
                code: "session.wrong-phase",
                message:
                    "cannot add the foreman's comment \(phase); add the foreman's comment needs the foreman's review",
                hint: hint))
        expectRefusal(
            session, .submit,
            SessionRefusal(
                code: "session.wrong-phase", message: "cannot submit \(phase); submit needs the foreman's review",
                hint: hint))
    }

    @Test func afterExit() throws {
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.exit()
        let hint = "Resume to go on filling."
        for (name, step) in [("comment", SessionStep.comment), ("go Next", .next)] {
            expectRefusal(
                session, step,
                SessionRefusal(
                    code: "session.not-filling",
                    message: "cannot \(name): no question is shown while the form was exited", hint: hint))
        }
        expectRefusal(
            session, .finish,
            SessionRefusal(
                code: "session.wrong-phase",
                message: "cannot finish while the form was exited; finish needs the last question while filling, "
                    + "or an edit from a review", hint: hint))
    }

    @Test func inTheReview() throws {
        let session = try SessionFixture.reviewed()
        for number in [0, 4, -1] {
            expectRefusal(
                session, .edit(number),
                SessionRefusal(
                    code: "session.no-such-question",
                    message: "there is no question \(number); the form has questions 1 to 3"))
        }
        expectRefusal(
            session, .back,
            SessionRefusal(
                code: "session.not-filling",
                message: "cannot go Back: no question is shown while the form is in the technician's review",
                hint: "Edit a question, or complete the form."))
    }

    @Test func whileEditing() throws {
        var session = try SessionFixture.reviewed()
        try session.edit(question: 2)
        try session.setComment("draft")
        let phase = "while the form is being edited from the technician's review"
        for (name, step) in [("go Next", SessionStep.next), ("exit", .exit)] {
            expectRefusal(
                session, step,
                SessionRefusal(
                    code: "session.wrong-phase", question: 2,
                    message: "cannot \(name) \(phase); \(name) needs a question being filled",
                    hint: "Finish saves the edit; Back discards it."))
        }
    }

    @Test func describesItselfLikeADiagnostic() {
        let refusal = SessionRefusal.unanswered(3, before: "Next")
        #expect("\(refusal)" == "question 3 needs an answer or a comment before Next [session.unanswered]")
    }

    @Test func aRefusedStepChangesNothingInAnyPhase() throws {
        var sessions = [try SessionFixture.session()]
        var exited = try SessionFixture.session()
        try exited.exit()
        sessions.append(exited)
        var session = try SessionFixture.reviewed()
        sessions.append(session)
        try session.edit(question: 3)
        try session.setAnswer(nil)
        sessions.append(session)  // editing, draft unanswered
        try session.back()
        try session.complete(date: "Nov 22, 2026")
        sessions.append(session)
        try session.beginForemanReview(foreman: "ben")
        sessions.append(session)
        try session.submit(date: "Nov 23, 2026")
        sessions.append(session)
        var refused = 0
        for session in sessions {
            for step in SessionStep.all {
                var copy = session
                let before = copy.snapshot
                do throws(SessionRefusal) {
                    try step.perform(on: &copy)
                } catch {
                    refused += 1
                    #expect(copy.snapshot == before, "\(step) in \(session.phase)")
                    #expect(!error.message.isEmpty && error.code.hasPrefix("session."))
                }
            }
        }
        // 7 phases × 14 steps; allowed: 5 filling, 1 exited, 2 review, 5 editing, 1 completed, 3 foreman.
        #expect(refused == 7 * 14 - 17)
    }
}
