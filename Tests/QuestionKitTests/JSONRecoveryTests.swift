import Testing

@testable import QuestionKit

/// Reading past syntax errors (`JSONParser.parseRecovering`): every error reported, each located,
/// and the document the author evidently meant.
@Suite struct JSONRecoveryTests {
    private func recover(_ text: String) -> JSONParseResult {
        JSONParser.parseRecovering(Array(text.utf8))
    }

    /// The errors as "line:column code".
    private func errors(_ result: JSONParseResult) -> [String] {
        result.diagnostics.filter { $0.severity == .error }.map { "\($0.line):\($0.column) \($0.code)" }
    }

    @Test(arguments: [
        // A missing comma, an extra comma, a trailing comma.
        (#"{"a": 1 "b": [1 2]}"#, ["1:9 json.unexpected-character", "1:17 json.unexpected-character"]),
        (#"{"a": 1,, "b": [1,, 2]}"#, ["1:9 json.unexpected-character", "1:19 json.unexpected-character"]),
        (#"{"a": 1, "b": [1, 2,],}"#, ["1:20 json.trailing-comma", "1:22 json.trailing-comma"]),
        // Comments, anywhere.
        (
            "// head\n{\"a\": /* one */ 1, \"b\": [1, 2]} // tail",
            ["1:1 json.comment", "2:7 json.comment", "2:33 json.comment"]
        ),
        // A string not closed on its line.
        ("{\"a\": \"one\n, \"b\": [1, 2]}", ["1:11 json.control-character"]),
    ])
    func recoversTheCommonMistakes(_ text: String, _ expected: [String]) throws {
        let result = recover(text)
        #expect(errors(result) == expected)
        #expect(result.isRecovered)
        let root = try #require(result.document?.root)
        #expect(root["a"]?.numberValue == 1 || root["a"]?.stringValue == "one")
        #expect(root["b"]?.elements.compactMap(\.numberValue) == [1, 2])
    }

    @Test func closesWhatIsLeftOpenAtTheEnd() throws {
        let result = recover(#"{"questions": [{"question": "Valve closed?", "qid": "2"#)
        #expect(errors(result) == ["1:53 json.unterminated-string"])
        let root = try #require(result.document?.root)
        let question = try #require(root["questions"]?.elements.first)
        #expect(question["question"]?.stringValue == "Valve closed?")
        // The value cut off is made up (null), so checks do not report it again.
        #expect(question["qid"]?.isRecovered == true)
    }

    /// An unquoted key is read as the key meant, and its span is the word itself (it spanned a
    /// byte either side, where quotes would be: the '{' before it, so an edit before the key
    /// started before the object).
    @Test func anUnquotedKeySpansItsWord() throws {
        let result = recover(#"{qid:"1", "a": 2, a: 3}"#)
        let root = try #require(result.document?.root)
        let keys = root.members.map(\.keyNode)
        #expect(keys.map(\.byteRange) == [1..<4, 10..<13, 18..<19])
        #expect(root.members.map(\.key) == ["qid", "a", "a"])
        #expect(root["qid"]?.stringValue == "1")
        #expect(root["a"]?.numberValue == 3)
        #expect(keys[0].stringEquals("qid") && keys[2].stringEquals("a"))
        #expect(result.diagnostics.map(\.code).contains("json.duplicate-key"))
    }

    @Test func closingBracketOfAnOuterContainerClosesTheInnerOnes() throws {
        let result = recover(#"{"a": [1, 2}"#)
        #expect(errors(result) == ["1:12 json.unexpected-character"])
        let root = try #require(result.document?.root)
        #expect(root["a"]?.count == 2)
        #expect(root.byteRange == 0..<12)
    }

    /// Found by the fuzzer: a bracket that closes nothing, where a member's value should be, made
    /// the member's value null and then read the real value as a member without a key.
    @Test func aClosingBracketThatClosesNothingIsSkippedBeforeTheValue() throws {
        let member = recover(#"{"a": ] [1, 2]}"#)
        #expect(errors(member) == ["1:7 json.unexpected-character"])
        let root = try #require(member.document?.root)
        #expect(root.members.map(\.key) == ["a"])
        #expect(root["a"]?.elements.compactMap(\.numberValue) == [1, 2])
        let element = recover("[1, } 2]")
        #expect(errors(element) == ["1:5 json.unexpected-character"])
        #expect(element.document?.root.elements.compactMap(\.numberValue) == [1, 2])
    }

    /// Found by the fuzzer: a single-quoted string is read as one only when its text is UTF-8, so
    /// that every string's value is its bytes.
    @Test func aSingleQuotedStringThatIsNotUTF8IsNoString() throws {
        let bytes = Array(#"['é"#.utf8) + [0xFF] + Array(#"', 'é']"#.utf8)
        let document = try #require(JSONParser.parseRecovering(bytes).document)
        var strings: [String] = []
        for index in 0..<document.entryCount {
            guard let value = JSONNode(document: document, index: index).stringValue else { continue }
            #expect(JSONNode(document: document, index: index).stringEquals(value))
            strings.append(value)
        }
        #expect(!strings.isEmpty && !strings.contains { $0.unicodeScalars.contains("\u{FFFD}") })
    }

    @Test func readsSingleQuotesAndUnquotedKeysAsMeant() throws {
        let result = recover("{answer: 'yes', \"b\": tru}")
        #expect(
            errors(result) == ["1:2 json.unexpected-character", "1:10 json.single-quote", "1:22 json.invalid-literal"])
        let root = try #require(result.document?.root)
        #expect(root["answer"]?.stringValue == "yes")
        #expect(root["b"]?.isRecovered == true)
        #expect(root.members.first?.keyNode.isRecovered == true)
    }

    @Test func validInputIsTheStrictResult() {
        let text = #"{"a": [1, 2, {"b": null}]}"#
        let result = recover(text)
        #expect(!result.isRecovered)
        #expect(result.diagnostics.isEmpty)
        #expect(result.document?.entryCount == parseJSON(text).document?.entryCount)
    }

    @Test func limitsStillStopTheReading() {
        let deep = String(repeating: "[", count: 600) + "1,,"
        let result = recover(deep)
        #expect(result.document == nil)
        #expect(errors(result) == ["1:513 json.too-deep"])
    }

    @Test func manyErrorsStopTheReadingAtTheLimit() {
        let text = "[" + String(repeating: "1 ", count: 10_000) + "]"
        let result = recover(text)
        #expect(result.document == nil)
        let errors = result.diagnostics.filter { $0.severity == .error }
        #expect(errors.count == JSONParser.maxRecoveredErrors + 1)
        #expect(errors.last?.code == "json.too-many-errors")
    }

    @Test func junkIsSkippedAsOneError() throws {
        let result = recover(#"{"a": @@@@ 1, "b": 2}"#)
        #expect(errors(result) == ["1:7 json.unexpected-character"])
        #expect(result.document?.root["a"]?.numberValue == 1)
        #expect(result.document?.root["b"]?.numberValue == 2)
    }
}
