import QuestionKit

// A `visibleIf` we carry becomes our enableWhen (`or` is enableBehavior `any`), joined with its
// pages' and panels' (see `SurveyJSElementWalk.Condition`). A value compared
// with a question that has choices is the text of the choice with that value, as our multiple
// choice compares texts; 'true'/'false' compared with a boolean are booleans. A condition naming an
// element that did not become a question is reported and kept under `_surveyjs`.
extension SurveyJSElementWalk {
    /// The questions, as template JSON.
    func questionValues(problems: inout ProblemCollector) -> [JSONWriter.Value] {
        // A page's condition naming no question made is reported once, not for each question on it.
        var reported: Set<String> = []
        return pending.map { question in
            var members = ImportedQuestion.members(
                identifier: question.identifier, text: question.text, section: question.section, help: question.help,
                linkId: question.linkId, keys: question.keys)
            var kept = question.kept
            if let condition = question.condition {
                if let conditions = conditions(condition, reported: &reported, problems: &problems) {
                    members += ImportedQuestion.enableWhen(conditions, any: condition.isAlternatives)
                } else if let own = question.element["visibleIf"], !kept.contains(where: { $0.0 == "visibleIf" }) {
                    kept.append(("visibleIf", own.writerValue))
                }
            }
            if !kept.isEmpty { members.append(("_surveyjs", .object(kept))) }
            return .object(members)
        }
    }

    /// Our conditions of `condition`; nil (reported at the `visibleIf` concerned, once) when one
    /// names no question made.
    private func conditions(_ condition: Condition, reported: inout Set<String>, problems: inout ProblemCollector)
        -> [JSONWriter.Value]?
    {
        var conditions: [JSONWriter.Value] = []
        for (node, comparison) in condition.comparisons {
            guard let target = made[comparison.name] else {
                if reported.insert(node.pointer).inserted {
                    problems.warning(
                        SurveyJSCode.conditionTargetNotMade,
                        "the condition refers to '\(comparison.name)', which did not become a question; "
                            + "a question's own is kept under _surveyjs", at: node)
                }
                return nil
            }
            let element = SurveyJSElement(node: pending[target].element)
            if let why = notComparable(comparison, with: element) {
                if reported.insert(node.pointer).inserted {
                    problems.warning(SurveyJSCode.conditionNotCarried, why + "; kept under _surveyjs", at: node)
                }
                return nil
            }
            let answer = operand(comparison.operand, target: element)
            conditions.append(ImportedQuestion.condition(question: comparison.name, op: comparison.op, answer: answer))
        }
        return conditions
    }

    /// Why `comparison` cannot be carried on `target`, a question with choices, whose conditions here
    /// compare the chosen option's text for equality (the template refuses anything else): SurveyJS
    /// orders the choices' values (`{kids} >= 2`), and compares with values no choice has (`'other'`
    /// of `showOtherItem`, not carried). Nil when it can be, or the target has no choices.
    private func notComparable(_ comparison: SimpleCondition.Comparison, with target: SurveyJSElement) -> String? {
        guard let choices = target["choices"], comparison.op != "exists" else { return nil }
        guard comparison.op == "=" || comparison.op == "!=" else {
            return "'\(comparison.op)' orders the values of the choices of '\(comparison.name)'; "
                + "conditions on choices compare only for equality"
        }
        let wanted: String
        switch comparison.operand {
        case .text(let text), .number(let text): wanted = text
        case .bool: return nil
        }
        WorkCounter.add(choices.count, to: .interchangeVisits)
        let named = choices.elements.contains { choice in
            SurveyJSElement.value(of: choice) == wanted
                || SurveyJSElement.text(of: choice)?.lowercased() == wanted.lowercased()
        }
        return named ? nil : "'\(wanted)' is none of the choices of '\(comparison.name)'"
    }

    private func operand(_ operand: SimpleCondition.Operand, target: SurveyJSElement) -> JSONWriter.Value {
        switch operand {
        case .bool(let value): return .bool(value)
        case .number(let text):
            if let choice = choiceText(valued: text, in: target) { return .string(choice) }
            return .number(Double(text) ?? 0)
        case .text(let text):
            if target.type == "boolean", text == "true" || text == "false" { return .bool(text == "true") }
            return .string(choiceText(valued: text, in: target) ?? text)
        }
    }

    /// The text of the choice of `target` whose value is `value`, if any.
    private func choiceText(valued value: String, in target: SurveyJSElement) -> String? {
        guard let choices = target["choices"] else { return nil }
        WorkCounter.add(choices.count, to: .interchangeVisits)
        for choice in choices.elements {
            if SurveyJSElement.value(of: choice) == value { return SurveyJSElement.text(of: choice) }
        }
        return nil
    }
}
