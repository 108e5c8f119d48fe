import FormGenerators
import Testing

@testable import QuestionKit

/// `JSONWriter.fileBytesParsed` records the document of the text it writes: it must be the parse of
/// that text, entry for entry, with the parse's diagnostics, or be that parse.
@Suite("JSONWriter: the document recorded as written")
struct JSONWriterRecordingTests {
    /// What is wrong with `value`'s recorded document, against `JSONParser.parse` of the same text.
    static func differences(_ value: JSONWriter.Value, limits: JSONParser.Limits = .default) -> [String] {
        let (bytes, recorded) = JSONWriter.fileBytesParsed(of: value, limits: limits)
        let problems = bytes != JSONWriter.fileBytes(of: value) ? ["not the text fileBytes writes"] : []
        return problems + parseDifferences(bytes, recorded, JSONParser.parse(bytes, limits: limits))
    }

    /// What differs between `recorded`, the parse of `bytes` recorded as they were written, and `parsed`.
    static func parseDifferences(_ bytes: [UInt8], _ recorded: JSONParseResult, _ parsed: JSONParseResult) -> [String] {
        var problems: [String] = []
        if recorded.diagnostics != parsed.diagnostics {
            problems.append("diagnostics \(recorded.diagnostics) instead of \(parsed.diagnostics)")
        }
        guard let document = recorded.document, let expected = parsed.document else {
            if (recorded.document == nil) != (parsed.document == nil) { problems.append("a document on one side only") }
            return problems
        }
        if document.bytes != bytes { problems.append("the document's bytes are not the text") }
        return problems + entryDifferences(document, expected)
    }

    /// The entries of `document` that are not `expected`'s (a parse's).
    static func entryDifferences(_ document: JSONDocument, _ expected: JSONDocument) -> [String] {
        var problems: [String] = []
        if document.entries.count != expected.entries.count {
            return problems + ["\(document.entries.count) entries instead of \(expected.entries.count)"]
        }
        for index in 0..<expected.entries.count {
            let (mine, theirs) = (document.entries[index], expected.entries[index])
            let same =
                mine.start == theirs.start && mine.end == theirs.end && mine.parent == theirs.parent
                && mine.next == theirs.next && mine.kind == theirs.kind && mine.flags == theirs.flags
                && mine.shortCount == theirs.shortCount
                && document.entries.elementCount(at: index) == expected.entries.elementCount(at: index)
            if !same { problems.append("entry \(index): \(mine) instead of \(theirs)") }
        }
        return problems
    }

    @Test func recordsWhatTheParserReads() {
        let value: JSONWriter.Value = .object([
            ("Title", .string("Pump \"A\" check\n\t\u{1}é😀")),
            (
                "questions",
                .array([
                    .object([("question", .string("Any leaks?")), ("count", .integer(-12)), ("on", .bool(true))]),
                    .object([]), .array([]), .null, .number(2.5), .number(.infinity), .number(.nan), .number(-0.0),
                    .number(1e300), .number(.leastNonzeroMagnitude), .integer(Int.max), .bool(false),
                    .array([.array([.object([("a\"b", .string("")), ("", .string("\\")), ("a", .null)])])]),
                ])
            ),
            ("_fhir", .object([("x\u{7F}", .string("\u{2028}")), ("é", .integer(0)), ("e\u{301}", .integer(1))])),
        ])
        #expect(Self.differences(value) == [])
        for scalar: JSONWriter.Value in [.null, .bool(true), .integer(3), .number(.nan), .string("a\"")] {
            #expect(Self.differences(scalar) == [], "\(scalar)")
        }
    }

    /// More elements than an entry's count holds: the tape keeps the count.
    @Test func recordsLargeCounts() {
        let value: JSONWriter.Value = .object([("questions", .array(Array(repeating: .integer(1), count: 70_000)))])
        #expect(Self.differences(value) == [])
    }

    /// A repeated key is a warning and a flag on the object: the text is parsed, so both are the parser's.
    @Test func aRepeatedKeyIsParsed() {
        for value: JSONWriter.Value in [
            .object([("a", .integer(1)), ("b", .integer(2)), ("a", .integer(3))]),
            .array([.object([("k\n", .null), ("k\n", .null)])]),
            .object((0..<40).map { ("key\($0 % 39)", .integer($0)) }),
            // Keys longer than the writer's buffer holds at once: compared across what it has moved on.
            .object((0..<10).map { (String(repeating: "k", count: 300) + "\($0 % 9)", .integer($0)) }),
        ] {
            #expect(Self.differences(value) == [])
            let (_, recorded) = JSONWriter.fileBytesParsed(of: value, limits: .default)
            #expect(recorded.diagnostics.map(\.code) == ["json.duplicate-key"])
        }
    }

    /// Keys that share a length and their first and last bytes, but differ: no warning, nothing parsed.
    @Test func similarKeysAreNotRepeats() {
        let members: [(String, JSONWriter.Value)] = ["abc", "axc", "a\"c", "ab", "abc\n", "ABC"].map { ($0, .null) }
        #expect(Self.differences(.object(members)) == [])
        #expect(Self.differences(.object((0..<40).map { ("key\($0)", .integer($0)) })) == [])
        #expect(Self.differences(.object((0..<10).map { (String(repeating: "k", count: 300) + "\($0)", .null) })) == [])
    }

