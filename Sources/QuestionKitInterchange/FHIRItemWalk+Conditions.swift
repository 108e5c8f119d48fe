import QuestionKit

// FHIR's enableWhen is ours, but for the operand: `answer[x]` becomes `answer`, as the referred
// question's type reads it (a coding is the text of the option it names). A condition on an item
// that did not become a question, or with an operand we cannot carry (a quantity, a reference),
// is reported and kept under `_fhir` for the writer.
extension FHIRItemWalk {
    /// The questions, as template JSON, each with the nodes of the Questionnaire it came from.
    func questionValues(problems: inout ProblemCollector) -> [(JSONWriter.Value, FHIRReader.QuestionSource)] {
        pending.map { question in
            var source = FHIRReader.QuestionSource(item: question.item, enableWhen: question.conditions?.enableWhen)
            var members: [(String, JSONWriter.Value)] = []
            // Room for every member at once: grown from two, the array was made again twice per question.
            members.reserveCapacity(question.keys.count + 8)
            members.append(("answer-type", .string(question.identifier)))
            members.append(("question", .string(question.text)))
            if let section = question.section { members.append(("section", .string(section))) }
            if !question.help.isEmpty {
                members.append(
                    (
                        "helpInfo",
                        .object([("text", .string(question.help.joined(separator: "\n"))), ("images", .array([]))])
                    ))
            }
            members.append(("linkId", .string(question.linkId)))
            members += question.keys
            var kept = question.kept
            if let (enableWhen, behavior) = question.conditions {
                let (mapped, notCarried, carriedNodes) = conditions(enableWhen, problems: &problems)
                source.conditions = carriedNodes
                if !mapped.isEmpty {
                    members.append(("enableWhen", .array(mapped)))
                    // `all` is the default of both formats; written only when it must be (several conditions).
                    if let behavior = behavior?.stringValue, behavior != "all" {
                        members.append(("enableBehavior", .string(behavior)))
                    }
                }
                if !notCarried.isEmpty { kept.append(("enableWhen", .array(notCarried))) }
            }
            if !kept.isEmpty { members.append(("_fhir", .object(kept))) }
            return (.object(members), source)
        }
    }

    /// The conditions of `enableWhen` we carry, and those we keep (each reported).
    private func conditions(_ enableWhen: JSONNode, problems: inout ProblemCollector)
        -> (mapped: [JSONWriter.Value], notCarried: [JSONWriter.Value], mappedNodes: [JSONNode])
    {
        var mapped: [JSONWriter.Value] = []
        var notCarried: [JSONWriter.Value] = []
        var nodes: [JSONNode] = []
        for condition in enableWhen.elements {
            if let value = self.condition(condition, problems: &problems) {
                mapped.append(value)
                nodes.append(condition)
            } else {
                notCarried.append(condition.writerValue)
            }
        }
        return (mapped, notCarried, nodes)
    }

    private func condition(_ condition: JSONNode, problems: inout ProblemCollector) -> JSONWriter.Value? {
        guard let question = condition["question"]?.stringValue, let op = condition["operator"]?.stringValue,
            let answer = condition.members.first(where: { $0.keyNode.stringValueHasPrefix("answer") })?.value
        else {
            problems.warning(
                FHIRCode.conditionMalformed, "a condition needs question, operator and answer[x]; kept under _fhir",
                at: condition)
            return nil
        }
        guard let target = made[question] else {
            problems.warning(
                FHIRCode.conditionTargetNotMade,
                "the condition refers to '\(question)', which did not become a question; kept under _fhir",
                at: condition["question"] ?? condition)
            return nil
        }
        // FHIR orders strings by their text (`answerString` with `>`); text conditions here compare
        // only for equality, so the template would refuse it: kept rather than carried to an error.
        if answer.memberKey == "answerString", let ordered = ConditionOperator(rawValue: op),
            ConditionOperator.ordering.contains(ordered)
        {
            problems.warning(
                FHIRCode.conditionOperatorNotCarried,
                "'\(op)' on a string compares text order, which conditions on text do not; kept under _fhir",
                at: condition["operator"] ?? condition, hint: "Conditions on text take 'exists', '=' or '!='.")
            return nil
        }
        guard let operand = operand(answer, target: pending[target]) else {
            problems.warning(
                FHIRCode.conditionAnswerNotCarried, "a condition on \(answer.memberKey ?? "its answer") is not carried",
                at: answer, hint: "Conditions compare booleans, numbers, strings, dates and options.")
            return nil
        }
        return .object([("question", .string(question)), ("operator", .string(op)), ("answer", operand)])
    }

    /// The operand of `answer`: the option text of a coding (the option of `target` with its code),
    /// a boolean, a number, or text.
    private func operand(_ answer: JSONNode, target: Pending) -> JSONWriter.Value? {
        switch answer.memberKey {
        case "answerBoolean": return answer.boolValue.map(JSONWriter.Value.bool)
        case "answerInteger", "answerDecimal": return answer.kind == .number ? answer.writerValue : nil
        case "answerCoding":
            let options = FHIRItem(node: target.item, version: version).options
            WorkCounter.add(options.count, to: .interchangeVisits)
            if let code = answer["code"]?.stringValue {
                for (text, value) in options where value["code"]?.stringValue == code {
                    if let text { return .string(text) }
                }
            }
            // A coding none of the options has (by code, or by text) cannot be compared.
            guard let text = FHIRItem.optionText(of: answer), options.contains(where: { $0.text == text }) else {
                return nil
            }
            return .string(text)
        default: return FHIRItem.optionText(of: answer).map(JSONWriter.Value.string)
        }
    }
}
