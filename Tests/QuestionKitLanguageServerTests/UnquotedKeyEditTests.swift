import QuestionKitLanguageServer
import Testing

/// Issue 24, item 1: typing `qid:"1"` between a question's braces made a fix-it whose range ran
/// backwards (the recovered key's span started at the `{`), and the server died on the keystroke.
@Suite("Language server: an unquoted key typed into a question")
struct UnquotedKeyEditTests {
    let uri = "file:///work/typed.json"

    @Test("the server reports the key, offers only well-formed fixes, and answers to the end")
    func typingAnUnquotedKey() throws {
        var session = LanguageServerSession.initialized()
        session.open(uri, #"{"questions":[{}]}"#)
        let inside: JSONObject = ["start": ["line": 0, "character": 15], "end": ["line": 0, "character": 15]]
        session.change(uri, version: 2, range: inside, text: #"qid:"1""#)
        let whole: JSONObject = ["start": ["line": 0, "character": 0], "end": ["line": 0, "character": 25]]
        let actions = session.request(
            "textDocument/codeAction", ["textDocument": ["uri": uri], "range": whole, "context": ["diagnostics": []]])
        let symbols = session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        session.shutdownAndExit()
        let (status, messages) = session.run()
        #expect(status == 0)
        let published = messages.published
        #expect(published.map { $0["version"] as? Int } == [1, 2])
        let typed = try #require(published.last?["diagnostics"] as? [JSONObject])
        let located = typed.first { ($0["message"] as? String)?.contains("expected a string key") == true }
        #expect(located?[path: "range", "start"] as? [String: Int] == ["line": 0, "character": 15])
        for action in try #require(messages.response(actions)?["result"] as? [JSONObject]) {
            for edit in action[path: "edit", "changes", uri] as? [JSONObject] ?? [] {
                let start = try #require(edit[path: "range", "start", "character"] as? Int)
                let end = try #require(edit[path: "range", "end", "character"] as? Int)
                #expect(start <= end && end <= 25, "\(action)")
            }
        }
        #expect(messages.response(symbols)?["result"] as? [Any] != nil)
    }
}
