import Testing

@testable import QuestionKit

/// The byte-level comparisons the converters use on every item answer as the Strings they stand for.
@Suite("JSONNode: comparisons without making Strings")
struct JSONNodeComparisonTests {
    /// JSON string literals, with escapes, other normalizations and the one letter (K, U+212A) that is
    /// another code point's canonical form; texts too long to be small Strings, whose bytes lie elsewhere.
    static let literals = [
        #""abc""#, #""abd""#, #""ab""#, #""\u0041""#, #""A""#, #""\u212A""#, #""K""#, #""é""#, #""e\u0301""#,
        #""value""#, #""valu""#, #""valueCoding""#, #""value\u0301x""#, #""a\r\nb""#, #""a\r""#, #""\u0076alue""#,
        #""""#, #""a label longer than a small string""#, #""a label longer than a small strinG""#,
    ]
    static let texts = [
        "abc", "A", "K", "\u{212A}", "é", "e\u{301}", "value", "a\r", "a", "", "valueCoding",
        "a label longer than a small string", "a label longer",
    ]

    @Test func stringValueIsAsStringsCompare() throws {
        for literal in Self.literals {
            let node = try #require(jsonRoot(literal))
            for text in Self.texts {
                #expect(node.stringValueIs(text) == (node.stringValue == text), "\(literal) is \(text)")
                #expect(
                    node.stringValueHasPrefix(text) == (node.stringValue?.hasPrefix(text) ?? false),
                    "\(literal) has prefix \(text)")
            }
        }
        let number = try #require(jsonRoot("1"))
        #expect(!number.stringValueIs("1") && !number.stringValueHasPrefix(""))
    }

    /// Two strings of the same bytes without escapes have one value; escaped ones and other kinds are never told so.
    @Test func sameUnescapedTextIsOneValue() throws {
        let array = try #require(jsonRoot("[" + Self.literals.joined(separator: ",") + #", 1, "abc"]"#))
        let nodes = Array(array.elements)
        for first in nodes {
            for second in nodes where first.hasSameUnescapedText(as: second) {
                #expect(first.stringValue != nil && first.stringValue == second.stringValue)
                #expect(first.sourceText == second.sourceText && !first.sourceText.contains("\\"))
            }
        }
        #expect(nodes[0].hasSameUnescapedText(as: nodes[nodes.count - 1]))
        #expect(!nodes[3].hasSameUnescapedText(as: nodes[3]), "an escaped string is told by its value")
    }

    /// One walk finds what the look-ups find: the last of a repeated key, escaped keys too.
    @Test func forEachMemberFindsWhatLookUpsFind() throws {
        let object = try #require(jsonRoot(#"{"type": 1, "item": [], "t\u0079pe": 2, "other": 3, "linkId": "a"}"#))
        let keys = JSONKeySpellings(["linkId", "type", "item", "missing"])
        var found: [Int: JSONNode] = [:]
        var calls = 0
        object.forEachMember(named: keys) { position, value in
            found[position] = value
            calls += 1
        }
        #expect(calls == 4)
        for (position, name) in ["linkId", "type", "item", "missing"].enumerated() {
            #expect(found[position]?.index == object[name]?.index, "\(name)")
        }
    }
}
