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
        #expect(TypedText.isBlank(text) == blank)
    }

    @Test(arguments: [
        ("  Good ", "good"), ("ÄRGER ", "ärger"), ("YES", "yes"), ("\tNo\n", "no"), ("", ""), ("   ", ""),
        ("\u{00A0}Ok\u{00A0}", "ok"), ("Mixed  Case Inside", "mixed  case inside"), ("already", "already"),
        ("  Ça Va  ", "ça va"), ("1,2", "1,2"), ("A-Z [x]", "a-z [x]"),
    ])
    func comparisonKey(text: String, key: String) {
        #expect(TypedText.comparisonKey(text) == key)
    }

    @Test func comparisonKeysOfDifferentSpellingsMatch() {
        #expect(TypedText.comparisonKey(" True") == TypedText.comparisonKey("true "))
        #expect(TypedText.comparisonKey("A\u{308}rger") == "ärger")
        #expect(TypedText.comparisonKey("Yes") != TypedText.comparisonKey("No"))
    }

    @Test(arguments: [
        ("  a b  ", "a b"), ("\u{00A0}x\u{2003}", "x"), ("", ""), ("   ", ""), ("\n\tword\r\n", "word"),
        ("none", "none"), (" Ärger ", "Ärger"),
    ])
    func trimmingWhitespace(text: String, trimmed: String) {
        #expect(TypedText.trimmed(text) == trimmed[...])
    }

    /// Keys read where the string lies must compare as the `String` keys do, for every pair: ASCII
    /// read from bytes, escapes, and text beyond ASCII (the Kelvin sign lowers to an ASCII "k").
    @Test func nodeComparisonKeysCompareAsStringKeys() throws {
        let texts = [
            "Good", " good", "GOOD\\t", "Worn", "", "  ", "k", "K", "\\u212A", "\\u212a", "caf\\u00e9", "CAFE\\u0301",
            "caf\u{00E9}", "cafe\u{0301}", "\u{00A0}Ok", "ok", "none", " NONE ", "\\\\", "\\\\ ", "a\\u0000b",
        ]
        let json = "[" + texts.map { "\"\($0)\"" }.joined(separator: ",") + "]"
        let document = try #require(JSONParser.parse(Array(json.utf8)).document)
        let nodes = Array(document.root.elements)
        let keys = try nodes.map { try #require(NodeComparisonKey($0)) }
        for (left, leftNode) in zip(keys, nodes) {
            let leftText = try #require(leftNode.stringValue)
            #expect(left.isEmpty == TypedText.comparisonKey(leftText).isEmpty)
            #expect(left.string(in: document) == TypedText.comparisonKey(leftText))
            #expect(left.hasSpaceAround == (TypedText.trimmed(leftText) != leftText[...]))
            #expect(left.equals("none", in: document) == (TypedText.comparisonKey(leftText) == "none"))
            for (right, rightNode) in zip(keys, nodes) {
                let rightText = try #require(rightNode.stringValue)
                #expect(
                    left.equals(right, in: document)
                        == (TypedText.comparisonKey(leftText) == TypedText.comparisonKey(rightText)),
                    "\(leftNode.sourceText) and \(rightNode.sourceText)")
            }
        }
        let number = try #require(JSONParser.parse(Array("7".utf8)).document)
        #expect(NodeComparisonKey(number.root) == nil)
    }
}
