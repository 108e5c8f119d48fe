import QuestionKit
import QuestionKitForms

// A question's conditions as XLSForm `relevant`, in their simple forms: `${q} = 'name'` for a
// single-choice question looked at, `selected(${q}, 'name')` for a multiple-choice one (choices by
// their names), numbers and dates compared, text as a quoted string, `exists` as a comparison with
// the empty answer; joined with `and` (`enableBehavior` all) or `or` (any).
extension XLSFormRows {
    /// The `relevant` expression of the question at `node`, or nil without conditions or when none could be
    /// written (each condition not written is reported).
    func relevant(at node: JSONNode, problems: inout ProblemCollector) -> String? {
        guard let conditions = node["enableWhen"], conditions.count > 0 else { return nil }
        var terms: [String] = []
        for condition in conditions.elements {
            guard let target = condition["question"]?.stringValue, let op = condition["operator"]?.stringValue,
                let answer = condition["answer"]
            else { continue }
            guard let position = byLinkId[target], let shape = written[position].shape else {
                problems.warning(
                    XLSFormCode.conditionNotWritten,
                    "the condition looks at '\(target)', which is not written: the condition is not written",
                    at: condition, hint: "The question is asked whatever '\(target)' is answered.")
                continue
            }
            guard let term = term(named: written[position].name, shape: shape, op: op, answer: answer) else {
                problems.warning(
                    XLSFormCode.conditionNotWritten,
                    "'\(target)' \(op) \(answer.sourceText) has no simple XLSForm expression: the condition is not written",
                    at: condition)
                continue
            }
            terms.append(term)
        }
        guard !terms.isEmpty else { return nil }
        guard terms.count > 1 else { return terms[0] }
        let any = node["enableBehavior"]?.stringValue == "any"
        return terms.joined(separator: any ? " or " : " and ")
    }

    /// One condition on the question written as `name` in `shape`, or nil when it has no simple form.
    private func term(named name: String, shape: XLSFormRowShape, op: String, answer: JSONNode) -> String? {
        // Each term made in one piece (`XLSFormRowShape.joined`): interpolated, a term cost more than its row.
        if op == "exists" {
            guard let exists = answer.boolValue else { return nil }
            return XLSFormRowShape.joined("${", name, exists ? "} != ''" : "} = ''")
        }
        // Compared, not hashed into a set: a hash of each condition's operator cost more than the comparisons.
        switch op {
        case "=", "!=", "<", ">", "<=", ">=": break
        default: return nil
        }
        if let list = shape.choices {
            guard op == "=" || op == "!=", let choice = Self.choice(in: list, for: answer) else { return nil }
            if shape.type == "select_multiple" {
                let selected = XLSFormRowShape.joined("selected(${", name, "}, '", choice, "')")
                return op == "=" ? selected : XLSFormRowShape.joined("not(", selected, ")")
            }
            return XLSFormRowShape.joined("${", name, "} ", op, " '", choice, "'")
        }
        switch shape.type {
        case "integer", "decimal":
            guard let number = answer.numberText else { return nil }
            return XLSFormRowShape.joined("${", name, "} ", op, " ", number)
        case "date":
            guard let date = answer.stringValue.flatMap(Self.literal) else { return nil }
            return XLSFormRowShape.joined("${", name, "} ", op, " date(", date, ")")
        default:
            guard op == "=" || op == "!=", let text = (answer.stringValue ?? answer.numberText).flatMap(Self.literal)
            else { return nil }
            return XLSFormRowShape.joined("${", name, "} ", op, " ", text)
        }
    }

    /// The name of the choice an operand stands for: a boolean `yes` or `no`, a text or number the
    /// choice whose label it is (ignoring case and surrounding spaces, as answers are matched).
    private static func choice(in list: XLSFormRowShape.ChoiceList, for answer: JSONNode) -> String? {
        if let value = answer.boolValue {
            let name = value ? "yes" : "no"
            return list.choices.contains { $0.name == name } ? name : nil
        }
        guard let text = answer.stringValue ?? answer.numberText else { return nil }
        WorkCounter.add(list.choices.count, to: .interchangeVisits)
        let wanted = TypedText.comparisonKey(text)
        return list.choices.first { TypedText.comparisonKey($0.label) == wanted }?.name
    }

    /// `text` as an XPath string literal: in single quotes, else double; nil when it holds both.
    private static func literal(_ text: String) -> String? {
        if !text.contains("'") { return "'\(text)'" }
        return text.contains("\"") ? nil : "\"\(text)\""
    }
}
