/// An example question of a question type: a test of the type and a page of its documentation.
///
/// A valid example must read with no diagnostics at all (or exactly the warnings it lists); an
/// invalid one must produce exactly the diagnostics it lists, each with its code and the JSON
/// pointer (relative to the question) where it must be reported.
public struct QuestionExample: Sendable {
    /// What the example shows, e.g. "max-answers above the number of options".
    public let title: String
    /// The question JSON, including its `answer-type`.
    public let json: String
    /// Exactly the diagnostics the example must produce; empty for a clean question.
    public let expected: [ExpectedDiagnostic]

    /// An example with every field given; `valid` and `invalid` are the usual way to make one.
    public init(title: String, json: String, expected: [ExpectedDiagnostic]) {
        self.title = title
        self.json = json
        self.expected = expected
    }

    /// Whether the question is usable: no error is expected (warnings may be).
    public var isValid: Bool { !expected.contains { $0.severity == .error } }

    /// A question that must read cleanly, or with exactly the given warnings.
    public static func valid(_ title: String, _ json: String, warnings: [ExpectedDiagnostic] = []) -> QuestionExample {
        QuestionExample(title: title, json: json, expected: warnings)
    }

    /// A question that must produce exactly the given diagnostics (at least one error).
    public static func invalid(_ title: String, _ json: String, _ expected: ExpectedDiagnostic...) -> QuestionExample {
        QuestionExample(title: title, json: json, expected: expected)
    }
}

/// A diagnostic an example must produce: severity, code, and the pointer where it is reported.
public struct ExpectedDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// Error or warning.
    public let severity: Severity
    /// The diagnostic code, e.g. `multiple-choice.max-answers-exceeds-options`.
    public let code: String
    /// JSON pointer relative to the question, e.g. `/max-answers`; `""` is the question itself.
    public let pointer: String

    /// A diagnostic of `severity` with `code` at `pointer`; `error` and `warning` are shorter.
    public init(severity: Severity, code: String, pointer: String) {
        self.severity = severity
        self.code = code
        self.pointer = pointer
    }

    /// An error with `code` at `pointer`.
    public static func error(_ code: String, at pointer: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(severity: .error, code: code, pointer: pointer)
    }

    /// A note with `code` at `pointer`.
    public static func note(_ code: String, at pointer: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(severity: .note, code: code, pointer: pointer)
    }

    /// A warning with `code` at `pointer`.
    public static func warning(_ code: String, at pointer: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(severity: .warning, code: code, pointer: pointer)
    }

    public var description: String { "\(severity) \(code) at '\(pointer)'" }
}
