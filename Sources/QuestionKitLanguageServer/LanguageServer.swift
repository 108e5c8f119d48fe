import QuestionKit

/// A Language Server Protocol server for QuestionKit templates and fixtures: diagnostics,
/// completion, hover, code actions from fix-its and an outline, all derived from the registered
/// question types.
///
/// It speaks JSON-RPC 2.0 with `Content-Length` framing over any byte source (standard input for
/// `questionkit lsp`, bytes in memory in tests) and answers one message at a time. Diagnostics of
/// a changed document are published once no more input is waiting, so a burst of edits costs one
/// validation; every request sees the document as last changed.
public struct LanguageServer {
    /// What the server serves: the question types, the key spellings, and how a document is checked.
    public struct Configuration: Sendable {
        /// The question types in force.
        public var registry: QuestionTypeRegistry
        /// The key spellings in force.
        public var keys: KeyMap
        /// The server's name in `initialize` and the `source` of its diagnostics.
        public var name: String
        /// The server's version in `initialize`.
        public var version: String
        /// Every problem of a document, given its path (from its URI) and its text: what
        /// `validate` reports for that file.
        public var diagnose: @Sendable (_ path: String, _ bytes: [UInt8]) -> [Diagnostic] {
            didSet { check = Self.wholeCheck(diagnose) }
        }
        /// How a document is checked, and kept to re-check an edit in part: by `diagnose`, whole,
        /// unless the configuration was made without one (templates, see `TemplateCheck`) or a
        /// caller that can tell templates from other documents sets it (`questionkit lsp`).
        package var check: @Sendable (_ path: String, _ bytes: [UInt8]) -> DocumentCheck
        /// The largest document kept, in bytes (opened, or built by edits); a larger one is
        /// reported as `json.too-large` and not kept. The JSON parser's limit by default, as for
        /// every input file of the commands.
        public var maxDocumentSize = JSONParser.Limits.default.maxBytes

        /// A configuration; without `diagnose`, documents are checked as templates.
        public init(
            registry: QuestionTypeRegistry, keys: KeyMap = .mi, name: String = "questionkit",
            version: String = "0.1.0", diagnose: (@Sendable (String, [UInt8]) -> [Diagnostic])? = nil
        ) {
            self.registry = registry
            self.keys = keys
            self.name = name
            self.version = version
            let reader = TemplateReader(registry: registry, keys: keys)
            self.diagnose = diagnose ?? { _, bytes in reader.diagnose(bytes) }
            if let diagnose {
                check = Self.wholeCheck(diagnose)
            } else {
                check = { _, bytes in .template(TemplateCheck(bytes, reader: reader)) }
            }
        }

        private static func wholeCheck(
            _ diagnose: @escaping @Sendable (String, [UInt8]) -> [Diagnostic]
        ) -> @Sendable (String, [UInt8]) -> DocumentCheck {
            { path, bytes in .whole(diagnose(path, bytes)) }
        }
    }

    let configuration: Configuration
    private let send: ([UInt8]) -> Void
    private var isInitialized = false
    private var isShutDown = false
    var encoding = PositionEncoding.utf16
    var documents: [String: TextDocument] = [:]
    /// Documents changed since their diagnostics were last published, in the order changed.
    private var stale: [String] = []

    init(configuration: Configuration, send: @escaping ([UInt8]) -> Void) {
        self.configuration = configuration
        self.send = send
    }

    /// Serves `input` until `exit` or the end of the input; returns the exit status: 0 after a
    /// `shutdown` request, 1 otherwise (as the protocol asks).
    public static func run<Source: ByteSource>(
        _ configuration: Configuration, input: Source, output: @escaping ([UInt8]) -> Void
    ) -> Int32 {
        var server = LanguageServer(configuration: configuration, send: output)
        var reader = MessageReader(source: input, maxBodySize: 2 * JSONParser.Limits.default.maxBytes + (1 << 20))
        while true {
            switch reader.next() {
            case .end:
                return server.isShutDown ? 0 : 1
            case .badHeader(let reason):
                server.sendMessage(OutgoingMessage.error(id: .null, .parseError("bad message header: \(reason)")))
            case .tooLarge(let length):
                server.sendMessage(
                    OutgoingMessage.error(
                        id: .null, .invalidRequest("a message of \(length) bytes is over the limit; it was skipped")))
            case .message(let body):
                if server.handle(body) { return server.isShutDown ? 0 : 1 }
            }
            if !reader.hasWaitingInput { server.publishStaleDiagnostics() }
        }
    }

