import FormGenerators
import Testing

@testable import QuestionKit

@Suite("JSON parser: pointers, positions and warnings")
struct JSONLocationTests {
    @Test func pointersEscapeKeysAndCountElements() throws {
        let root = try #require(jsonRoot(#"{"a/b": [10, {"c~d": [true, "x"]}], "": 1, "e\u002Ff": 2}"#))
        #expect(root.pointer == "")
        let array = try #require(root["a/b"])
        #expect(array.pointer == "/a~1b")
        let elements = Array(array.elements)
        #expect(elements[0].pointer == "/a~1b/0")
        #expect(elements[1].pointer == "/a~1b/1")
        let inner = try #require(elements[1]["c~d"])
        #expect(inner.elements.map(\.pointer) == ["/a~1b/1/c~0d/0", "/a~1b/1/c~0d/1"])
        #expect(root[""]?.pointer == "/")
        #expect(root["e/f"]?.pointer == "/e~1f")
        #expect(array.memberKeyNode?.pointer == "/a~1b")
    }

    @Test(arguments: [
        ("plain", "plain"), ("a/b", "a~1b"), ("m~n", "m~0n"), ("~/", "~0~1"), ("温/度", "温~1度"), ("", ""),
    ])
    func escapesPointerTokens(token: String, escaped: String) {
        #expect(JSONPointer.escape(token) == escaped)
    }

