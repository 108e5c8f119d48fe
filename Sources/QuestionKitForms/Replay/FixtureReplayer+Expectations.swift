import QuestionKit

extension FixtureReplayer {
    /// Checks where the replay ended, which questions are flagged, and that every expected
    /// refusal happened.
    func checkExpectations(_ run: inout Run) {
        let expectations = fixture.expectations
        let anchor = expectations.node ?? fixture.document.root
        let outcome = run.session.phase.outcomeName
        // After a refused step or an answer not taken, where the replay ended follows from that.
        let followOn = run.firstRefusalReason != nil || run.problems.hasErrors
        if outcome != expectations.outcome {
            let unanswered = run.session.unansweredQuestions
            let detail =
                unanswered.isEmpty ? "" : "; unanswered: " + unanswered.map(String.init).joined(separator: ", ")
            run.error(
                followOn: followOn, "fixture.outcome-differs",
                "the replay ended in '\(outcome)', expected '\(expectations.outcome)'\(detail)", at: anchor,
                hint: "Add the missing steps or answers, or set \"expect\": {\"outcome\": \"\(outcome)\"}.")
        }
        if let expected = expectations.flagged {
            let flagged = run.session.form.flags().map(\.question.number)
            if flagged != expected.sorted() {
                run.error(
                    followOn: followOn, "fixture.flags-differ",
                    "flagged questions are \(Self.list(flagged)), expected \(Self.list(expected.sorted()))",
                    at: anchor, hint: "Check the answers against each question's acceptedAnswer.")
            }
        }
        if let expected = expectations.notAsked {
            let notAsked = run.session.form.notAskedNumbers
            if notAsked != expected.sorted() {
                run.error(
                    followOn: followOn, "fixture.not-asked-differs",
                    "questions not asked are \(Self.list(notAsked)), expected \(Self.list(expected.sorted()))",
                    at: expectations.node?["notAsked"] ?? anchor,
                    hint: "Check the answers that the questions' conditions (enableWhen) look at.")
            }
        }
        checkAnswersAsked(&run)
    }

    /// A fixture answer (or comment, or media) for a question its conditions leave not asked is an
    /// error at that answer: nothing the fixture says of it was entered.
    private func checkAnswersAsked(_ run: inout Run) {
        let form = run.session.form
        guard !form.asked.isEmpty else { return }
        for (position, entry) in fixture.answers.sorted(by: { $0.key < $1.key })
        where form.entries.indices.contains(position) && !form.isAsked(position) {
            let question = template.questions[position]
            let reason = ConditionWords.reason(notAsked: position, in: form)
            run.error(
                followOn: false, "fixture.answer-not-asked",
                "question \(question.number) is not asked (\(reason)), but the fixture answers it",
                at: entry.node, hint: "Remove its answer, or change the answers its conditions look at.")
        }
    }

    package static func list(_ numbers: [Int]) -> String {
        numbers.isEmpty ? "none" : numbers.map(String.init).joined(separator: ", ")
    }
}

extension FormSession.Phase {
    /// The phase as fixtures name it in `"expect": {"outcome": …}`.
    package var outcomeName: String {
        switch self {
        case .filling: "filling"
        case .exited: "exited"
        case .review: "review"
        case .editing: "editing"
        case .completed: "completed"
        case .foremanReview: "foreman-review"
        case .submitted: "submitted"
        }
    }
}
