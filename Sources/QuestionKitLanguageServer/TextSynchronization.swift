import QuestionKit
import QuestionKitForms

/// Text document synchronization: the open documents follow the client's `didOpen`, `didChange`
/// (incremental) and `didClose`.
extension LanguageServer {
    /// `textDocument/didOpen`.
    mutating func didOpen(_ params: JSONNode) throws(RPCError) {
        let item = try params.required("textDocument")
        let uri = try item.string("uri")
        let version = try? item.integer("version")
        let document = TextDocument(
            uri: uri, text: try item.string("text"), version: version, encoding: encoding,
            limit: configuration.maxDocumentSize)
        documents[uri] = document
        logRefusal(of: document, before: nil)
        markStale(uri)
    }

    /// `textDocument/didChange`: its changes applied in order.
    mutating func didChange(_ params: JSONNode) throws(RPCError) {
        let uri = try params.string("textDocument", "uri")
        // Taken out of the table while it changes, so that its text is edited in place, not copied.
        guard var document = documents.removeValue(forKey: uri) else { return }
        defer { documents[uri] = document }
        let version = try? params.required("textDocument").integer("version")
        let before = document.refusedSize
        try document.apply(
            changes: try params.required("contentChanges"), version: version, limit: configuration.maxDocumentSize)
        logRefusal(of: document, before: before)
        markStale(uri)
    }

    /// `textDocument/didClose`: the document forgotten, and its diagnostics cleared.
    mutating func didClose(_ params: JSONNode) throws(RPCError) {
        let uri = try params.string("textDocument", "uri")
        documents[uri] = nil
        stale.removeAll { $0 == uri }
        publish(uri: uri, version: nil, diagnostics: [])
    }

    /// Tells the client's log when a document's text has just been dropped for its size (its
    /// diagnostics say so too).
    private func logRefusal(of document: TextDocument, before: Int?) {
        guard before == nil, let size = document.refusedSize else { return }
        let message =
            "\(document.uri) would be \(size) bytes, over the limit of \(configuration.maxDocumentSize) bytes: "
            + "its text is not kept or checked until a change replaces it whole, or it is reopened"
        sendMessage(
            OutgoingMessage.notification(
                .logMessage,
                params: .object([("type", MessageType.error.json), ("message", .string(message))])))
    }

    /// The open document a request names; an error when it is not open.
    mutating func requestedDocument(_ params: JSONNode) throws(RPCError) -> TextDocument {
        let uri = try params.string("textDocument", "uri")
        guard let document = document(uri) else { throw .invalidParams("'\(uri)' is not open") }
        return document
    }
}
