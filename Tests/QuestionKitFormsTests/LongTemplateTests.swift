import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// A template with `count` questions, one per line: question `i` (0-based) is on line `i + 4`, at
/// column 5. Problems are planted first, on both sides of the middle (where the reader splits the
/// list when it uses two threads), and last. Above `questionsPerThread` questions the reader uses
/// one thread per 2,000 questions, up to the number of cores, so 20,011 questions use every core
/// of a machine with up to ten.
private struct LongTemplate {
    let count: Int
    let text: String

    var middle: Int { count / 2 }

    /// Planted questions by 0-based index; every other question is a clean yes-no question.
    static func planted(count: Int) -> [Int: String] {
        let middle = count / 2
        return [
            0: #"{"answer-type": "yes-no", "question": "Q0", "strcit": true}"#,
            1234: "7",
            middle - 1: #"{"answer-type": "yes-no"}"#,
            middle: #"{"answer-type": "maybe", "question": "Q"}"#,
            middle + 1: #"{"qid": "2", "question": "Q\#(middle + 1)"}"#,
            count - 1: #"{"answer-type": "yes-no", "question": "Q\#(count - 1)", "strict": "yes"}"#,
        ]
    }

    init(count: Int) {
        self.count = count
        var lines = ["{", #"  "Title": "Long","#, #"  "questions": ["#]
        lines.reserveCapacity(count + 5)
        let planted = Self.planted(count: count)
        for index in 0..<count {
            let question = planted[index] ?? #"{"answer-type": "yes-no", "question": "Q\#(index)"}"#
            lines.append("    " + question + (index < count - 1 ? "," : ""))
        }
        lines += ["  ]", "}"]
        text = lines.joined(separator: "\n")
    }

    /// What must be reported, in source order.
    var expected: [Seen] {
        let planted = [
            Seen(.error, "question.unknown-key", "/questions/0/strcit", 4, 49),
            Seen(.error, "question.not-an-object", "/questions/1234", 1238, 5),
            Seen(.error, "question.missing-text", "/questions/\(middle - 1)", middle + 3, 5),
            Seen(.error, "question.unknown-type", "/questions/\(middle)/answer-type", middle + 4, 21),
            Seen(.warning, "question.answer-type-inferred", "/questions/\(middle + 1)", middle + 5, 5),
            Seen(
                .error, "yes-no.strict-not-boolean", "/questions/\(count - 1)/strict", count + 3,
                58 + digits(count - 1)),
        ]
        return planted.sorted { $0.line < $1.line }
    }

    /// The numbers of the questions that are read: all but the non-object and the unknown type.
    var expectedNumbers: [Int] {
        (1...count).filter { $0 != 1235 && $0 != middle + 1 }
    }

    private func digits(_ number: Int) -> Int { String(number).count }
}

@Suite("Template reader: long question lists")
struct LongTemplateTests {
    @Test func threadThresholdIsTheOneTheseListsStraddle() {
        #expect(TemplateReader.questionsPerThread == 2_000)
    }

    @Test(arguments: [1_999, 4_000, 5_001, 20_011])
    func questionsComeInOrderWithTheirNumbersAndProblems(count: Int) throws {
        let long = LongTemplate(count: count)
        let result = try Fixture.read(long.text)
        #expect(result.diagnostics.seen == long.expected)
        let template = try #require(result.template)
        #expect(template.questions.map(\.number) == long.expectedNumbers)
        // A pointer costs a walk of the list, so check a sample: every 97th and those around the middle.
        let sample = template.questions.enumerated().filter { entry in
            entry.offset % 97 == 0 || abs(entry.element.number - long.middle) < 3
        }
        let pointersMatch = sample.allSatisfy { $0.element.node.pointer == "/questions/\($0.element.number - 1)" }
        #expect(pointersMatch)
        let nodesInOrder = zip(template.questions, template.questions.dropFirst()).allSatisfy {
            $0.node.index < $1.node.index
        }
        #expect(nodesInOrder)
        let textsMatch = template.questions.allSatisfy { question in
            question.number == long.middle ? question.text.isEmpty : question.text == "Q\(question.number - 1)"
        }
        #expect(textsMatch)
        let message = { (code: String) in result.diagnostics.first { $0.code == code }?.message }
        #expect(message("question.not-an-object") == "question 1235 must be an object, not a number")
        #expect(message("question.missing-text") == "question \(long.middle) has no 'question'")
        #expect(
            message("question.answer-type-inferred")
                == "question \(long.middle + 2) has no 'answer-type'; qid '2' makes it 'yes-no'")
    }

    @Test(arguments: [1_999, 4_000, 5_001, 20_011])
    func diagnosticsEqualThoseOfReadingTheQuestionsOneByOne(count: Int) throws {
        let long = LongTemplate(count: count)
        let bytes = Array(long.text.utf8)
        let registry = try Fixture.registry()

        // The reference: one reader, one collector, every question in turn on this thread.
        let document = try #require(JSONParser.parse(bytes).document)
        let list = try #require(document.root["questions"])
        var problems = ProblemCollector(document: document)
        let reader = QuestionReader(registry: registry, keys: .mi)
        var numbers: [Int] = []
        for (offset, node) in list.elements.enumerated() {
            let question = reader.read(QuestionJSON(node: node, keys: .mi, number: offset + 1), problems: &problems)
            if let question { numbers.append(question.number) }
        }
        let reference = problems.diagnostics()
        #expect(reference.seen == long.expected)

        let templateReader = TemplateReader(registry: registry)
        let result = templateReader.read(bytes)
        #expect(result.diagnostics == reference)
        #expect(result.template?.questions.map(\.number) == numbers)
        #expect(templateReader.diagnose(bytes) == reference)
    }
}
