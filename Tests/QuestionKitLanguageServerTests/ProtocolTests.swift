import Foundation
import Testing

@testable import QuestionKitLanguageServer

@Suite("Language server: JSON-RPC framing, lifecycle and malformed input")
struct ProtocolTests {
    @Test("initialize answers with the capabilities, whatever the size of the reads")
    func initializeAcrossReads() {
        var session = LanguageServerSession.initialized()
        session.shutdownAndExit()
        for chunkSize in [1, 7, 4096] {
            let (status, messages) = session.run(chunkSize: chunkSize)
            #expect(status == 0)
            let capabilities = messages.response(1)?[path: "result", "capabilities"] as? JSONObject
            #expect(capabilities?["hoverProvider"] as? Bool == true)
            #expect(capabilities?["positionEncoding"] as? String == "utf-16")
            #expect(messages.response(2)?.keys.contains("result") == true)
        }
    }

    @Test("exit without shutdown ends with 1, the end of the input too")
    func exitStatus() {
        var exitOnly = LanguageServerSession.initialized()
        exitOnly.notify("exit", [:])
        #expect(exitOnly.run().status == 1)
        #expect(LanguageServerSession.initialized().run().status == 1)
        var afterShutdown = LanguageServerSession.initialized()
        afterShutdown.request("shutdown", [:])
        #expect(afterShutdown.run().status == 0)
    }

