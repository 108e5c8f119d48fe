import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer
import Testing

/// Conditions in the editor (issue 20): completion in a condition, definition, references and
/// rename of a `linkId`, on the bundled logic template.
@Suite("Language server: conditions and linkIds")
struct ConditionEditingTests {
    let uri = "file:///work/leak-check.json"

    static let leakCheck: String = {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("Templates/leak-check.json")
        return (try? String(contentsOf: url, encoding: .utf8)) ?? ""
    }()

    /// The response to one request on `text` opened alone.
    func response(
        _ method: String, _ params: JSONObject, in text: String = leakCheck, capabilities: JSONObject = [:]
    ) -> JSONObject? {
        var session = LanguageServerSession.initialized(capabilities: capabilities)
        session.open(uri, text)
        var params = params
        params["textDocument"] = ["uri": uri]
        let id = session.request(method, params)
        return session.run().messages.response(id)
    }

    /// The completion items at `marker` (plus `offset`) in `text`.
    func items(_ text: String = leakCheck, at marker: String, offset: Int = 0) -> [JSONObject] {
        let answer = response(
            "textDocument/completion", ["position": position(of: marker, in: text, offset: offset)], in: text)
        let items = answer?[path: "result", "items"] as? [JSONObject] ?? []
        // In the order a client shows them.
        return items.sorted { ($0["sortText"] as? String ?? "") < ($1["sortText"] as? String ?? "") }
    }

    func labels(_ text: String = leakCheck, at marker: String, offset: Int = 0) -> [String] {
        items(text, at: marker, offset: offset).compactMap { $0["label"] as? String }
    }

    /// The (line, character) where each location of a result starts.
    func starts(_ result: Any?) -> [[Int]] {
        let locations = (result as? [JSONObject]) ?? (result as? JSONObject).map { [$0] } ?? []
        return locations.compactMap { location in
            guard let line = location[path: "range", "start", "line"] as? Int,
                let character = location[path: "range", "start", "character"] as? Int
            else { return nil }
            return [line, character]
        }
    }

    /// Where `marker` starts, plus `offset` characters, as (line, character).
    func start(of marker: String, in text: String = leakCheck, offset: Int = 0) -> [Int] {
        let found = position(of: marker, in: text, offset: offset)
        return [found["line"] as? Int ?? -1, found["character"] as? Int ?? -1]
    }

    @Test("initialize advertises definition, references and rename (with prepareRename when the client sends it)")
    func capabilities() {
        let plain = LanguageServerSession.initialized().run().messages.response(1)
        #expect(plain?[path: "result", "capabilities", "definitionProvider"] as? Bool == true)
        #expect(plain?[path: "result", "capabilities", "referencesProvider"] as? Bool == true)
        #expect(plain?[path: "result", "capabilities", "renameProvider"] as? Bool == true)
        let preparing = LanguageServerSession.initialized(
            capabilities: ["textDocument": ["rename": ["prepareSupport": true]]]
        ).run().messages.response(1)
        #expect(preparing?[path: "result", "capabilities", "renameProvider", "prepareProvider"] as? Bool == true)
    }

