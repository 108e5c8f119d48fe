import QuestionKit

/// What replaying a fixture did: the session it ended in, a transcript of the walk, and every
/// problem, located in the fixture (unexpected refusals, answer problems, failed expectations).
public struct ReplayResult: Sendable {
    /// The session at the end of the replay.
    public var session: FormSession
    /// One line per step, as a person would describe the walk.
    package var transcript: [String]
    /// Problems, located in the fixture's JSON.
    public var diagnostics: [Diagnostic]

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
            problems: ProblemCollector(document: fixture.document), keepsTranscript: keepsTranscript)
        FixtureChecks.check(fixture, against: template, readingAnswers: false, into: &run.problems)
        let steps = fixture.steps ?? defaultSteps()
        for (offset, step) in steps.enumerated() {
            perform(step, number: offset + 1, run: &run)
        }
        checkExpectations(&run)
        // A failed replay may be the wrong template's: then that is the cause to tell.
        if run.problems.hasErrors {
            FixtureChecks.checkAnswersFit(fixture, template: template, readingAnswers: false, &run.problems)
        }
        return ReplayResult(session: run.session, transcript: run.transcript, diagnostics: run.problems.diagnostics())
    }

    /// The state of a replay under way.
    struct Run {
        var session: FormSession
        var problems: ProblemCollector
        var transcript: [String] = []
        var refusedSteps: Set<Int> = []
        var keepsTranscript = true

        mutating func record(_ line: @autoclosure () -> String) {
            if keepsTranscript { transcript.append(line()) }
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
        steps.append(FixtureStep(action: .complete, node: root))
        if let comment = fixture.foremanComment {
            steps.append(FixtureStep(action: .foremanComment(comment), node: root["foremanComment"] ?? root))
        }
        steps.append(FixtureStep(action: .submit, node: root))
        return steps
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
                run.problems.error(
                    "fixture.refusal-expected",
                    "step \(number) (\(step.action.name)) was expected to be refused, "
                        + "but it succeeded", at: step.node, hint: "Remove it from \"expect\": {\"refused\": …}.")
            }
            run.record("\(number). \(describe(step.action, at: before))\(detail)")
        } catch {
            run.refusedSteps.insert(number)
            if let expectedCode, expectedCode == nil || expectedCode == error.code {
                run.record(
                    "\(number). \(describe(step.action, at: before)): refused as expected: \(error.message)")
                return
            }
            run.record("\(number). \(describe(step.action, at: before)): REFUSED: \(error.message)")
            run.problems.error(
                "fixture.step-refused",
                "step \(number) (\(step.action.name)) was refused: \(error.message) "
                    + "[\(error.code)]", at: step.node, hint: error.hint)
        }
    }

    /// Performs one action; returns what to add to the transcript line.
    private func apply(_ action: FixtureStep.Action, run: inout Run) throws(SessionRefusal) -> String {
        switch action {
        case .fill: return try fill(&run)
        case .answer(let value):
            try run.session.answer(with: value, problems: &run.problems)
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
        if let value = entry.answer {
            if try run.session.answer(with: value, problems: &run.problems), run.keepsTranscript {
                parts.append("answered")
            }
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
