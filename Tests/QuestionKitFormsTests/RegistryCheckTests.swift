import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// A type whose description and examples are set per test, for the registry's self-checks.
struct DescribedTestQuestion: QuestionType {
    var description: QuestionTypeDescription

    init(
        identifier: String = "described", aliases: [String] = [], summary: String = "A described question (test type).",
        legacyTypeCode: String? = nil, infersTypeFromLegacyCode: Bool = false, keys: [Key] = [],
        schemaProperties: [KeySchema] = [],
        examples: [QuestionExample] = [.valid("Plain", #"{"answer-type": "described", "question": "Q?"}"#)]
    ) {
        description = QuestionTypeDescription(
            identifier: identifier, aliases: aliases, summary: summary,
            documentation: "A described question (test type).",
            legacyTypeCode: legacyTypeCode, infersTypeFromLegacyCode: infersTypeFromLegacyCode, keys: keys,
            schemaProperties: schemaProperties, codes: Code.allCases, examples: examples)
    }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool? { true }

    var answerKey: Key { .shortAnswer }
    func parseAnswer(_ value: JSONNode, for _: Bool, problems: inout ProblemCollector) -> String? { value.stringValue }
    func isAnswered(_ answer: String, for _: Bool) -> Bool { !answer.isEmpty }
    func encodeAnswer(_ answer: String, for _: Bool) -> JSONWriter.Value { .string(answer) }
    func render(_ answer: String?, of _: Bool) -> AnswerRendering { answer.map { .init([.value($0)]) } ?? .noAnswer }
}

extension DescribedTestQuestion {
    /// Codes its examples expect and it never reports.
    enum Code: String, DiagnosticCode, CaseIterable {
        case odd = "described.odd"
        case x = "described.x"
    }
}

@Suite("Registry self-checks")
struct RegistryCheckTests {
    @Test func aCodeWithoutItsTypesPrefixIsReported() {
        var type = DescribedTestQuestion()
        type.description.codes.append("describe.odd")
        #expect(
            QuestionTypeRegistry.selfCheck([type], runningExamples: false) == [
                "DescribedTestQuestion ('described'): code 'describe.odd' does not start with its prefix 'described.'"
            ])
    }

    // As true/false reports `true-false.…`: a slash is not part of a code.
    @Test func anIdentifierWithASlashPrefixesItsCodesWithADash() {
        let plain = QuestionExample.valid("Plain", #"{"answer-type": "yes/no", "question": "Q?"}"#)
        var type = DescribedTestQuestion(identifier: "yes/no", examples: [plain])
        type.description.codes = ["yes-no.fine"]
        #expect(type.description.codePrefix == "yes-no")
        #expect(QuestionTypeRegistry.selfCheck([type]) == [])
        type.description.codes = ["yes/no.slashed"]
        #expect(
            QuestionTypeRegistry.selfCheck([type]) == [
                "DescribedTestQuestion ('yes/no'): code 'yes/no.slashed' does not start with its prefix 'yes-no.'"
            ])
    }

    @Test func aCodeAnExampleExpectsMustBeDeclared() {
        let odd = QuestionExample.invalid(
            "Odd", #"{"answer-type": "described", "question": "Q?", "odd": 1}"#,
            .error(DescribedTestQuestion.Code.odd, at: "/odd"))
        var type = DescribedTestQuestion(examples: [odd, plain])
        type.description.codes = []
        #expect(
            QuestionTypeRegistry.selfCheck([type], runningExamples: false) == [
                "DescribedTestQuestion ('described'): its examples expect code 'described.odd', which its "
                    + "description's codes do not declare"
            ])
    }

    @Test func wellDescribedTypesPassTheSelfCheck() {
        #expect(QuestionTypeRegistry.selfCheck([YesNoTestQuestion(), ScoreTestQuestion()]) == [])
    }

