import QuestionKit

/// A runnable template's logic, resolved once: per question, the conditions that decide whether
/// it is asked, each naming the question it looks at by position. It is made from what
/// `LogicAnalysis` resolved while checking the template (nothing is resolved twice), and it is the
/// one place that evaluates conditions: the session, the replay, the completed form, the review
/// and coverage all ask it.
///
/// A template without logic has none (`Template.logic` is nil), so it pays nothing. A question
/// whose conditions do not hold is not asked; a question a condition looks at that is itself not
/// asked counts as unanswered.
public struct TemplateLogic: Sendable {
    /// One condition of a question, its reference resolved.
    public struct ResolvedCondition: Sendable {
        /// The position in `Template.questions` of the question the condition looks at.
        public let referred: Int
        /// The operator and its operand, as the referred question's type read them.
        public let condition: Condition
        /// The 1-based source line of the condition object in the template.
        public let line: Int
    }

    /// A question's conditions and how they combine.
    public struct QuestionConditions: Sendable {
        /// The conditions, in source order.
        public let conditions: [ResolvedCondition]
        /// Whether one condition is enough (`enableBehavior: any`); else all must hold.
        public let isAny: Bool
    }

    /// Per question (by position in `Template.questions`): its conditions; nil when it is always asked.
    public let conditions: [QuestionConditions?]
    /// Per question: the positions of the questions whose conditions look at it, so that a change
    /// of its answer re-evaluates only those.
    package let dependents: [[Int]]
    /// The positions of the questions with conditions, each after every question it looks at
    /// (references may point forwards, but never in a circle in a runnable template).
    let evaluationOrder: [Int]
    /// The template's questions: the referred ones' types compare their answers.
    let questions: [Question]

    /// The logic of `questions`, from the analysis's resolved `edges` (by position in `logic`),
    /// in `finishOrder` (each question after those it depends on). Conditions whose operand could
    /// not be read, or that refer to a question that could not be read, are left out: those are
    /// errors, and a template with errors is not run.
    init(
        questions: [Question], logic: [QuestionLogic], edges: [[LogicAnalysis.Edge]], finishOrder: [Int],
        document: JSONDocument
    ) {
        var positionOfNumber = [Int?](repeating: nil, count: (questions.last?.number ?? 0) + 1)
        for (position, question) in questions.enumerated() { positionOfNumber[question.number] = position }
        func position(_ logicPosition: Int) -> Int? {
            let number = logic[logicPosition].number
            return number < positionOfNumber.count ? positionOfNumber[number] : nil
        }
        // Conditions come in source order, so their lines are found in one scan.
        let offsets = edges.joined().map { JSONNode(document: document, index: $0.raw.node).byteOffset }
        var lines = SourceLocator.positions(ofSortedByteOffsets: offsets, in: document.bytes).map(\.line)[...]
        var conditions = [QuestionConditions?](repeating: nil, count: questions.count)
        var dependents = [[Int]](repeating: [], count: questions.count)
        for (logicPosition, questionEdges) in edges.enumerated() {
            let resolved = questionEdges.compactMap { edge -> ResolvedCondition? in
                let line = lines.popFirst() ?? 0
                guard let condition = edge.condition, let referred = position(edge.target) else { return nil }
                return ResolvedCondition(referred: referred, condition: condition, line: line)
            }
            guard let own = position(logicPosition), logic[logicPosition].enableWhen != nil else { continue }
            conditions[own] = QuestionConditions(conditions: resolved, isAny: logic[logicPosition].isAny)
            for referred in Set(resolved.map(\.referred)) { dependents[referred].append(own) }
        }
        self.conditions = conditions
        self.dependents = dependents
        self.evaluationOrder = finishOrder.compactMap { position($0) }.filter { conditions[$0] != nil }
        self.questions = questions
    }
}

// MARK: Evaluating: the one place conditions are evaluated

extension TemplateLogic {
    /// Whether `condition` holds, given each question's answer (`answer(position)`) and whether
    /// it is asked (`isAsked(position)`): a referred question that is not asked is unanswered.
    public func holds(
        _ condition: ResolvedCondition, answer: (Int) -> QuestionAnswer?, isAsked: (Int) -> Bool
    ) -> Bool {
        let referred = condition.referred
        return questions[referred].conditionHolds(
            condition.condition, answer: isAsked(referred) ? answer(referred) : nil)
    }

    /// Whether the question at `position` is asked, given the answers and whether the questions
    /// its conditions look at are asked (see `askedQuestions` for all of them at once).
    public func isAsked(_ position: Int, answer: (Int) -> QuestionAnswer?, isAsked: (Int) -> Bool) -> Bool {
        guard let own = conditions[position] else { return true }
        return own.isAny
            ? own.conditions.contains { holds($0, answer: answer, isAsked: isAsked) }
            : own.conditions.allSatisfy { holds($0, answer: answer, isAsked: isAsked) }
    }

    /// For coverage: the truth of each condition of the question at `position`, in source order
    /// (empty for a question without conditions), given the answers and which questions are asked.
    public func conditionResults(
        of position: Int, answer: (Int) -> QuestionAnswer?, isAsked: (Int) -> Bool
    ) -> [Bool] {
        conditions[position]?.conditions.map { holds($0, answer: answer, isAsked: isAsked) } ?? []
    }

    /// Whether each question is asked, in question order, given the answers (by position): each
    /// question is evaluated once, after the questions it looks at. Linear in the conditions.
    public func askedQuestions(answer: (Int) -> QuestionAnswer?) -> [Bool] {
        var asked = [Bool](repeating: true, count: conditions.count)
        for position in evaluationOrder {
            let value = isAsked(position, answer: answer, isAsked: { asked[$0] })
            asked[position] = value
        }
        return asked
    }

    /// `askedQuestions` of the answers by position (nil: unanswered; missing at the end: unanswered).
    public func askedQuestions(_ answers: [QuestionAnswer?]) -> [Bool] {
        askedQuestions { answers.indices.contains($0) ? answers[$0] : nil }
    }

    /// `askedQuestions` of a form's entries by position.
    public func askedQuestions(_ entries: [QuestionEntry]) -> [Bool] {
        askedQuestions { entries.indices.contains($0) ? entries[$0].answer : nil }
    }
}

extension Question {
    /// Whether `condition` on this question holds for `answer` (nil: unanswered), as its type
    /// compares answers; an answer a completed form stored that the type could not read is
    /// answered or not, with nothing to compare.
    func conditionHolds(_ condition: Condition, answer: QuestionAnswer?) -> Bool {
        guard let answer else { return condition.holds(isAnswered: false, values: []) }
        if let stored = answer.value as? StoredAnswer {
            return condition.holds(isAnswered: stored.isAnswered, values: [])
        }
        return type.erasedEvaluate(condition, answer: answer.value, definition: definition)
    }
}
