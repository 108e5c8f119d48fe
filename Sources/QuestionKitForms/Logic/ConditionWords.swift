import QuestionKit

/// A template's conditions in words, for people: the review, the text export, the PDF, fixture
/// messages (and the language server's hover). The one place that words them.
///
/// "Asked when 'Any leaks at hoses…?' is Yes"; "Asked when 'Leak rate (drops/min)' is more than 10
/// or Shaft seal is among the answers to 'Where is the leak?'"; "Not asked: 'Any leaks at hoses…?' is No".
package enum ConditionWords {
    /// The conditions of the question at `position` in a sentence: "Asked when … and …"; nil for a
    /// question always asked.
    package static func askedWhen(_ position: Int, in template: Template) -> String? {
        guard let own = template.logic?.conditions[position], !own.conditions.isEmpty else { return nil }
        let parts = own.conditions.map { words(for: $0, in: template) }
        return "Asked when " + parts.joined(separator: own.isAny ? " or " : " and ")
    }

    /// Why the question at `position` of `form` is not asked, from what the questions its failing
    /// conditions look at hold: "'Any leaks at hoses…?' is No". Each such question is named once.
    package static func reason(notAsked position: Int, in form: FilledForm) -> String {
        guard let logic = form.template.logic, let own = logic.conditions[position] else { return "" }
        var named = Set<Int>()
        var parts: [String] = []
        for condition in own.conditions
        where !logic.holds(condition, answer: { form.entries[$0].answer }, isAsked: form.isAsked) {
            guard named.insert(condition.referred).inserted else { continue }
            parts.append(state(of: condition.referred, in: form))
            if !own.isAny { break }
        }
        return parts.joined(separator: " and ")
    }

    /// "Not asked: …", as the review and the printed form say it.
    package static func notAsked(_ position: Int, in form: FilledForm) -> String {
        "Not asked: " + reason(notAsked: position, in: form)
    }

    /// One condition: "'Any leaks at hoses…?' is Yes".
    package static func words(for condition: TemplateLogic.ResolvedCondition, in template: Template) -> String {
        let referred = template.questions[condition.referred]
        let name = quoted(referred.text)
        switch condition.condition.operand {
        case .exists(let answered): return "\(name) is \(answered ? "answered" : "not answered")"
        case .value(let value):
            let operand = words(for: value)
            let op = condition.condition.op
            if case .option = value, isMultipleChoice(referred) {
                return "\(operand) is \(op == .notEqual ? "not " : "")among the answers to \(name)"
            }
            return "\(name) \(words(for: op)) \(operand)"
        }
    }

    /// What the referred question holds, for a reason: "'…' is No", "'…' is not answered", "'…' is not asked".
    static func state(of position: Int, in form: FilledForm) -> String {
        let question = form.template.questions[position]
        let name = quoted(question.text)
        guard form.isAsked(position) else { return "\(name) is not asked" }
        guard let answer = form.entries[position].answer, question.isAnswered(answer) else {
            return "\(name) is not answered"
        }
        let shown = question.render(answer).blocks.compactMap { block -> String? in
            switch block {
            case .value(let text): text
            case .choices(let choices): choices.filter(\.isChosen).map(\.label).joined(separator: ", ")
            default: nil
            }
        }.filter { !$0.isEmpty }
        return shown.isEmpty ? "\(name) is answered" : "\(name) is \(shown.joined(separator: ", "))"
    }

    private static func words(for op: ConditionOperator) -> String {
        switch op {
        case .exists, .equal: "is"
        case .notEqual: "is not"
        case .less: "is less than"
        case .greater: "is more than"
        case .lessOrEqual: "is at most"
        case .greaterOrEqual: "is at least"
        }
    }

    /// An operand as the referred question shows answers: options and text as written, true and
    /// false as Yes and No, numbers without a needless ".0".
    private static func words(for value: ConditionValue) -> String {
        switch value {
        case .option(let option): option
        case .boolean(let flag): flag ? "Yes" : "No"
        case .number(let number):
            number == number.rounded() && abs(number) < 1e15 ? String(Int64(number)) : String(number)
        case .text(let text): "\"\(text)\""
        }
    }

    private static func isMultipleChoice(_ question: Question) -> Bool {
        // Compare the question's own subject: only choices that allow several answers read "among".
        if case .choice(_, true) = question.conditionSubject.kind { return true }
        return false
    }

    /// A question's text in quotes, long texts shortened at a word: "'Any leaks at hoses…?'".
    package static func quoted(_ text: String) -> String {
        guard text.count > 40 else { return "'\(text)'" }
        var prefix = String(text.prefix(24))
        if let space = prefix.lastIndex(of: " ") { prefix = String(prefix[..<space]) }
        while let last = prefix.last, last.isPunctuation { prefix.removeLast() }
        return "'\(prefix)…\(text.hasSuffix("?") ? "?" : "")'"
    }
}

extension Question {
    /// What conditions on this question compare (its type's call).
    var conditionSubject: ConditionSubject { type.erasedConditionSubject(definition: definition) }
}
