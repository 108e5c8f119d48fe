import Foundation
import QuestionKit
import QuestionKitLanguageServer
import Testing

/// The numbers and strings the LSP specification fixes, as a client reads them: the server names
/// them (`ProtocolVocabulary.swift`), and these tests hold the names to the specification's values.
@Suite("Language server: the specification's kinds, codes and options on the wire")
struct WireValueTests {
    let uri = "file:///t.json"

    @Test("initialize: incremental sync (2), the quick fix code action kind, the completion triggers")
    func capabilities() throws {
        var session = LanguageServerSession()
        let id = session.request("initialize", ["capabilities": [:]])
        let capabilities = try #require(
            session.run().messages.response(id)?[path: "result", "capabilities"] as? JSONObject)
        #expect(capabilities["positionEncoding"] as? String == "utf-16")
        #expect(capabilities[path: "textDocumentSync", "openClose"] as? Bool == true)
        #expect(capabilities[path: "textDocumentSync", "change"] as? Int == 2)
        #expect(capabilities[path: "completionProvider", "triggerCharacters"] as? [String] == ["\"", ","])
        #expect(capabilities[path: "codeActionProvider", "codeActionKinds"] as? [String] == ["quickfix"])
        #expect(capabilities["hoverProvider"] as? Bool == true)
        #expect(capabilities["documentSymbolProvider"] as? Bool == true)
    }

    @Test("completion: a key is a Property (10), a value a Value (12), documented in markdown")
    func completionKinds() throws {
        let text = #"{"questions": [{"answer-type": "mu", }]}"#
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        // After the comma a key is typed; inside "mu", a value.
        let ids = [(#"", }"#, 3), (#""mu"#, 2)].map { marker, offset in
            session.request(
                "textDocument/completion",
                ["textDocument": ["uri": uri], "position": position(of: marker, in: text, offset: offset)])
        }
        let messages = session.run().messages
        let items = ids.map { messages.response($0)?[path: "result", "items"] as? [JSONObject] ?? [] }
        #expect(items.map(\.isEmpty) == [false, false])
        #expect(items.map { Set($0.map { $0["kind"] as? Int }) } == [[10], [12]])
        #expect(items[0].first?[path: "documentation", "kind"] as? String == "markdown")
    }

    @Test("the outline's questions are Objects (19); hover is markdown")
    func symbolAndHoverKinds() throws {
        let text = #"{"questions": [{"answer-type": "true/false", "question": "Safe?"}]}"#
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let symbols = session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        let hover = session.request(
            "textDocument/hover",
            ["textDocument": ["uri": uri], "position": position(of: "answer-type", in: text, offset: 1)])
        let messages = session.run().messages
        #expect((messages.response(symbols)?["result"] as? [JSONObject])?.map { $0["kind"] as? Int } == [19])
        #expect(messages.response(hover)?[path: "result", "contents", "kind"] as? String == "markdown")
    }

    @Test("an error, a warning and a note are DiagnosticSeverity 1, 2 and 3")
    func severities() {
        let configuration = LanguageServer.Configuration(
            registry: LanguageServerSession.configuration.registry,
            diagnose: { _, _ in
                [Severity.error, .warning, .note].map { severity in
                    Diagnostic(
                        severity: severity, code: "template.\(severity)", message: "\(severity)",
                        position: SourcePosition(line: 1, column: 1))
                }
            })
        var session = LanguageServerSession.initialized()
        session.open(uri, "{}")
        let published = session.run(configuration: configuration).messages.published
        let diagnostics = published.first?["diagnostics"] as? [JSONObject] ?? []
        #expect(diagnostics.map { $0["severity"] as? Int } == [1, 2, 3])
    }
}
