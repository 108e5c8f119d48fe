import Testing

@testable import QuestionKit

/// Locating diagnostics costs one walk per array and one scan of the source, whatever the number
/// of problems (issue 10): counted in tape steps, never timed.
@Suite("Locating many problems")
struct LinearLocatingTests {
    /// `{"list": [0, 1, …]}` with `count` elements, one per line.
    private func list(_ count: Int) throws -> JSONDocument {
        let text = "{\"list\": [\n" + (0..<count).map(String.init).joined(separator: ",\n") + "\n]}"
        return try #require(JSONParser.parse(Array(text.utf8)).document)
    }

    @Test func aProblemOnEveryElementWalksTheArrayOnce() throws {
        for count in [1_000, 10_000] {
            let document = try list(count)
            let elements = Array(try #require(document.root["list"]).elements)
            var problems = ProblemCollector(document: document)
            // Reported last to first, so that sorting into source order is also exercised.
            for element in elements.reversed() { problems.error("t.bad", "bad", at: element) }
            let located = problems.located()
            #expect(located.diagnostics.count == count)
            #expect(located.diagnostics.first?.pointer == "/list/0")
            #expect(located.diagnostics.last?.pointer == "/list/\(count - 1)")
            #expect(located.diagnostics.last?.position == SourcePosition(line: count + 1, column: 1))
            // One step per element up to its array, one per element walked over, one to the root.
            #expect(located.stepsWalked <= 2 * count + 1)
        }
    }

    @Test func problemsInTheLastElementsOfALongArrayCostOneWalk() throws {
        let document = try list(20_000)
        let elements = Array(try #require(document.root["list"]).elements)
        var problems = ProblemCollector(document: document)
        for element in elements.suffix(1_000) { problems.warning("t.late", "late", at: element) }
        let located = problems.located()
        #expect(located.diagnostics.map(\.pointer) == (19_000..<20_000).map { "/list/\($0)" })
        #expect(located.stepsWalked <= 20_000 + 1_000 + 1)
    }

    @Test func batchPointersAgreeWithSinglePointersForEveryNode() throws {
        let text = #"{"a/b": [10, {"c~d": [true, "x", {"": [[], {"k": null}]}]}], "e": {"f": [1, [2, 3]]}}"#
        let document = try #require(JSONParser.parse(Array(text.utf8)).document)
        let indices = Array(0..<document.entryCount)
        var resolver = JSONPointer.Resolver(document: document)
        let together = resolver.pointers(of: indices.reversed())
        let alone = indices.reversed().map { JSONNode(document: document, index: $0).pointer }
        #expect(together == alone)
        #expect(together.contains("/a~1b/1/c~0d/2//1/k"))
        #expect(together.contains("/e/f/1/1"))
    }

    @Test(arguments: [
        "{\n  \"a\": 1,\r\n  \"b\": [\"é\", \"😀\"]\r}\r", "\u{FEFF}{\"温度\": 21,\n\"x\": \"\u{301}y\"}", "[\n\n\r\r\n1]",
        "",
    ])
    func positionsInOneScanMatchTheLocator(text: String) {
        let bytes = Array(text.utf8)
        let locator = SourceLocator(bytes: bytes)
        let offsets = Array(-1...(bytes.count + 1))
        let expected = offsets.map { locator.position(ofByteOffset: $0) }
        #expect(SourceLocator.positions(ofSortedByteOffsets: offsets, in: bytes) == expected)
        #expect(offsets.map { locator.line(ofByteOffset: $0) } == expected.map(\.line))
    }

    @Test func countsErrorsAsTheyAreReported() throws {
        let document = try list(3)
        var problems = ProblemCollector(document: document)
        problems.warning("t.w", "w", at: document.root)
        #expect(problems.errorCount == 0 && !problems.hasErrors)
        problems.error("t.e", "e", at: document.root)
        problems.error("t.e", "e", at: document.root)
        #expect(problems.errorCount == 2 && problems.hasErrors)
        var other = ProblemCollector(document: document)
        other.error("t.e", "e", at: document.root)
        problems.append(contentsOf: other)
        #expect(problems.errorCount == 3)
    }

    /// Duplicate keys are located when asked for, all by one ordered walk of the tape and one scan
    /// of the source: the work counted (key comparisons while parsing, tape steps and bytes scanned
    /// while locating) for n and 10n keys, against the 12 times a linear cost allows (a walk or
    /// scan per warning makes it a hundred).
    @Test func duplicateKeyWarningsCostTheSameAtAnyPosition() throws {
        func object(_ count: Int) -> [UInt8] {
            Array(("{\"outer\": {\n" + Array(repeating: "\"k\": 1", count: count).joined(separator: ",\n") + "}}").utf8)
        }
        func work(_ bytes: [UInt8]) -> Int {
            let parsed = JSONParser.parse(bytes)
            var diagnostics = parsed.makeDiagnostics()
            while diagnostics.next() != nil {}
            return parsed.work.keyComparisons + diagnostics.locatingWork
        }
        let small = object(2_000)
        let large = object(20_000)
        let warnings = JSONParser.parse(large).diagnostics
        #expect(warnings.count == 19_999)
        #expect(warnings.last?.pointer == "/outer/k")
        #expect(warnings.last?.message.hasSuffix("it first appears on line 2") == true)
        let smallWork = work(small)
        let largeWork = work(large)
        #expect(smallWork > 0)
        #expect(largeWork <= 12 * smallWork, "\(smallWork) for 2,000 keys, \(largeWork) for 20,000")
    }
}
