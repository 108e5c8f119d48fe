import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// Diagnostics handed over one at a time (what `validate` prints as it goes) are those returned
/// all together, in the same order.
@Suite("Diagnostics one at a time")
struct StreamedDiagnosticsTests {

    @Test(arguments: [
        // Problems in several arrays and objects, reported out of source order by the reader.
        #"{"questions": [{"answer-type": "nope"}, {"question": 1, "x": 2}, 7], "Questions": [], "y": {"z": 1}}"#,
        // Syntax problems (a duplicate key, a trailing comma) are merged by position with the rest.
        #"{"Title": "t", "Title": "u", "questions": [{"answer-type": "nope",}]}"#,
        // Only syntax problems, in order: handed over as the parser made them.
        #"{"Title": "t", "Title": "u", "a": 1, "a": 2, "questions": [{"answer-type": "text", "question": "q"}]}"#,
        // Not JSON at all: only the parser's diagnostics.
        #"{"questions": [}"#,
    ])
    func streamedDiagnosticsAreTheReturnedOnes(text: String) throws {
        let reader = TemplateReader(registry: try SessionFixture.registry())
        let bytes = Array(text.utf8)
        var streamed: [Diagnostic] = []
        reader.diagnose(bytes) { streamed.append($0) }
        #expect(!streamed.isEmpty)
        #expect(streamed == reader.diagnose(bytes))
    }

    /// `validate`'s text prints no pointers and no fix-its and asks for none: the same diagnostics,
    /// pointers empty and no fixes.
    @Test(arguments: [
        #"{"questions": [{"answer-type": "nope"}, {"question": 1, "x": 2}, 7], "Questions": [], "y": {"z": 1}}"#,
        #"{"Title": "t", "Title": "u", "questions": [{"answer-type": "nope",}]}"#,
        #"{"Title": "t", "Title": "u", "questions": [{"answer-type": "true/false", "qestion": "q"}]}"#,
        #"{"Title": "t", "questions": [{"answer-type": "yes-no", "qestion": "q"}]}"#,
    ])
    func diagnosticsWithoutDetailDifferOnlyInTheirPointersAndFixes(text: String) throws {
        let reader = TemplateReader(registry: try SessionFixture.registry())
        let parsed = JSONParser.parseRecovering(Array(text.utf8))
        var withPointers: [Diagnostic] = []
        var without: [Diagnostic] = []
        reader.diagnose(parsed) { withPointers.append($0) }
        reader.diagnose(parsed, detail: []) { without.append($0) }
        #expect(withPointers.contains { !$0.pointer.isEmpty })
        let blanked = withPointers.map { diagnostic in
            var diagnostic = diagnostic
            // The parser's own diagnostics (a duplicate key) keep theirs; the template's have none.
            if !diagnostic.code.hasPrefix("json.") || parsed.isRecovered { diagnostic.pointer = "" }
            return diagnostic
        }
        #expect(without.map(\.pointer) == (parsed.isRecovered ? withPointers : blanked).map(\.pointer))
        // The misspelled key's rename is a fix-it that only the full detail makes.
        if text.contains("yes-no") { #expect(withPointers.contains { !$0.fixes.isEmpty }) }
        var expected = withPointers
        for index in expected.indices {
            expected[index].pointer = without[index].pointer
            // A text with syntax errors is read whole (rare), with every detail.
            if !parsed.isRecovered { expected[index].fixes = [] }
        }
        #expect(without == expected)
    }

    @Test func locatingHandsOverEveryProblemInSourceOrder() throws {
        let text = "[\n" + (0..<500).map { "[\($0), {\"k/\($0)\": \($0)}]" }.joined(separator: ",\n") + "\n]"
        let document = try #require(JSONParser.parse(Array(text.utf8)).document)
        var problems = ProblemCollector(document: document)
        // Reported last to first: keys, then values, then the inner arrays.
        for pair in document.root.elements.reversed() {
            let member = try #require(Array(pair.elements)[1].members.first)
            problems.report(.warning, "t.key", "key", at: member.value, atKey: true)
            problems.error("t.value", "value", at: Array(pair.elements)[0])
        }
        var pointers: [String] = []
        let steps = problems.locate { pointers.append($0.pointer) }
        #expect(pointers.count == 1_000)
        #expect(pointers.prefix(4) == ["/0/0", "/0/1/k~10", "/1/0", "/1/1/k~11"])
        #expect(pointers.last == "/499/1/k~1499")
        #expect(problems.diagnostics().map(\.pointer) == pointers)
        // One step up per problem and per container on the way, one per element walked over.
        #expect(steps <= 4 * 1_000)
    }
}
