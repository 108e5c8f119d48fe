import Testing

@testable import QuestionKit

// Small question types that exercise the core without the built-in plugins (this target depends
// on QuestionKit only). Top-level types, so that registration errors name them plainly.

/// `yes-no` (alias `yn`, legacy qid "2", inferred): reads an optional boolean `strict`.
struct YesNoTestQuestion: QuestionType {
    static let strict = Key("strict", summary: "Whether only an exact yes or no counts.")

    struct Definition: Sendable, Equatable {
        var strict: Bool
    }

    let identifier = "yes-no"
    let aliases = ["yn"]
    let summary = "A single yes or no (test type)."
    let legacyTypeCode: String? = "2"
    let infersTypeFromLegacyCode = true
    var keys: [Key] { [Self.strict] }

    var examples: [QuestionExample] {
        [
            .valid("Plain", #"{"answer-type": "yes-no", "question": "Valve closed?"}"#),
            .valid("By alias, strict", #"{"answer-type": "yn", "question": "OK?", "strict": true}"#),
            .valid(
                "Type inferred from qid", #"{"qid": "2", "question": "OK?"}"#,
                warnings: [.warning("question.answer-type-inferred", at: "")]),
            .invalid(
                "Strict must be a boolean", #"{"answer-type": "yes-no", "question": "OK?", "strict": "yes"}"#,
                .error("yes-no.strict-not-boolean", at: "/strict")),
        ]
    }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition? {
        guard let node = question[Self.strict] else { return Definition(strict: false) }
        guard let flag = node.boolValue else {
            problems.error(
                "yes-no.strict-not-boolean",
                "'\(question.spelling(of: Self.strict))' must be true or false, not \(node.kind)", at: node)
            return Definition(strict: false)
        }
        return Definition(strict: flag)
    }
}

/// `score` (legacy qid "5", not inferred): requires an integer `max-score`; unusable without one.
struct ScoreTestQuestion: QuestionType {
    static let maxScore = Key("maxScore", spelling: "max-score", summary: "The highest score.")

    let identifier = "score"
    let summary = "A score from 0 to max-score (test type)."
    let legacyTypeCode: String? = "5"
    var keys: [Key] { [Self.maxScore] }

    var examples: [QuestionExample] {
        [
            .valid("Out of five", #"{"answer-type": "score", "question": "Rate it", "max-score": 5}"#),
            .invalid(
                "No max-score", #"{"answer-type": "score", "question": "Rate it"}"#,
                .error("score.missing-max-score", at: "")),
        ]
    }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Int? {
        guard let node = question[Self.maxScore] else {
            problems.error("score.missing-max-score", "a score question needs 'max-score'", at: question.node)
            return nil
        }
        guard let value = node.integerValue else {
            problems.error("score.max-score-not-integer", "'max-score' must be a whole number", at: node)
            return nil
        }
        return value
    }
}

/// `gives-up`: returns nil without reporting anything (a misbehaving plugin).
struct GivesUpTestQuestion: QuestionType {
    let identifier = "gives-up"
    let summary = "Never reads (test type)."

    var examples: [QuestionExample] {
        [
            .invalid(
                "Always unreadable", #"{"answer-type": "gives-up", "question": "Q"}"#,
                .error("question.unreadable", at: ""))
        ]
    }

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool? { nil }
}

/// A type whose identifiers, legacy code and keys are set per test (for registry checks).
struct ConfigurableTestQuestion: QuestionType {
    var identifier: String
    var aliases: [String] = []
    var legacyTypeCode: String?
    var infersTypeFromLegacyCode = false
    var keys: [Key] = []
    let summary = "Configurable (test type)."
    let examples: [QuestionExample] = []

    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Bool? { true }
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
