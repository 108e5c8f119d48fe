import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer
import QuestionTypes

/// A JSON object as the tests read it.
typealias JSONObject = [String: Any]

/// Builds client messages, runs the server in-process on them, and reads what it sent back.
struct LanguageServerSession {
    private(set) var input: [UInt8] = []
    private var nextID = 1

    /// A session that has sent `initialize` (with `capabilities`) and `initialized`.
    static func initialized(capabilities: JSONObject = [:]) -> LanguageServerSession {
        var session = LanguageServerSession()
        session.request("initialize", ["capabilities": capabilities])
        session.notify("initialized", [:])
        return session
    }

    static func frame(_ body: [UInt8]) -> [UInt8] { Array("Content-Length: \(body.count)\r\n\r\n".utf8) + body }

    @discardableResult
    mutating func request(_ method: String, _ params: JSONObject) -> Int {
        defer { nextID += 1 }
        send(["jsonrpc": "2.0", "id": nextID, "method": method, "params": params])
        return nextID
    }

    mutating func notify(_ method: String, _ params: JSONObject) {
        send(["jsonrpc": "2.0", "method": method, "params": params])
    }

    mutating func send(_ message: JSONObject) {
        let body = (try? JSONSerialization.data(withJSONObject: message, options: [.sortedKeys])) ?? Data()
        input += Self.frame(Array(body))
    }

    mutating func sendRaw(_ bytes: String) { input += Array(bytes.utf8) }

    mutating func open(_ uri: String, _ text: String, version: Int = 1) {
        notify(
            "textDocument/didOpen",
            ["textDocument": ["uri": uri, "languageId": "json", "version": version, "text": text]])
    }

    mutating func change(_ uri: String, version: Int, range: JSONObject? = nil, text: String) {
        var change: JSONObject = ["text": text]
        if let range { change["range"] = range }
        notify(
            "textDocument/didChange", ["textDocument": ["uri": uri, "version": version], "contentChanges": [change]])
    }

    mutating func shutdownAndExit() {
        request("shutdown", [:])
        notify("exit", [:])
    }

    /// Runs the server on everything sent; its exit status and the messages it wrote. Read a byte
    /// at a time, the server finds no more input waiting after each message, as when typing;
    /// `burst` shows it everything as waiting at once.
    func run(
        configuration: LanguageServer.Configuration = Self.configuration, chunkSize: Int = 1, burst: Bool = false
    ) -> (status: Int32, messages: [JSONObject]) {
        let output = OutputCollector()
        let status = LanguageServer.run(
            configuration, input: BufferSource(input, chunkSize: chunkSize, reportsWaitingInput: burst),
            output: output.append)
        return (status, Self.messages(in: output.bytes))
    }

    static let configuration: LanguageServer.Configuration = {
        do {
            return LanguageServer.Configuration(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        } catch {
            preconditionFailure("the built-in question types collide: \(error)")
        }
    }()

    /// Splits framed output into its JSON bodies.
    static func messages(in bytes: [UInt8]) -> [JSONObject] {
        var messages: [JSONObject] = []
        var rest = bytes[...]
        while let headerEnd = rest.firstRange(of: Array("\r\n\r\n".utf8)) {
            let header = String(decoding: rest[..<headerEnd.lowerBound], as: UTF8.self)
            guard let length = Int(header.replacingOccurrences(of: "Content-Length: ", with: "")) else { break }
            let body = rest[headerEnd.upperBound..<(headerEnd.upperBound + length)]
            if let object = try? JSONSerialization.jsonObject(with: Data(body)) as? JSONObject {
                messages.append(object)
            }
            rest = rest[(headerEnd.upperBound + length)...]
        }
        return messages
    }
}

final class OutputCollector: @unchecked Sendable {
    private(set) var bytes: [UInt8] = []
    func append(_ more: [UInt8]) { bytes += more }
}

extension Array where Element == JSONObject {
    /// The response to request `id`.
    func response(_ id: Int) -> JSONObject? { first { ($0["id"] as? Int) == id } }

    /// The `params` of every `textDocument/publishDiagnostics`.
    var published: [JSONObject] {
        compactMap { $0["method"] as? String == "textDocument/publishDiagnostics" ? $0["params"] as? JSONObject : nil }
    }

    /// Error codes of the error responses, in order.
    var errorCodes: [Int] { compactMap { ($0["error"] as? JSONObject)?["code"] as? Int } }
}

extension Dictionary where Key == String, Value == Any {
    subscript(path path: String...) -> Any? {
        var current: Any? = self
        for key in path {
            if let index = Int(key), let array = current as? [Any] {
                current = index < array.count ? array[index] : nil
            } else {
                current = (current as? JSONObject)?[key]
            }
        }
        return current
    }
}

/// A position in a text: the line and UTF-16 character of the first occurrence of `marker`,
/// plus `offset` characters.
func position(of marker: String, in text: String, offset: Int = 0) -> JSONObject {
    guard let range = text.range(of: marker) else { return ["line": 0, "character": 0] }
    let before = text[..<range.lowerBound]
    let line = before.filter { $0 == "\n" }.count
    let lineStart = before.lastIndex(of: "\n").map { text.index(after: $0) } ?? text.startIndex
    return ["line": line, "character": text[lineStart..<range.lowerBound].utf16.count + offset]
}

enum Fixtures {
    static var severalProblems: String {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("Templates/invalid/several-problems.json")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }
}
