import QuestionKit

extension FormSession {
    /// Opens question `number` (1-based) for editing from the technician's or the foreman's
    /// review. Finish saves the edit; Back discards it; either returns to the review.
    package mutating func edit(question number: Int) throws(SessionRefusal) {
        let kind: FormSession.ReviewKind
        switch phase {
        case .review: kind = .technician
        case .foremanReview: kind = .foreman
        default: throw .wrongPhase("edit a question", phase: phase, needs: "a review", question: number)
        }
        guard let position = template.questions.firstIndex(where: { $0.number == number }) else {
            throw .noSuchQuestion(number, in: template)
        }
        guard form.isAsked(position) else { throw .notAsked(template.questions[position]) }
        show(position, in: .editing(from: kind))
    }

    /// Completes the form from the technician's review: records the technician and `date`
    /// (`"MMM d, yyyy"`, formatted by the caller; nil records none). Refused while any question is
    /// neither answered nor commented, naming the first.
    package mutating func complete(date: String?) throws(SessionRefusal) {
        guard phase == .review else { throw .wrongPhase("complete", phase: phase, needs: "the technician's review") }
        let unanswered = unansweredQuestions
        if let first = unanswered.first { throw .incomplete(first, of: unanswered) }
        let technician = technician
        enter(.completed) { form in
            form.technician = technician
            form.completedDate = date
        }
    }

    /// The foreman opens a completed form for review; records who the foreman is.
    package mutating func beginForemanReview(foreman: String) throws(SessionRefusal) {
        guard phase == .completed else {
            throw .wrongPhase("begin the foreman's review", phase: phase, needs: "a completed form")
        }
        enter(.foremanReview) { $0.foreman = foreman }
    }

    /// Sets the foreman's general comment (replacing an earlier one).
    package mutating func setForemanComment(_ text: String) throws(SessionRefusal) {
        guard phase == .foremanReview else {
            throw .wrongPhase("add the foreman's comment", phase: phase, needs: "the foreman's review")
        }
        enter(.foremanReview) { $0.foremanComment = text }
    }

    /// The foreman submits the form; records `date` (`"MMM d, yyyy"`; nil records none).
    package mutating func submit(date: String?) throws(SessionRefusal) {
        guard phase == .foremanReview else { throw .wrongPhase("submit", phase: phase, needs: "the foreman's review") }
        enter(.submitted) { $0.submittedDate = date }
    }
}
