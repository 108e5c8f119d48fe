import QuestionKit
import QuestionKitForms

/// A Language Server Protocol server for QuestionKit templates and fixtures: diagnostics,
/// completion, hover, code actions from fix-its, an outline, and the `linkId`s of conditions
/// followed (definition, references, rename), all derived from the registered question types.
///
/// It speaks JSON-RPC 2.0 with `Content-Length` framing over any byte source (standard input for
/// `questionkit lsp`, bytes in memory in tests) and answers one message at a time. Diagnostics of
/// a changed document are published once no more input is waiting, so a burst of edits costs one
/// validation; every request sees the document as last changed.
public struct LanguageServer {
    let configuration: Configuration
    private let send: ([UInt8]) -> Void
    /// Whether `initialize` was answered.
    var isInitialized = false
    /// Whether `shutdown` was answered.
    var isShutDown = false
    /// How positions count characters, as agreed at `initialize`.
    var encoding = PositionEncoding.utf16
    /// The open documents, by URI.
    var documents: [String: TextDocument] = [:]
    /// Documents changed since their diagnostics were last published, in the order changed.
    var stale: [String] = []

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
                return server.exitStatus
            case .badHeader(let reason):
                server.sendMessage(OutgoingMessage.error(id: .null, .parseError("bad message header: \(reason)")))
            case .tooLarge(let length):
                server.sendMessage(
                    OutgoingMessage.error(
                        id: .null, .invalidRequest("a message of \(length) bytes is over the limit; it was skipped")))
            case .message(let body):
                if server.handle(body) { return server.exitStatus }
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
        if method == .initialize { return try initialize(message.params) }
        try requireServing()
        let params = message.params
        switch method {
        case .shutdown: return shutdown()
        case .completion: return try completion(try objectParams(params))
        case .hover: return try hover(try objectParams(params))
        case .codeAction: return try codeActions(try objectParams(params))
        case .documentSymbol: return try documentSymbols(try objectParams(params))
        case .definition: return try definition(try objectParams(params))
        case .references: return try references(try objectParams(params))
        case .prepareRename: return try prepareRename(try objectParams(params))
        case .rename: return try rename(try objectParams(params))
        case .initialize, nil: throw .methodNotFound(message.method)
        }
    }

    private mutating func handleNotification(_ message: IncomingMessage) throws(RPCError) {
        guard isServing else { return }
        let params = message.params
        switch Method.ClientNotification(rawValue: message.method) {
        case .didOpen: try didOpen(try objectParams(params))
        case .didChange: try didChange(try objectParams(params))
        case .didClose: try didClose(try objectParams(params))
        case .initialized, .cancelRequest, .setTrace, .exit, nil:
            break  // Nothing to do (`exit` ends the loop before it gets here), as for what we do not know.
        }
    }

    private func objectParams(_ params: JSONNode?) throws(RPCError) -> JSONNode {
        guard let params, params.kind == .object else { throw .invalidParams("'params' must be an object") }
        return params
    }
}
