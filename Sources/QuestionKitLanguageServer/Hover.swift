import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// `textDocument/hover`: over a key, its summary and the values it allows, in plain words;
    /// over an `answer-type` value, the type's summary, keys and rules (the page's excerpt); over a
    /// value of a condition, the condition in words (see `conditionHoverText`).
    mutating func hover(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let document = try requestedDocument(params)
        let cursor = document.lines.offset(of: try LSPPosition(try params.required("position")))
        let context = CursorContext(bytes: document.bytes, cursor: cursor)
        guard !context.token.isEmpty,
            let markdown = context.place == .value && context.path.contains(where: { $0.name == .key(enableWhenKey) })
                ? conditionHoverText(document, at: cursor) : hoverText(context)
        else { return .null }
        return .object([
            ("contents", MarkupKind.markdown.content(markdown)),
            ("range", document.lines.range(context.token)),
        ])
    }

    private func hoverText(_ context: CursorContext) -> String? {
        let catalog = KeyCatalog(registry: configuration.registry, keys: configuration.keys)
        let word = context.text
        switch context.place {
        case .key:
            guard let entry = catalog.entries(in: catalog.scope(of: context.path)).first(where: { $0.spelling == word })
            else { return nil }
            let facts = [entry.typeIdentifier, entry.isRequired ? "required" : nil].compactMap { $0 }
            let heading = "**`\(entry.spelling)`**" + (facts.isEmpty ? "" : " (\(facts.joined(separator: ", ")))")
            return heading + "\n\n" + entry.documentation
        case .value:
            guard context.valueKey == configuration.keys.spelling(of: .answerType),
                case .question = catalog.scope(of: context.path),
                let type = configuration.registry.type(for: word)
            else { return nil }
            return TypeDocumentation(type: type, registry: configuration.registry, keys: configuration.keys).excerpt
        case .none:
            return nil
        }
    }

    private var enableWhenKey: String { configuration.keys.spelling(of: .enableWhen) }

    /// A condition in words, as the review and the printed form word it ("'Any leaks at hoses…?'
    /// is Yes"), with the question's whole rule ("Asked when … and …"). The words come from the
    /// template read whole (`ConditionWords`, the one place that words conditions); while the
    /// template cannot be read (an error anywhere), the hover names the question referred to.
    private func conditionHoverText(_ document: TextDocument, at cursor: Int) -> String? {
        let reader = TemplateReader(registry: configuration.registry, keys: configuration.keys)
        let links = LinkIdIndex(bytes: document.bytes, reader: reader)
        guard let (question, index) = links.condition(at: cursor) else { return nil }
        let raw = question.conditions[index]
        let referred = links.question(named: raw.reference)
        let read = reader.read(document.bytes)
        if read.isUsable, let template = read.template,
            let position = template.questions.firstIndex(where: { $0.number == question.number }),
            let own = template.logic?.conditions[position], own.conditions.count == question.conditions.count
        {
            let rule = ConditionWords.askedWhen(position, in: template).map {
                "\n\nQuestion \(question.number): \($0)."
            }
            return "**Condition**: " + ConditionWords.words(for: own.conditions[index], in: template) + (rule ?? "")
        }
        guard let referred else { return "**Condition** on '\(raw.reference)', which no question is named." }
        let text = links.text(of: referred).map { ": " + ConditionWords.quoted($0) } ?? ""
        return "**Condition** on question \(referred.number)\(text) (fix the template's errors to see it in words)."
    }
}
