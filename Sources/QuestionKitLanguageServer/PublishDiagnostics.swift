import QuestionKit
import QuestionKitForms

/// `textDocument/publishDiagnostics`: a changed document is checked and its diagnostics published
/// once no more input waits (a burst of edits costs one check), or before a request is answered.
extension LanguageServer {
    /// Notes that `uri` changed: its diagnostics are published with the next stale ones.
    mutating func markStale(_ uri: String) {
        if !stale.contains(uri) { stale.append(uri) }
    }

    /// Checks and publishes every document changed since its last publication.
    mutating func publishStaleDiagnostics() {
        let uris = stale
        stale = []
        for uri in uris {
            guard let document = document(uri) else { continue }
            let converted = DiagnosticConversion.lspDiagnostics(
                document.diagnostics ?? [], in: document.lines, source: configuration.name)
            publish(uri: uri, version: document.version, diagnostics: converted)
        }
    }

    /// Sends the diagnostics of `uri` (none clears them) for its `version`.
    func publish(uri: String, version: Int?, diagnostics: [JSONWriter.Value]) {
        var params: [(String, JSONWriter.Value)] = [("uri", .string(uri))]
        if let version { params.append(("version", .integer(version))) }
        params.append(("diagnostics", .array(diagnostics)))
        sendMessage(OutgoingMessage.notification(.publishDiagnostics, params: .object(params)))
    }

    /// The open document `uri`, with its diagnostics computed.
    mutating func document(_ uri: String) -> TextDocument? {
        guard documents[uri]?.diagnostics == nil else { return documents[uri] }
        guard var document = documents.removeValue(forKey: uri) else { return nil }
        document.diagnostics =
            document.refusedSize.map { [JSONParser.tooLarge(size: $0, limit: configuration.maxDocumentSize)] }
            ?? document.checkText(configuration.check)
        documents[uri] = document
        return document
    }
}