    @Test("a condition's question offers the other questions' linkIds, earlier ones first, with their texts")
    func linkIdCompletion() throws {
        // In the condition of 'rate' (question 4), on "leak".
        let marker =
            #""enableWhen": [{"question": "leak", "operator": "=", "answer": true}],"# + "\n"
            + #"      "enableBehavior""#
        let found = items(at: marker, offset: 30)
        #expect(found.compactMap { $0["label"] as? String } == ["isolated", "leak", "where", "level"])
        #expect(
            found.map { $0["detail"] as? String } == [
                "question 1", "question 2", "question 3", "question 6, after this one",
            ])
        let leak = try #require(found.dropFirst().first)
        #expect(
            leak[path: "documentation", "value"] as? String == "Any leaks at hoses, fittings or the pump shaft seal?")
        #expect(leak["kind"] as? Int == 18)
        // The whole string is replaced, quotes included.
        #expect(leak[path: "textEdit", "newText"] as? String == #""leak""#)
        // An empty value being typed offers the same.
        let typing = #"{"questions": [{"linkId": "a", "question": "A?"}, {"enableWhen": [{"question": ""#
        #expect(labels(typing, at: #"[{"question": ""#, offset: 15) == ["a"])
    }

    @Test("a condition's operator offers what the referred question's type supports")
    func operatorCompletion() {
        // 'where' is multiple choice: = and != ; 'rate' a numeric short answer: all six.
        #expect(labels(at: #""where", "operator": "="#, offset: 22) == ["exists", "=", "!="])
        #expect(
            labels(at: #""rate", "operator": ">""#, offset: 21) == ["exists", "=", "!=", "<", ">", "<=", ">="])
        #expect(labels(at: #""isolated", "operator": "!=""#, offset: 26) == ["exists", "=", "!="])
        // A table compares nothing: exists alone.
        let table =
            #"{"questions": [{"linkId": "t", "answer-type": "table-answer", "question": "T", "numRows": 2, "#
            + #""numColumns": 2, "firstRow": ["", "A"], "firstColumn": ["", "B"], "rowType": ["", "text"]}, {"enableWhen": [{"question": "t", "operator": ""}]}]}"#
        #expect(labels(table, at: #""operator": ""#, offset: 13) == ["exists"])
    }

    @Test("a condition's answer offers the referred question's options, or true and false")
    func operandCompletion() {
        #expect(labels(at: #""answer": "Shaft seal""#, offset: 12) == ["Hose", "Fitting", "Shaft seal", "Reservoir"])
        #expect(labels(at: #""leak", "operator": "=", "answer": true"#, offset: 36) == ["true", "false"])
        // Filtered against what is typed: a string with its quotes, a word without.
        let option = items(at: #""answer": "Shaft seal""#, offset: 12).first
        #expect(option?["filterText"] as? String == #""Hose""#)
        let word = items(at: #""leak", "operator": "=", "answer": true"#, offset: 36).first
        #expect(word?["filterText"] as? String == "true")
        #expect(word?[path: "textEdit", "newText"] as? String == "true")
        // A number compares with any number: nothing to list; but exists takes true or false.
        #expect(labels(at: #""answer": 10"#, offset: 11).isEmpty)
        let exists =
            #"{"questions": [{"linkId": "n", "answer-type": "short-answer", "question": "N"}, "#
            + #"{"enableWhen": [{"question": "n", "operator": "exists", "answer": }]}]}"#
        #expect(labels(exists, at: #""answer": "#, offset: 10) == ["true", "false"])
    }

    @Test("a condition's keys are completed inside it")
    func conditionKeyCompletion() {
        let text = #"{"questions": [{"linkId": "a"}, {"enableWhen": [{"question": "a", }]}]}"#
        #expect(labels(text, at: #""a", }"#, offset: 5) == ["operator", "answer"])
    }

    @Test("definition goes from a condition's question (or a linkId) to the linkId it names")
    func definition() {
        let leak = start(of: #""linkId": "leak""#, offset: 11)
        let fromRate = position(
            of: #""question": "leak", "operator": "=", "answer": true}],"#, in: Self.leakCheck, offset: 15)
        #expect(starts(response("textDocument/definition", ["position": fromRate])?["result"]) == [leak])
        let fromItself = position(of: #""linkId": "leak""#, in: Self.leakCheck, offset: 13)
        #expect(starts(response("textDocument/definition", ["position": fromItself])?["result"]) == [leak])
        // Not on a name: null. A name no question has: null.
        let elsewhere = position(of: #""Where is the leak?""#, in: Self.leakCheck, offset: 3)
        #expect(response("textDocument/definition", ["position": elsewhere])?["result"] is NSNull)
        let unknown =
            #"{"questions": [{"enableWhen": [{"question": "nobody", "operator": "exists", "answer": true}]}]}"#
        let onUnknown = position(of: "nobody", in: unknown, offset: 2)
        #expect(response("textDocument/definition", ["position": onUnknown], in: unknown)?["result"] is NSNull)
    }

    @Test("references of a linkId: its definition and every condition on it, with or without the declaration")
    func references() {
        let text = Self.leakCheck
        let atReference = position(of: #""question": "isolated""#, in: text, offset: 15)
        let all = response(
            "textDocument/references", ["position": atReference, "context": ["includeDeclaration": true]])
        let isolated = start(of: #""linkId": "isolated""#, offset: 11)
        let table = start(of: #""question": "isolated", "operator": "=""#, offset: 13)
        let why = start(of: #""question": "isolated", "operator": "!=""#, offset: 13)
        #expect(starts(all?["result"]) == [isolated, table, why])
        let conditionsOnly = response(
            "textDocument/references", ["position": atReference, "context": ["includeDeclaration": false]])
        #expect(starts(conditionsOnly?["result"]) == [table, why])
    }

    @Test("rename of a linkId, from its definition or a reference, edits it and every reference")
    func rename() throws {
        let text = Self.leakCheck
        for marker in [#""linkId": "leak""#, #""question": "leak", "operator": "=", "answer": true}],"#] {
            let at = position(of: marker, in: text, offset: marker.hasPrefix(#""linkId""#) ? 12 : 14)
            let prepared = response(
                "textDocument/prepareRename", ["position": at],
                capabilities: ["textDocument": ["rename": ["prepareSupport": true]]])
            #expect(prepared?[path: "result", "placeholder"] as? String == "leak")
            let renamed = response("textDocument/rename", ["position": at, "newName": "leaking"])
            let edits = try #require(renamed?[path: "result", "changes", uri] as? [JSONObject])
            #expect(edits.count == 3)
            let result = apply(edits, to: text)
            #expect(result == text.replacingOccurrences(of: #""leak""#, with: #""leaking""#))
            // The renamed template still validates as before: no new problem.
            let reader = TemplateReader(registry: LanguageServerSession.configuration.registry)
            #expect(reader.diagnose(Array(result.utf8)).map(\.code) == reader.diagnose(Array(text.utf8)).map(\.code))
        }
    }

    @Test("a rename to a blank name or one already used, or that could miss a reference, is refused with why")
    func refusedRenames() {
        let text = Self.leakCheck
        let at = position(of: #""linkId": "leak""#, in: text, offset: 12)
        func refusal(_ newName: String, in text: String = Self.leakCheck, at: JSONObject) -> String? {
            let answer = response("textDocument/rename", ["position": at, "newName": newName], in: text)
            guard let error = answer?["error"] as? JSONObject, error["code"] as? Int == -32803 else { return nil }
            return error["message"] as? String
        }
        #expect(refusal("", at: at) == "a linkId cannot be blank")
        #expect(refusal("  ", at: at) == "a linkId cannot be blank")
        #expect(refusal("where", at: at) == "'where' is already the linkId of question 3")
        let twice =
            #"{"questions": [{"linkId": "a"}, {"linkId": "a"}, {"enableWhen": [{"question": "a", "operator": "exists", "answer": true}]}]}"#
        #expect(
            refusal("b", in: twice, at: position(of: "\"a\"", in: twice, offset: 1))
                == "2 questions have the linkId 'a': make it unique first")
        let broken = text.replacingOccurrences(of: #""section": "Safety","#, with: #""section": "Safety""#)
        #expect(refusal("b", in: broken, at: at)?.hasPrefix("the template has syntax errors") == true)
        let unread = text.replacingOccurrences(of: #""operator": "!=""#, with: #""operator": "≠""#)
        #expect(refusal("b", in: unread, at: at)?.hasPrefix("a condition of question 8 could not be read") == true)
        // Not on a name: prepareRename answers null, rename refuses.
        let elsewhere = position(of: #""Where is the leak?""#, in: text, offset: 3)
        #expect(response("textDocument/prepareRename", ["position": elsewhere])?["result"] is NSNull)
        #expect(refusal("b", at: elsewhere) == "there is no linkId here to rename")
    }

    /// `text` with LSP edits applied (ASCII text: characters are bytes), last first.
    func apply(_ edits: [JSONObject], to text: String) -> String {
        var lines = text.components(separatedBy: "\n").map { Array($0.utf8) }
        let sorted = edits.sorted {
            (($0[path: "range", "start", "line"] as? Int ?? 0), ($0[path: "range", "start", "character"] as? Int ?? 0))
                > (
                    ($1[path: "range", "start", "line"] as? Int ?? 0),
                    ($1[path: "range", "start", "character"] as? Int ?? 0)
                )
        }
        for edit in sorted {
            guard let line = edit[path: "range", "start", "line"] as? Int,
                line == edit[path: "range", "end", "line"] as? Int,
                let from = edit[path: "range", "start", "character"] as? Int,
                let to = edit[path: "range", "end", "character"] as? Int, let newText = edit["newText"] as? String
            else { continue }
            lines[line].replaceSubrange(from..<to, with: Array(newText.utf8))
        }
        return lines.map { String(decoding: $0, as: UTF8.self) }.joined(separator: "\n")
    }
}

extension ConditionEditingTests {
    /// The hover text at `marker` (plus `offset`) in `text`.
    func hover(_ text: String = leakCheck, at marker: String, offset: Int = 0) -> String? {
        let answer = response(
            "textDocument/hover", ["position": position(of: marker, in: text, offset: offset)], in: text)
        return answer?[path: "result", "contents", "value"] as? String
    }

    @Test("hover over a condition's value words it as the review does, with the question's whole rule")
    func conditionHover() {
        let marker = #"{"question": "rate", "operator": ">", "answer": 10}"#
        let expected = """
            **Condition**: 'Leak rate (drops/min)' is more than 10

            Question 5: Asked when Shaft seal is among the answers to 'Where is the leak?' \
            or 'Leak rate (drops/min)' is more than 10.
            """
        // On the reference, the operator and the operand alike.
        for offset in [15, 35, 49] { #expect(hover(at: marker, offset: offset) == expected, "offset \(offset)") }
        // A key of the condition keeps its own documentation.
        #expect(hover(at: marker, offset: 3)?.hasPrefix("**`question`**") == true)
    }

    @Test("while the template has an error elsewhere, hover names the question a condition refers to")
    func conditionHoverOnATemplateWithErrors() {
        let broken = Self.leakCheck.replacingOccurrences(
            of: #""answer-type": "table-answer""#, with: #""answer-type": 7"#)
        #expect(broken != Self.leakCheck)
        let marker = #"{"question": "rate", "operator": ">", "answer": 10}"#
        #expect(
            hover(broken, at: marker, offset: 15)
                == "**Condition** on question 4: 'Leak rate (drops/min)' (fix the template's errors to see it in words)."
        )
    }
}
