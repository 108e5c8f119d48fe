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
        let targetItem = fhirItem(pending[target].item)
        if Self.optionTypes.contains(targetItem.type), op != "exists", answer.memberKey != "answerCoding" {
            return optionCondition(question, op, answer, options: targetItem.options, condition, &problems)
        }
        guard let operand = operand(answer, target: pending[target]) else {
            problems.warning(
                FHIRCode.conditionAnswerNotCarried, "a condition on \(answer.memberKey ?? "its answer") is not carried",
                at: answer, hint: "Conditions compare booleans, numbers, strings, dates and options.")
            return nil
        }
        return .object([("question", .string(question)), ("operator", .string(op)), ("answer", operand)])
    }

    /// The item types whose questions choose among options: conditions on them name an option.
    private static let optionTypes: Set<String> = ["choice", "open-choice", "coding"]

    /// A condition comparing a question with options (by text) with a string or a number: forms
    /// write the option's code (`answerString: "2"` for the coding 2 'Two', in the SDC IG's own
    /// test form) or its value. The operand becomes the text of the option it names; an ordering
    /// operator, or a value naming none of the options, is reported and kept, not carried into a
    /// template that fails to read.
    private func optionCondition(
        _ question: String, _ op: String, _ answer: JSONNode, options: [(text: String?, node: JSONNode)],
        _ condition: JSONNode, _ problems: inout ProblemCollector
    ) -> JSONWriter.Value? {
        guard op == "=" || op == "!=" else {
            problems.warning(
                FHIRCode.conditionOperatorNotCarried,
                "'\(op)' on '\(question)', whose answers are options, orders them, which conditions on options "
                    + "do not; kept under _fhir",
                at: condition["operator"] ?? condition, hint: "Conditions on options take 'exists', '=' or '!='.")
            return nil
        }
        WorkCounter.add(options.count, to: .interchangeVisits)
        let wanted = FHIRItem.optionText(of: answer)
        let named =
            options.first { $0.text == wanted }?.text
            ?? options.first { wanted != nil && $0.node["code"]?.stringValue == wanted }?.text
            ?? options.first { wanted != nil && $0.text?.lowercased() == wanted?.lowercased() }?.text
        guard let named else {
            problems.warning(
                FHIRCode.conditionAnswerNotCarried,
                "\(answer.quotedForMessage) names none of the options of '\(question)' (by text or code); kept under _fhir",
                at: answer, hint: "Conditions on options name an option.")
            return nil
        }
        return .object([("question", .string(question)), ("operator", .string(op)), ("answer", .string(named))])
    }

    /// The operand of `answer`: the option text of a coding (the option of `target` with its code),
    /// a boolean, a number, or text.
    private func operand(_ answer: JSONNode, target: Pending) -> JSONWriter.Value? {
        switch answer.memberKey {
        case "answerBoolean": return answer.boolValue.map(JSONWriter.Value.bool)
        case "answerInteger", "answerDecimal": return answer.kind == .number ? answer.writerValue : nil
        case "answerCoding":
            let options = fhirItem(target.item).options
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
