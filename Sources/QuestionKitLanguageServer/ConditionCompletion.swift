import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// Values of a condition of `enableWhen`, from the question it refers to: in `question`, the
    /// `linkId`s of the other questions, earlier ones first (a later one is unanswered when this
    /// one is shown); in `operator`, the operators the referred question's type supports; in
    /// `answer`, what its type compares with that can be listed: its options, or true and false
    /// (what `exists` takes for every type). Offered in that order (`sortText`).
    func conditionValueItems(
        _ context: CursorContext, key: String, in condition: CursorContext.Container, document: TextDocument
    ) -> [LabelledItem] {
        guard case .index(let position) = context.path[2].name else { return [] }
        let keys = configuration.keys
        let links = LinkIdIndex(
            bytes: document.bytes, reader: TemplateReader(registry: configuration.registry, keys: keys))
        let referred = condition.strings[keys.spelling(of: .conditionQuestion)].flatMap { links.question(named: $0) }
        let subject = referred.flatMap { links.conditionSubject(of: $0, registry: configuration.registry) }
        var values: [OfferedValue] = []
        switch key {
        case keys.spelling(of: .conditionQuestion):
            values = linkIdValues(links, asking: position + 1)
        case keys.spelling(of: .conditionOperator):
            let operators = subject.map { [.exists] + $0.operators } ?? ConditionOperator.allCases
            values = operators.map { .string($0.rawValue, kind: .operator, detail: "operator") }
        case keys.spelling(of: .conditionAnswer):
            let op = condition.strings[keys.spelling(of: .conditionOperator)].flatMap(ConditionOperator.init)
            switch op == .exists ? .boolean : subject?.kind {
            case .choice(let options, _):
                values = options.filter { !TypedText.isBlank($0) }.map { .string($0, kind: .value, detail: "option") }
            case .boolean:
                let detail = op == .exists ? "answered or not" : "value"
                values = ["true", "false"].map { OfferedValue(label: $0, written: $0, kind: .value, detail: detail) }
            case .number, .text, .existsOnly, nil:
                break  // Nothing to list: any number, any text; or no operand but exists's.
            }
        default:
            break
        }
        return values.enumerated().map { order, value in
            LabelledItem(
                label: value.label,
                value: item(
                    label: value.label, kind: value.kind, detail: value.detail, documentation: value.documentation,
                    edit: (context.token, value.written), lines: document.lines, sortText: String(100_000 + order)))
        }
    }

    /// The names conditions of question `asking` can refer to: each other question's `linkId`
    /// (its first question's, as conditions refer to it), earlier questions first.
    private func linkIdValues(_ links: LinkIdIndex, asking: Int) -> [OfferedValue] {
        let named = links.questions.filter { question in
            guard let linkId = question.linkId else { return false }
            return question.number != asking && links.question(named: linkId)?.number == question.number
        }
        let ordered = named.filter { $0.number < asking } + named.filter { $0.number > asking }
        return ordered.compactMap { question in
            question.linkId.map { linkId in
                .string(
                    linkId, kind: .reference,
                    detail: "question \(question.number)" + (question.number > asking ? ", after this one" : ""),
                    documentation: links.text(of: question))
            }
        }
    }
}

/// A value offered in a condition: its label, the JSON that completing it writes, and what it is.
private struct OfferedValue {
    let label: String
    let written: String
    let kind: CompletionItemKind
    let detail: String
    var documentation: String?

    /// A string value, written quoted.
    static func string(
        _ text: String, kind: CompletionItemKind, detail: String, documentation: String? = nil
    ) -> OfferedValue {
        OfferedValue(
            label: text, written: JSONWriter.text(of: .string(text), indent: 0), kind: kind, detail: detail,
            documentation: documentation)
    }
}
