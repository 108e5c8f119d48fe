import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer
import Testing

@Suite("Language server: a document larger than the input limit is not kept")
struct DocumentLimitTests {
    let uri = "file:///work/grown.json"

    /// The server of the tests with a document limit of `limit` bytes.
    func configuration(limit: Int) -> LanguageServer.Configuration {
        var configuration = LanguageServerSession.configuration
        configuration.maxDocumentSize = limit
        return configuration
    }

    func codes(_ published: JSONObject) -> [String] {
        (published["diagnostics"] as? [JSONObject] ?? []).compactMap { $0["code"] as? String }
    }

    @Test("the limit is validate's: the JSON parser's input limit")
    func defaultLimit() {
        #expect(LanguageServerSession.configuration.maxDocumentSize == JSONParser.Limits.default.maxBytes)
    }

    @Test("edits that grow a document past the limit are refused with json.too-large; a whole new text recovers")
    func growthByEdits() throws {
        var session = LanguageServerSession.initialized()
        session.open(uri, #"{"Title": "T", "questions": []}"#)
        let insert: JSONObject = ["start": ["line": 0, "character": 1], "end": ["line": 0, "character": 1]]
        let padding = #""Pad": "\#(String(repeating: "x", count: 60))", "#
        session.change(uri, version: 2, range: insert, text: padding)
        session.change(uri, version: 3, range: insert, text: padding)
        // Ranged edits to a refused document cannot be applied: it stays refused.
        session.change(uri, version: 4, range: insert, text: " ")
        let symbols = session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        session.change(uri, version: 5, text: #"{"Title": "T", "questions": []}"#)
        let (status, messages) = session.run(configuration: configuration(limit: 160))
        #expect(status == 1)
        let published = messages.published
        #expect(published.map { $0["version"] as? Int } == [1, 2, 3, 4, 5])
        #expect(
            published.map(codes) == [
                ["template.no-questions"], ["template.unknown-key", "template.no-questions"], ["json.too-large"],
                ["json.too-large"], ["template.no-questions"],
            ])
        let refused = try #require((published[2]["diagnostics"] as? [JSONObject])?.first)
        #expect((refused["message"] as? String)?.contains("the limit is 160 bytes") == true)
        #expect(refused[path: "range", "start"] as? [String: Int] == ["line": 0, "character": 0])
        #expect(messages.response(symbols)?["result"] as? [Any] != nil)
        let logged = messages.filter { $0["method"] as? String == "window/logMessage" }
        #expect(logged.count == 1)
        #expect((logged.first?[path: "params", "message"] as? String)?.contains(uri) == true)
    }

    @Test("a document opened over the limit is refused the same way")
    func openedTooLarge() {
        var session = LanguageServerSession.initialized()
        session.open(uri, "{" + String(repeating: " ", count: 200) + "}")
        let published = session.run(configuration: configuration(limit: 100)).messages.published
        #expect(published.map(codes) == [["json.too-large"]])
    }
}
