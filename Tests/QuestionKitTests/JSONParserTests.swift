import Foundation
import Testing

@testable import QuestionKit

@Suite("JSON parser: values")
struct JSONParserTests {
    @Test func parsesEveryKindOfValue() throws {
        let text = #"{"s": "text", "n": -12.50e1, "t": true, "f": false, "z": null, "a": [1, "two"], "o": {}}"#
        let result = parseJSON(text)
        #expect(result.diagnostics.isEmpty)
        let root = try #require(result.document?.root)
        #expect(root.kind == .object)
        #expect(root.count == 7)
        #expect(root["s"]?.stringValue == "text")
        #expect(root["s"]?.kind == .string)
        #expect(root["n"]?.numberValue == -125)
        #expect(root["n"]?.numberText == "-12.50e1")
        #expect(root["t"]?.boolValue == true)
        #expect(root["f"]?.boolValue == false)
        #expect(root["z"]?.isNull == true)
        #expect(root["z"]?.kind == .null)
        #expect(root["a"]?.kind == .array)
        #expect(root["a"]?.elements.map(\.sourceText) == ["1", "\"two\""])
        #expect(root["o"]?.kind == .object)
        #expect(root["o"]?.count == 0)
        #expect(root["missing"] == nil)
        #expect(root["s"]?.numberValue == nil)
        #expect(root["n"]?.stringValue == nil)
    }

    @Test(arguments: [
        ("0", 0.0), ("-0", -0.0), ("7", 7), ("-3.25", -3.25), ("1e3", 1000), ("1E+2", 100), ("25e-2", 0.25),
        ("123456789012", 123_456_789_012),
    ])
    func parsesNumbers(text: String, value: Double) throws {
        let root = try #require(jsonRoot(text))
        #expect(root.kind == .number)
        #expect(root.numberValue == value)
        #expect(root.numberText == text)
    }

    @Test(arguments: ["\"x\"", "42", "true", "false", "null", "[]", "{}", " \n\t[ ] \r\n"])
    func acceptsAnyTopLevelValue(text: String) {
        let result = parseJSON(text)
        #expect(result.document != nil)
        #expect(result.diagnostics.isEmpty)
    }

    @Test func keepsMemberOrderAndDuplicates() throws {
        let root = try #require(jsonRoot(#"{"b": 1, "a": 2, "c": 3, "a": 4}"#))
        #expect(root.members.map(\.key) == ["b", "a", "c", "a"])
        #expect(root.members.map { $0.value.numberValue } == [1, 2, 3, 4])
        #expect(root["a"]?.numberValue == 4)
        #expect(root.members.allSatisfy { $0.keyNode.isKey && !$0.value.isKey })
        #expect(root["c"]?.memberKey == "c")
        #expect(root["c"]?.memberKeyNode?.sourceText == "\"c\"")
    }

    @Test func walksNestedContainers() throws {
        let root = try #require(jsonRoot(#"[[1, [2, 3]], {"k": [4]}, 5]"#))
        #expect(root.count == 3)
        let elements = Array(root.elements)
        #expect(elements.map(\.kind) == [.array, .object, .number])
        #expect(elements[0].elements.map(\.sourceText) == ["1", "[2, 3]"])
        #expect(elements[1]["k"]?.elements.map(\.numberValue) == [4])
        #expect(elements[2].parent?.index == root.index)
        #expect(root.parent == nil)
        #expect(root.elements.underestimatedCount == 3)
        #expect(root.members.underestimatedCount == 0)
    }

    @Test func decodesEscapes() throws {
        let root = try #require(jsonRoot(#"["a\"b\\c\/d\b\f\n\r\t", "\u00e9\u6E29", "\u0000", "plain"]"#))
        let values = root.elements.map(\.stringValue)
        #expect(values == ["a\"b\\c/d\u{8}\u{C}\n\r\t", "é温", "\u{0}", "plain"])
        #expect(root.elements.map(\.sourceText)[1] == #""\u00e9\u6E29""#)
    }

    @Test(arguments: [
        (#""\ud83d\ude00""#, "😀"), (#""\uD83D\uDE00""#, "😀"), (#""x\uDBFF\uDFFFy""#, "x\u{10FFFF}y"),
    ])
    func combinesSurrogatePairs(text: String, value: String) throws {
        let root = try #require(jsonRoot(text))
        #expect(root.stringValue == value)
    }

    @Test func keepsMultiByteTextAsWritten() throws {
        let root = try #require(jsonRoot(#"{"温度": "25 °C — ok 😀"}"#))
        #expect(root["温度"]?.stringValue == "25 °C — ok 😀")
        #expect(Array(root.members).first?.key == "温度")
    }

    @Test func comparesKeysByValue() throws {
        let root = try #require(jsonRoot(#"{"a\u0062": 1, "c/d": 2}"#))
        #expect(root["ab"]?.numberValue == 1)
        #expect(Array(root.members).first?.keyNode.stringEquals("ab") == true)
        #expect(root["c/d"]?.stringValue == nil)
        #expect(root["c/d"]?.numberValue == 2)
    }

    @Test func recordsByteRanges() throws {
        let text = #"  {"k": [true, "v"]}  "#
        let root = try #require(jsonRoot(text))
        #expect(root.byteRange == 2..<20)
        let array = try #require(root["k"])
        #expect(array.byteRange == 8..<19)
        #expect(array.sourceText == #"[true, "v"]"#)
        #expect(array.elements.map(\.byteOffset) == [9, 15])
    }

    @Test func documentEntriesAreConsistent() throws {
        let text = #"{"a": [1, {"b": [], "c": {"d": null}}, "e"], "f": {}, "g": [[[]]]}"#
        let document = try #require(parseJSON(text).document)
        #expect(documentProblems(document, input: Array(text.utf8)).isEmpty)
        #expect(document.entryCount == 18)
    }

    @Test func containersTooLargeForTheirEntrysCountKeepTheirCount() throws {
        // An entry holds counts below 65,535; the tape keeps larger ones (`JSONTape.largeCounts`).
        for count in [65_534, 65_535, 70_000] {
            let elements = Array(repeating: "0", count: count).joined(separator: ",")
            let members = (0..<count).map { #""k\#($0)": 1"# }.joined(separator: ",")
            let text = #"{"big": [\#(elements)], "members": {\#(members)}}"#
            let document = try #require(parseJSON(text).document)
            let array = try #require(document.root["big"])
            let object = try #require(document.root["members"])
            #expect(array.count == count && array.elements.reduce(0) { count, _ in count + 1 } == count)
            #expect(object.count == count && object.members.reduce(0) { count, _ in count + 1 } == count)
            #expect(object["k\(count - 1)"]?.numberValue == 1)
            #expect(documentProblems(document, input: Array(text.utf8)).isEmpty)
        }
    }

    @Test func parsesTheTemplatesInTheRepository() throws {
        for name in ["pump-inspection", "transformer-maintenance", "wind-turbine-annual"] {
            let bytes = try templateBytes(name)
            let result = JSONParser.parse(bytes)
            #expect(result.diagnostics.isEmpty, "\(name)")
            let document = try #require(result.document)
            #expect(documentProblems(document, input: bytes).isEmpty)
        }
    }
}

/// The bytes of `Templates/<name>.json` at the root of the package.
func templateBytes(_ name: String) throws -> [UInt8] {
    let testFile = #filePath
    let root = testFile.split(separator: "/", omittingEmptySubsequences: false).dropLast(3).joined(separator: "/")
    return try [UInt8](Data(contentsOf: URL(fileURLWithPath: "\(root)/Templates/\(name).json")))
}
