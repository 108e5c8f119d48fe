import FormGenerators
import QuestionTypes
import Testing

@testable import QuestionKit
@testable import QuestionKitForms

/// Issue 10's hostile templates: every problem is still reported, and the work of locating them
/// grows with the input, not with its square. Each shape is read at n and 10n in one run and the
/// work (tape steps, counted) compared; a quadratic walk would grow a hundredfold.
@Suite("Hostile templates: every problem, linear work")
struct HostileValidationTests {
    /// A hostile shape: its generator, and the code and number of the problems it must produce.
    struct Shape: Sendable, CustomTestStringConvertible {
        var name: String
        var make: @Sendable (Int) -> String
        var code: String
        var problems: @Sendable (Int) -> Int
        var testDescription: String { name }
    }

    static let shapes: [Shape] = [
        // A quarter of them misspell 'question': the near miss and the missing text it causes.
        Shape(name: "questions in error", make: HostileTemplateGenerator.questionsInError, code: "") { $0 + $0 / 4 },
        Shape(
            name: "duplicate noCells", make: HostileTemplateGenerator.duplicateNoCells,
            code: "table-answer.duplicate-no-cell"
        ) { $0 - 1 },
        Shape(
            name: "duplicate options", make: HostileTemplateGenerator.duplicateOptions,
            code: "multiple-choice.duplicate-option"
        ) { $0 - 1 },
        Shape(name: "unknown keys", make: HostileTemplateGenerator.unknownKeys, code: "question.unknown-key") { $0 },
    ]

    private func diagnose(_ text: String) throws -> TemplateReader.Result {
        try TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all)).diagnoseCountingSteps(
            Array(text.utf8))
    }

    @Test(arguments: shapes)
    func everyProblemIsReportedWithLinearLocatingWork(shape: Shape) throws {
        var steps: [Int] = []
        for count in [1_000, 10_000] {
            let result = try diagnose(shape.make(count))
            let matching = result.diagnostics.filter {
                shape.code.isEmpty ? $0.severity == .error : $0.code == shape.code
            }
            #expect(matching.count == shape.problems(count), "\(shape.name), \(count)")
            #expect(matching.allSatisfy { $0.position != nil && $0.pointer.hasPrefix("/questions/") })
            steps.append(result.locatingSteps)
        }
        #expect(steps[0] > 0)
        #expect(steps[1] <= 12 * steps[0], "\(shape.name): \(steps[0]) steps for 1,000, \(steps[1]) for 10,000")
    }

    @Test func theLastOfTenThousandDuplicateOptionsIsLocatedExactly() throws {
        let result = try diagnose(HostileTemplateGenerator.duplicateOptions(10_000))
        let last = try #require(result.diagnostics.last { $0.code == "multiple-choice.duplicate-option" })
        #expect(last.pointer == "/questions/0/answers/9999")
        // The options start on line 8 of the generated template, one per line.
        #expect(last.position == SourcePosition(line: 8 + 9_999, column: 9))
    }

    @Test func duplicateKeysAreEachReportedAtTheirKey() throws {
        let result = try diagnose(HostileTemplateGenerator.duplicateKeys(10_000))
        let duplicates = result.diagnostics.filter { $0.code == "json.duplicate-key" }
        #expect(duplicates.count == 9_999)
        #expect(duplicates.allSatisfy { $0.pointer == "/questions/0/section" })
        #expect(duplicates.last?.position == SourcePosition(line: 7 + 9_999, column: 9))
    }

    @Test func aHugeUnknownKeyIsReportedOnceWithoutASuggestion() throws {
        let result = try diagnose(HostileTemplateGenerator.longKeyTemplate(length: 2_000_000))
        let unknown = try #require(result.diagnostics.first { $0.code == "template.unknown-key" })
        #expect(result.diagnostics.count == 1)
        #expect(unknown.position == SourcePosition(line: 3, column: 3))
        #expect(unknown.hint?.contains("Did you mean") == false)
    }

    @Test func aHugeUnknownNameInAKeyMapIsOneError() throws {
        let registry = try QuestionTypeRegistry(BuiltInQuestionTypes.all)
        let (_, diagnostics) = KeyMap.load(
            Array(HostileTemplateGenerator.longKeyMap(length: 2_000_000).utf8), knownKeys: registry.allKeys)
        #expect(diagnostics.map(\.code) == ["keys.unknown-name"])
        #expect(diagnostics.first?.hint?.hasPrefix("Known key names:") == true)
    }
}
