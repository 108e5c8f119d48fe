import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer
import Testing

@Suite("Language server: completion, hover, code actions, outline")
struct FeatureTests {
    let uri = "file:///t.json"

    /// The completion labels at `marker` (plus `offset`) in `text`.
    func labels(_ text: String, at marker: String, offset: Int = 0) -> [String] {
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let id = session.request(
            "textDocument/completion",
            ["textDocument": ["uri": uri], "position": position(of: marker, in: text, offset: offset)])
        let items = session.run().messages.response(id)?[path: "result", "items"] as? [JSONObject] ?? []
        return items.compactMap { $0["label"] as? String }
    }

    @Test("keys at the top level, and a question's keys by its type, in a document broken while typing")
    func keyCompletion() {
        let top = labels(#"{"Title": "T", "#, at: "\"T\", ", offset: 5)
        #expect(top.contains("questions") && top.contains("RevisionNumber"))
        #expect(!top.contains("Title"))
        // No closing brackets, the member being typed has no colon yet.
        let broken = #"{"questions": [{"answer-type": "multiple-choice", "question": "Q", "ma"#
        let keys = labels(broken, at: "\"ma", offset: 3)
        #expect(keys.contains("max-answers") && keys.contains("answers") && keys.contains("section"))
        #expect(!keys.contains("numRows"))
        #expect(!keys.contains("question"))
        // The type written after the cursor counts too.
        let before = #"{"questions": [{ , "answer-type": "table-answer"}]}"#
        #expect(labels(before, at: "{ ,", offset: 2).contains("numRows"))
    }

    @Test("answer-type values, option texts for acceptedAnswer, enumerated values from a key's schema")
    func valueCompletion() {
        let type = labels(#"{"questions": [{"answer-type": "mu"}]}"#, at: "\"mu", offset: 2)
        #expect(type.contains("multiple-choice") && type.contains("true/false") && type.contains("table-answer"))
        let options =
            #"{"questions": [{"answer-type": "multiple-choice", "answers": ["Good", "Bad", ""], "acceptedAnswer": ""}]}"#
        #expect(labels(options, at: #""acceptedAnswer": ""#, offset: 19) == ["Good", "Bad"])
        let list = #"{"questions": [{"acceptedAnswer": ["#
        #expect(labels(list + "\"\"], \"answers\": [\"A\", \"B\"]}]}", at: "[\"\"", offset: 2) == ["A", "B"])
        let rowType = #"{"questions": [{"answer-type": "table-answer", "rowType": ["", ""#
        #expect(labels(rowType, at: #"["", ""#, offset: 6).contains("text"))
    }

    @Test("a completion replaces the string being typed, quotes included")
    func completionEdit() throws {
        let text = #"{"questions": [{"answer-type": "mu"}]}"#
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let id = session.request(
            "textDocument/completion", ["textDocument": ["uri": uri], "position": ["line": 0, "character": 34]])
        let items = try #require(session.run().messages.response(id)?[path: "result", "items"] as? [JSONObject])
        let choice = try #require(items.first { $0["label"] as? String == "multiple-choice" })
        #expect(choice[path: "textEdit", "newText"] as? String == #""multiple-choice""#)
        #expect(choice[path: "textEdit", "range", "start", "character"] as? Int == 31)
        #expect(choice[path: "textEdit", "range", "end", "character"] as? Int == 35)
    }

    func hover(_ text: String, at marker: String, offset: Int) -> String? {
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let id = session.request(
            "textDocument/hover",
            ["textDocument": ["uri": uri], "position": position(of: marker, in: text, offset: offset)])
        return session.run().messages.response(id)?[path: "result", "contents", "value"] as? String
    }

    @Test("hover over a key shows its summary and the values it allows in plain words")
    func keyHover() {
        let text = #"{"questions": [{"answer-type": "table-answer", "numRows": 3}]}"#
        #expect(
            hover(text, at: "numRows", offset: 2) == """
                **`numRows`** (table-answer, required)

                Number of rows, counting the header row (table).

                Value: integer or string, at least 2, at most 1000
                """)
        #expect(hover(text, at: "3}", offset: 0) == nil)
    }

    @Test("a key's regular expression is shown as the pattern, not as the JSON string holding it")
    func patternHover() throws {
        let text = #"{"questions": [{"answer-type": "true/false", "acceptedAnswer": "yes"}]}"#
        let key = try #require(hover(text, at: "acceptedAnswer", offset: 2))
        #expect(key.contains(#"- string, matching the regular expression `^\s*([Tt][Rr][Uu][Ee]|"#))
        #expect(!key.contains(#"\\"#))
        #expect(!key.contains("{"))
    }

    @Test("hover over an answer-type shows the type's summary, keys and rules, not its whole page")
    func typeHover() {
        let text = #"{"questions": [{"answer-type": "true/false", "acceptedAnswer": "yes"}]}"#
        #expect(
            hover(text, at: "true/false", offset: 3) == """
                **`true/false`**: A single choice between True (Yes) and False (No).

                Keys:
                - `acceptedAnswer`: The expected answer: "Yes" (or "True") or "No" (or "False"); "none" or "" \
                checks nothing.
                - `answers`: Filler such as ["yes", "no"]; ignored.

                Rules:
                - `acceptedAnswer` is one of "True", "False", "Yes" or "No" (in any case), "none" or "", or a list of \
                exactly one of the first four.

                The whole page: `true-false.md`, written by `questionkit docs`.
                """)
    }

