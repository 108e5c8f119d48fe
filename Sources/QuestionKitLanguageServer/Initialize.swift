import QuestionKit

extension LanguageServer {
    /// The `initialize` result; picks UTF-8 positions when the client offers them.
    mutating func initializeResult(_ params: JSONNode?) -> JSONWriter.Value {
        let offered =
            params?["capabilities"]?["general"]?["positionEncodings"]?.elements.compactMap(\.stringValue) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        let capabilities: JSONWriter.Value = .object([
            ("positionEncoding", encoding.json),
            (
                "textDocumentSync",
                .object([("openClose", .bool(true)), ("change", TextDocumentSyncKind.incremental.json)])
            ),
            (
                "completionProvider",
                .object([("triggerCharacters", .array(Self.completionTriggerCharacters.map(JSONWriter.Value.string)))])
            ),
            ("hoverProvider", .bool(true)),
            ("codeActionProvider", .object([("codeActionKinds", .array([CodeActionKind.quickFix.json]))])),
            ("documentSymbolProvider", .bool(true)),
        ])
        return .object([
            ("capabilities", capabilities),
            (
                "serverInfo",
                .object([("name", .string(configuration.name)), ("version", .string(configuration.version))])
            ),
        ])
    }
}
