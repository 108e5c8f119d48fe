import Foundation
import TestSupport
import Testing

/// `questionkit lsp` as a process on pipes: the framed protocol on standard input and output.
@Suite struct LanguageServerProcessTests {
    static func frame(_ body: String) -> Data { Data("Content-Length: \(body.utf8.count)\r\n\r\n\(body)".utf8) }

    @Test func shutdownThenExitEndsWithZeroAndDiagnosticsArrive() throws {
        let input =
            Self.frame(#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"capabilities":{}}}"#)
            + Self.frame(
                #"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///t.json","#
                    + #""languageId":"json","version":1,"text":"{\"questions\": [],}"}}}"#)
            + Self.frame(#"{"jsonrpc":"2.0","id":2,"method":"shutdown"}"#)
            + Self.frame(#"{"jsonrpc":"2.0","method":"exit"}"#)
        let result = try ToolProcess.run(["lsp"], input: input)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains(#""method":"textDocument/publishDiagnostics""#))
        #expect(result.standardOutput.contains(#""code":"json.trailing-comma""#))
        #expect(result.standardOutput.contains(#"{"jsonrpc":"2.0","id":2,"result":null}"#))
    }

    @Test func theEndOfInputWithoutShutdownEndsWithOne() throws {
        let result = try ToolProcess.run(["lsp"], input: Self.frame("{nonsense"))
        #expect(result.status == 1)
        #expect(result.standardOutput.contains(#""code":-32700"#))
    }

    @Test func argumentsAreAUsageError() throws {
        let result = try ToolProcess.run(["lsp", "file.json"])
        #expect(result.status == 64)
    }
}
