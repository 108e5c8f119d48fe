import FormGenerators
import Foundation
import QuestionKit
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitForms

/// Issue 20, item 1: every problem of a template's logic is reported at its condition's line with
/// its code (one template per problem in `Tests/Templates/logic-invalid/`), the bundled logic
/// template validates clean, and the checks stay linear.
@Suite("Logic checks")
struct LogicCheckTests {
    static let folder = packageRoot + "/Tests/Templates/logic-invalid/"
    static func reader() throws -> TemplateReader {
        TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
    }

    /// A planted problem: its file, and the diagnostics it must produce ("line:column severity code").
    struct Planted: Sendable, CustomTestStringConvertible {
        var file: String
        var expected: [String]
        var testDescription: String { file }
    }

    static let planted: [Planted] = [
        Planted(file: "unknown-reference", expected: ["5:111 error logic.unknown-reference"]),
        Planted(file: "self-reference", expected: ["4:133 error logic.self-reference"]),
        Planted(
            file: "cycle", expected: ["4:133 warning logic.forward-reference", "5:129 error logic.cycle"]),
        Planted(file: "unsupported-operator", expected: ["5:131 error logic.unsupported-operator"]),
        Planted(file: "table-operator", expected: ["5:116 error logic.unsupported-operator"]),
        Planted(file: "operand-wrong-kind", expected: ["5:146 error true-false.condition-operand-not-boolean"]),
        Planted(file: "unknown-option", expected: ["5:133 error multiple-choice.condition-unknown-option"]),
        Planted(file: "contradiction-options", expected: ["5:137 error logic.contradiction"]),
        Planted(file: "contradiction-range", expected: ["5:124 error logic.contradiction"]),
        Planted(file: "contradiction-exists", expected: ["5:132 error logic.contradiction"]),
        Planted(
            file: "never-asked", expected: ["5:141 error logic.contradiction", "6:80 error logic.never-asked"]),
        Planted(file: "forward-reference", expected: ["4:111 warning logic.forward-reference"]),
        Planted(file: "duplicate-link-id", expected: ["5:16 error logic.duplicate-link-id"]),
        Planted(file: "unknown-enable-behavior", expected: ["5:172 error logic.unknown-enable-behavior"]),
        Planted(file: "empty-enable-when", expected: ["5:97 error logic.empty-enable-when"]),
        Planted(file: "unknown-operator", expected: ["5:131 error logic.unknown-operator"]),
        Planted(file: "exists-operand-not-boolean", expected: ["5:151 error logic.exists-operand-not-boolean"]),
    ]

    static func diagnose(_ text: String) throws -> TemplateReader.Result {
        try reader().diagnoseCountingSteps(Array(text.utf8))
    }

    static func located(_ diagnostics: [Diagnostic]) -> [String] {
        diagnostics.map { "\($0.line):\($0.column) \($0.severity) \($0.code)" }
    }

    @Test(arguments: planted)
    func eachProblemIsReportedAtItsConditionWithItsCode(_ planted: Planted) throws {
        let text = try String(contentsOfFile: Self.folder + planted.file + ".json", encoding: .utf8)
        #expect(Self.located(try Self.diagnose(text).diagnostics) == planted.expected)
    }

    @Test func everyFileOfTheFolderIsPlanted() throws {
        let files = try FileManager.default.contentsOfDirectory(atPath: Self.folder).filter { $0.hasSuffix(".json") }
        #expect(Set(files) == Set(Self.planted.map { $0.file + ".json" }))
    }

    @Test func aMisspeltReferenceIsFixedToTheOneCloseName() throws {
        let text = try String(contentsOfFile: Self.folder + "unknown-reference.json", encoding: .utf8)
        let diagnostic = try #require(try Self.diagnose(text).diagnostics.first)
        #expect(diagnostic.hint == "Did you mean 'leak'?")
        let fix = try #require(diagnostic.fixes.first)
        #expect(fix.isSafe)
        #expect(fix.title == "Write 'leak'")
    }

    @Test func aMisspeltOptionIsFixedUnaskedOnlyWhenOneEditAway() throws {
        func fix(_ operand: String) throws -> FixIt? {
            let text = try String(contentsOfFile: Self.folder + "unknown-option.json", encoding: .utf8)
                .replacingOccurrences(of: #""Gasket""#, with: "\"\(operand)\"")
            let diagnostic = try #require(try Self.diagnose(text).diagnostics.first)
            #expect(diagnostic.code == "multiple-choice.condition-unknown-option")
            return diagnostic.fixes.first
        }
        #expect(try fix("Hosse")?.isSafe == true)
        #expect(try fix("Fiting")?.isSafe == true)
        #expect(try fix("Sea")?.title == "Write 'Seal'")
        #expect(try fix("Gasket") == nil)
    }

    @Test func theCycleIsReportedOnceWithItsWholePath() throws {
        let text = try String(contentsOfFile: Self.folder + "cycle.json", encoding: .utf8)
        let cycles = try Self.diagnose(text).diagnostics.filter { $0.code == LogicCode.cycle.rawValue }
        #expect(cycles.map(\.message) == ["the conditions go round in a circle: 'leak' → 'rate' → 'leak'"])
    }

    @Test func theBundledLogicTemplateValidatesClean() throws {
        let bytes = try Array(Data(contentsOf: URL(fileURLWithPath: packageRoot + "/Templates/leak-check.json")))
        #expect(try Self.reader().diagnose(bytes).isEmpty)
        let read = try Self.reader().read(bytes)
        #expect(read.isUsable)
        #expect(read.template?.questions.count == 8)
    }

    @Test func conditionsUnderAnyMayDisagree() throws {
        let text = LogicTemplateGenerator.conditionsOnOneQuestion(3)
            .replacingOccurrences(of: #""!=", "answer": -3"#, with: #""<", "answer": -3"#)
        #expect(Self.located(try Self.diagnose(text).diagnostics) == ["8:9 error logic.contradiction"])
        let any = text.replacingOccurrences(of: #""enableWhen""#, with: #""enableBehavior": "any", "enableWhen""#)
        #expect(try Self.diagnose(any).diagnostics.isEmpty)
    }

    @Test func aChainOfAHundredThousandQuestionsIsCheckedWithoutRecursion() throws {
        // A recursive walk would overflow the stack here; the iterative one walks each question once.
        let result = try Self.diagnose(LogicTemplateGenerator.chain(100_000))
        #expect(result.diagnostics.isEmpty)
        #expect(result.logicSteps > 0)
    }

    /// The work of the checks (conditions resolved, references walked) at n and 10n: linear grows tenfold.
    @Test(
        arguments: [
            ("chain", LogicTemplateGenerator.chain),
            ("conditions on one question", LogicTemplateGenerator.conditionsOnOneQuestion),
        ] as [(String, @Sendable (Int) -> String)])
    func theWorkGrowsLinearly(_ shape: (String, @Sendable (Int) -> String)) throws {
        let small = try Self.diagnose(shape.1(1_000))
        let large = try Self.diagnose(shape.1(10_000))
        #expect(small.diagnostics.isEmpty && large.diagnostics.isEmpty)
        #expect(small.logicSteps >= 1_000)
        #expect(large.logicSteps <= 11 * small.logicSteps, "\(shape.0): \(small.logicSteps) then \(large.logicSteps)")
    }

    @Test func aTemplateWithoutLogicDoesNoLogicWork() throws {
        #expect(try Self.diagnose(TemplateGenerator.template(questions: 1_000, padded: false)).logicSteps == 0)
    }
}
