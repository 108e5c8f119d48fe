import QuestionKit

extension LogicAnalysis {
    /// One iterative depth-first walk of the references: each cycle is reported once, with its
    /// whole path, at the condition that closes it; and since a question is finished after every
    /// question it depends on, whether it can ever be asked is known when it is finished.
    mutating func walk(problems: inout ProblemCollector) {
        let count = questions.count
        // 0 unvisited, 1 on the path being walked, 2 finished.
        var state = [UInt8](repeating: 0, count: count)
        var neverAsked = [Bool](repeating: false, count: count)
        var path: [(position: Int, next: Int)] = []
        var depth = [Int](repeating: 0, count: count)
        finishOrder.reserveCapacity(count)
        for start in 0..<count where state[start] == 0 {
            state[start] = 1
            path.append((start, 0))
            while let (position, next) = path.last {
                steps += 1
                guard next < edges[position].count else {
                    neverAsked[position] = isNeverAsked(
                        position, state: state, neverAsked: neverAsked, problems: &problems)
                    state[position] = 2
                    finishOrder.append(position)
                    path.removeLast()
                    continue
                }
                path[path.count - 1].next += 1
                let target = edges[position][next].target
                switch state[target] {
                case 0:
                    state[target] = 1
                    depth[target] = path.count
                    path.append((target, 0))
                case 1:
                    let cycle = path[depth[target]...].map(\.position) + [target]
                    reportCycle(cycle, at: edges[position][next].raw, problems: &problems)
                default:
                    break
                }
            }
        }
    }

    private func reportCycle(_ cycle: [Int], at raw: QuestionLogic.RawCondition, problems: inout ProblemCollector) {
        let names = cycle.map { "'\(questions[$0].linkId ?? "")'" }
        problems.error(
            LogicCode.cycle, "the conditions go round in a circle: \(names.joined(separator: " → "))",
            at: node(raw.referenceNode),
            hint: "Each of these questions waits for another to be answered, so none is ever asked. "
                + "Remove one of the conditions.")
    }

    /// Whether the question can never be asked because the questions its conditions look at are
    /// never asked (reported); a question whose conditions contradict each other is never asked
    /// too (already reported). A condition on a question on the current path (a cycle) is taken
    /// to be possible: the cycle is the problem reported.
    private func isNeverAsked(
        _ position: Int, state: [UInt8], neverAsked: [Bool], problems: inout ProblemCollector
    ) -> Bool {
        if contradicted[position] { return true }
        let question = questions[position]
        guard question.isComplete, let enableWhen = question.enableWhen, !edges[position].isEmpty,
            edges[position].count == question.conditions.count
        else { return false }
        var blocked: Int?
        var possible = false
        for edge in edges[position] {
            let holdsWithoutAnswer: Bool
            if case .exists(false)? = edge.condition?.operand {
                holdsWithoutAnswer = true
            } else {
                holdsWithoutAnswer = false
            }
            if state[edge.target] == 2, neverAsked[edge.target], !holdsWithoutAnswer {
                blocked = blocked ?? edge.target
            } else {
                possible = true
            }
        }
        guard let blocked, !question.isAny || !possible else { return false }
        let what =
            question.isAny
            ? "every question its conditions look at is never asked"
            : "it depends on \(name(blocked)), which is never asked"
        problems.error(
            LogicCode.neverAsked, "question \(question.number) can never be asked: \(what)", at: node(enableWhen),
            hint: "Fix the conditions of \(name(blocked)) first, or change these.")
        return true
    }
}
