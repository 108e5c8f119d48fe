/// An example answer to an example question: how a type reads answers, when one counts as
/// answered, and which flags it raises. Like `QuestionExample`, a test and a page of documentation.
public struct AnswerExample: Sendable {
    /// What the example shows, e.g. "a temperature above the range is flagged".
    public let title: String
    /// The question JSON (a valid question of the type).
    public let question: String
    /// The answer value, as stored under the type's answer key (`["Good"]`, `"42"`, `{"2,2": "x"}`).
    public let answer: String
    /// Exactly the diagnostics reading the answer must produce (pointers relative to the answer).
    public let expected: [ExpectedDiagnostic]
    /// Whether the answer must count as answered; nil when the answer is invalid.
    public let isAnswered: Bool?
    /// Exactly the flag codes the answer must raise, in order.
    public let flags: [String]
    /// Where the example is written, so that a failing example points at its own line.
    public let source: SourceLine

    /// An example with every field given, written at the caller; `valid` and `invalid` are the
    /// usual way to make one.
    public init(
        title: String, question: String, answer: String, expected: [ExpectedDiagnostic] = [], isAnswered: Bool?,
        flags: [any DiagnosticCode] = [], fileID: StaticString = #fileID, filePath: StaticString = #filePath,
        line: UInt = #line, column: UInt = #column
    ) {
        self.title = title
        self.question = question
        self.answer = answer
        self.expected = expected
        self.isAnswered = isAnswered
        self.flags = flags.map(\.rawValue)
        self.source = SourceLine(fileID: fileID, filePath: filePath, line: line, column: column)
    }

    /// A valid answer: whether it counts as answered, and the flags it raises; written at the caller.
    public static func valid(
        _ title: String, question: String, answer: String, isAnswered: Bool = true, flags: [any DiagnosticCode] = [],
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> AnswerExample {
        AnswerExample(
            title: title, question: question, answer: answer, isAnswered: isAnswered, flags: flags, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }

    /// An answer that must produce exactly the given diagnostics; written at the caller.
    public static func invalid(
        _ title: String, question: String, answer: String, _ expected: ExpectedDiagnostic...,
        fileID: StaticString = #fileID, filePath: StaticString = #filePath, line: UInt = #line,
        column: UInt = #column
    ) -> AnswerExample {
        AnswerExample(
            title: title, question: question, answer: answer, expected: expected, isAnswered: nil, fileID: fileID,
            filePath: filePath, line: line, column: column)
    }
}
