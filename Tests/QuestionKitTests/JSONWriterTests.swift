import FormGenerators
import Testing

@testable import QuestionKit

/// A JSON value in a form that compares: what was written, and what the parser read back.
private indirect enum PlainJSON: Equatable, CustomStringConvertible {
    case null
    case bool(Bool)
    case number(Double)
    case string(String)
    case array([PlainJSON])
    case object([Member])

    struct Member: Equatable {
        var key: String
        var value: PlainJSON
    }

    init(_ value: JSONWriter.Value) {
        switch value {
        case .null: self = .null
        case .bool(let flag): self = .bool(flag)
        case .integer(let number): self = .number(Double(number))
        case .number(let number): self = number.isFinite ? .number(number) : .null
        case .string(let text): self = .string(text)
        case .array(let elements): self = .array(elements.map(PlainJSON.init))
        case .object(let members): self = .object(members.map { Member(key: $0.0, value: PlainJSON($0.1)) })
        }
    }

    init?(_ node: JSONNode) {
        switch node.kind {
        case .null: self = .null
        case .boolean: self = .bool(node.boolValue ?? false)
        case .number:
            guard let number = node.numberValue else { return nil }
            self = .number(number)
        case .string:
            guard let text = node.stringValue else { return nil }
            self = .string(text)
        case .array:
            var elements: [PlainJSON] = []
            for element in node.elements {
                guard let plain = PlainJSON(element) else { return nil }
                elements.append(plain)
            }
            self = .array(elements)
        case .object:
            var members: [Member] = []
            for member in node.members {
                guard let plain = PlainJSON(member.value) else { return nil }
                members.append(Member(key: member.key, value: plain))
            }
            self = .object(members)
        }
    }

    var description: String {
        switch self {
        case .null: "null"
        case .bool(let flag): "\(flag)"
        case .number(let number): "\(number)"
        case .string(let text): "\(text.debugDescription)"
        case .array(let elements): "[" + elements.map(\.description).joined(separator: ", ") + "]"
        case .object(let members):
            "{" + members.map { "\($0.key.debugDescription): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}

@Suite("JSON writer")
struct JSONWriterTests {
    private func text(_ value: JSONWriter.Value, indent: Int = 0) -> String {
        JSONWriter.text(of: value, indent: indent)
    }

    @Test(arguments: [
        ("plain", #""plain""#),
        ("say \"hi\"", #""say \"hi\"""#),
        ("C:\\dir\\file", #""C:\\dir\\file""#),
        ("a/b", #""a/b""#),
        ("line\nnext\ttab\rcr", #""line\nnext\ttab\rcr""#),
        ("\u{08}\u{0C}", #""\b\f""#),
        ("\u{01}", #""\u0001""#),
        ("\u{00}\u{1F}\u{0B}", #""\u0000\u001f\u000b""#),
        ("\u{7F}", "\"\u{7F}\""),
        ("", #""""#),
    ])
    func escapesWhatJSONRequires(string: String, json: String) {
        #expect(text(.string(string)) == json)
    }

    @Test func nonASCIIIsKeptAsUTF8() {
        let string = "Ärger – 温度 🙂 e\u{301}"
        #expect(text(.string(string)) == "\"" + string + "\"")
        #expect(Array(text(.string("é")).utf8) == [0x22, 0xC3, 0xA9, 0x22])
    }

    @Test func appendQuotedAppends() {
        var output = "x="
        JSONWriter.appendQuoted("a\"b", to: &output)
        #expect(output == #"x="a\"b""#)
    }

    @Test func keyOrderIsKept() {
        let value = JSONWriter.Value.object([
            ("z", .integer(1)), ("a", .integer(2)), ("m", .integer(3)), ("a", .integer(4)),
        ])
        #expect(text(value) == #"{"z":1,"a":2,"m":3,"a":4}"#)
    }

    @Test func keysAreEscaped() {
        #expect(text(.object([("a\"\n", .null)])) == #"{"a\"\n":null}"#)
    }

    @Test(arguments: [
        (JSONWriter.Value.integer(3), "3"), (.integer(-42), "-42"), (.integer(0), "0"),
        (.integer(Int.min), "-9223372036854775808"), (.integer(Int.max), "9223372036854775807"),
        (.number(3.0), "3"), (.number(-7.0), "-7"), (.number(-0.0), "0"), (.number(2.5), "2.5"),
        (.number(0.1), "0.1"), (.number(-3.25), "-3.25"), (.number(123_456_789_012.0), "123456789012"),
        (.number(1e20), "1e+20"), (.number(-1e16), "-1e+16"), (.number(1e-7), "1e-07"),
        (.number(.nan), "null"), (.number(.infinity), "null"), (.number(-.infinity), "null"),
        (.bool(true), "true"), (.bool(false), "false"), (.null, "null"),
    ])
    func scalars(value: JSONWriter.Value, json: String) {
        #expect(text(value) == json)
    }

    static let nested = JSONWriter.Value.object([
        ("code", .string("x")),
        ("list", .array([.integer(1), .bool(true), .null])),
        ("empty", .array([])),
        ("obj", .object([])),
        ("inner", .object([("n", .number(1.5))])),
    ])

    @Test func indentZeroWritesOneLine() {
        let expected = #"{"code":"x","list":[1,true,null],"empty":[],"obj":{},"inner":{"n":1.5}}"#
        #expect(text(Self.nested, indent: 0) == expected)
    }

    @Test func indentTwo() {
        let expected = """
            {
              "code": "x",
              "list": [
                1,
                true,
                null
              ],
              "empty": [],
              "obj": {},
              "inner": {
                "n": 1.5
              }
            }
            """
        #expect(text(Self.nested, indent: 2) == expected)
        #expect(JSONWriter(indent: 2).indent == 2)
    }

    @Test func indentFourAndTopLevelArray() {
        let value = JSONWriter.Value.array([.object([("a", .integer(1))]), .string("s")])
        #expect(text(value, indent: 4) == "[\n    {\n        \"a\": 1\n    },\n    \"s\"\n]")
    }

    @Test func writeAppends() {
        var writer = JSONWriter(indent: 0)
        writer.write(.integer(1))
        writer.write(.string("a"))
        #expect(writer.text == #"1"a""#)
    }

    @Test(arguments: [0, 2])
    func outputParsesBackToTheSameValues(indent: Int) throws {
        let value = JSONWriter.Value.object([
            ("text", .string("quote \" backslash \\ nl \n tab \t ctl \u{01}\u{1F} del \u{7F} Ärger 温度 🙂")),
            (
                "numbers",
                .array([
                    .integer(-12), .number(3.25), .number(1e-7), .number(6.02e23), .number(1e15), .number(.nan),
                ])
            ),
            ("flags", .array([.bool(true), .bool(false), .null])),
            ("nested", .object([("z", .object([])), ("a", .array([.array([])]))])),
            ("", .string("")),
        ])
        let json = text(value, indent: indent)
        let parsed = JSONParser.parse(Array(json.utf8))
        #expect(parsed.diagnostics.isEmpty)
        let root = try #require(parsed.document?.root)
        #expect(PlainJSON(root) == PlainJSON(value))
    }

    @Test func randomStringsRoundTrip() throws {
        var random = SplitMix64(seed: 0x5EED_1234_ABCD_0001)
        var strings: [JSONWriter.Value] = []
        for _ in 0..<200 {
            var string = ""
            for _ in 0..<Int.random(in: 0...24, using: &random) {
                let pick = Int.random(in: 0..<4, using: &random)
                let range: ClosedRange<UInt32> =
                    switch pick {
                    case 0: 0...0x7F
                    case 1: 0x80...0x7FF
                    case 2: 0x800...0xFFFF
                    default: 0x10000...0x10FFFF
                    }
                if let scalar = Unicode.Scalar(UInt32.random(in: range, using: &random)) {
                    string.unicodeScalars.append(scalar)
                }
            }
            strings.append(.string(string))
        }
        let value = JSONWriter.Value.array(strings)
        let parsed = JSONParser.parse(Array(text(value).utf8))
        #expect(parsed.diagnostics.isEmpty)
        let root = try #require(parsed.document?.root)
        #expect(PlainJSON(root) == PlainJSON(value))
    }

    /// Strings of each length around a word and past the writer's buffer, plain and with a byte to escape
    /// at the start, middle or end: written as `appendQuoted` writes them into an array, where they fall
    /// in the text.
    @Test func stringsOfEveryLengthAreQuoted() {
        var strings: [String] = []
        let lengths: [Int] = Array(0...20) + [1023, 1024, 1025, 3000]
        for length in lengths {
            var plain = ""
            for index in 0..<length {
                plain.append(index % 5 == 4 ? "é" : Character(Unicode.Scalar(UInt8(97 + index % 26))))
            }
            strings.append(plain)
            for place in Set([0, length / 2, length - 1]) where length > 0 {
                for mark in ["\"", "\n", "\\", "\u{1}"] {
                    var characters = Array(plain)
                    characters[place] = Character(mark)
                    strings.append(String(characters))
                }
            }
        }
        var expected: [UInt8] = [UInt8(ascii: "[")]
        for (index, string) in strings.enumerated() {
            if index > 0 { expected.append(UInt8(ascii: ",")) }
            JSONWriter.appendQuoted(string, to: &expected)
        }
        expected.append(UInt8(ascii: "]"))
        #expect(Array(text(.array(strings.map(JSONWriter.Value.string))).utf8) == expected)
    }

    /// Lines indented past what the writer's buffer holds at once.
    @Test func deepIndentsAreWritten() {
        var value = JSONWriter.Value.integer(1)
        for _ in 0..<700 { value = .array([value]) }
        var expected = "1"
        for depth in (0..<700).reversed() {
            let inner = String(repeating: " ", count: 2 * (depth + 1))
            expected = "[\n" + inner + expected + "\n" + String(repeating: " ", count: 2 * depth) + "]"
        }
        #expect(text(value, indent: 2) == expected)
    }

    /// Commas, keys and colons before lines indented past what the writer's buffer holds at once (a separator
    /// and its line's indent are reserved together, and written a byte at a time when they do not fit).
    @Test func deepMembersAreSeparated() {
        var value = JSONWriter.Value.integer(1)
        var expected = "1"
        for depth in (0..<600).reversed() {
            value = .object([("a", value), ("b", .array([.null, .string("c")]))])
            let (outer, inner) = (
                String(repeating: " ", count: 2 * depth), String(repeating: " ", count: 2 * depth + 2)
            )
            let array = "[\n" + inner + "  null,\n" + inner + "  \"c\"\n" + inner + "]"
            expected = "{\n" + inner + "\"a\": " + expected + ",\n" + inner + "\"b\": " + array + "\n" + outer + "}"
        }
        #expect(text(value, indent: 2) == expected)
        #expect(text(value, indent: 0).hasPrefix(#"{"a":{"a":"#))
    }
}