    @Test("shutdown and exit with params null or left out (as eglot sends them) end cleanly, exit unanswered")
    func nullOrAbsentParams() {
        for params in [#", "params": null"#, ""] {
            var session = LanguageServerSession.initialized()
            session.sendRaw(Self.framed(#"{"jsonrpc": "2.0", "id": 2, "method": "shutdown"\#(params)}"#))
            session.sendRaw(Self.framed(#"{"jsonrpc": "2.0", "method": "exit"\#(params)}"#))
            let (status, messages) = session.run()
            #expect(status == 0)
            #expect(messages.errorCodes.isEmpty)
            #expect(messages.response(2)?.keys.contains("result") == true)
            // initialize's answer and shutdown's: nothing for the notifications.
            #expect(messages.count == 2)
        }
    }

    @Test("a notification with params that are neither object nor array gets no answer; exit still ends")
    func badNotificationParams() {
        var session = LanguageServerSession.initialized()
        session.sendRaw(Self.framed(#"{"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": 5}"#))
        session.sendRaw(Self.framed(#"{"jsonrpc": "2.0", "id": 99, "method": "shutdown", "params": "now"}"#))
        session.request("shutdown", [:])
        session.sendRaw(Self.framed(#"{"jsonrpc": "2.0", "method": "exit", "params": true}"#))
        let (status, messages) = session.run()
        #expect(messages.errorCodes == [-32602])
        #expect(messages.response(99)?[path: "error", "code"] as? Int == -32602)
        #expect(messages.published.isEmpty)
        #expect(status == 0)
    }

    private static func framed(_ body: String) -> String {
        String(decoding: LanguageServerSession.frame(Array(body.utf8)), as: UTF8.self)
    }

    @Test("invalid JSON, a non-object, a missing method and a bad id get the JSON-RPC errors")
    func malformedMessages() {
        var session = LanguageServerSession.initialized()
        for body in [
            "{bad json", "[1, 2]", #"{"jsonrpc": "2.0", "id": 9}"#, #"{"jsonrpc": "2.0", "id": [1], "method": "x"}"#,
            #"{"jsonrpc": "1.0", "id": 10, "method": "shutdown"}"#, #"{"jsonrpc": "2.0", "id": 11, "method": 5}"#,
        ] {
            session.sendRaw(String(decoding: LanguageServerSession.frame(Array(body.utf8)), as: UTF8.self))
        }
        session.shutdownAndExit()
        let (status, messages) = session.run()
        #expect(messages.errorCodes == [-32700, -32600, -32600, -32600, -32600, -32600])
        #expect(
            messages.filter { $0["error"] != nil }.map { $0["id"] is NSNull || $0["id"] as? Int != nil }.allSatisfy {
                $0
            })
        #expect(status == 0)
    }

    @Test("an unknown method is -32601, wrong params -32602, a request before initialize -32002")
    func requestErrors() {
        var session = LanguageServerSession()
        let early = session.request("textDocument/hover", [:])
        session.request("initialize", ["capabilities": [:]])
        let unknown = session.request("textDocument/formatting", [:])
        let noPosition = session.request("textDocument/completion", ["textDocument": ["uri": "file:///a.json"]])
        session.open("file:///a.json", "{}")
        let badPosition = session.request(
            "textDocument/completion", ["textDocument": ["uri": "file:///a.json"], "position": ["line": "one"]])
        let notOpen = session.request(
            "textDocument/hover", ["textDocument": ["uri": "file:///b.json"], "position": ["line": 0, "character": 0]])
        let messages = session.run().messages
        #expect(messages.response(early)?[path: "error", "code"] as? Int == -32002)
        #expect(messages.response(unknown)?[path: "error", "code"] as? Int == -32601)
        for id in [noPosition, badPosition, notOpen] {
            #expect(messages.response(id)?[path: "error", "code"] as? Int == -32602)
        }
    }

    @Test("a header without a usable Content-Length is answered, and the next message still read")
    func badHeaders() {
        var session = LanguageServerSession.initialized()
        session.sendRaw("Content-Length: twelve\r\n\r\n{\"some\": \"body\"}\r\n")
        session.sendRaw("Content-Type: text/plain\r\n\r\n")
        session.sendRaw("Content-Length: 5\r\nContent-Length: 5\r\n\r\n{}{}{")
        session.shutdownAndExit()
        let (status, messages) = session.run(chunkSize: 3)
        #expect(messages.errorCodes.allSatisfy { $0 == -32700 })
        // The first bad block swallows the second while looking for the next header; the third is found.
        #expect(messages.errorCodes.count == 2)
        #expect(status == 0)
    }

    @Test("a huge Content-Length is skipped or ends the input, never allocated up front")
    func hostileLength() {
        var huge = LanguageServerSession.initialized()
        huge.sendRaw("Content-Length: 999999999999999999\r\n\r\n{}")
        let hugeRun = huge.run()
        #expect(hugeRun.status == 1)
        #expect(hugeRun.messages.errorCodes.isEmpty)
        let body = Array("Content-Length: 100\r\n\r\n".utf8) + Array(repeating: 0x20, count: 100)
        var reader = MessageReader(
            source: BufferSource(body + LanguageServerSession.frame([0x7B, 0x7D])), maxBodySize: 10)
        #expect(reader.next() == .tooLarge(100))
        #expect(reader.next() == .message([0x7B, 0x7D]))
        #expect(reader.next() == .end)
    }

    @Test("after shutdown, requests are refused and documents no longer read")
    func afterShutdown() {
        var session = LanguageServerSession.initialized()
        session.request("shutdown", [:])
        let late = session.request("textDocument/documentSymbol", ["textDocument": ["uri": "file:///a.json"]])
        session.open("file:///a.json", "{")
        let (status, messages) = session.run()
        #expect(messages.response(late)?[path: "error", "code"] as? Int == -32600)
        #expect(messages.published.isEmpty)
        #expect(status == 0)
    }

    @Test("numbers too large for an integer, as a version or a position, are read without a trap")
    func hugeNumbers() {
        var session = LanguageServerSession.initialized()
        session.open("file:///a.json", "{}", version: 1)
        session.notify(
            "textDocument/didChange",
            [
                "textDocument": ["uri": "file:///a.json", "version": 1e300],
                "contentChanges": [
                    [
                        "range": ["start": ["line": 1e300, "character": -1], "end": ["line": 0, "character": 0]],
                        "text": "x",
                    ]
                ],
            ])
        let hover = session.request(
            "textDocument/hover",
            ["textDocument": ["uri": "file:///a.json"], "position": ["line": 1e300, "character": 1e300]])
        let messages = session.run().messages
        #expect(messages.response(hover)?[path: "error", "code"] as? Int == -32602)
        #expect(messages.published.count == 1)
    }
}
