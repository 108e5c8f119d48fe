import Testing

@testable import QuestionKit

@Suite("Typed text")
struct TypedTextTests {
    @Test(arguments: [
        ("", true), (" ", true), ("   ", true), ("\t", true), (" \t\n\r ", true), ("\u{0B}\u{0C}", true),
        ("\u{00A0}", true), (" \u{00A0} ", true), ("\u{2003}\u{3000}", true),
        ("a", false), (" a ", false), ("\ta", false), ("é", false), (" é", false), ("\u{00A0}x", false),
        ("x\u{00A0}", false), ("\u{200B}", false), ("-", false),
    ])
    func isBlank(text: String, blank: Bool) {
        #expect(text.isBlank == blank)
    }

    @Test(arguments: [
        ("  Good ", "good"), ("ÄRGER ", "ärger"), ("YES", "yes"), ("\tNo\n", "no"), ("", ""), ("   ", ""),
        ("\u{00A0}Ok\u{00A0}", "ok"), ("Mixed  Case Inside", "mixed  case inside"), ("already", "already"),
        ("  Ça Va  ", "ça va"), ("1,2", "1,2"), ("A-Z [x]", "a-z [x]"),
    ])
    func comparisonKey(text: String, key: String) {
        #expect(text.comparisonKey == key)
    }

    @Test func comparisonKeysOfDifferentSpellingsMatch() {
        #expect(" True".comparisonKey == "true ".comparisonKey)
        #expect("A\u{308}rger".comparisonKey == "ärger")
        #expect("Yes".comparisonKey != "No".comparisonKey)
    }

    @Test(arguments: [
        ("  a b  ", "a b"), ("\u{00A0}x\u{2003}", "x"), ("", ""), ("   ", ""), ("\n\tword\r\n", "word"),
        ("none", "none"), (" Ärger ", "Ärger"),
    ])
    func trimmingWhitespace(text: String, trimmed: String) {
        #expect(text.trimmingWhitespace == trimmed[...])
    }
}
