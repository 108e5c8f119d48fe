import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// `textDocument/documentSymbol`: one symbol per question, "Question N - section: text".
    /// A text with syntax errors is outlined from what could be read past them, as its
    /// diagnostics are (`JSONParser.parseRecovering`): while typing, the text is rarely valid.
    mutating func documentSymbols(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let document = try requestedDocument(params)
        let parsed = JSONParser.parseRecovering(document.bytes)
        guard let root = parsed.document?.root, root.kind == .object else { return .array([]) }
        let keys = configuration.keys
        guard let list = root[keys.spelling(of: .questions)] ?? root[keys.spelling(of: .earlyQuestions)],
            list.kind == .array
        else { return .array([]) }
        var symbols: [JSONWriter.Value] = []
        symbols.reserveCapacity(list.count)
        for (position, question) in list.elements.enumerated() {
            let text = question[keys.spelling(of: .questionText)]?.stringValue ?? ""
            let section = question[keys.spelling(of: .section)]?.stringValue
            let name = "Question \(position + 1)" + (section.map { " - \($0)" } ?? "") + ": " + text
            let anchor = question[keys.spelling(of: .questionText)] ?? question
            let selection = anchor.kind == .string ? anchor.byteRange : anchor.byteOffset..<(anchor.byteOffset + 1)
            var members: [(String, JSONWriter.Value)] = [("name", .string(name))]
            if let type = question[keys.spelling(of: .answerType)]?.stringValue {
                members.append(("detail", .string(type)))
            }
            members += [
                ("kind", SymbolKind.object.json), ("range", document.lines.range(question.byteRange)),
                ("selectionRange", document.lines.range(selection)),
            ]
            symbols.append(.object(members))
        }
        return .array(symbols)
    }
}
