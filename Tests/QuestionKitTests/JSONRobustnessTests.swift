import FormGenerators
import Testing

@testable import QuestionKit

@Suite("JSON parser: hostile input")
struct JSONRobustnessTests {
    static let sample = """
        {
          "Title": "Pump — température 温度 😀",
          "questions": [
            {"answer-type": "multiple-choice", "answers": ["a", "b\\n\\u00e9\\ud83d\\ude00", ""], "max-answers": 2},
            {"answer-type": "short-answer", "acceptedAnswer": {"from": -5.5e0, "to": 10}, "numberInput": true},
            {"flags": [null, false, 0, [], {}]}
          ]
        }
        """

    @Test func deepNestingGivesAnErrorNotACrash() throws {
        let bytes = [UInt8](repeating: UInt8(ascii: "["), count: 100_000)
        let result = JSONParser.parse(bytes)
        let error = try #require(jsonError(result))
        #expect(error.code == "json.too-deep")
        #expect(error.position == SourcePosition(line: 1, column: 513))
        #expect(result.diagnostics.count == 1)

        let objects = String(repeating: #"{"a":"#, count: 100_000)
        #expect(jsonError(parseJSON(objects))?.code == "json.too-deep")
    }

    @Test func deepNestingWithinARaisedLimitParses() throws {
        let depth = 100_000
        let bytes =
            [UInt8](repeating: UInt8(ascii: "["), count: depth)
            + [UInt8](repeating: UInt8(ascii: "]"), count: depth)
        let result = JSONParser.parse(bytes, limits: .init(maxBytes: 1 << 20, maxDepth: depth))
        let document = try #require(result.document)
        #expect(document.entryCount == depth)
        let innermost = JSONNode(document: document, index: depth - 1)
        #expect(innermost.pointer.count == 2 * (depth - 1))
        let unclosed = JSONParser.parse(Array(bytes.prefix(depth)), limits: .init(maxBytes: 1 << 20, maxDepth: depth))
        #expect(jsonError(unclosed)?.code == "json.unexpected-end")
    }

    @Test func everyTruncationGivesOneError() {
        let bytes = Array(Self.sample.utf8)
        #expect(JSONParser.parse(bytes).diagnostics.isEmpty)
        var failures = [String]()
        for length in 0..<bytes.count {
            let prefix = Array(bytes.prefix(length))
            let result = JSONParser.parse(prefix)
            if result.document != nil { failures.append("prefix \(length) parsed") }
            let problems = resultProblems(result, input: prefix)
            if !problems.isEmpty { failures.append("prefix \(length): \(problems)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func randomJunkNeverCrashes() {
        var generator = SplitMix64(seed: 0x5EED)
        let alphabet =
            Array(#"{}[]:,"\ -+.0123456789eEtrufalsn/*'u"#.utf8) + [0x0A, 0x0D, 0x09, 0xC3, 0xA9, 0xED, 0xF0]
        var failures = [String]()
        for round in 0..<4000 {
            let length = Int.random(in: 0...48, using: &generator)
            let bytes: [UInt8] = (0..<length).map { _ in
                Bool.random(using: &generator)
                    ? alphabet.randomElement(using: &generator) ?? 0 : UInt8.random(in: 0...255, using: &generator)
            }
            let result = JSONParser.parse(bytes)
            let problems = resultProblems(result, input: bytes)
            if !problems.isEmpty { failures.append("round \(round) \(bytes): \(problems)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test func mutationsOfAValidDocumentNeverCrash() {
        var generator = SplitMix64(seed: 42)
        let original = Array(Self.sample.utf8)
        let replacements = Array(#"{}[]:,"\ 0-.e/'x"#.utf8) + [0x00, 0x0A, 0x80, 0xC0, 0xED, 0xFF]
        var failures = [String]()
        var documents = 0
        for round in 0..<3000 {
            var bytes = original
            for _ in 0...Int.random(in: 0...2, using: &generator) {
                let index = Int.random(in: 0..<bytes.count, using: &generator)
                switch Int.random(in: 0..<3, using: &generator) {
                case 0: bytes[index] = replacements.randomElement(using: &generator) ?? 0
                case 1: bytes.remove(at: index)
                default: bytes.insert(replacements.randomElement(using: &generator) ?? 0, at: index)
                }
            }
            let result = JSONParser.parse(bytes)
            if result.document != nil { documents += 1 }
            let problems = resultProblems(result, input: bytes)
            if !problems.isEmpty { failures.append("round \(round): \(problems)") }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
        #expect(documents > 0)
    }

    @Test func everyErrorHasAPointerThatExistsInTheValidDocument() throws {
        // Replacing a scalar with junk must give an error whose pointer names a real value of the
        // original document (or a member about to be read).
        let document = try #require(parseJSON(Self.sample).document)
        let pointers = Set(allNodes(document).map(\.pointer))
        for node in allNodes(document) where node.kind == .number || node.kind == .boolean || node.kind == .null {
            var bytes = document.bytes
            bytes.replaceSubrange(node.byteRange, with: Array("tru".utf8))
            let error = try #require(jsonError(JSONParser.parse(bytes)))
            #expect(error.pointer == node.pointer)
            #expect(pointers.contains(error.pointer))
        }
    }

    private func allNodes(_ document: JSONDocument) -> [JSONNode] {
        (0..<document.entryCount).map { JSONNode(document: document, index: $0) }.filter { !$0.isKey }
    }
}
