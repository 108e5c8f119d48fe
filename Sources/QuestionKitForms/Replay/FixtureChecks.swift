import QuestionKit

/// What can be known of a fixture against its template without replaying it: question numbers
/// outside the template, expected refusals of steps that do not exist, and answers that do not
/// fit the template at all (most likely the wrong template). `validate` runs these alone; the
/// replay runs them before its first step.
package enum FixtureChecks {
    /// Every problem of `fixture` against `template` that needs no replay, located in the fixture;
    /// with `readingAnswers`, also each answer as its question's type reads it, and whether most
    /// fit at all (the replay reads the answers it enters itself, and asks whether they fit only
    /// when the replay fails, so that a passing fixture's answers are read once).
    package static func check(
        _ fixture: Fixture, against template: Template, readingAnswers: Bool, into problems: inout ProblemCollector
    ) {
        let count = template.questions.count
        let outside = fixture.answers.filter { $0.key >= count }
        for (index, entry) in outside.sorted(by: { $0.key < $1.key }) {
            problems.report(
                .error, "fixture.no-such-question", "there is no question \(index + 1); the template has \(count)",
                at: entry.node, hint: "Number answers from 1 to \(count).", atKey: true)
        }
        for node in fixture.expectations.node?["flagged"].map({ Array($0.elements) }) ?? [] {
            if let number = node.integerValue, number > count {
                noSuchQuestion(number, count: count, at: node, &problems)
            }
        }
        for step in fixture.steps ?? [] {
            if case .edit(let number) = step.action, number > count, let value = step.node.members.first?.value {
                noSuchQuestion(number, count: count, at: value, &problems)
            }
        }
        checkRefusedSteps(fixture, template: template, &problems)
        if readingAnswers { checkAnswersFit(fixture, template: template, readingAnswers: true, &problems) }
    }

    private static func noSuchQuestion(_ number: Int, count: Int, at node: JSONNode, _ problems: inout ProblemCollector)
    {
        problems.error(
            "fixture.no-such-question", "there is no question \(number); the template has \(count)", at: node,
            hint: "Question numbers run from 1 to \(count).")
    }

    private static func checkRefusedSteps(_ fixture: Fixture, template: Template, _ problems: inout ProblemCollector) {
        guard let refused = fixture.expectations.node?["refused"], refused.count > 0 else { return }
        let stepCount =
            fixture.steps?.count ?? FixtureReplayer(fixture: fixture, template: template).defaultSteps().count
        for entry in refused.elements {
            let node = entry["step"] ?? entry
            guard let step = node.integerValue, step > stepCount else { continue }
            problems.error(
                "fixture.no-such-step", "step \(step) is expected to be refused, but there are \(stepCount) steps",
                at: node, hint: "Steps are numbered from 1, counting every entry of \"steps\" (or of the default walk)."
            )
        }
    }

    /// Reads every answer with its question's type; when most of them do not fit (and there are
    /// at least two), the fixture was most likely written for another template: that is the cause,
    /// reported at `"template"`, before the answers' own problems.
    static func checkAnswersFit(
        _ fixture: Fixture, template: Template, readingAnswers: Bool, _ problems: inout ProblemCollector
    ) {
        var answerProblems = ProblemCollector(document: fixture.document)
        var misfits: [Int] = []
        var total = 0
        for (index, entry) in fixture.answers.sorted(by: { $0.key < $1.key }) {
            guard let value = entry.answer else { continue }
            total += 1
            guard index < template.questions.count else {
                misfits.append(index + 1)
                continue
            }
            var own = ProblemCollector(document: fixture.document)
            _ = template.questions[index].parseAnswer(value, problems: &own)
            if own.hasErrors { misfits.append(index + 1) }
            answerProblems.append(contentsOf: own)
        }
        if total >= 2, misfits.count * 2 > total {
            let name = template.title.map { "'\($0)'" } ?? "this template"
            problems.error(
                "fixture.answers-do-not-fit",
                "\(misfits.count) of \(total) answers do not fit \(name) (questions "
                    + misfits.map(String.init).joined(separator: ", ") + ")",
                at: fixture.document.root["template"] ?? fixture.document.root,
                hint: "Check that \"template\" names the template these answers were written for.")
        }
        if readingAnswers { problems.append(contentsOf: answerProblems) }
    }
}

extension FixtureChecks {
    /// Problems that say which template the fixture is replayed with, or that it fits none.
    package static let templateCodes: Set<String> = [
        "fixture.no-template", "fixture.template-not-found", "fixture.template-differs", "fixture.answers-do-not-fit",
    ]
    /// Problems that follow from a step refused or an answer not entered (the replay ends in
    /// another phase, other questions are flagged, a step expected to be refused was not reached).
    package static let consequences: Set<String> = [
        "fixture.outcome-differs", "fixture.flags-differ", "fixture.refusal-expected",
    ]

    /// `diagnostics` with causes before their consequences: errors before warnings; then the
    /// template used, the fixture's own problems and its answers' problems, steps refused, and
    /// last what follows from them; in source order within each.
    package static func causeFirst(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        func rank(_ diagnostic: Diagnostic) -> Int {
            let code = diagnostic.code
            let stage =
                templateCodes.contains(code)
                ? 0 : consequences.contains(code) ? 3 : code == "fixture.step-refused" ? 2 : 1
            return (diagnostic.severity == .error ? 0 : 4) + stage
        }
        // An answer entered again after a refusal is read again: its problem is told once.
        var seen = Set<Diagnostic>()
        return diagnostics.enumerated().sorted { (rank($0.element), $0.offset) < (rank($1.element), $1.offset) }
            .map(\.element).filter { seen.insert($0).inserted }
    }

    /// The replay's problems worth telling beside the fixture's own, and their follow-ons: when the
    /// fixture itself is wrong (it has errors, or its answers fit another template), the steps then
    /// refused and what follows from them are consequences, left out; the answers' own problems stay.
    package static func replayProblems(_ replay: ReplayResult, besides fixtureProblems: [Diagnostic]) -> (
        causes: [Diagnostic], followOns: ReplayFollowOns?
    ) {
        let fixtureIsWrong =
            fixtureProblems.containsErrors || replay.causes.contains { $0.code == "fixture.answers-do-not-fit" }
        guard fixtureIsWrong else { return (replay.causes, replay.followOns) }
        let causes = replay.causes.filter { $0.code != "fixture.step-refused" && !consequences.contains($0.code) }
        return (causes, nil)
    }
}
