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
    /// Where the example is written, so that a failing example points at its own line.
    public let source: SourceLine

    /// An example with every field given, written at the caller; `valid` and `invalid` are the
    /// usual way to make one.
    public init(
        title: String, json: String, expected: [ExpectedDiagnostic], fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) {
        self.title = title
        self.json = json
        self.expected = expected
        self.source = SourceLine(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// Whether the question is usable: no error is expected (warnings may be).
    public var isValid: Bool { !expected.contains { $0.severity == .error } }

    /// A question that must read cleanly, or with exactly the given warnings; written at the caller.
    public static func valid(
        _ title: String, _ json: String, warnings: [ExpectedDiagnostic] = [], fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> QuestionExample {
        QuestionExample(
            title: title, json: json, expected: warnings, fileID: fileID, filePath: filePath, line: line, column: column
        )
    }

    /// A question that must produce exactly the given diagnostics (at least one error); written at
    /// the caller.
    public static func invalid(
        _ title: String, _ json: String, _ expected: ExpectedDiagnostic..., fileID: StaticString = #fileID,
        filePath: StaticString = #filePath, line: UInt = #line, column: UInt = #column
    ) -> QuestionExample {
        QuestionExample(
            title: title, json: json, expected: expected, fileID: fileID, filePath: filePath, line: line, column: column
        )
    }
}

/// Where in Swift source something is written: what a test failure points at.
public struct SourceLine: Sendable, Hashable, CustomStringConvertible {
    /// `Module/File.swift`.
    public let fileID: StaticString
    /// The file's full path.
    public let filePath: StaticString
    /// 1-based line.
    public let line: UInt
    /// 1-based column.
    public let column: UInt

    /// The place `line`:`column` of the file `filePath` (`fileID` names it within its module).
    public init(fileID: StaticString, filePath: StaticString, line: UInt, column: UInt) {
        self.fileID = fileID
        self.filePath = filePath
        self.line = line
        self.column = column
    }

    /// `Module/File.swift:12`.
    public var description: String { "\(fileID):\(line)" }

    /// Whether both name one place of one file.
    public static func == (lhs: SourceLine, rhs: SourceLine) -> Bool {
        (lhs.line, lhs.column) == (rhs.line, rhs.column) && "\(lhs.filePath)" == "\(rhs.filePath)"
    }

    /// Hashes the place: its file's path, its line and its column.
    public func hash(into hasher: inout Hasher) {
        hasher.combine("\(filePath)")
        hasher.combine(line)
        hasher.combine(column)
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
    public init(severity: Severity, code: some DiagnosticCode, pointer: String) {
        self.init(severity: severity, code: code.rawValue, pointer: pointer)
    }

    /// A diagnostic as produced, its code as text.
    package init(severity: Severity, code: String, pointer: String) {
        self.severity = severity
        self.code = code
        self.pointer = pointer
    }

    /// An error with `code` at `pointer`.
    public static func error(_ code: some DiagnosticCode, at pointer: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(severity: .error, code: code, pointer: pointer)
    }

    /// A note with `code` at `pointer`.
    public static func note(_ code: some DiagnosticCode, at pointer: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(severity: .note, code: code, pointer: pointer)
    }

    /// A warning with `code` at `pointer`.
    public static func warning(_ code: some DiagnosticCode, at pointer: String) -> ExpectedDiagnostic {
        ExpectedDiagnostic(severity: .warning, code: code, pointer: pointer)
    }

    public var description: String { "\(severity) \(code) at '\(pointer)'" }
}
