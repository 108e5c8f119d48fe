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
