import QuestionKit

extension FilledForm {
    /// Whether the question at `position` is asked: its conditions hold for the saved answers.
    /// Every question of a template without logic is.
    public func isAsked(_ position: Int) -> Bool { asked.isEmpty || asked[position] }

    /// The 1-based numbers of the questions not asked, in order.
    package var notAskedNumbers: [Int] {
        asked.indices.filter { !asked[$0] }.map { template.questions[$0].number }
    }

    /// Evaluates every question's conditions for the saved answers (a form read or resumed);
    /// entries are left as they are.
    package mutating func evaluateConditions() {
        guard let logic = template.logic else { return }
        asked = logic.askedQuestions(entries)
    }

    /// After the entry at `position` changed: evaluates again the questions whose conditions look
    /// at it, and theirs in turn while their answer to being asked changes. A question that becomes
    /// not asked loses its answer, comment and media (a foreman's record of edits stays). Each
    /// question is evaluated only when something it looks at changed, so filling a form costs work
    /// in proportion to its conditions (counted as `WorkCounter.Work.conditions`).
    package mutating func entryChanged(at position: Int) {
        guard let logic = template.logic, !logic.dependents[position].isEmpty else { return }
        var work = 0
        var pending = logic.dependents[position]
        while let dependent = pending.popLast() {
            work += 1
            let now = logic.isAsked(dependent, answer: { entries[$0].answer }, isAsked: { asked[$0] })
            guard now != asked[dependent] else { continue }
            asked[dependent] = now
            if !now {
                entries[dependent].answer = nil
                entries[dependent].comment = ""
                entries[dependent].media = []
                entries[dependent].storedUnanswered = nil
            }
            pending += logic.dependents[dependent]
        }
        WorkCounter.add(work, to: .conditions)
    }

    /// The position of the first asked question at or after `position`; nil when none is.
    package func firstAsked(from position: Int) -> Int? {
        guard !asked.isEmpty else { return position < entries.count ? position : nil }
        return asked[min(position, asked.count)...].firstIndex(of: true)
    }

    /// The position of the last asked question before `position`; nil when none is.
    package func lastAsked(before position: Int) -> Int? {
        guard !asked.isEmpty else { return position > 0 ? position - 1 : nil }
        return asked[..<max(0, position)].lastIndex(of: true)
    }
}