    /// Beyond the limits the parse's error, as `validate` reports it for the text.
    @Test func beyondTheLimitsIsTheParsersError() {
        var deep: JSONWriter.Value = .integer(1)
        for _ in 0..<10 { deep = .array([deep]) }
        let tooDeep = JSONWriter.fileBytesParsed(of: deep, limits: JSONParser.Limits(maxDepth: 5)).parsed
        #expect(tooDeep.document == nil)
        #expect(tooDeep.diagnostics.map(\.code) == ["json.too-deep"])
        #expect(Self.differences(deep, limits: JSONParser.Limits(maxDepth: 5)) == [])
        #expect(Self.differences(deep, limits: JSONParser.Limits(maxDepth: 11)) == [])
        let large: JSONWriter.Value = .array(Array(repeating: .string("words"), count: 100))
        #expect(Self.differences(large, limits: JSONParser.Limits(maxBytes: 200)) == [])
        #expect(JSONWriter.fileBytesParsed(of: large, limits: JSONParser.Limits(maxBytes: 200)).parsed.document == nil)
    }

    static let randomTexts = ["", "a", "ab", "q1", "\"", "a\nb", "\u{0}", "é", "😀", "\\u0041", "linkId", "text"]

    /// A random tree `depth` levels down: strings and keys with and without escapes, every kind (no containers
    /// past 4 levels).
    static func randomValue(depth: Int, _ generator: inout SplitMix64) -> JSONWriter.Value {
        let texts = randomTexts
        switch generator.next() % (depth > 4 ? 5 : 7) {
        case 0: return .null
        case 1: return .bool(generator.next() % 2 == 0)
        case 2: return .integer(Int(truncatingIfNeeded: generator.next()) >> 20)
        case 3: return .number(Double(Int(generator.next() % 2000) - 1000) / 8)
        case 4: return .string(texts[Int(generator.next() % UInt64(texts.count))])
        case 5: return .array((0..<Int(generator.next() % 5)).map { _ in randomValue(depth: depth + 1, &generator) })
        default:
            return .object(
                (0..<Int(generator.next() % 6)).map { _ in
                    (texts[Int(generator.next() % UInt64(texts.count))], randomValue(depth: depth + 1, &generator))
                })
        }
    }

    /// Random trees (seeded): strings and keys with and without escapes, every kind, every depth.
    @Test func recordsRandomValues() {
        var generator = SplitMix64(seed: 21)
        for round in 0..<300 {
            let tree = JSONWriter.Value.array((0..<3).map { _ in Self.randomValue(depth: 0, &generator) })
            let problems = Self.differences(tree)
            #expect(problems == [], "round \(round)")
        }
    }

    /// `value` written piece by piece (`JSONFileWriter`: containers opened and closed, keys, leaves), each subtree
    /// past `wholeFrom` levels given whole; what differs from the tree's text and parse (`fileBytesParsed`).
    static func streamedDifferences(
        _ value: JSONWriter.Value, wholeFrom: Int = .max, limits: JSONParser.Limits = .default
    ) -> [String] {
        var writer = JSONFileWriter(limits: limits)
        stream(value, depth: 0, wholeFrom: wholeFrom, to: &writer)
        let (bytes, streamed) = writer.finish()
        let (treeBytes, tree) = JSONWriter.fileBytesParsed(of: value, limits: limits)
        return (bytes != treeBytes ? ["not the tree's text"] : []) + parseDifferences(bytes, streamed, tree)
    }

    /// Writes `value` to `writer` piece by piece, subtrees `wholeFrom` levels down whole.
    static func stream(_ value: JSONWriter.Value, depth: Int, wholeFrom: Int, to writer: inout JSONFileWriter) {
        switch value {
        case .array(let elements) where depth < wholeFrom:
            writer.openArray()
            for element in elements { stream(element, depth: depth + 1, wholeFrom: wholeFrom, to: &writer) }
            writer.close()
        case .object(let members) where depth < wholeFrom:
            writer.openObject()
            for (key, member) in members {
                writer.key(key)
                stream(member, depth: depth + 1, wholeFrom: wholeFrom, to: &writer)
            }
            writer.close()
        default:
            writer.value(value)
        }
    }

