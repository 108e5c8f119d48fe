import QuestionKit

/// How far a template's fixtures reach into its logic: for each condition of an `enableWhen`, how
/// many fixtures made it true and how many made it false; for each question with conditions, how
/// many asked it and how many did not. Each fixture counts once, judged on its final answers as
/// the session decides what is asked (an answer to a question not asked is no answer).
///
/// Each of those four outcomes is a branch, covered when at least one fixture reached it: a
/// condition never made false is a test never written for the form without it. Recording a
/// fixture is one pass over the template's conditions, so coverage costs fixtures × conditions.
package struct LogicCoverage: Sendable {
    /// One condition, where it is, and how many fixtures made it true and false.
    package struct ConditionCount: Sendable, Hashable {
        /// The number of the question the condition belongs to (1-based, as people count).
        package var question: Int
        /// Its place in the question's `enableWhen` (1-based).
        package var condition: Int
        /// The template line where the condition starts.
        package var line: Int
        /// The fixtures that made it true.
        package var madeTrue = 0
        /// The fixtures that made it false.
        package var madeFalse = 0

        /// Condition `condition` of question `question`, at `line`, reached by no fixture yet.
        package init(question: Int, condition: Int, line: Int) {
            self.question = question
            self.condition = condition
            self.line = line
        }
    }

    /// One question with conditions, where they are, and how many fixtures asked it and did not.
    package struct QuestionCount: Sendable, Hashable {
        /// The question's number.
        package var question: Int
        /// The template line of its `enableWhen`.
        package var line: Int
        /// The fixtures that asked it.
        package var asked = 0
        /// The fixtures that did not.
        package var notAsked = 0

        /// Question `question`, its `enableWhen` at `line`, reached by no fixture yet.
        package init(question: Int, line: Int) {
            self.question = question
            self.line = line
        }
    }

    /// One outcome of a condition or a question, and how many fixtures reached it.
    package struct Branch: Sendable, Hashable {
        /// What the outcome is.
        package enum Outcome: String, Sendable, CaseIterable {
            /// The condition held.
            case madeTrue = "true"
            /// The condition did not hold.
            case madeFalse = "false"
            /// The question was asked.
            case asked
            /// The question was not asked.
            case notAsked
        }

        /// The question's number.
        package var question: Int
        /// The condition's place in `enableWhen` (1-based); nil for a question's asked or not asked.
        package var condition: Int?
        /// The template line.
        package var line: Int
        /// What the outcome is.
        package var outcome: Outcome
        /// The fixtures that reached it.
        package var fixtures: Int

        /// Whether some fixture reached it.
        package var isCovered: Bool { fixtures > 0 }

        /// What it is, in words: "condition 2 of question 5 made false", "question 5 not asked".
        package var description: String {
            let what = condition.map { "condition \($0) of question \(question)" } ?? "question \(question)"
            switch outcome {
            case .madeTrue: return what + " made true"
            case .madeFalse: return what + " made false"
            case .asked: return what + " asked"
            case .notAsked: return what + " not asked"
            }
        }
    }

    /// The conditions, in template order.
    package private(set) var conditions: [ConditionCount]
    /// The questions with conditions, in template order.
    package private(set) var questions: [QuestionCount]
    /// The fixtures recorded.
    package private(set) var fixtures = 0
    /// Work done (conditions and questions recorded), for tests that hold coverage linear.
    package private(set) var steps = 0

    /// Coverage of `conditions` and `questions` by no fixture yet.
    package init(conditions: [ConditionCount], questions: [QuestionCount]) {
        self.conditions = conditions
        self.questions = questions
    }

    /// Whether there is anything to cover.
    package var isEmpty: Bool { questions.isEmpty }

    /// Adds one fixture: each condition's truth, in the order of `conditions`, and whether each
    /// question with conditions was asked, in the order of `questions` (see `judge`).
    package mutating func record(truths: [Bool], asked: [Bool]) {
        fixtures += 1
        for index in 0..<min(conditions.count, truths.count) {
            if truths[index] { conditions[index].madeTrue += 1 } else { conditions[index].madeFalse += 1 }
        }
        for index in 0..<min(questions.count, asked.count) {
            if asked[index] { questions[index].asked += 1 } else { questions[index].notAsked += 1 }
        }
        steps += truths.count + asked.count
    }

    /// Each question with conditions and its conditions, in template order.
    package var byQuestion: [(question: QuestionCount, conditions: ArraySlice<ConditionCount>)] {
        var start = 0
        return questions.map { question in
            var end = start
            while end < conditions.count, conditions[end].question == question.question { end += 1 }
            defer { start = end }
            return (question, conditions[start..<end])
        }
    }

    /// Every branch in template order: each question's asked and not asked, then its conditions'
    /// true and false.
    package var branches: [Branch] {
        var branches: [Branch] = []
        branches.reserveCapacity(2 * (questions.count + conditions.count))
        for (question, conditions) in byQuestion {
            let number = question.question
            branches.append(Branch(question: number, line: question.line, outcome: .asked, fixtures: question.asked))
            branches.append(
                Branch(question: number, line: question.line, outcome: .notAsked, fixtures: question.notAsked))
            for condition in conditions {
                let line = condition.line
                branches.append(
                    Branch(
                        question: number, condition: condition.condition, line: line, outcome: .madeTrue,
                        fixtures: condition.madeTrue))
                branches.append(
                    Branch(
                        question: number, condition: condition.condition, line: line, outcome: .madeFalse,
                        fixtures: condition.madeFalse))
            }
        }
        return branches
    }

    /// How many branches there are, and how many some fixture reached.
    package var summary: (covered: Int, total: Int) {
        let reached =
            conditions.reduce(0) { $0 + ($1.madeTrue > 0 ? 1 : 0) + ($1.madeFalse > 0 ? 1 : 0) }
            + questions.reduce(0) { $0 + ($1.asked > 0 ? 1 : 0) + ($1.notAsked > 0 ? 1 : 0) }
        return (reached, 2 * (conditions.count + questions.count))
    }

    /// The share of branches covered, in percent (100 when there are none).
    package var percent: Double {
        let (covered, total) = summary
        return total == 0 ? 100 : Double(covered) * 100 / Double(total)
    }
}

