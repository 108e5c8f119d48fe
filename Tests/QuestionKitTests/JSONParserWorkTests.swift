import Testing

@testable import QuestionKit

/// The parser keeps the common input on its fast paths (issue 18): plain strings and indentation
/// are read a word at a time, and the keys of a small object are compared only when they may be
/// equal. Counted in the parser's slow-path work, never timed: n against 10n.
@Suite("Parser work")
struct JSONParserWorkTests {
    private func work(_ text: String) throws -> JSONParserWork {
        let result = JSONParser.parse(Array(text.utf8))
        #expect(result.document != nil)
        return result.work
    }

    @Test func shortStringsAreNotReadByteByByte() throws {
        for count in [1_000, 10_000] {
            let text = "[" + Array(repeating: "\"abcdefg\"", count: count).joined(separator: ",") + "]"
            // Only the last word of the input may be read a byte at a time.
            #expect(try work(text).singleBytes <= 16)
        }
    }

    @Test func indentationIsNotReadByteByByte() throws {
        for count in [1_000, 10_000] {
            let text = "[\n" + (0..<count).map { "      \($0)" }.joined(separator: ",\n") + "\n]"
            #expect(try work(text).singleBytes <= 16)
        }
    }

    @Test func distinctKeysOfSmallObjectsAreNotCompared() throws {
        let keys = ["answer-type", "question", "section", "qid", "numberInput", "acceptedAnswer", "answers", "help"]
        let object = "{" + keys.map { "\"\($0)\": 1" }.joined(separator: ", ") + "}"
        for count in [1_000, 10_000] {
            let text = "[" + Array(repeating: object, count: count).joined(separator: ",") + "]"
            // Pairwise, 28 comparisons per object; a key that cannot equal any earlier one costs none.
            #expect(try work(text).keyComparisons <= count)
        }
    }

    @Test func duplicatesInSmallObjectsAreStillFound() {
        let texts = [
            "{\"a\": 1, \"b\": 2, \"a\": 3}", "{\"a\": 1, \"\\u0061\": 2}", "{\"\\u0061\": 1, \"a\": 2}",
            "{\"é\": 1, \"x\": 2, \"é\": 3}", "{\"\": 1, \"\": 2}",
        ]
        for text in texts {
            let codes = parseJSON(text).diagnostics.map(\.code)
            #expect(codes == ["json.duplicate-key"], "\(text)")
        }
    }

    @Test(arguments: 0..<20)
    func aSpecialByteIsFoundAtEveryOffset(offset: Int) throws {
        let plain = String(repeating: "x", count: offset)
        for special in ["\\n", "\\\"", "é", "\\u00e9"] {
            let text = "[\"\(plain)\(special)\(plain)\", \"\(plain)\"]"
            let root = try #require(jsonRoot(text))
            let values = root.elements.map { $0.stringValue }
            let decoded = special == "\\n" ? "\n" : special == "\\\"" ? "\"" : "é"
            #expect(values == [plain + decoded + plain, plain], "\(text)")
        }
        #expect(jsonError(parseJSON("[\"\(plain)\u{01}\"]"))?.code == "json.control-character")
        let blank = String(repeating: " ", count: offset)
        let spaced = jsonRoot("\(blank)\t\r\n [\(blank)\(offset)\r\n\(blank)]\(blank)")
        #expect(spaced?.elements.first?.numberValue == Double(offset))
    }
}
