import QuestionKit

/// A question's logic as read from its JSON, before any other question is looked at: its name,
/// and its conditions in the shape the format fixes. Nodes are kept by tape index, so that logic
/// read on any thread (each with its own replica of the document) is analysed against one document.
package struct QuestionLogic: Sendable {
    /// The question's 1-based number.
    package var number: Int
    /// The question object.
    package var node: Int
    /// The registry position of the question's type; nil when it has none.
    package var type: Int?
    /// The `linkId`, when it is a usable string.
    package var linkId: String?
    /// The `linkId` value.
    package var linkIdNode: Int?
    /// The `enableWhen` list, when it holds conditions.
    package var enableWhen: Int?
    /// The conditions whose shape is right, in order.
    package var conditions: [RawCondition] = []
    /// Whether `enableBehavior` is `any` (else `all`).
    package var isAny = false
    /// Whether every condition of `enableWhen` was read: only then can the question be known never asked.
    package var isComplete = true

    /// One `{question, operator, answer}`, its shape checked, its operand not yet read.
    package struct RawCondition: Sendable {
        /// The condition object.
        package var node: Int
        /// The linkId referred to.
        package var reference: String
        /// The `question` value.
        package var referenceNode: Int
        /// The operator.
        package var op: ConditionOperator
        /// The `operator` value.
        package var operatorNode: Int
        /// The `answer` value.
        package var operandNode: Int
    }
}

extension QuestionReader {
    /// The question's logic, checking each key's shape; nil when it has none (most questions).
    func readLogic(_ question: QuestionJSON, type: Int?, problems: inout ProblemCollector) -> QuestionLogic? {
        let linkIdNode = question[.linkId]
        let enableWhenNode = question[.enableWhen]
        let behaviorNode = question[.enableBehavior]
        guard linkIdNode != nil || enableWhenNode != nil || behaviorNode != nil else { return nil }
        var logic = QuestionLogic(number: question.number, node: question.node.index, type: type)
        if let linkIdNode {
            logic.linkIdNode = linkIdNode.index
            if let text = linkIdNode.stringValue, !TypedText.isBlank(text) {
                logic.linkId = text
            } else {
                problems.error(
                    LogicCode.linkIdInvalid,
                    "'\(keys.spelling(of: .linkId))' must be a non-empty string, not \(linkIdNode.quotedForMessage)",
                    at: linkIdNode, hint: "Name the question with a short word, such as \"leak\".")
            }
        }
        if let behaviorNode {
            logic.isAny = readBehavior(behaviorNode, hasConditions: enableWhenNode != nil, problems: &problems)
        }
        if let enableWhenNode { readConditions(enableWhenNode, into: &logic, problems: &problems) }
        return logic
    }

    /// Whether `enableBehavior` is `any`; anything but `all` or `any` is an error.
    private func readBehavior(_ node: JSONNode, hasConditions: Bool, problems: inout ProblemCollector) -> Bool {
        let key = keys.spelling(of: .enableBehavior)
        if !hasConditions {
            problems.warning(
                LogicCode.enableBehaviorAlone,
                "'\(key)' has no '\(keys.spelling(of: .enableWhen))' to apply to", at: node,
                hint: "Remove it, or add the conditions.", fixes: [NodeFix("Remove '\(key)'", edits: [.remove([node])])]
            )
        }
        switch node.stringValue {
        case "all": return false
        case "any": return true
        default:
            let meant = node.stringValue.flatMap { Suggestion.Candidates(["all", "any"]).nearMiss(to: $0) }
            problems.error(
                LogicCode.unknownEnableBehavior, "'\(key)' must be \"all\" or \"any\", not \(node.quotedForMessage)",
                at: node, hint: (meant.map { "Did you mean '\($0)'? " } ?? "") + "\"all\" is the default.",
                fixes: meant.map { [NodeFix("Write '\($0)'", edits: [.replace(node, json: "\"\($0)\"")])] } ?? [])
            return false
        }
    }

