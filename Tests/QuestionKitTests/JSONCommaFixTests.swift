import Testing

@testable import QuestionKit

/// The fix-its of a trailing and a missing comma (issue 25, item 7): safe where the text can mean
/// nothing else, offered where a comma is only likelier, none where the slip is a quote inside a
/// string.
@Suite struct JSONCommaFixTests {
    /// The recovered reading's fixes, as "title safe|offered" with the text all its fixes make.
    private func fixes(_ text: String) -> (titles: [String], fixed: String) {
        let diagnostics = JSONParser.parseRecovering(Array(text.utf8)).diagnostics
        let fixes = diagnostics.flatMap(\.fixes)
        let titles = fixes.map { "\($0.title) \($0.isSafe ? "safe" : "offered")" }
        let fixed = FixApplication.apply(fixes.filter(\.isSafe), to: Array(text.utf8)).bytes
        return (titles, String(decoding: fixed, as: UTF8.self))
    }

    @Test(arguments: [
        // A trailing comma after the last question, and after the last member (blanks before it go too).
        (#"{"questions": [{"qid": "1"}, {"qid": "2"},]}"#, #"{"questions": [{"qid": "1"}, {"qid": "2"}]}"#),
        ("{\"qid\": \"1\" ,\n}", "{\"qid\": \"1\"\n}"),
        // A comma missing between two question objects, on one line and across lines.
        (#"[{"qid": "1"} {"qid": "2"}]"#, #"[{"qid": "1"}, {"qid": "2"}]"#),
        ("[\n  {\"qid\": \"1\"}\n  {\"qid\": \"2\"}\n]", "[\n  {\"qid\": \"1\"},\n  {\"qid\": \"2\"}\n]"),
        (#"[{"qid": "1"}{"qid": "2"}]"#, #"[{"qid": "1"},{"qid": "2"}]"#),
        // Between two keys, after a string, a number, a literal and a container.
        (#"{"a": "x" "b": 1 "c": true "d": [] "e": null}"#, #"{"a": "x", "b": 1, "c": true, "d": [], "e": null}"#),
        ("{\"a\": {\"b\": 1}\n \"c\": 2}", "{\"a\": {\"b\": 1},\n \"c\": 2}"),
        // Between elements: each value token whole.
        (#"["a" "b" -1 2.5 false null ["c"]]"#, #"["a", "b", -1, 2.5, false, null, ["c"]]"#),
    ])
    func theCommonSlipsAreFixedSafely(_ text: String, _ expected: String) throws {
        let (titles, fixed) = fixes(text)
        #expect(!titles.isEmpty && titles.allSatisfy { $0.hasSuffix(" safe") }, "\(titles)")
        #expect(fixed == expected)
        let reparsed = JSONParser.parse(Array(fixed.utf8))
        #expect(reparsed.document != nil, "\(reparsed.diagnostics)")
    }

    @Test func fixesSayWhatTheyDo() {
        #expect(fixes(#"{"a": 1,}"#).titles == ["Remove the ',' before '}' safe"])
        #expect(fixes(#"[1,]"#).titles == ["Remove the ',' before ']' safe"])
        #expect(fixes(#"{"a": 1 "b": 2}"#).titles == ["Add a ',' between the members safe"])
        #expect(fixes(#"[1 2]"#).titles == ["Add a ',' between the elements safe"])
    }

    /// A quote inside a string ends it early: the rest of the string reads as a key or a value
    /// after it. No comma repairs that, so none is offered.
    @Test(arguments: [
        #"{"question": "Is the "main" valve shut?"}"#,
        #"["Is the "main" valve shut?"]"#,
        #"["Is the ""main"" valve shut?"]"#,
        #"{"question": "Say "hi": now"}"#,
    ])
    func aQuoteInsideAStringGetsNoComma(_ text: String) {
        let result = JSONParser.parseRecovering(Array(text.utf8))
        #expect(result.diagnostics.contains { $0.hint?.contains("Add a ','") == true })
        let (titles, fixed) = fixes(text)
        #expect(!titles.contains { $0.hasPrefix("Add a ','") && $0.hasSuffix(" safe") }, "\(titles)")
        #expect(fixed == text)
    }

    /// Where a comma is likelier than not but something else may be meant (an unquoted key, a
    /// word that is no value), the fix is offered for a person to choose, never applied unasked.
    @Test(arguments: [
        #"{"a": 1 b: 2}"#,
        #"[1 tru]"#,
        #"{"a": 1 "b"}"#,
        #"{"a": 1"b": 2}"#,
    ])
    func anUnclearCommaIsOfferedNotApplied(_ text: String) {
        let (titles, fixed) = fixes(text)
        #expect(titles.contains { $0.hasPrefix("Add a ','") && $0.hasSuffix(" offered") }, "\(titles)")
        #expect(fixed == text)
    }

    /// After a value that was itself made up (`tru` read as null) or past junk, the comma's place is
    /// not known: no fix.
    @Test(arguments: [#"[tru 1]"#, #"[1 ; 2]"#, "{\"a\": \"one\n \"b\": 2}"])
    func noCommaAfterWhatWasNotReadCleanly(_ text: String) {
        #expect(!fixes(text).titles.contains { $0.hasPrefix("Add a ','") })
    }

    /// The strict parse, which stops at the first error, carries the same fix.
    @Test func theStrictParseCarriesTheFixToo() throws {
        let result = JSONParser.parse(Array(#"{"a": 1 "b": 2}"#.utf8))
        let fix = try #require(result.diagnostics.first?.fixes.first)
        #expect(fix.edits == [SourceEdit(range: 7..<7, replacement: ",")])
        #expect(fix.isSafe)
    }
}
