import QuestionKit
import QuestionKitForms
import Testing

// Small question types that exercise the core without the built-in plugins (this target depends
// on QuestionKit only). Top-level types, so that registration errors name them plainly.

/// `yes-no` (alias `yn`, legacy qid "2", inferred): reads an optional boolean `strict`, and an
/// `acceptedAnswer` (`"yes"`/`"no"` or a boolean) when it can; anything else there means "no check".
///
/// Answers (under `check-boxes`): a boolean, `"yes"`/`"no"` (any case unless strict), or an array
/// of one of those.
struct YesNoTestQuestion: QuestionType {
    static let strict = Key("strict", summary: "Whether only an exact yes or no counts.")

    struct Definition: Sendable, Equatable {
        var strict: Bool
        var accepted: Bool? = nil
    }

    var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "yes-no", aliases: ["yn"], summary: "A single yes or no (test type).", legacyTypeCode: "2",
            infersTypeFromLegacyCode: true, keys: [Self.strict], codes: Code.allCases, examples: Self.examples,
            answerExamples: Self.answerExamples)
    }

    static var examples: [QuestionExample] {
        [
            .valid("Plain", #"{"answer-type": "yes-no", "question": "Valve closed?"}"#),
            .valid("By alias, strict", #"{"answer-type": "yn", "question": "OK?", "strict": true}"#),
            .valid(
                "Type inferred from qid", #"{"qid": "2", "question": "OK?"}"#,
                warnings: [.warning(QuestionCode.answerTypeInferred, at: "")]),
            .invalid(
                "Strict must be a boolean", #"{"answer-type": "yes-no", "question": "OK?", "strict": "yes"}"#,
                .error(YesNoTestQuestion.Code.strictNotBoolean, at: "/strict")),
        ]
    }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition? {
        let accepted = question[.acceptedAnswer].flatMap { Self.choice($0, strict: false) }
        guard let node = question[Self.strict] else { return Definition(strict: false, accepted: accepted) }
        guard let flag = node.boolValue else {
            problems.error(
                YesNoTestQuestion.Code.strictNotBoolean,
                "'\(question.spelling(of: Self.strict))' must be true or false, not \(node.kind)", at: node)
            return Definition(strict: false, accepted: accepted)
        }
        return Definition(strict: flag, accepted: accepted)
    }

    // MARK: Answers

    var answerKey: Key { .checkBoxes }

    static var answerExamples: [AnswerExample] {
        [
            .valid("Yes", question: #"{"answer-type": "yes-no", "question": "OK?"}"#, answer: #"["Yes"]"#),
            .invalid(
                "Nothing chosen", question: #"{"answer-type": "yes-no", "question": "OK?"}"#, answer: "[]",
                .error(YesNoTestQuestion.Code.notOneChoice, at: "")),
            .valid(
                "Differs from the accepted answer",
                question: #"{"answer-type": "yes-no", "question": "OK?", "acceptedAnswer": "yes"}"#, answer: "false",
                flags: [YesNoTestQuestion.Code.differs]),
            .invalid(
                "Strict wants an exact yes", question: #"{"answer-type": "yes-no", "question": "OK?", "strict": true}"#,
                answer: #""YES""#, .error(YesNoTestQuestion.Code.notYesOrNo, at: "")),
        ]
    }

    /// A yes/no value: a boolean, or "yes"/"no" (exactly when strict, in any case otherwise).
    static func choice(_ node: JSONNode, strict: Bool) -> Bool? {
        if let flag = node.boolValue { return flag }
        guard let text = node.stringValue.map({ strict ? $0 : $0.lowercased() }) else { return nil }
        return ["yes": true, "no": false][text]
    }

    func parseAnswer(_ value: JSONNode, for definition: Definition, problems: inout ProblemCollector) -> Bool? {
        var node = value
        if value.kind == .array {
            guard value.count == 1, let first = value.elements.first else {
                problems.error(
                    YesNoTestQuestion.Code.notOneChoice, "choose one of yes or no, not \(value.count) values", at: value
                )
                return nil
            }
            node = first
        }
        guard let choice = Self.choice(node, strict: definition.strict) else {
            problems.error(
                YesNoTestQuestion.Code.notYesOrNo, "the answer must be yes or no, not \(node.quotedForMessage)",
                at: node)
            return nil
        }
        return choice
    }

    func isAnswered(_ answer: Bool, for _: Definition) -> Bool { true }

    func encodeAnswer(_ answer: Bool, for _: Definition) -> JSONWriter.Value {
        .array([.string(answer ? "yes" : "no")])
    }

    func flags(for answer: Bool, of definition: Definition) -> [Flag] {
        guard let accepted = definition.accepted, answer != accepted else { return [] }
        let message = "'\(answer ? "yes" : "no")' differs from the accepted '\(accepted ? "yes" : "no")'"
        return [Flag(code: YesNoTestQuestion.Code.differs, message: message)]
    }

    func render(_ answer: Bool?, of _: Definition) -> AnswerRendering {
        answer.map { AnswerRendering([.value($0 ? "Yes" : "No")]) } ?? .noAnswer
    }
}

/// `score` (legacy qid "5", not inferred): requires an integer `max-score`; unusable without one.
struct ScoreTestQuestion: QuestionType {
    static let maxScore = Key("maxScore", spelling: "max-score", summary: "The highest score.")

    var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "score", summary: "A score from 0 to max-score (test type).", legacyTypeCode: "5",
            keys: [Self.maxScore], codes: Code.allCases, examples: Self.examples, answerExamples: Self.answerExamples)
    }

    static var examples: [QuestionExample] {
        [
            .valid("Out of five", #"{"answer-type": "score", "question": "Rate it", "max-score": 5}"#),
            .invalid(
                "No max-score", #"{"answer-type": "score", "question": "Rate it"}"#,
                .error(ScoreTestQuestion.Code.missingMaxScore, at: "")),
        ]
    }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Int? {
        guard let node = question[Self.maxScore] else {
            problems.error(
                ScoreTestQuestion.Code.missingMaxScore, "a score question needs 'max-score'", at: question.node)
            return nil
        }
        guard let value = node.integerValue else {
            problems.error(ScoreTestQuestion.Code.maxScoreNotInteger, "'max-score' must be a whole number", at: node)
            return nil
        }
        return value
    }

    // MARK: Answers (a whole number from 0 to max-score, under `short-answer`)

    var answerKey: Key { .shortAnswer }

    static var answerExamples: [AnswerExample] {
        let question = #"{"answer-type": "score", "question": "Rate it", "max-score": 5}"#
        return [
            .valid("Within the range", question: question, answer: "4"),
            .valid("As text", question: question, answer: #""0""#),
            .invalid(
                "Above the maximum", question: question, answer: "6", .error(ScoreTestQuestion.Code.outOfRange, at: "")),
            .invalid(
                "Not a number", question: question, answer: #""good""#,
                .error(ScoreTestQuestion.Code.notInteger, at: "")),
        ]
    }

    func parseAnswer(_ value: JSONNode, for maxScore: Int, problems: inout ProblemCollector) -> Int? {
        guard let score = value.integerValue else {
            problems.error(
                ScoreTestQuestion.Code.notInteger, "the score must be a whole number, not \(value.quotedForMessage)",
                at: value)
            return nil
        }
        guard (0...max(0, maxScore)).contains(score) else {
            problems.error(
                ScoreTestQuestion.Code.outOfRange, "the score \(score) is not between 0 and \(maxScore)", at: value)
            return nil
        }
        return score
    }

    func isAnswered(_ answer: Int, for _: Int) -> Bool { true }

    func encodeAnswer(_ answer: Int, for _: Int) -> JSONWriter.Value { .string(String(answer)) }

    func render(_ answer: Int?, of maxScore: Int) -> AnswerRendering {
        answer.map { AnswerRendering([.value("\($0) of \(maxScore)")]) } ?? .noAnswer
    }
}

/// `gives-up`: returns nil without reporting anything (a misbehaving plugin), for questions and answers.
struct GivesUpTestQuestion: QuestionType {
    var description: QuestionTypeDescription {
        QuestionTypeDescription(
            identifier: "gives-up", summary: "Never reads (test type).",
            examples: [
                .invalid(
                    "Always unreadable", #"{"answer-type": "gives-up", "question": "Q"}"#,
                    .error(QuestionCode.unreadable, at: ""))
            ])
    }
    var answerKey: Key { .shortAnswer }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool? { nil }
    func parseAnswer(_ value: JSONNode, for _: Bool, problems: inout ProblemCollector) -> Bool? { nil }
    func isAnswered(_ answer: Bool, for _: Bool) -> Bool { answer }
    func encodeAnswer(_ answer: Bool, for _: Bool) -> JSONWriter.Value { .bool(answer) }
    func render(_ answer: Bool?, of _: Bool) -> AnswerRendering { .noAnswer }
}

/// A type whose identifiers, legacy code and keys are set per test (for registry checks). Its
/// answers are text (under `short-answer`); blank text does not count as answered.
struct ConfigurableTestQuestion: QuestionType {
    var description: QuestionTypeDescription

    init(
        identifier: String, aliases: [String] = [], legacyTypeCode: String? = nil,
        infersTypeFromLegacyCode: Bool = false, keys: [Key] = []
    ) {
        description = QuestionTypeDescription(
            identifier: identifier, aliases: aliases, summary: "Configurable (test type).",
            legacyTypeCode: legacyTypeCode, infersTypeFromLegacyCode: infersTypeFromLegacyCode, keys: keys,
            examples: [])
    }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool? { true }

    var answerKey: Key { .shortAnswer }

    func parseAnswer(_ value: JSONNode, for _: Bool, problems: inout ProblemCollector) -> String? {
        guard let text = value.stringValue else {
            problems.error(
                ConfigurableTestQuestion.Code.notAString, "the answer must be a string, not \(value.quotedForMessage)",
                at: value)
            return nil
        }
        return text
    }

    func isAnswered(_ answer: String, for _: Bool) -> Bool {
        !answer.allSatisfy(\.isWhitespace)
    }

    func encodeAnswer(_ answer: String, for _: Bool) -> JSONWriter.Value { .string(answer) }

    func render(_ answer: String?, of _: Bool) -> AnswerRendering {
        answer.map { AnswerRendering([.value($0)]) } ?? .noAnswer
    }
}

/// Shared fixtures for the template tests.
enum Fixture {
    /// yes-no, score, gives-up, in that order.
    static func registry() throws -> QuestionTypeRegistry {
        try QuestionTypeRegistry([YesNoTestQuestion(), ScoreTestQuestion(), GivesUpTestQuestion()])
    }

    /// Reads `text` as a template with the test registry.
    static func read(_ text: String, keys: KeyMap = .mi) throws -> TemplateReader.Result {
        try TemplateReader(registry: registry(), keys: keys).read(Array(text.utf8))
    }

    /// A template titled "T" whose questions each start a line, at column 1: question `i` (0-based)
    /// is on line `i + 2`.
    static func template(_ questions: [String]) -> String {
        "{\"Title\": \"T\", \"questions\": [\n" + questions.joined(separator: ",\n") + "\n]}"
    }

    /// Reads a template holding `questions` (see `template(_:)`).
    static func readQuestions(_ questions: String...) throws -> TemplateReader.Result {
        try read(template(questions))
    }
}

/// The parts of a diagnostic a test compares at a glance (message and hint are checked separately).
struct Seen: Hashable, CustomStringConvertible {
    var severity: Severity
    var code: String
    var pointer: String
    var line: Int
    var column: Int

    init(_ severity: Severity, _ code: String, _ pointer: String, _ line: Int, _ column: Int) {
        self.severity = severity
        self.code = code
        self.pointer = pointer
        self.line = line
        self.column = column
    }

    init(_ diagnostic: Diagnostic) {
        self.init(diagnostic.severity, diagnostic.code, diagnostic.pointer, diagnostic.line, diagnostic.column)
    }

    var description: String { "\(severity) \(code) at '\(pointer)' \(line):\(column)" }
}

extension Array where Element == Diagnostic {
    /// Each diagnostic as `Seen`, in order.
    var seen: [Seen] { map(Seen.init) }
}

extension YesNoTestQuestion {
    /// What yes-no questions and answers report, each code declared once.
    enum Code: String, DiagnosticCode, CaseIterable {
        case differs = "yes-no.differs"
        case notOneChoice = "yes-no.not-one-choice"
        case notYesOrNo = "yes-no.not-yes-or-no"
        case strictNotBoolean = "yes-no.strict-not-boolean"
    }
}

extension ScoreTestQuestion {
    /// What score questions and answers report, each code declared once.
    enum Code: String, DiagnosticCode, CaseIterable {
        case maxScoreNotInteger = "score.max-score-not-integer"
        case missingMaxScore = "score.missing-max-score"
        case notInteger = "score.not-integer"
        case outOfRange = "score.out-of-range"
    }
}

extension ConfigurableTestQuestion {
    /// What text questions and answers report, each code declared once.
    enum Code: String, DiagnosticCode, CaseIterable {
        case notAString = "text.not-a-string"
    }
}