    /// Written piece by piece, a tree is the same text with the same document as written whole: repeated keys, many
    /// keys, limits and random trees, with subtrees at every depth given whole.
    @Test func streamedIsTheTreesTextAndParse() {
        var deep: JSONWriter.Value = .integer(1)
        for _ in 0..<10 { deep = .array([deep, .object([("k", deep)])]) }
        let cases: [(JSONWriter.Value, JSONParser.Limits)] = [
            (.object([("a", .integer(1)), ("b", .integer(2)), ("a", .integer(3))]), .default),
            (.object([("abc", .null), ("axc", .null), ("a\"c", .null), ("abc", .null)]), .default),
            (.object((0..<17).map { ("key\($0)", .integer($0)) }), .default),
            (.object((0..<16).map { ("key\($0)", .integer($0)) }), .default),
            (.object((0..<10).map { (String(repeating: "k", count: 700) + "\($0 % 9)", .integer($0)) }), .default),
            (.array([.object([]), .array([]), .object([("", .array([.object([("x", .null)])]))])]), .default),
            (deep, JSONParser.Limits(maxDepth: 5)), (deep, .default),
            (.array(Array(repeating: .string("words"), count: 100)), JSONParser.Limits(maxBytes: 200)),
            (.string("a\""), .default),
        ]
        for (value, limits) in cases {
            for wholeFrom in [0, 1, 2, Int.max] {
                #expect(Self.streamedDifferences(value, wholeFrom: wholeFrom, limits: limits) == [], "\(value)")
            }
        }
        var generator = SplitMix64(seed: 37)
        let keys = ["", "a", "\"", "linkId"]
        for round in 0..<200 {
            let tree = JSONWriter.Value.object(
                (0..<4).map { _ in (keys[round % keys.count], Self.randomValue(depth: 0, &generator)) })
            #expect(Self.streamedDifferences(tree, wholeFrom: round % 4) == [], "round \(round)")
        }
    }

    /// The stream writer keeps the keys it has written, to copy them when they come again: keys written over and over in
    /// many objects (literals and strings made at run time, escaped, empty, too long to keep, more than it keeps, some
    /// sharing their filter bits), repeated inside an object after being kept, are the tree's text and parse.
    @Test func keysWrittenAgainAreTheTreesTextAndParse() {
        let made = (0..<150).map { "key \($0)" + ($0 % 3 == 0 ? String(repeating: "x", count: 20) : "") }
        let keys =
            [
                "answer-type", "question", "linkId", "", "a\"b", "tab\there", "é", "abc", "axc",
                String(repeating: "k", count: 40),
            ]
            + made
        var generator = SplitMix64(seed: 38)
        var questions: [JSONWriter.Value] = []
        for round in 0..<400 {
            // Mostly the same few keys, as a converter writes them; now and then others, and a key twice.
            let count = Int(generator.next() % 9)
            var members: [(String, JSONWriter.Value)] = (0..<count).map { position in
                let key = generator.next() % 4 == 0 ? keys[Int(generator.next() % UInt64(keys.count))] : keys[position]
                return (key, .string("v\(round)"))
            }
            if round % 17 == 0, let first = members.first { members.append((first.0, .integer(round))) }
            questions.append(.object(members + [("nested", .object(members))]))
        }
        let tree = JSONWriter.Value.object([("Title", .string("t")), ("questions", .array(questions))])
        for wholeFrom in [1, 2, 3, 4, Int.max] {
            #expect(Self.streamedDifferences(tree, wholeFrom: wholeFrom) == [], "whole from \(wholeFrom)")
        }
    }

    /// A text written piece by piece (`JSONRecordedText`, as the XLSForm reader writes its sheets, one line a
    /// cell): its document is the parse's, entry for entry, with escapes, empty containers and large counts.
    @Test func recordedTextIsWhatTheParserReads() {
        var text = JSONRecordedText()
        text.open(.object)
        text.append(UInt8(ascii: "\n"))
        text.key("survey")
        text.append(UInt8(ascii: ":"))
        text.open(.array)
        // A key made once and written for many members, as a sheet's column is, and one that is first.
        let (labelKey, typeKey) = (text.memberKey("la\"bel"), text.memberKey("type"))
        for row in 0..<70_000 {
            if row > 0 { text.append(UInt8(ascii: ",")) }
            text.append(UInt8(ascii: "\n"))
            text.open(.object)
            if row % 3 == 0 {
                text.member(first: true, key: "type", value: "text")
            } else if row % 3 == 1 {
                text.member(first: true, key: typeKey, value: row % 2 == 0 ? "text" : "a\nb é")
            } else {
                text.key("type")
                text.append(UInt8(ascii: ":"))
                text.string(row % 2 == 0 ? "text" : "a\nb é")
            }
            // A member on lines of its own, as a sheet's cell is written, its key escaped.
            text.member(first: false, key: labelKey, value: row % 5 == 0 ? "Q\\\(row)" : "Q\(row)")
            if row % 7 == 0 { text.member(first: false, key: "(column C)", value: "") }
            text.close()
        }
        text.close()
        text.append(UInt8(ascii: ","))
        text.key("(column B)\t")
        text.append(UInt8(ascii: ":"))
        text.open(.object)
        text.close()
        text.append(UInt8(ascii: "\n"))
        text.close()
        let parsed = JSONParser.parse(text.bytes)
        #expect(parsed.diagnostics.isEmpty)
        guard let document = text.document(), let expected = parsed.document else {
            Issue.record("no document")
            return
        }
        #expect(document.bytes == text.bytes)
        #expect(Self.entryDifferences(document, expected) == [])
        var small = JSONRecordedText()
        small.open(.array)
        small.string(String(repeating: "x", count: 200))
        small.close()
        #expect(small.document(limits: JSONParser.Limits(maxBytes: 100)) == nil)
    }
}
