import QuestionKit

/// The checks of a template's logic that look across questions: references, cycles, operators and
/// operands (read by the referred question's type), contradictions, and questions never asked.
///
/// Linear in the template: one pass over the conditions, one iterative depth-first walk of the
/// references (no recursion: a 100,000-question chain must not overflow the stack), and the
/// contradiction check grouped by referred question. A template without logic never gets here.
struct LogicAnalysis {
    let questions: [QuestionLogic]
    let document: JSONDocument
    let registry: QuestionTypeRegistry
    let keys: KeyMap

    /// Work done (conditions resolved, edges walked), for tests that hold the analysis linear.
    var steps = 0
    /// The position in `questions` of each linkId's first question.
    private var byLinkId: [String: Int] = [:]
    /// Each question's conditions whose reference resolved to another question, by position.
    var edges: [[Edge]] = []
    /// The referred questions as conditions see them, made once each, when first referred to.
    var targets: [ConditionTarget??] = []
    /// Questions whose conditions can never all hold (already reported as such).
    var contradicted: [Bool] = []
    /// The positions in the order the walk finished them: each after every question it depends
    /// on, the order `TemplateLogic` evaluates conditions in.
    var finishOrder: [Int] = []

    /// A condition on another question, resolved.
    struct Edge {
        /// The referred question's position in `questions`.
        var target: Int
        /// The condition, when its operator and operand could be read.
        var condition: Condition?
        /// The condition as written.
        var raw: QuestionLogic.RawCondition
    }

    init(questions: [QuestionLogic], document: JSONDocument, registry: QuestionTypeRegistry, keys: KeyMap) {
        self.questions = questions
        self.document = document
        self.registry = registry
        self.keys = keys
    }

    /// Runs every check, reporting to `problems`.
    mutating func run(problems: inout ProblemCollector) {
        indexLinkIds(problems: &problems)
        targets = Array(repeating: nil, count: questions.count)
        contradicted = Array(repeating: false, count: questions.count)
        edges.reserveCapacity(questions.count)
        for position in questions.indices {
            edges.append(resolve(position, problems: &problems))
            if !questions[position].isAny, edges[position].count > 1 {
                contradicted[position] = findContradiction(in: position, problems: &problems)
            }
        }
        walk(problems: &problems)
    }

    func node(_ index: Int) -> JSONNode { JSONNode(document: document, index: index) }

    /// How messages name a question: "question 3 ('leak')".
    func name(_ position: Int) -> String {
        let question = questions[position]
        return "question \(question.number)" + (question.linkId.map { " ('\($0)')" } ?? "")
    }

    // MARK: Names and references

    private mutating func indexLinkIds(problems: inout ProblemCollector) {
        for (position, question) in questions.enumerated() {
            guard let linkId = question.linkId, let linkIdNode = question.linkIdNode else { continue }
            if let first = byLinkId[linkId] {
                problems.error(
                    LogicCode.duplicateLinkId,
                    "'\(linkId)' is already the \(keys.spelling(of: .linkId)) of question \(questions[first].number)",
                    at: node(linkIdNode), hint: "Give each question its own name; conditions refer to the first.")
            } else {
                byLinkId[linkId] = position
            }
        }
    }

    /// The question's conditions on other questions, each checked against the referred question.
    private mutating func resolve(_ position: Int, problems: inout ProblemCollector) -> [Edge] {
        var resolved: [Edge] = []
        for raw in questions[position].conditions {
            steps += 1
            guard let target = reference(raw, from: position, problems: &problems) else { continue }
            resolved.append(Edge(target: target, condition: read(raw, on: target, problems: &problems), raw: raw))
        }
        return resolved
    }

    /// The position of the question `raw` refers to; nil (reported) when none, or when itself.
    private mutating func reference(
        _ raw: QuestionLogic.RawCondition, from position: Int, problems: inout ProblemCollector
    ) -> Int? {
        let referenceNode = node(raw.referenceNode)
        guard let target = byLinkId[raw.reference] else {
            reportUnknownReference(raw.reference, at: referenceNode, problems: &problems)
            return nil
        }
        if target == position {
            problems.error(
                LogicCode.selfReference, "\(name(position)) has a condition on itself", at: referenceNode,
                hint: "A question is not answered before it is asked; refer to an earlier question.")
            return nil
        }
        if questions[target].number > questions[position].number {
            problems.warning(
                LogicCode.forwardReference,
                "\(name(target)) comes after question \(questions[position].number): "
                    + "it is unanswered when this question is shown", at: referenceNode,
                hint: "Refer to an earlier question, or move this question after it.")
        }
        return target
    }

    private mutating func reportUnknownReference(
        _ reference: String, at referenceNode: JSONNode, problems: inout ProblemCollector
    ) {
        let names = questions.compactMap(\.linkId)
        // A template with logic has few names; their candidates are made only for a bad reference.
        let candidates = Suggestion.Candidates(names)
        let nearest = candidates.nearest(to: reference)
        let fixes =
            candidates.nearMiss(to: reference).map {
                [NodeFix("Write '\($0)'", edits: [.replace(referenceNode, json: JSONWriter.text(of: .string($0)))])]
            } ?? []
        problems.error(
            LogicCode.unknownReference, "no question has the \(keys.spelling(of: .linkId)) '\(reference)'",
            at: referenceNode,
            hint: nearest.map { "Did you mean '\($0)'?" }
                ?? (names.isEmpty
                    ? "Give the question a \"\(keys.spelling(of: .linkId))\" to refer to it."
                    : "Refer to one of \(Suggestion.quotedList(Array(names.prefix(10))))."),
            fixes: fixes)
    }

    // MARK: Operators and operands

    /// The referred question as conditions see it; nil when its type could not read it.
    private mutating func target(_ position: Int) -> ConditionTarget? {
        if let made = targets[position] { return made }
        let question = questions[position]
        let made = question.type.flatMap { type in
            registry.types[type].conditionTarget(
                of: QuestionJSON(node: node(question.node), keys: keys, number: question.number))
        }
        targets[position] = .some(made)
        return made
    }

    /// The condition, its operator checked against the referred question's type and its operand
    /// read by that type; nil (reported) when either cannot be used.
    private mutating func read(
        _ raw: QuestionLogic.RawCondition, on position: Int, problems: inout ProblemCollector
    ) -> Condition? {
        let operand = node(raw.operandNode)
        if raw.op == .exists {
            guard let wanted = operand.boolValue else {
                problems.error(
                    LogicCode.existsOperandNotBoolean,
                    "'exists' takes true (answered) or false (not answered), not \(operand.quotedForMessage)",
                    at: operand, hint: "Write true or false, without quotes.")
                return nil
            }
            return Condition(.exists, .exists(wanted))
        }
        guard let target = target(position) else { return nil }
        guard target.subject.supports(raw.op) else {
            let supported = ["exists"] + target.subject.operators.map(\.rawValue)
            let type = questions[position].type.map { registry.descriptions[$0].identifier } ?? "this"
            problems.error(
                LogicCode.unsupportedOperator,
                "'\(raw.op.rawValue)' does not apply to \(name(position)), a \(type) question",
                at: node(raw.operatorNode),
                hint: "Its conditions take \(Suggestion.quotedList(supported)).")
            return nil
        }
        return target.parseOperand(operand, &problems).map { Condition(raw.op, .value($0)) }
    }
}
