import QuestionKit

extension FormSession {
    /// Saves the question shown and shows the next one; on the last question it is Finish and
    /// opens the review. Refused unless the draft is answered (the type's call) or commented.
    public mutating func next() throws(SessionRefusal) {
        guard phase == .filling else { throw refusal(of: "go Next") }
        try saveAndMoveOn(before: isOnLastQuestion ? "Finish" : "Next")
    }

    /// Discards the unsaved edits of the question shown. While filling, shows the previous
    /// question (refused on the first); while editing from a review, returns to that review.
    public mutating func back() throws(SessionRefusal) {
        switch phase {
        case .filling:
            guard let question = currentQuestion else { throw .noQuestions("go Back") }
            guard let previous = form.lastAsked(before: current) else { throw .firstQuestion(question.number) }
            show(previous, in: .filling)
        case .editing(let kind):
            enter(kind.reviewPhase)
        default:
            throw .notFilling("go Back", phase: phase)
        }
    }

    /// Exit ("X"): saves the question shown without the answer-or-comment check and leaves the
    /// form; `resume()` continues at the same question. Only while filling: an edit from a review
    /// is finished or discarded.
    package mutating func exit() throws(SessionRefusal) {
        guard phase == .filling else { throw refusal(of: "exit") }
        saveDraft(checked: false)
        enter(.exited)
    }

    /// Continues an exited form at the question it was left on.
    package mutating func resume() throws(SessionRefusal) {
        guard phase == .exited else { throw .wrongPhase("resume", phase: phase, needs: "an exited form") }
        show(current, in: .filling)
    }

    /// On the last question while filling: Next, which opens the review. While editing from a
    /// review: saves the edit (answered or commented, as for Next) and returns to that review.
    package mutating func finish() throws(SessionRefusal) {
        switch phase {
        case .filling:
            if let question = currentQuestion, !isOnLastQuestion {
                let last = form.lastAsked(before: template.questions.count).map { template.questions[$0].number }
                throw .notLastQuestion(question.number, last: last ?? question.number)
            }
            try saveAndMoveOn(before: "Finish")
        case .editing(let kind):
            let question = try shownQuestion("finish")
            guard Self.isDone(edits, of: question) else { throw .unanswered(question.number, before: "Finish") }
            saveDraft(checked: true)
            enter(kind.reviewPhase)
        default:
            throw .wrongPhase(
                "finish", phase: phase, needs: "the last question while filling, or an edit from a review")
        }
    }

    /// Whether no question after the one shown is asked: Next is Finish.
    package var isOnLastQuestion: Bool { form.firstAsked(from: current + 1) == nil }

    /// Next and Finish while filling: saves, then shows the next question asked (saving may
    /// change which are). A form without questions has nothing to check: the review opens.
    private mutating func saveAndMoveOn(before step: String) throws(SessionRefusal) {
        if let question = currentQuestion {
            guard Self.isDone(edits, of: question) else { throw .unanswered(question.number, before: step) }
            saveDraft(checked: true)
        }
        if let next = form.firstAsked(from: current + 1) { show(next, in: .filling) } else { enter(.review) }
    }

    /// Why a step on the question being filled (Next, Exit) is refused in the current phase.
    private func refusal(of step: String) -> SessionRefusal {
        guard case .editing = phase else { return .notFilling(step, phase: phase) }
        return .wrongPhase(step, phase: phase, needs: "a question being filled", question: currentQuestion?.number)
    }
}

extension FormSession.ReviewKind {
    /// The review an edit returns to.
    var reviewPhase: FormSession.Phase {
        switch self {
        case .technician: .review
        case .foreman: .foremanReview
        }
    }
}