    @Test("a diagnostic's fix-it is a quick fix whose edit, applied, is the repaired text")
    func codeAction() throws {
        let text = #"{"Title": "T", "questions": [], "Titel": "x"}"#
        let start = text.utf8.count - 13
        let configuration = LanguageServer.Configuration(
            registry: LanguageServerSession.configuration.registry,
            diagnose: { _, _ in
                var diagnostic = Diagnostic(
                    severity: .error, code: "template.unknown-key", message: "unknown key 'Titel'",
                    position: SourcePosition(line: 1, column: start + 1))
                diagnostic.fixes = [
                    FixIt(
                        title: "Remove 'Titel'",
                        edits: [SourceEdit(range: (start - 2)..<(start + 12), replacement: "")], isSafe: false)
                ]
                return [diagnostic]
            })
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let id = session.request(
            "textDocument/codeAction",
            [
                "textDocument": ["uri": uri],
                "range": ["start": ["line": 0, "character": start + 1], "end": ["line": 0, "character": start + 1]],
                "context": ["diagnostics": []],
            ])
        let actions = try #require(
            session.run(configuration: configuration).messages.response(id)?["result"] as? [JSONObject])
        #expect(actions.count == 1)
        #expect(actions.first?["title"] as? String == "Remove 'Titel'")
        #expect(actions.first?["kind"] as? String == "quickfix")
        let edit = try #require((actions.first?[path: "edit", "changes", uri] as? [JSONObject])?.first)
        #expect(edit[path: "range", "start", "character"] as? Int == start - 2)
        #expect(edit[path: "range", "end", "character"] as? Int == start + 12)
        #expect(edit["newText"] as? String == "")
    }

    @Test("the outline lists each question as 'Question N - section: text'")
    func outline() throws {
        let text =
            #"{"questions": [{"answer-type": "true/false", "question": "Safe?", "section": "Safety"}, {"question": "Why?"}]}"#
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let id = session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        let symbols = try #require(session.run().messages.response(id)?["result"] as? [JSONObject])
        #expect(symbols.map { $0["name"] as? String } == ["Question 1 - Safety: Safe?", "Question 2: Why?"])
        #expect(symbols.first?["detail"] as? String == "true/false")
    }

    @Test("a template with a syntax error is outlined from what could be read past it")
    func outlineWithSyntaxError() throws {
        // A missing comma between the two questions, as while typing.
        let text =
            #"{"questions": [{"answer-type": "true/false", "question": "Safe?"} {"question": "Why?"}, "#
            + #"{"question": "Who?", "section": "Crew"}]}"#
        var session = LanguageServerSession.initialized()
        session.open(uri, text)
        let id = session.request("textDocument/documentSymbol", ["textDocument": ["uri": uri]])
        let symbols = try #require(session.run().messages.response(id)?["result"] as? [JSONObject])
        #expect(
            symbols.map { $0["name"] as? String } == [
                "Question 1: Safe?", "Question 2: Why?", "Question 3 - Crew: Who?",
            ])
    }
}

@Suite("Language server: values the question types suggest")
struct SuggestedValueTests {
    @Test("a table's noCells offers its data cells, inside the table's bounds")
    func tableCells() {
        let text =
            #"{"questions": [{"answer-type": "table-answer", "question": "T", "numRows": 3, "numColumns": 3, "#
            + #""firstRow": ["", "a", "b"], "firstColumn": ["", "x", "y"], "rowType": ["", "text", "text"], "noCells": [""]}]}"#
        let labels = FeatureTests().labels(text, at: #""noCells": [""#, offset: 13)
        #expect(labels == ["2,2", "2,3", "3,2", "3,3"])
    }

    @Test("in a fixture, an answer offers the options of its question in the fixture's template")
    func fixtureAnswers() throws {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("lsp-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let template =
            #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "A"}, "#
            + #"{"answer-type": "multiple-choice", "question": "B", "answers": ["Good", "Worn", ""]}, "#
            + #"{"answer-type": "table-answer", "question": "C", "numRows": 2, "numColumns": 3, "firstRow": ["", "a", "b"], "#
            + #""firstColumn": ["", "x"], "rowType": ["", "text"], "noCells": ["2,3"]}]}"#
        try Data(template.utf8).write(to: folder.appendingPathComponent("form.json"))
        let fixture = #"{"template": "form.json", "answers": {"2": {"answer": [""]}, "3": {"answer": {"": "1"}}}}"#
        var session = LanguageServerSession.initialized()
        let uri = folder.appendingPathComponent("a.fixture.json").absoluteString
        session.open(uri, fixture)
        let options = session.request(
            "textDocument/completion",
            ["textDocument": ["uri": uri], "position": position(of: #"[""#, in: fixture, offset: 2)])
        let cells = session.request(
            "textDocument/completion",
            ["textDocument": ["uri": uri], "position": position(of: #"{"": "1"#, in: fixture, offset: 2)])
        let messages = session.run().messages
        let labels = { (id: Int) in
            (messages.response(id)?[path: "result", "items"] as? [JSONObject] ?? []).compactMap {
                $0["label"] as? String
            }
        }
        #expect(labels(options) == ["Good", "Worn"])
        #expect(labels(cells) == ["2,2"])
    }
}
