import QuestionKit

/// What replaying a fixture did: the session it ended in, a transcript of the walk, and every
/// problem, located in the fixture (unexpected refusals, answer problems, failed expectations).
public struct ReplayResult: Sendable {
    /// The session at the end of the replay.
    public var session: FormSession
    /// One line per step, as a person would describe the walk.
    package var transcript: [String]
    /// Problems, located in the fixture's JSON: the causes, then their follow-ons.
    public var diagnostics: [Diagnostic]
    /// The problems that are causes (see `followOns`), in source order.
    package var causes: [Diagnostic]
    /// The problems that only repeat a cause (steps refused after the first, the outcome and flags
    /// then reached); nil when there are none.
    package var followOns: ReplayFollowOns?

    /// Whether the replay completed as the fixture expects.
    public var passed: Bool { !diagnostics.containsErrors }
}

/// Walks a template the way a technician and then a foreman would, from a fixture.
public struct FixtureReplayer: Sendable {
    /// The fixture to replay.
    public let fixture: Fixture
    /// The template the fixture fills.
    public let template: Template
    /// Whether the replay writes its transcript (`test`, which never prints it, saves the work).
    package var keepsTranscript = true

    /// A replayer of `fixture` on `template`.
    public init(fixture: Fixture, template: Template) {
        self.fixture = fixture
        self.template = template
    }

    /// Replays the fixture's steps (or the default walk) and checks its expectations.
    public func replay() -> ReplayResult {
        var run = Run(
            session: FormSession(template: template, technician: fixture.technician),
            problems: ProblemCollector(document: fixture.document),
            followOns: ProblemCollector(document: fixture.document), keepsTranscript: keepsTranscript)
        FixtureChecks.check(fixture, against: template, readingAnswers: false, into: &run.problems)
        if fixture.steps == nil, template.logic != nil {
            walkAskedQuestions(&run)
        } else {
            let steps = fixture.steps ?? defaultSteps()
            for (offset, step) in steps.enumerated() {
                perform(step, number: offset + 1, run: &run)
            }
        }
        checkExpectations(&run)
        // A failed replay may be the wrong template's: then that is the cause to tell.
        if run.problems.hasErrors {
            FixtureChecks.checkAnswersFit(fixture, template: template, readingAnswers: false, &run.problems)
        }
        let causes = run.problems.diagnostics()
        // An answer entered again after a refusal is read again: what repeats a cause is told once.
        var told = Set(causes)
        let followOns = run.followOns.diagnostics().filter { told.insert($0).inserted }
        return ReplayResult(
            session: run.session, transcript: run.transcript, diagnostics: causes + followOns, causes: causes,
            followOns: followOns.isEmpty
                ? nil : ReplayFollowOns(diagnostics: followOns, reason: run.firstRefusalReason))
    }

    /// The state of a replay under way.
    struct Run {
        var session: FormSession
        var problems: ProblemCollector
        /// The problems that follow from one in `problems` (see `ReplayFollowOns`).
        var followOns: ProblemCollector
        /// Why the first step the fixture did not expect to be refused was: from then on the walk
        /// is not the fixture's, and later refusals are follow-ons.
        var firstRefusalReason: String?
        /// The numbers of the questions whose fixture answer their type did not take: a Next then
        /// refused on them follows from that answer's problem.
        var rejectedAnswers: Set<Int> = []
        var transcript: [String] = []
        var keepsTranscript = true

        mutating func record(_ line: @autoclosure () -> String) {
            if keepsTranscript { transcript.append(line()) }
        }

        /// Reports an error with the causes, or with the follow-ons.
        mutating func error(followOn: Bool, _ code: String, _ message: String, at node: JSONNode, hint: String?) {
            if followOn {
                followOns.error(code, message, at: node, hint: hint)
            } else {
                problems.error(code, message, at: node, hint: hint)
            }
        }
    }

    /// Fill and Next through every question (Finish on the last), complete, then the foreman's
    /// comment and submission.
    func defaultSteps() -> [FixtureStep] {
        let root = fixture.document.root
        var steps: [FixtureStep] = []
        for index in template.questions.indices {
            let node = fixture.answers[index]?.node ?? root
            steps.append(FixtureStep(action: .fill, node: node))
            steps.append(FixtureStep(action: index == template.questions.count - 1 ? .finish : .next, node: node))
        }
        return steps + closingSteps()
    }

    /// Complete, then the foreman's comment and submission: how the default walk ends.
    private func closingSteps() -> [FixtureStep] {
        let root = fixture.document.root
        var steps = [FixtureStep(action: .complete, node: root)]
        if let comment = fixture.foremanComment {
            steps.append(FixtureStep(action: .foremanComment(comment), node: root["foremanComment"] ?? root))
        }
        steps.append(FixtureStep(action: .submit, node: root))
        return steps
    }

    /// The default walk of a template with logic: which question Next shows depends on the
    /// answers, so the walk is decided step by step (fill, then Next, or Finish when no later
    /// question is asked), at most once per question, as the fixed walk; then `closingSteps`.
    private func walkAskedQuestions(_ run: inout Run) {
        var number = 0
        for _ in template.questions.indices where run.session.phase == .filling {
            let node = fixture.answers[run.session.current]?.node ?? fixture.document.root
            number += 1
            perform(FixtureStep(action: .fill, node: node), number: number, run: &run)
            number += 1
            perform(
                FixtureStep(action: run.session.isOnLastQuestion ? .finish : .next, node: node), number: number,
                run: &run)
        }
        for step in closingSteps() {
            number += 1
            perform(step, number: number, run: &run)
        }
    }

