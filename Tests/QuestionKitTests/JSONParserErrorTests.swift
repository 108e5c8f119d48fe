import Testing

@testable import QuestionKit

/// One malformed input and the error it must give.
struct JSONErrorCase: Sendable, CustomTestStringConvertible {
    var input: String
    var code: String
    var line: Int
    var column: Int
    var pointer: String = ""
    /// Text the message must contain.
    var message: String = ""
    var hint: String?

    var testDescription: String { "\(code): \(input.debugDescription)" }
}

@Suite("JSON parser: errors")
struct JSONParserErrorTests {
    static let cases: [JSONErrorCase] = [
        .init(input: "[1,2,]", code: "json.trailing-comma", line: 1, column: 5, hint: "Remove the ',' before ']'."),
        .init(input: #"{"a":1,}"#, code: "json.trailing-comma", line: 1, column: 7, hint: "Remove the ',' before '}'."),
        .init(
            input: "{\n  \"a\": 1, // note\n  \"b\": 2\n}", code: "json.comment", line: 2, column: 11,
            message: "'// note'",
            hint: "JSON has no comments; move the note into a string field or delete it."),
        .init(input: "/* c */ {}", code: "json.comment", line: 1, column: 1, message: "'/* c */'"),
        .init(input: "{} // done", code: "json.comment", line: 1, column: 4),
        .init(
            input: "{'a': 1}", code: "json.single-quote", line: 1, column: 2, message: "'a'",
            hint: "Use double quotes."),
        .init(input: #"["a", 'b']"#, code: "json.single-quote", line: 1, column: 7, pointer: "/1"),
        .init(
            input: #"{"n": 07}"#, code: "json.leading-zero", line: 1, column: 7, pointer: "/n", message: "'07'",
            hint: "Write 7, not 07; quote it if it is a code."),
        .init(
            input: "[-00.5]", code: "json.leading-zero", line: 1, column: 2, pointer: "/0",
            hint: "Write -0.5, not -00.5; quote it if it is a code."),
        .init(input: "[1.]", code: "json.invalid-number", line: 1, column: 2, pointer: "/0", message: "'1.'"),
        .init(input: "[.5]", code: "json.invalid-number", line: 1, column: 2, pointer: "/0", message: "'.5'"),
        .init(input: "-", code: "json.invalid-number", line: 1, column: 1, message: "'-'"),
        .init(input: "[1e]", code: "json.invalid-number", line: 1, column: 2, pointer: "/0", message: "'1e'"),
        .init(input: "[+1]", code: "json.invalid-number", line: 1, column: 2, pointer: "/0", message: "'+1'"),
        .init(input: "[1.2.3]", code: "json.invalid-number", line: 1, column: 2, pointer: "/0", message: "'1.2.3'"),
        .init(input: "[12abc]", code: "json.invalid-number", line: 1, column: 2, pointer: "/0", message: "'12abc'"),
        .init(input: "[-Infinity]", code: "json.invalid-number", line: 1, column: 2, pointer: "/0"),
        .init(input: "tru", code: "json.invalid-literal", line: 1, column: 1, message: "'tru'"),
        .init(input: #"{"a": nul}"#, code: "json.invalid-literal", line: 1, column: 7, pointer: "/a", message: "'nul'"),
        .init(input: "[1, NaN]", code: "json.invalid-literal", line: 1, column: 5, pointer: "/1", message: "'NaN'"),
        .init(input: "[Infinity]", code: "json.invalid-literal", line: 1, column: 2, pointer: "/0"),
        .init(
            input: "[True]", code: "json.invalid-literal", line: 1, column: 2, pointer: "/0",
            hint: "JSON literals are lower-case: write true."),
        .init(input: "[truex]", code: "json.invalid-literal", line: 1, column: 2, pointer: "/0"),
        .init(
            input: "{a: 1}", code: "json.unexpected-character", line: 1, column: 2,
            message: "unexpected character 'a'; expected a string key"),
        .init(
            input: #"{"a": }"#, code: "json.unexpected-character", line: 1, column: 7, pointer: "/a",
            message: "unexpected character '}'; expected a value"),
        .init(
            input: "[1 2]", code: "json.unexpected-character", line: 1, column: 4,
            message: "unexpected character '2'; expected ',' or ']'", hint: "Add a ',' between the elements."),
        .init(
            input: #"{"a" 1}"#, code: "json.unexpected-character", line: 1, column: 6, pointer: "/a",
            message: "unexpected character '1'; expected ':' after the key"),
        .init(
            input: "[1}", code: "json.unexpected-character", line: 1, column: 3,
            hint: "This array was opened with '['; close it with ']'."),
        .init(input: "[,1]", code: "json.unexpected-character", line: 1, column: 2, pointer: "/0"),
        .init(
            input: "[é]", code: "json.unexpected-character", line: 1, column: 2, pointer: "/0",
            message: "'é' (U+00E9)"),
        .init(input: "\"abc", code: "json.unterminated-string", line: 1, column: 1, message: "\"abc"),
        .init(input: "[\"abc\\", code: "json.unterminated-string", line: 1, column: 2, pointer: "/0"),
        .init(input: "[1,", code: "json.unexpected-end", line: 1, column: 4, pointer: "/1"),
        .init(input: "[1", code: "json.unexpected-end", line: 1, column: 3, message: "expected ',' or ']'"),
        .init(
            input: "{\"a\":", code: "json.unexpected-end", line: 1, column: 6, pointer: "/a",
            hint: "The object opened at line 1, column 1 is not closed with '}'."),
        .init(input: "{\"a\"", code: "json.unexpected-end", line: 1, column: 5, pointer: "/a"),
        .init(input: "{} x", code: "json.trailing-content", line: 1, column: 4, message: "'x'"),
        .init(input: "[1]]", code: "json.trailing-content", line: 1, column: 4),
        .init(input: "", code: "json.empty", line: 1, column: 1),
        .init(input: " \n\t\r\n", code: "json.empty", line: 1, column: 1),
        .init(input: "\"a\nb\"", code: "json.control-character", line: 1, column: 3, message: "U+000A (line feed)"),
        .init(
            input: "[\"a\tb\"]", code: "json.control-character", line: 1, column: 4, pointer: "/0",
            message: "U+0009 (tab)"),
        .init(input: #""\x""#, code: "json.invalid-escape", line: 1, column: 2, message: #"'\x'"#),
        .init(input: #""\u12G4""#, code: "json.invalid-escape", line: 1, column: 2),
        .init(input: #""\U0041""#, code: "json.invalid-escape", line: 1, column: 2),
        .init(input: #""\ud800""#, code: "json.lone-surrogate", line: 1, column: 2, message: #"'\ud800'"#),
        .init(input: #""\udc00""#, code: "json.lone-surrogate", line: 1, column: 2),
        .init(input: #""ab\ud800\u0041""#, code: "json.lone-surrogate", line: 1, column: 4),
        .init(
            input: #"{"q": [{"a": [1, 2, "\uDE00"]}]}"#, code: "json.lone-surrogate", line: 1, column: 22,
            pointer: "/q/0/a/2"),
    ]

    @Test(arguments: cases)
    func reportsTheError(_ expected: JSONErrorCase) throws {
        let result = parseJSON(expected.input)
        #expect(result.document == nil)
        #expect(result.diagnostics.count == 1)
        let error = try #require(jsonError(result))
        #expect(error.code == expected.code)
        #expect(error.severity == .error)
        #expect(error.position == SourcePosition(line: expected.line, column: expected.column))
        #expect(error.pointer == expected.pointer)
        #expect(expected.message.isEmpty || error.message.contains(expected.message), "\(error.message)")
        if let hint = expected.hint { #expect(error.hint == hint) }
    }

    @Test func locatesErrorsDeepInsideADocument() throws {
        let text = """
            {
              "questions": [
                {"answers": [1]},
                {"answers": [1, 2, tru]}
              ]
            }
            """
        let error = try #require(jsonError(parseJSON(text)))
        #expect(error.code == "json.invalid-literal")
        #expect(error.pointer == "/questions/1/answers/2")
        #expect(error.position == SourcePosition(line: 4, column: 24))
    }

    @Test(arguments: [
        ("{\r\n\"a\": x}", 2, 6), ("[1,\r2,\rx]", 3, 1), ("[1,\r\n\r\n  x]", 3, 3), ("{\"温度\": x}", 1, 8),
        ("[\"😀\", x]", 1, 7),
    ])
    func countsLinesAndScalars(text: String, line: Int, column: Int) throws {
        let error = try #require(jsonError(parseJSON(text)))
        #expect(error.position == SourcePosition(line: line, column: column))
    }

    @Test(
        arguments: [
            ([0x22, 0xC0, 0xAF, 0x22], "overlong"), ([0x22, 0xE0, 0x80, 0xAF, 0x22], "overlong"),
            ([0x22, 0xED, 0xA0, 0x80, 0x22], "surrogate"), ([0x22, 0xF5, 0x80, 0x80, 0x80, 0x22], "U+10FFFF"),
            ([0x22, 0xF4, 0x90, 0x80, 0x80, 0x22], "U+10FFFF"), ([0x22, 0x80, 0x22], "continuation"),
            ([0x22, 0xE6, 0xB8, 0x22], "truncated"), ([0x22, 0xE6, 0xB8], "truncated"), ([0x22, 0xFF, 0x22], "never"),
        ] as [([UInt8], String)])
    func rejectsInvalidUTF8InStrings(bytes: [UInt8], problem: String) throws {
        let result = JSONParser.parse(bytes)
        let error = try #require(jsonError(result))
        #expect(error.code == "json.invalid-utf8")
        #expect(error.position == SourcePosition(line: 1, column: 2))
        #expect(error.message.contains(problem), "\(error.message)")
        #expect(error.message.contains(hexByte(bytes[1])))
    }

    @Test func rejectsInvalidUTF8OutsideStrings() throws {
        let bytes: [UInt8] = Array("{\n  \"a\": ".utf8) + [0xC3, 0x28] + Array("}".utf8)
        let error = try #require(jsonError(JSONParser.parse(bytes)))
        #expect(error.code == "json.invalid-utf8")
        #expect(error.position == SourcePosition(line: 2, column: 8))
        #expect(error.pointer == "/a")
    }

    @Test func rejectsInputOverTheSizeLimit() throws {
        let result = parseJSON("[1, 2]", limits: .init(maxBytes: 4, maxDepth: 10))
        let error = try #require(jsonError(result))
        #expect(error.code == "json.too-large")
        #expect(error.position == SourcePosition(line: 1, column: 1))
        #expect(error.message.contains("6 bytes") && error.message.contains("4 bytes"))
        #expect(parseJSON("[1, 2]", limits: .init(maxBytes: 6, maxDepth: 10)).document != nil)
    }

    @Test func rejectsNestingOverTheDepthLimit() throws {
        let limits = JSONParser.Limits(maxBytes: 1000, maxDepth: 3)
        #expect(parseJSON("[[[1]]]", limits: limits).document != nil)
        let error = try #require(jsonError(parseJSON(#"{"a": {"b": {"c": {}}}}"#, limits: limits)))
        #expect(error.code == "json.too-deep")
        #expect(error.position == SourcePosition(line: 1, column: 19))
        #expect(error.pointer == "/a/b/c")
        #expect(error.message.contains("3"))
    }

    @Test func defaultLimits() {
        #expect(JSONParser.Limits.default.maxBytes == 268_435_456)
        #expect(JSONParser.Limits.default.maxDepth == 512)
    }
}

/// `0xC0`, as the parser's messages show bytes.
private func hexByte(_ byte: UInt8) -> String {
    let hex = String(byte, radix: 16, uppercase: true)
    return "0x" + (hex.count < 2 ? "0" : "") + hex
}