    func sendMessage(_ message: JSONWriter.Value) {
        send(OutgoingMessage.frame(message))
    }

    /// Handles one message; true when it was `exit`.
    private mutating func handle(_ body: [UInt8]) -> Bool {
        let message: IncomingMessage
        switch IncomingMessage.read(body) {
        case .response: return false
        case .failure(let error, let id):
            sendMessage(OutgoingMessage.error(id: id, error))
            return false
        case .message(let read): message = read
        }
        guard let id = message.id else {
            if message.method == Method.ClientNotification.exit.rawValue { return true }
            do throws(RPCError) {
                try handleNotification(message)
            } catch {
                // A notification gets no answer; a bad one is dropped (the protocol has no reply to give).
            }
            return false
        }
        // A request is answered on the current text; what it follows is published first.
        publishStaleDiagnostics()
        do throws(RPCError) {
            let result = try handleRequest(message)
            sendMessage(OutgoingMessage.response(id: id, result: result))
        } catch {
            sendMessage(OutgoingMessage.error(id: id, error))
        }
        return false
    }

    private mutating func handleRequest(_ message: IncomingMessage) throws(RPCError) -> JSONWriter.Value {
        let method = Method.Request(rawValue: message.method)
        if method == .initialize {
            guard !isInitialized else { throw .invalidRequest("the server is already initialized") }
            isInitialized = true
            return initializeResult(message.params)
        }
        guard isInitialized else { throw .notInitialized }
        guard !isShutDown else { throw .invalidRequest("the server is shut down; only 'exit' is accepted") }
        let params = message.params
        switch method {
        case .shutdown:
            isShutDown = true
            return .null
        case .completion: return try completion(try objectParams(params))
        case .hover: return try hover(try objectParams(params))
        case .codeAction: return try codeActions(try objectParams(params))
        case .documentSymbol: return try documentSymbols(try objectParams(params))
        case .initialize, nil: throw .methodNotFound(message.method)
        }
    }

    private mutating func handleNotification(_ message: IncomingMessage) throws(RPCError) {
        guard isInitialized, !isShutDown else { return }
        let params = message.params
        switch Method.ClientNotification(rawValue: message.method) {
        case .didOpen:
            let item = try objectParams(params).required("textDocument")
            let uri = try item.string("uri")
            let version = try? item.integer("version")
            let document = TextDocument(
                uri: uri, text: try item.string("text"), version: version, encoding: encoding,
                limit: configuration.maxDocumentSize)
            documents[uri] = document
            logRefusal(of: document, before: nil)
            markStale(uri)
        case .didChange:
            let params = try objectParams(message.params)
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
        case .didClose:
            let uri = try objectParams(params).string("textDocument", "uri")
            documents[uri] = nil
            stale.removeAll { $0 == uri }
            publish(uri: uri, version: nil, diagnostics: [])
        case .initialized, .cancelRequest, .setTrace, .exit, nil:
            break  // Nothing to do (`exit` ends the loop before it gets here), as for what we do not know.
        }
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

    private func objectParams(_ params: JSONNode?) throws(RPCError) -> JSONNode {
        guard let params, params.kind == .object else { throw .invalidParams("'params' must be an object") }
        return params
    }

    private mutating func markStale(_ uri: String) {
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

    private func publish(uri: String, version: Int?, diagnostics: [JSONWriter.Value]) {
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

    /// The open document a request names; an error when it is not open.
    mutating func requestedDocument(_ params: JSONNode) throws(RPCError) -> TextDocument {
        let uri = try params.string("textDocument", "uri")
        guard let document = document(uri) else { throw .invalidParams("'\(uri)' is not open") }
        return document
    }
}