    // MARK: Steps

    private func perform(_ step: FixtureStep, number: Int, run: inout Run) {
        if case .unreadable = step.action {
            run.record("\(number). skipped: not a step (see the fixture's error)")
            return
        }
        let expectedCode = fixture.expectations.refusedSteps[number]
        let before = run.session.current
        do throws(SessionRefusal) {
            let detail = try apply(step.action, run: &run)
            if expectedCode != nil {
                // After an unexpected refusal the walk is not the fixture's: this follows from it.
                let isFollowOn = run.firstRefusalReason != nil
                run.error(
                    followOn: isFollowOn, "fixture.refusal-expected",
                    "step \(number) (\(step.action.name)) was expected to be refused, "
                        + "but it succeeded", at: step.node, hint: "Remove it from \"expect\": {\"refused\": …}.")
            }
            run.record("\(number). \(describe(step.action, at: before))\(detail)")
        } catch {
            if let expectedCode, expectedCode == nil || expectedCode == error.code {
                run.record(
                    "\(number). \(describe(step.action, at: before)): refused as expected: \(error.message)")
                return
            }
            run.record("\(number). \(describe(step.action, at: before)): REFUSED: \(error.message)")
            // The first refusal is the cause, unless the question it wants answered was given an
            // answer its type did not take (that answer's problem is the cause).
            let isFollowOn =
                run.firstRefusalReason != nil
                || (error.code == "session.unanswered" && error.question.map(run.rejectedAnswers.contains) == true)
            if run.firstRefusalReason == nil {
                run.firstRefusalReason = ReplayFollowOns.reason(for: error, step: number, name: step.action.name)
            }
            run.error(
                followOn: isFollowOn, "fixture.step-refused",
                "step \(number) (\(step.action.name)) was refused: \(error.message) "
                    + "[\(error.code)]", at: step.node, hint: error.hint)
        }
    }

    /// Performs one action; returns what to add to the transcript line.
    private func apply(_ action: FixtureStep.Action, run: inout Run) throws(SessionRefusal) -> String {
        switch action {
        case .fill: return try fill(&run)
        case .answer(let value):
            try enter(value, &run)
            return ""
        case .comment(let text): try run.session.setComment(text)
        case .attach(let kind): return ": " + (try run.session.attach(kind)).name
        case .next: try run.session.next()
        case .back: try run.session.back()
        case .exit: try run.session.exit()
        case .resume: try run.session.resume()
        case .finish: try run.session.finish()
        case .edit(let number):
            try beginForemanReviewIfCompleted(&run)
            try run.session.edit(question: number)
        case .complete: try run.session.complete(date: fixture.completedDate)
        case .foremanComment(let text):
            try beginForemanReviewIfCompleted(&run)
            try run.session.setForemanComment(text)
        case .submit:
            try beginForemanReviewIfCompleted(&run)
            try run.session.submit(date: fixture.submittedDate)
        case .unreadable: break
        }
        return ""
    }

    /// Enters the fixture's answer, comment and media for the question shown.
    private func fill(_ run: inout Run) throws(SessionRefusal) -> String {
        guard let entry = fixture.answers[run.session.current] else { return ": nothing to enter" }
        var parts: [String] = []
        if let value = entry.answer, try enter(value, &run), run.keepsTranscript {
            parts.append("answered")
        }
        if let comment = entry.comment {
            try run.session.setComment(comment)
            if run.keepsTranscript { parts.append("commented") }
        }
        for kind in entry.media {
            let name = (try run.session.attach(kind)).name
            if run.keepsTranscript { parts.append("attached " + name) }
        }
        guard run.keepsTranscript else { return "" }
        return parts.isEmpty ? ": nothing to enter" : ": " + parts.joined(separator: ", ")
    }

    /// Answers the question shown with `value`; whether its type took it (if not, the problem is
    /// reported and the question remembered as given an answer it did not take). After a refused
    /// step the question shown may not be the one the fixture meant: the answer's problems are
    /// follow-ons.
    @discardableResult
    private func enter(_ value: JSONNode, _ run: inout Run) throws(SessionRefusal) -> Bool {
        let taken =
            run.firstRefusalReason == nil
            ? try run.session.answer(with: value, problems: &run.problems)
            : try run.session.answer(with: value, problems: &run.followOns)
        guard taken else {
            if let number = run.session.currentQuestion?.number { run.rejectedAnswers.insert(number) }
            return false
        }
        return true
    }

    private func beginForemanReviewIfCompleted(_ run: inout Run) throws(SessionRefusal) {
        if run.session.phase == .completed { try run.session.beginForemanReview(foreman: fixture.foreman) }
    }

    private func describe(_ action: FixtureStep.Action, at index: Int) -> String {
        switch action {
        case .fill, .answer, .comment, .attach, .next, .back, .exit, .finish:
            "question \(index + 1): \(action.name)"
        default:
            action.name
        }
    }
}