    @Test func positionsOfNodesCountScalars() throws {
        let text = "{\n  \"温度\": 21,\n  \"list\": [\"é\", \"😀\"]\n}"
        let document = try #require(parseJSON(text).document)
        let locator = SourceLocator(bytes: document.bytes)
        let root = document.root
        #expect(locator.position(of: root) == SourcePosition(line: 1, column: 1))
        let value = try #require(root["温度"])
        #expect(locator.position(of: value) == SourcePosition(line: 2, column: 9))
        #expect(locator.position(of: try #require(value.memberKeyNode)) == SourcePosition(line: 2, column: 3))
        let list = try #require(root["list"])
        #expect(
            list.elements.map { locator.position(of: $0) } == [
                SourcePosition(line: 3, column: 12), SourcePosition(line: 3, column: 17),
            ])
    }

    @Test func locatorHandlesEveryLineBreakAndTheEnds() {
        let locator = SourceLocator(bytes: Array("a\nb\r\nc\rd".utf8))
        let expected = [(1, 1), (1, 2), (2, 1), (2, 2), (2, 3), (3, 1), (3, 2), (4, 1), (4, 2)]
        for (offset, (line, column)) in expected.enumerated() {
            #expect(locator.position(ofByteOffset: offset) == SourcePosition(line: line, column: column), "\(offset)")
        }
        #expect(locator.position(ofByteOffset: -5) == SourcePosition(line: 1, column: 1))
        #expect(locator.position(ofByteOffset: 99) == SourcePosition(line: 4, column: 2))
        #expect(SourceLocator(bytes: []).position(ofByteOffset: 0) == SourcePosition(line: 1, column: 1))
    }

    @Test func locatorMatchesACharacterByCharacterCount() {
        var generator = SplitMix64(seed: 7)
        let pieces = ["a", "温", "😀", "é", "\n", "\r\n", "\r", " ", "{", "\""]
        var text = ""
        while text.utf8.count < 20_000 { text += pieces.randomElement(using: &generator) ?? "" }
        let bytes = Array(text.utf8)
        let locator = SourceLocator(bytes: bytes)
        var line = 1
        var column = 1
        var offset = 0
        var mismatches = 0
        for scalar in text.unicodeScalars {
            if locator.position(ofByteOffset: offset) != SourcePosition(line: line, column: column) { mismatches += 1 }
            let isLoneCR = scalar == "\r" && (offset + 1 >= bytes.count || bytes[offset + 1] != 0x0A)
            if scalar == "\n" || isLoneCR {
                line += 1
                column = 1
            } else {
                column += 1
            }
            offset += String(scalar).utf8.count
        }
        #expect(mismatches == 0)
    }

    @Test func byteOrderMarkIsAWarningAndTakesNoColumn() throws {
        let bytes: [UInt8] = [0xEF, 0xBB, 0xBF] + Array(#"{"a": [1]}"#.utf8)
        let result = JSONParser.parse(bytes)
        let document = try #require(result.document)
        #expect(result.diagnostics.map(\.code) == ["json.byte-order-mark"])
        #expect(result.diagnostics.first?.severity == .warning)
        #expect(result.diagnostics.first?.position == SourcePosition(line: 1, column: 1))
        #expect(document.root.byteOffset == 3)
        let locator = SourceLocator(bytes: bytes)
        #expect(locator.position(of: document.root) == SourcePosition(line: 1, column: 1))
        #expect(locator.position(of: try #require(document.root["a"])) == SourcePosition(line: 1, column: 7))

        let broken = JSONParser.parse([0xEF, 0xBB, 0xBF] + Array(#"{"a": x}"#.utf8))
        #expect(broken.diagnostics.map(\.code) == ["json.byte-order-mark", "json.invalid-literal"])
        #expect(broken.diagnostics.last?.position == SourcePosition(line: 1, column: 7))
        #expect(
            JSONParser.parse([0xEF, 0xBB, 0xBF]).diagnostics.map(\.code) == ["json.byte-order-mark", "json.empty"])
    }

    @Test func duplicateKeysWarnAtTheLaterKey() throws {
        let text = "{\n  \"a\": 1,\n  \"b\": {\"a\": 0},\n  \"a\": 3\n}"
        let result = parseJSON(text)
        let document = try #require(result.document)
        #expect(result.diagnostics.count == 1)
        let warning = try #require(result.diagnostics.first)
        #expect(warning.code == "json.duplicate-key")
        #expect(warning.severity == .warning)
        #expect(warning.position == SourcePosition(line: 4, column: 3))
        #expect(warning.pointer == "/a")
        #expect(warning.message.contains("\"a\"") && warning.message.contains("line 2"))
        #expect(warning.hint?.contains("last value is used") == true)
        #expect(document.root["a"]?.numberValue == 3)
    }

    @Test func duplicateKeysCompareDecodedValues() throws {
        let result = parseJSON(#"{"ab": 1, "x": {"q": 1}, "a\u0062": 2}"#)
        #expect(result.diagnostics.map(\.code) == ["json.duplicate-key"])
        #expect(result.diagnostics.first?.column == 26)
        // A look-up stops at its first match only in objects without repeated keys.
        #expect(result.document?.root["ab"]?.numberValue == 2)
        #expect(result.document?.root["x"]?["q"]?.numberValue == 1)
        #expect(parseJSON(#"{"ab": 1, "ba": 2, "a": 3, "abc": 4, "é": 5, "e\u0301": 6}"#).diagnostics.isEmpty)
    }

    @Test(arguments: [17, 40, 1000])
    func duplicateKeysInLargeObjects(members: Int) throws {
        let keys = (0..<members).map { "\"k\($0)\": \($0)" }
        let clean = parseJSON("{" + keys.joined(separator: ", ") + "}")
        #expect(clean.diagnostics.isEmpty)
        let withDuplicates = "{" + (keys + [#""k5": 0"#, #""k\u0031": 0"#, #""k5": 1"#]).joined(separator: ",\n") + "}"
        let result = parseJSON(withDuplicates)
        #expect(result.document != nil)
        #expect(result.diagnostics.map(\.code) == Array(repeating: "json.duplicate-key", count: 3))
        #expect(result.diagnostics.map(\.line) == [members + 1, members + 2, members + 3])
        #expect(result.diagnostics.map(\.pointer) == ["/k5", "/k1", "/k5"])
        #expect(result.diagnostics.allSatisfy { !$0.message.contains("line \(members + 1)") })
        let root = try #require(result.document?.root)
        #expect(root["k5"]?.numberValue == 1)
        #expect(root["k1"]?.numberValue == 0)
        #expect(root["k7"]?.numberValue == 7)
        #expect(clean.document?.root["k5"]?.numberValue == 5)
    }

    @Test func warningsComeBeforeTheError() {
        let result = parseJSON(#"{"a": 1, "a": 2,}"#)
        #expect(result.document == nil)
        #expect(result.diagnostics.map(\.code) == ["json.duplicate-key", "json.trailing-comma"])
        #expect(result.diagnostics.map(\.severity) == [.warning, .error])
    }
}