    /// Reads each condition of `enableWhen` whose shape is right into `logic`.
    private func readConditions(_ list: JSONNode, into logic: inout QuestionLogic, problems: inout ProblemCollector) {
        let key = keys.spelling(of: .enableWhen)
        guard list.kind == .array else {
            problems.error(
                LogicCode.enableWhenNotList, "'\(key)' must be a list of conditions, not \(list.kind)", at: list,
                hint: "Write \"\(key)\": [{\"question\": \"…\", \"operator\": \"=\", \"answer\": …}].")
            logic.isComplete = false
            return
        }
        guard list.count > 0 else {
            problems.error(
                LogicCode.emptyEnableWhen, "'\(key)' is empty: a question without conditions is always asked",
                at: list, hint: "Add a condition, or remove '\(key)'.",
                fixes: [NodeFix("Remove '\(key)'", edits: [.remove([list])])])
            logic.isComplete = false
            return
        }
        logic.enableWhen = list.index
        for element in list.elements {
            if let condition = readCondition(element, problems: &problems) {
                logic.conditions.append(condition)
            } else {
                logic.isComplete = false
            }
        }
    }

    /// One condition's shape: an object of a string `question`, a known `operator` and an `answer`.
    private func readCondition(_ node: JSONNode, problems: inout ProblemCollector) -> QuestionLogic.RawCondition? {
        let spellings = Key.conditionKeys.map { keys.spelling(of: $0) }
        guard node.kind == .object else {
            problems.error(
                LogicCode.conditionNotObject, "a condition must be an object, not \(node.kind)", at: node,
                hint: "Write {\"\(spellings[0])\": \"…\", \"\(spellings[1])\": \"=\", \"\(spellings[2])\": …}.")
            return nil
        }
        for member in node.members where !spellings.contains(member.key) {
            problems.warnUnknownKey(member, code: LogicCode.conditionUnknownKey, in: "a condition", known: spellings)
        }
        let values = spellings.map { node[$0] }
        let missing = zip(spellings, values).filter { $0.1 == nil }.map(\.0)
        guard missing.isEmpty, let referenceNode = values[0], let operatorNode = values[1], let operand = values[2]
        else {
            problems.error(
                LogicCode.conditionMissingKey,
                "the condition has no \(Suggestion.quotedList(missing, conjunction: "and"))",
                at: node, hint: "A condition names a question, an operator and an answer.")
            return nil
        }
        guard let reference = referenceNode.stringValue else {
            problems.error(
                LogicCode.referenceNotString,
                "'\(spellings[0])' must be the linkId of a question, not \(referenceNode.quotedForMessage)",
                at: referenceNode)
            return nil
        }
        guard let op = readOperator(operatorNode, problems: &problems) else { return nil }
        return QuestionLogic.RawCondition(
            node: node.index, reference: reference, referenceNode: referenceNode.index, op: op,
            operatorNode: operatorNode.index,
            operandNode: operand.index)
    }

    /// One of FHIR's seven operators; anything else is an error, with the nearest as a fix.
    private func readOperator(_ node: JSONNode, problems: inout ProblemCollector) -> ConditionOperator? {
        if let op = node.stringValue.flatMap(ConditionOperator.init(rawValue:)) { return op }
        let names = ConditionOperator.allCases.map(\.rawValue)
        let spoken = ["==": "=", "<>": "!=", "≠": "!=", "≤": "<=", "≥": ">=", "=<": "<=", "=>": ">="]
        let meant = node.stringValue.flatMap { spoken[$0] ?? Suggestion.Candidates(names).nearMiss(to: $0) }
        problems.error(
            LogicCode.unknownOperator, "unknown operator \(node.quotedForMessage)", at: node,
            hint: (meant.map { "Did you mean '\($0)'? " } ?? "") + "Operators: \(Suggestion.quotedList(names)).",
            fixes: meant.map { [NodeFix("Write '\($0)'", edits: [.replace(node, json: "\"\($0)\"")])] } ?? [])
        return nil
    }
}