extension LogicCoverage {
    /// The conditions of `template` (as its `logic` resolved them, with their lines) and the
    /// questions they belong to, reached by no fixture yet.
    package init(of template: Template) {
        guard let logic = template.logic else {
            self.init(conditions: [], questions: [])
            return
        }
        let key = template.keys.spelling(of: .enableWhen)
        let positions = logic.conditions.indices.filter { logic.conditions[$0] != nil }
        // The `enableWhen` keys, in document order: one scan locates them all.
        let offsets = positions.map { position in
            let node = template.questions[position].node
            return (node[key].flatMap(\.memberKeyNode) ?? node).byteOffset
        }
        let lines = SourceLocator.positions(ofSortedByteOffsets: offsets, in: template.document.bytes).map(\.line)
        var conditions: [ConditionCount] = []
        var questions: [QuestionCount] = []
        for (position, line) in zip(positions, lines) {
            let number = template.questions[position].number
            questions.append(QuestionCount(question: number, line: line))
            for (index, resolved) in (logic.conditions[position]?.conditions ?? []).enumerated() {
                conditions.append(ConditionCount(question: number, condition: index + 1, line: resolved.line))
            }
        }
        self.init(conditions: conditions, questions: questions)
    }

    /// What a fixture's final form makes of `template`'s logic: each condition's truth, as
    /// `TemplateLogic` evaluates it, and whether each question with conditions is asked, as the
    /// session decided; in the order of `LogicCoverage(of: template)`, to `record`.
    package static func judge(_ session: FormSession, template: Template) -> (truths: [Bool], asked: [Bool]) {
        guard let logic = template.logic else { return ([], []) }
        let form = session.form
        let answer: (Int) -> QuestionAnswer? = { form.entries.indices.contains($0) ? form.entries[$0].answer : nil }
        var truths: [Bool] = []
        var asked: [Bool] = []
        for position in logic.conditions.indices where logic.conditions[position] != nil {
            truths += logic.conditionResults(of: position, answer: answer, isAsked: form.isAsked)
            asked.append(form.isAsked(position))
        }
        return (truths, asked)
    }
}
