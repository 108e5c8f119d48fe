import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// `initialize`, answered once: the server's capabilities and name; picks UTF-8 positions
    /// when the client offers them.
    mutating func initialize(_ params: JSONNode?) throws(RPCError) -> JSONWriter.Value {
        guard !isInitialized else { throw .invalidRequest("the server is already initialized") }
        isInitialized = true
        let offered =
            params?["capabilities"]?["general"]?["positionEncodings"]?.elements.compactMap(\.stringValue) ?? []
        encoding = offered.contains(PositionEncoding.utf8.rawValue) ? .utf8 : .utf16
        // `prepareProvider` is for clients that said they send `textDocument/prepareRename`.
        let preparesRename = params?["capabilities"]?["textDocument"]?["rename"]?["prepareSupport"]?.boolValue == true
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
            ("definitionProvider", .bool(true)),
            ("referencesProvider", .bool(true)),
            ("renameProvider", preparesRename ? .object([("prepareProvider", .bool(true))]) : .bool(true)),
        ])
        return .object([
            ("capabilities", capabilities),
            (
                "serverInfo",
                .object([("name", .string(configuration.name)), ("version", .string(configuration.version))])
            ),
        ])
    }

    /// `shutdown`: from now on only `exit` is accepted.
    mutating func shutdown() -> JSONWriter.Value {
        isShutDown = true
        return .null
    }

    /// Refuses a request before `initialize` and after `shutdown`.
    func requireServing() throws(RPCError) {
        guard isInitialized else { throw .notInitialized }
        guard !isShutDown else { throw .invalidRequest("the server is shut down; only 'exit' is accepted") }
    }

    /// Whether notifications are acted on: after `initialize`, before `shutdown`.
    var isServing: Bool { isInitialized && !isShutDown }

    /// The status the server ends with, at `exit` or the end of its input: 0 after `shutdown`,
    /// 1 otherwise (as the protocol asks).
    var exitStatus: Int32 { isShutDown ? 0 : 1 }
}
