import QuestionKit
import QuestionKitForms

/// One thing that does not hold about a question type: what was checked, of which type, which
/// example, where, and why.
public struct QuestionTypeFailure: Sendable, Hashable, CustomStringConvertible {
    /// The kinds of check a type goes through.
    public enum Check: String, Sendable, Hashable {
        /// An example question (`QuestionType.examples`).
        case example = "example"
        /// An example answer (`QuestionType.answerExamples`).
        case answerExample = "answer example"
        /// The registry's self-check: identifiers, summaries, documentation, schema, examples present.
        case registration = "registration"
        /// The committed documentation pages against what the types generate.
        case documentation = "documentation"
    }

    /// What was checked.
    public let check: Check
    /// The type, as `GaugeQuestion ('gauge')`; nil for a failure that names no single type.
    public let type: String?
    /// The title of the example that failed, for example and answer-example checks.
    public let example: String?
    /// Where: the JSON pointer inside the example, or the file of a documentation page.
    public let location: String?
    /// Why it fails, in words: "expected error gauge.unit-missing at '', not produced".
    public let reason: String
    /// Where the failing example is written, for example and answer-example checks: a test
    /// records the failure there, at the example's own line.
    public let source: SourceLine?

    /// A failure with every field given.
    public init(
        check: Check, type: String?, example: String? = nil, location: String? = nil, reason: String,
        source: SourceLine? = nil
    ) {
        self.check = check
        self.type = type
        self.example = example
        self.location = location
        self.reason = reason
        self.source = source
    }

    /// One line: `GaugeQuestion ('gauge'): example 'No unit': expected error gauge.unit-missing at '', not produced`.
    public var description: String {
        var subject = type.map { "\($0): " } ?? ""
        if let example { subject += "\(check.rawValue) '\(example)': " }
        return subject + reason
    }

    /// How a type is named in failures: its Swift type and its identifier.
    static func name(of type: any QuestionType) -> String {
        "\(Swift.type(of: type)) ('\(type.description.identifier)')"
    }
}

extension QuestionTypeFailure {
    /// The failures of one example question, one per expectation that does not hold.
    static func failures(of outcome: ExampleChecker.Outcome, type: any QuestionType) -> [QuestionTypeFailure] {
        let name = Self.name(of: type)
        let title = outcome.example.title
        var failures: [QuestionTypeFailure] = []
        if !outcome.readAsType {
            failures.append(
                QuestionTypeFailure(
                    check: .example, type: name, example: title, location: "",
                    reason: "is not read as this type; its 'answer-type' must be '\(type.description.identifier)'",
                    source: outcome.example.source))
        }
        failures += outcome.missing.map {
            QuestionTypeFailure(
                check: .example, type: name, example: title, location: $0.pointer,
                reason: "expected \($0), not produced", source: outcome.example.source)
        }
        failures += outcome.unexpected.map {
            QuestionTypeFailure(
                check: .example, type: name, example: title, location: $0.pointer,
                reason: "unexpected \($0.severity) \($0.code) at '\($0.pointer)': \($0.message)",
                source: outcome.example.source)
        }
        return failures
    }

    /// The failures of one answer example, one per expectation that does not hold.
    static func failures(of outcome: ExampleChecker.AnswerOutcome, type: any QuestionType) -> [QuestionTypeFailure] {
        outcome.failures.map {
            QuestionTypeFailure(
                check: .answerExample, type: name(of: type), example: outcome.example.title, reason: $0,
                source: outcome.example.source)
        }
    }
}
