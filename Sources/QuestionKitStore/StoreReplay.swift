import QuestionKit
import QuestionKitForms

/// Replays a fixture into a stored form: the technician's part of the walk, continuing where the
/// form was left.
///
/// The stored form opens as the technician left it: exited, at its first open question. With
/// `steps`, a first step other than `resume` resumes it first; the steps run as in a replay and
/// may stop half way (`exit`). Without `steps`, the walk fills and Nexts each question from there
/// (Finish on the last, which opens the review) and stops, saving, at the first question the
/// fixture has nothing for. Filling is the technician's: `complete`, `foremanComment`, `submit`
/// and media (attached as files with `store attach`) are store commands of their own, so a
/// fixture naming them is refused.
struct StoreReplay {
    let fixture: Fixture
    private(set) var session: FormSession
    private var problems: ProblemCollector
    private(set) var transcript: [String] = []

    init(fixture: Fixture, form: FilledForm) {
        self.fixture = fixture
        var session = FormSession(resuming: form)
        if session.phase == .filling { try? session.exit() }
        self.session = session
        self.problems = ProblemCollector(document: fixture.document)
    }

    var diagnostics: [Diagnostic] { problems.diagnostics() }
    var passed: Bool { !problems.hasErrors }

    mutating func run() {
        checkFixture()
        guard !problems.hasErrors else { return }
        if let steps = fixture.steps {
            if case .resume = steps.first?.action {} else { resumeIfExited() }
            for (offset, step) in steps.enumerated() { perform(step, number: offset + 1) }
        } else {
            walk()
        }
        checkExpectations()
        switch session.phase {
        case .filling, .editing:
            let number = session.currentQuestion.map { "question \($0.number)" } ?? "a question"
            transcript.append("the fixture ends on \(number): what was entered there without Next or Exit is not saved")
        default:
            break
        }
    }

    // MARK: Checks

    /// Refuses what is not filling: the foreman's and completion steps, media, unknown questions.
    private mutating func checkFixture() {
        let count = session.template.questions.count
        for (index, entry) in fixture.answers {
            if index >= count {
                problems.report(
                    .error, "fixture.no-such-question",
                    "there is no question \(index + 1); the form has \(count)", at: entry.node,
                    hint: "Number answers from 1 to \(count).", atKey: true)
            }
            if !entry.media.isEmpty, let media = entry.node["media"] {
                notFilling("media", at: media, command: "attach FORM --question \(index + 1) FILE")
            }
        }
        for step in fixture.steps ?? [] {
            switch step.action {
            case .attach: notFilling("attaching", at: step.node, command: "attach FORM --question N FILE")
            case .complete: notFilling("'complete'", at: step.node, command: "complete FORM")
            case .foremanComment: notFilling("'foremanComment'", at: step.node, command: "comment FORM")
            case .submit: notFilling("'submit'", at: step.node, command: "submit FORM")
            default: break
            }
        }
    }

    private mutating func notFilling(_ what: String, at node: JSONNode, command: String) {
        problems.error(
            "store-fill.not-filling", "\(what) is not part of filling a stored form", at: node,
            hint: "Use 'questionkit store \(command)'.")
    }

    private mutating func checkExpectations() {
        let expectations = fixture.expectations
        for step in expectations.refusedSteps.keys.sorted() where step > (fixture.steps?.count ?? 0) {
            problems.error(
                "fixture.no-such-step", "step \(step) is expected to be refused, but there is no such step",
                at: expectations.node ?? fixture.document.root)
        }
        // Only an outcome the fixture states is checked: a replay's default ("submitted") is not a fill's.
        if let node = expectations.node?["outcome"], session.phase.outcomeName != expectations.outcome {
            problems.error(
                "fixture.outcome-differs",
                "the fill ended in '\(session.phase.outcomeName)', expected '\(expectations.outcome)'", at: node)
        }
        if let expected = expectations.flagged, let node = expectations.node?["flagged"] {
            let flagged = session.form.flags().map(\.question.number)
            if flagged != expected.sorted() {
                problems.error(
                    "fixture.flags-differ",
                    "flagged questions are \(FixtureReplayer.list(flagged)), expected "
                        + FixtureReplayer.list(expected.sorted()), at: node)
            }
        }
    }

    // MARK: Walking

    private mutating func resumeIfExited() {
        if session.phase == .exited { try? session.resume() }
    }

    /// The walk without steps: fill and Next from the first open question.
    private mutating func walk() {
        resumeIfExited()
        let start = session.current
        for (index, entry) in fixture.answers where index < start {
            problems.report(
                .warning, "store-fill.already-filled",
                "question \(index + 1) is already filled in the stored form; the walk starts at question \(start + 1)",
                at: entry.node, hint: "To change it, write steps that edit it from the review.", atKey: true)
        }
        var number = 0
        while session.phase == .filling, let question = session.currentQuestion {
            guard fixture.answers[session.current] != nil else {
                try? session.exit()
                transcript.append("question \(question.number): nothing in the fixture: exit (the form is saved)")
                return
            }
            number += 1
            perform(FixtureStep(action: .fill, node: fixture.document.root), number: number)
            number += 1
            let move: FixtureStep.Action = session.isOnLastQuestion ? .finish : .next
            guard perform(FixtureStep(action: move, node: fixture.document.root), number: number) else { return }
        }
    }

    /// Performs one step; returns whether it was done.
    @discardableResult
    private mutating func perform(_ step: FixtureStep, number: Int) -> Bool {
        let expected = fixture.expectations.refusedSteps[number]
        let shown = session.currentQuestion.map { "question \($0.number): " } ?? ""
        do throws(SessionRefusal) {
            let detail = try apply(step.action)
            transcript.append("\(number). \(shown)\(step.action.name)\(detail)")
            if expected != nil {
                problems.error(
                    "fixture.refusal-expected",
                    "step \(number) (\(step.action.name)) was expected to be refused, but it succeeded", at: step.node)
            }
            return true
        } catch {
            if let expected, expected == nil || expected == error.code {
                transcript.append("\(number). \(shown)\(step.action.name): refused as expected: \(error.message)")
            } else {
                transcript.append("\(number). \(shown)\(step.action.name): REFUSED: \(error.message)")
                problems.error(
                    "fixture.step-refused",
                    "step \(number) (\(step.action.name)) was refused: \(error.message) [\(error.code)]",
                    at: step.node, hint: error.hint)
            }
            return false
        }
    }

    private mutating func apply(_ action: FixtureStep.Action) throws(SessionRefusal) -> String {
        switch action {
        case .fill: return try fill()
        case .answer(let value): try session.answer(with: value, problems: &problems)
        case .comment(let text): try session.setComment(text)
        case .next: try session.next()
        case .back: try session.back()
        case .exit: try session.exit()
        case .resume: try session.resume()
        case .finish: try session.finish()
        case .edit(let number): try session.edit(question: number)
        case .attach, .complete, .foremanComment, .submit, .unreadable: break  // refused by checkFixture
        }
        return ""
    }

    /// Enters the fixture's answer and comment for the question shown.
    private mutating func fill() throws(SessionRefusal) -> String {
        guard let entry = fixture.answers[session.current] else { return ": nothing to enter" }
        var parts: [String] = []
        if let value = entry.answer, try session.answer(with: value, problems: &problems) { parts.append("answered") }
        if let comment = entry.comment {
            try session.setComment(comment)
            parts.append("commented")
        }
        return parts.isEmpty ? ": nothing to enter" : ": " + parts.joined(separator: ", ")
    }
}
