import QuestionKit

// A `relevant` we carry becomes our enableWhen (`or` is enableBehavior `any`). A value compared
// with a select is a choice's name: it becomes the choice's text, as our multiple choice compares
// texts (`selected` is `=`, "is among the chosen"); a number question compares numbers. A condition
// naming a row that did not become a question is reported and kept under `_xlsform`.
extension XLSFormRowWalk {
    /// Writes the questions, as template JSON, each as the next element of `template`'s open array: written as they
    /// are assembled, with no tree of the template made and freed (each question an object of its own members).
    func writeQuestions(to template: inout JSONFileWriter, problems: inout ProblemCollector) {
        // Each question's members read where they lie: a copy of each question (a retain and a release of each of
        // its members) cost 500 instructions a question.
        for index in pending.indices {
            var kept = pending[index].kept
            var enableWhen: (conditions: [JSONWriter.Value], any: Bool)?
            if let (node, parsed) = pending[index].condition {
                if let conditions = conditions(parsed, at: node, problems: &problems) {
                    enableWhen = (conditions, parsed.any)
                } else {
                    kept.append(("relevant", node.writerValue))
                }
            }
            template.openObject()
            ImportedQuestion.forEachMember(
                identifier: pending[index].identifier, text: pending[index].text, section: pending[index].section,
                help: pending[index].help, linkId: pending[index].linkId, keys: pending[index].keys
            ) { template.member($0, $1) }
            if let (conditions, any) = enableWhen {
                ImportedQuestion.forEachEnableWhenMember(conditions, any: any) { template.member($0, $1) }
            }
            if !kept.isEmpty { template.member("_xlsform", .object(kept)) }
            template.close()
        }
    }

    /// Our conditions of `parsed`; nil (reported) when one names no question made or compares a
    /// select other than by `=`/`!=`.
    private func conditions(_ parsed: SimpleCondition, at node: JSONNode, problems: inout ProblemCollector)
        -> [JSONWriter.Value]?
    {
        var conditions: [JSONWriter.Value] = []
        for comparison in parsed.comparisons {
            guard let target = made[comparison.name] else {
                problems.warning(
                    XLSFormCode.conditionTargetNotMade,
                    "the condition refers to '\(comparison.name)', which did not become a question; kept under _xlsform",
                    at: node)
                return nil
            }
            guard let answer = operand(comparison, target: target) else {
                problems.warning(
                    XLSFormCode.conditionNotCarried,
                    "'\(comparison.name)' is a choice question: the condition compares it other than by = or != "
                        + "(or selected) with one of its choices' names; kept under _xlsform", at: node)
                return nil
            }
            conditions.append(ImportedQuestion.condition(question: comparison.name, op: comparison.op, answer: answer))
        }
        return conditions
    }

    /// The answer `comparison` compares question number `target` (0-based) with.
    private func operand(_ comparison: SimpleCondition.Comparison, target: Int) -> JSONWriter.Value? {
        let text: String
        switch comparison.operand {
        case .bool(let answered): return .bool(answered)
        case .text(let value), .number(let value): text = value
        }
        if !pending[target].choices.isEmpty {
            guard comparison.op == "=" || comparison.op == "!=",
                let choice = pending[target].choices.firstIndex(where: { $0.name == text })
            else { return nil }
            return pending[target].optionText(choice)
        }
        if pending[target].numeric, let number = Double(text) { return .number(number) }
        return .string(text)
    }
}
