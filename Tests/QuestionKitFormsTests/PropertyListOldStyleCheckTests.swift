import Testing

@testable import QuestionKitForms

/// The old-style property-list entries Foundation refuses with a line of its own on standard error
/// (issue 25: it showed in the test log) are refused before Foundation sees them; everything else it
/// reads is still read by it.
@Suite("Property lists: an old-style entry without its ';' is refused quietly")
struct PropertyListOldStyleCheckTests {
    @Test(arguments: [
        "DeleteAfterDays = 7",  // a strings file whose last entry has no ';' (a store configuration test)
        #"{"answerType" = "type"}"#,
        "{a = b; c = d}",
        "{a = (x, y)\n b = c;}",
        "{a = {b = c}; }",  // the inner dictionary's entry
        "(x, {a = <0a0b>})",
        "{a = b; /* a comment */ c = \"quoted \\\" still\"}",
        "{a",  // a key and then the end
    ])
    func missingSemicolonIsRefusedBeforeFoundation(text: String) {
        #expect(PropertyListOldStyleCheck.logsMissingSemicolon(Array(text.utf8)))
        #expect(PropertyListReader.read(Array(text.utf8)) == nil)
    }

    @Test(arguments: [
        "{a = b; c = d;}", "DeleteAfterDays = 7;", "\"a\" = \"b\";", "(a, b, <0a 0b>)", "{a; b = {c = d;};}",
        "// comment\n{a = b; /* c = d */}",
    ])
    func wellFormedOldStyleIsReadByFoundation(text: String) {
        #expect(!PropertyListOldStyleCheck.logsMissingSemicolon(Array(text.utf8)))
        #expect(PropertyListReader.read(Array(text.utf8)) != nil)
    }

    /// Other refusals are Foundation's (quiet) ones; JSON and XML never stop the walk at an entry.
    @Test(arguments: [
        #"{"a": "b"}"#, "{a = b;", "(a, b", "this is not a key map <<<", "<plist><dict><key>a</key></plist>",
        "<?xml version=\"1.0\"?><plist><dict/></plist>", "{a = \"unterminated}", "",
        String(repeating: "(", count: 100_000),
    ])
    func otherTextIsLeftToFoundation(text: String) {
        #expect(!PropertyListOldStyleCheck.logsMissingSemicolon(Array(text.utf8)))
    }
}
