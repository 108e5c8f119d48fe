import QuestionKit
import QuestionKitForms

/// The JSON-RPC version every message names in its `jsonrpc` member.
private let jsonrpcVersion = "2.0"

/// A JSON-RPC 2.0 error: its code and message.
struct RPCError: Error, Equatable {
    let code: Code
    let message: String

    /// The error codes of JSON-RPC, and the one LSP adds, that the server answers with.
    enum Code: Int, ProtocolEnumeration {
        case parseError = -32700
        case invalidRequest = -32600
        case methodNotFound = -32601
        case invalidParams = -32602
        /// LSP's ServerNotInitialized: a request before `initialize`.
        case serverNotInitialized = -32002
        /// LSP's RequestFailed: a request that was understood but cannot be carried out (a rename
        /// to a name already used).
        case requestFailed = -32803
    }

    static func parseError(_ message: String) -> RPCError { RPCError(code: .parseError, message: message) }
    static func invalidRequest(_ message: String) -> RPCError { RPCError(code: .invalidRequest, message: message) }
    static func methodNotFound(_ method: String) -> RPCError {
        RPCError(code: .methodNotFound, message: "unknown method '\(method)'")
    }
    static func invalidParams(_ message: String) -> RPCError { RPCError(code: .invalidParams, message: message) }
    static func requestFailed(_ message: String) -> RPCError { RPCError(code: .requestFailed, message: message) }
    static let notInitialized = RPCError(code: .serverNotInitialized, message: "the server is not initialized yet")
}

/// One message from the client, read from a frame's body.
struct IncomingMessage {
    /// The request's id (echoed in the response); nil for a notification.
    let id: JSONWriter.Value?
    let method: String
    /// The `params` value; nil when absent or null. A notification's may be neither object nor array.
    let params: JSONNode?

    /// What a body holds: a request or notification, a response to us (ignored), or an error to
    /// answer with (and the id to answer, when one could be read).
    enum Reading {
        case message(IncomingMessage)
        case response
        case failure(RPCError, id: JSONWriter.Value)
    }

    static func read(_ body: [UInt8]) -> Reading {
        let parsed = JSONParser.parse(body, limits: JSONParser.Limits(maxBytes: body.count + 1, maxDepth: 128))
        guard let root = parsed.document?.root, !parsed.diagnostics.containsErrors else {
            let reason = parsed.diagnostics.first { $0.severity == .error }.map { ": \($0.message)" } ?? ""
            return .failure(.parseError("the message is not valid JSON\(reason)"), id: .null)
        }
        guard root.kind == .object else {
            return .failure(.invalidRequest("a message must be a JSON object, not \(root.kind)"), id: .null)
        }
        var id: JSONWriter.Value?
        if let idNode = root["id"] {
            switch requestID(idNode) {
            case .success(let value): id = value
            case .failure(let error): return .failure(error, id: .null)
            }
        }
        guard root["jsonrpc"]?.stringValue == jsonrpcVersion else {
            return .failure(.invalidRequest("'jsonrpc' must be \"\(jsonrpcVersion)\""), id: id ?? .null)
        }
        guard let methodNode = root["method"] else {
            if id != nil && (root["result"] != nil || root["error"] != nil) { return .response }
            return .failure(.invalidRequest("the message has no 'method'"), id: id ?? .null)
        }
        guard let method = methodNode.stringValue else {
            return .failure(.invalidRequest("'method' must be a string, not \(methodNode.kind)"), id: id ?? .null)
        }
        // JSON-RPC lets `params` be left out, and clients such as eglot write `null`, where a method takes none.
        let params = root["params"].flatMap { $0.kind == .null ? nil : $0 }
        // A request with params of another kind is answered with the error; a notification never is
        // answered, so its params are left for its handler to refuse (and `exit` still ends the server).
        if let id, let params, params.kind != .object && params.kind != .array {
            return .failure(.invalidParams("'params' must be an object or an array, not \(params.kind)"), id: id)
        }
        return .message(IncomingMessage(id: id, method: method, params: params))
    }

    /// The id to answer with: a string, or an integer within 64 bits. Any other number could not
    /// come back exactly as sent (a double holds integers only up to 2^53), so it is refused.
    private static func requestID(_ node: JSONNode) -> Result<JSONWriter.Value, RPCError> {
        switch node.kind {
        case .string:
            if let text = node.stringValue { return .success(.string(text)) }
        case .number:
            let text = node.numberText ?? ""
            if let integer = Int(text) { return .success(.integer(integer)) }
            let shown = text.count > 40 ? text.prefix(40) + "…" : text
            return .failure(
                .invalidRequest("'id' \(shown) is not an integer within 64 bits; an id is an integer or a string"))
        default:
            break
        }
        return .failure(.invalidRequest("'id' must be a number or a string, not \(node.kind)"))
    }
}

/// Writing messages: a body framed with its `Content-Length`.
enum OutgoingMessage {
    static func frame(_ message: JSONWriter.Value) -> [UInt8] {
        let body = Array(JSONWriter.text(of: message, indent: 0).utf8)
        return Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body
    }

    static func response(id: JSONWriter.Value, result: JSONWriter.Value) -> JSONWriter.Value {
        .object([("jsonrpc", .string(jsonrpcVersion)), ("id", id), ("result", result)])
    }

    static func error(id: JSONWriter.Value, _ error: RPCError) -> JSONWriter.Value {
        .object([
            ("jsonrpc", .string(jsonrpcVersion)), ("id", id),
            ("error", .object([("code", error.code.json), ("message", .string(error.message))])),
        ])
    }

    static func notification(_ method: Method.ServerNotification, params: JSONWriter.Value) -> JSONWriter.Value {
        .object([("jsonrpc", .string(jsonrpcVersion)), ("method", method.json), ("params", params)])
    }
}

/// Reading parameters, with `invalidParams` errors that name the missing or wrong field.
extension JSONNode {
    func required(_ path: String...) throws(RPCError) -> JSONNode {
        var node = self
        var walked: [String] = []
        for key in path {
            walked.append(key)
            guard node.kind == .object, let next = node[key] else {
                throw .invalidParams("'\(walked.joined(separator: "."))' is missing")
            }
            node = next
        }
        return node
    }

    func string(_ path: String...) throws(RPCError) -> String {
        var node = self
        for key in path {
            guard node.kind == .object, let next = node[key] else {
                throw .invalidParams("'\(path.joined(separator: "."))' is missing")
            }
            node = next
        }
        guard let value = node.stringValue else {
            throw .invalidParams("'\(path.joined(separator: "."))' must be a string, not \(node.kind)")
        }
        return value
    }

    func integer(_ key: String) throws(RPCError) -> Int {
        guard let node = self[key], let value = node.numberValue, value >= 0, value < 1e15,
            value == value.rounded()
        else { throw .invalidParams("'\(key)' must be an unsigned integer") }
        return Int(value)
    }
}