    // QuestionKitTesting reads the examples itself, one located failure each.
    @Test func withoutRunningExamplesAFailingExampleIsLeftToTheCaller() {
        let wrong = QuestionExample.invalid(
            "Never rejected", #"{"answer-type": "described", "question": "Q?"}"#,
            .error(DescribedTestQuestion.Code.x, at: ""))
        let type = DescribedTestQuestion(examples: [DescribedTestQuestion().description.examples[0], wrong])
        #expect(QuestionTypeRegistry.selfCheck([type], runningExamples: false) == [])
        #expect(QuestionTypeRegistry.selfCheck([type]).count == 1)
        #expect(
            QuestionTypeRegistry.selfCheck([DescribedTestQuestion(examples: [])], runningExamples: false).count == 1)
    }

    @Test func aTypeWithoutExamplesIsReported() {
        let problems = QuestionTypeRegistry.selfCheck([DescribedTestQuestion(examples: [])])
        #expect(
            problems == [
                "DescribedTestQuestion ('described'): has no examples; give it at least one valid example question"
            ])
    }

    @Test func aTypeWithOnlyInvalidExamplesIsReported() {
        let invalid = QuestionExample.invalid(
            "No text", #"{"answer-type": "described"}"#, .error(QuestionCode.missingText, at: ""))
        let problems = QuestionTypeRegistry.selfCheck([DescribedTestQuestion(examples: [invalid])])
        #expect(
            problems == [
                "DescribedTestQuestion ('described'): has no valid example question; its documentation needs one"
            ])
    }

    @Test func anEmptySummaryIsReported() {
        let problems = QuestionTypeRegistry.selfCheck([DescribedTestQuestion(summary: "  ")])
        #expect(problems == ["DescribedTestQuestion ('described'): has an empty summary"])
    }

    @Test func everyDuplicateIdentifierAndAliasIsListed() {
        let types: [any QuestionType] = [
            YesNoTestQuestion(), DescribedTestQuestion(identifier: "yes-no", aliases: ["yn", "ok"]),
            DescribedTestQuestion(identifier: "other", aliases: ["ok"]),
        ]
        let problems = QuestionTypeRegistry.selfCheck(types)
        #expect(
            problems == [
                "DescribedTestQuestion ('yes-no'): 'yes-no' is already the identifier or alias of "
                    + "YesNoTestQuestion ('yes-no')",
                "DescribedTestQuestion ('yes-no'): 'yn' is already the identifier or alias of "
                    + "YesNoTestQuestion ('yes-no')",
                "DescribedTestQuestion ('other'): 'ok' is already the identifier or alias of "
                    + "DescribedTestQuestion ('yes-no')",
            ])
    }

    @Test func anEmptyAliasIsReported() {
        let problems = QuestionTypeRegistry.selfCheck([DescribedTestQuestion(aliases: [""])])
        #expect(problems == ["DescribedTestQuestion ('described'): has an empty identifier or alias"])
    }

    @Test func twoTypesInferringFromOneQidAreReported() {
        let types: [any QuestionType] = [
            YesNoTestQuestion(), DescribedTestQuestion(legacyTypeCode: "2", infersTypeFromLegacyCode: true),
        ]
        #expect(
            QuestionTypeRegistry.selfCheck(types) == [
                "DescribedTestQuestion: infers its type from qid '2', as YesNoTestQuestion already does"
            ])
    }

    @Test func aFailingExampleIsReportedWithWhatWentWrong() throws {
        let wrong = QuestionExample.invalid(
            "Expects a code it never gets", #"{"answer-type": "described", "question": "Q?", "odd": 1}"#,
            .error(DescribedTestQuestion.Code.odd, at: "/odd"))
        let problems = QuestionTypeRegistry.selfCheck([DescribedTestQuestion(examples: [wrong] + [plain])])
        #expect(problems.count == 1)
        let problem = try #require(problems.first)
        #expect(
            problem.hasPrefix(
                "DescribedTestQuestion ('described'): fails its example 'Expects a code it never gets' "
                    + "(\(wrong.source)):"))
        #expect(problem.contains("expected error described.odd at '/odd', not produced"))
        #expect(problem.contains("unexpected warning question.unknown-key at '/odd'"))
    }

    @Test func aFailingAnswerExampleIsReported() throws {
        let example = AnswerExample.valid(
            "Counts but is flagged?", question: #"{"answer-type": "yes-no", "question": "OK?"}"#, answer: "true",
            flags: [YesNoTestQuestion.Code.differs])
        let type = YesNoTestQuestion.withAnswerExamples([example])
        let problems = QuestionTypeRegistry.selfCheck([type])
        #expect(problems.count == 1)
        #expect(
            problems.first
                == "AnswerExamplesTestQuestion ('yes-no'): fails its answer example 'Counts but is flagged?' "
                + "(\(example.source)): flags [], expected [\"yes-no.differs\"]")
    }

    @Test func twoExamplesWithOneTitleAreReported() {
        let problems = QuestionTypeRegistry.selfCheck([DescribedTestQuestion(examples: [plain, plain])])
        #expect(problems == ["DescribedTestQuestion ('described'): two examples are titled 'Plain'"])
    }

    @Test func aSchemaForAKeyTheTypeDoesNotReadIsReported() {
        let stray = Key("stray", summary: "Read by no one.")
        let problems = QuestionTypeRegistry.selfCheck([
            DescribedTestQuestion(schemaProperties: [KeySchema(.acceptedAnswer), KeySchema(stray)])
        ])
        #expect(
            problems == [
                "DescribedTestQuestion ('described'): its schema describes key 'stray', which is neither one of its "
                    + "keys nor a key every question shares"
            ])
    }

    @Test func anEmptyKeySummaryIsReported() {
        let problems = QuestionTypeRegistry.selfCheck([DescribedTestQuestion(keys: [Key("bare", summary: "")])])
        #expect(problems == ["DescribedTestQuestion ('described'): key 'bare' has an empty summary"])
    }

    private var plain: QuestionExample { .valid("Plain", #"{"answer-type": "described", "question": "Q?"}"#) }
}

/// The yes-no test type with answer examples of a test's choosing.
struct AnswerExamplesTestQuestion: QuestionType {
    var base = YesNoTestQuestion()
    var identifier: String
    var answerExamples: [AnswerExample]
    var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: identifier, summary: base.description.summary, keys: base.description.keys,
            codes: YesNoTestQuestion.Code.allCases,
            examples: [.valid("Plain", #"{"answer-type": "yes-no", "question": "Valve closed?"}"#)],
            answerExamples: answerExamples)
    }
    var answerKey: Key { base.answerKey }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> YesNoTestQuestion.Definition? {
        base.parseDefinition(of: question, problems: &problems)
    }
    func parseAnswer(
        _ value: JSONNode, for definition: YesNoTestQuestion.Definition, problems: inout ProblemCollector
    ) -> Bool? {
        base.parseAnswer(value, for: definition, problems: &problems)
    }
    func isAnswered(_ answer: Bool, for definition: YesNoTestQuestion.Definition) -> Bool { true }
    func encodeAnswer(_ answer: Bool, for definition: YesNoTestQuestion.Definition) -> JSONWriter.Value {
        base.encodeAnswer(answer, for: definition)
    }
    func flags(for answer: Bool, of definition: YesNoTestQuestion.Definition) -> [Flag] {
        base.flags(for: answer, of: definition)
    }
    func render(_ answer: Bool?, of definition: YesNoTestQuestion.Definition) -> AnswerRendering {
        base.render(answer, of: definition)
    }
}

extension YesNoTestQuestion {
    static func withAnswerExamples(_ examples: [AnswerExample]) -> AnswerExamplesTestQuestion {
        AnswerExamplesTestQuestion(identifier: "yes-no", answerExamples: examples)
    }
}
