import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// The characters that ask the client for completion as they are typed: the quote that opens
    /// a key or a value, and the comma before the next one.
    static let completionTriggerCharacters = ["\"", ","]

    /// `textDocument/completion`: keys valid at the cursor, `answer-type` values, option texts,
    /// values a key's schema enumerates, and in a condition its `question`, `operator` and
    /// `answer` values (see `conditionValueItems`).
    mutating func completion(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let document = try requestedDocument(params)
        let cursor = document.lines.offset(of: try LSPPosition(try params.required("position")))
        let context = CursorContext(bytes: document.bytes, cursor: cursor)
        let catalog = KeyCatalog(registry: configuration.registry, keys: configuration.keys)
        let items: [LabelledItem]
        switch context.place {
        case .key: items = keyItems(context, catalog: catalog, lines: document.lines)
        case .value: items = valueItems(context, catalog: catalog, document: document)
        case .none: items = []
        }
        var seen = Set(items.map(\.label))
        let suggested = suggestedValues(context, document: document).filter { seen.insert($0).inserted }.map { text in
            item(
                label: text, kind: .value, detail: "value", documentation: nil,
                edit: (context.token, JSONWriter.text(of: .string(text), indent: 0)), lines: document.lines)
        }
        return .object([("isIncomplete", .bool(false)), ("items", .array(items.map(\.value) + suggested))])
    }

    private func keyItems(_ context: CursorContext, catalog: KeyCatalog, lines: LineIndex) -> [LabelledItem] {
        let written = Set(context.container?.keys ?? [])
        let inString = !context.token.isEmpty
        return catalog.entries(in: catalog.scope(of: context.path)).compactMap { entry in
            // The key being typed is among the container's keys: keep offering it.
            guard !written.contains(entry.spelling) || (inString && entry.spelling.hasPrefix(context.prefix)) else {
                return nil
            }
            let quoted = JSONWriter.text(of: .string(entry.spelling), indent: 0)
            return LabelledItem(
                label: entry.spelling,
                value: item(
                    label: entry.spelling, kind: .property, detail: entry.typeIdentifier.map { "\($0) key" } ?? "key",
                    documentation: entry.documentation,
                    edit: (context.token, inString ? quoted : quoted + ": "), lines: lines))
        }
    }

    private func valueItems(_ context: CursorContext, catalog: KeyCatalog, document: TextDocument) -> [LabelledItem] {
        guard let key = context.valueKey else { return [] }
        let lines = document.lines
        let scope = catalog.scope(
            of: context.path.count >= 4 && context.container?.isObject == false
                ? Array(context.path.dropLast()) : context.path)
        if case .condition(let condition) = scope {
            return conditionValueItems(context, key: key, in: condition, document: document)
        }
        guard case .question(let question, let type) = scope else { return [] }
        let keys = configuration.keys
        var values: [(String, String, String?)] = []  // (text, detail, documentation)
        if key == keys.spelling(of: .answerType) {
            values = configuration.registry.descriptions.flatMap { type in
                type.allIdentifiers.map { ($0, "question type", type.summary) }
            }
        } else if key == keys.spelling(of: .acceptedAnswer) {
            let options = question.stringLists[keys.spelling(of: .answers)] ?? []
            values = options.filter { !$0.allSatisfy(\.isWhitespace) }.map { ($0, "option", nil) }
        }
        let inArray = context.container?.isObject == false
        let schema = catalog.entries(in: .question(question, type)).first { $0.spelling == key }
        for value in KeyCatalog.enumeratedValues(schema?.keywords ?? [], element: inArray) {
            if case .string(let text) = value { values.append((text, "value", nil)) }
            if case .bool(let flag) = value { values.append((flag ? "true" : "false", "value", nil)) }
        }
        return values.map { text, detail, documentation in
            let written =
                detail == "value" && (text == "true" || text == "false")
                ? text : JSONWriter.text(of: .string(text), indent: 0)
            return LabelledItem(
                label: text,
                value: item(
                    label: text, kind: .value, detail: detail,
                    documentation: documentation, edit: (context.token, written), lines: lines))
        }
    }

    /// A `CompletionItem` whose edit writes `edit.1` over the bytes `edit.0`; `sortText` keeps
    /// items in the order given where their labels would sort otherwise.
    func item(
        label: String, kind: CompletionItemKind, detail: String, documentation: String?, edit: (Range<Int>, String),
        lines: LineIndex, sortText: String? = nil
    ) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [
            ("label", .string(label)), ("kind", kind.json), ("detail", .string(detail)),
        ]
        if let sortText { members.append(("sortText", .string(sortText))) }
        if let documentation {
            members.append(
                ("documentation", MarkupKind.markdown.content(documentation)))
        }
        // Filtered against what the edit replaces, quotes included, as JSON editors do: a string
        // with its quotes, a word (`true` being typed) without.
        let replacesString = !edit.0.isEmpty && lines.bytes[edit.0.lowerBound] == UInt8(ascii: "\"")
        members.append(("filterText", .string(replacesString ? "\"" + label + "\"" : label)))
        members.append(("textEdit", .object([("range", lines.range(edit.0)), ("newText", .string(edit.1))])))
        return .object(members)
    }
}

/// A completion item and its label (to leave out a value offered twice).
struct LabelledItem {
    let label: String
    let value: JSONWriter.Value
}
