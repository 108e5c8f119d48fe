import QuestionKit

/// The problems of a failed replay that follow from its cause rather than from the fixture: once a
/// step is refused, the walk is no longer the fixture's, so every later refusal (each Next on the
/// question left unanswered, complete, the foreman's steps), the answers then entered on questions
/// they may not have been meant for, and the checks of where the replay ended (outcome, flags,
/// expected refusals) repeat the cause. They are told in one line after it; machines still get
/// each of them, marked as a follow-on.
package struct ReplayFollowOns: Sendable, Equatable {
    /// The follow-on problems, in source order.
    package var diagnostics: [Diagnostic]
    /// Why the steps were refused: "question 3 was never answered", "step 5 (finish) was refused".
    package var reason: String?

    /// The one line that stands for them all: "and 17 later steps refused because question 3 was
    /// never answered, so the outcome and the flagged questions differ from "expect"".
    package var summary: String {
        let refused = diagnostics.count { $0.code == "fixture.step-refused" }
        let differing = Self.expectationNames.compactMap { code, name in
            diagnostics.contains { $0.code == code } ? name : nil
        }
        let answers =
            diagnostics.count - refused - diagnostics.count { FixtureChecks.consequences.contains($0.code) }
        var counted: [String] = []
        if refused > 0 { counted.append("\(refused) later step\(refused == 1 ? "" : "s") refused") }
        if answers > 0 { counted.append("\(answers) problem\(answers == 1 ? "" : "s") with the answers entered then") }
        let differ =
            differing.isEmpty
            ? "" : Suggestion.list(differing, conjunction: "and") + (differing.count == 1 ? " differs" : " differ")
        guard !counted.isEmpty else { return "and so \(differ) from \"expect\"" }
        return "and " + counted.joined(separator: " and ") + (reason.map { " because " + $0 } ?? "")
            + (differing.isEmpty ? "" : ", so \(differ) from \"expect\"")
    }

    /// What each of `FixtureChecks.consequences` is about, in the order told.
    static let expectationNames = [
        ("fixture.outcome-differs", "the outcome"), ("fixture.flags-differ", "the flagged questions"),
        ("fixture.refusal-expected", "the expected refusals"),
    ]

    /// Why a first refused step stops the walk, in words: "question 3 was never answered" when the
    /// session wanted an answer, else the step itself.
    static func reason(for refusal: SessionRefusal, step: Int, name: String) -> String {
        if refusal.code == "session.unanswered", let question = refusal.question {
            return "question \(question) was never answered"
        }
        return "step \(step) (\(name)) was refused"
    }
}
