import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// `textDocument/hover`: over a key, its summary and the values it allows, in plain words;
    /// over an `answer-type` value, the type's summary, keys and rules (the page's excerpt).
    mutating func hover(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let document = try requestedDocument(params)
        let cursor = document.lines.offset(of: try LSPPosition(try params.required("position")))
        let context = CursorContext(bytes: document.bytes, cursor: cursor)
        guard !context.token.isEmpty, let markdown = hoverText(context) else { return .null }
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
}
