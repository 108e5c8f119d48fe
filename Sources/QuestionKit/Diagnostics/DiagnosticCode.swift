/// A stable code of a diagnostic or a flag, e.g. `multiple-choice.max-answers-exceeds-options`.
///
/// A question type declares its codes once, as the cases of a `String` enum next to the code that
/// reports them, and refers to the cases wherever a code is needed: when reporting, in its examples
/// and in its description (`codes: Code.allCases`). Each code starts with the type's
/// `QuestionTypeDescription.codePrefix` and a dot; `QuestionTypeRegistry.selfCheck` says when one
/// does not.
///
/// ```swift
/// extension RatingQuestion {
///     /// What rating questions and answers report.
///     enum Code: String, DiagnosticCode, CaseIterable {
///         case scaleMissing = "rating.scale-missing"
///     }
/// }
/// ```
public protocol DiagnosticCode: Sendable {
    /// The code as diagnostics print it: lowercase words joined by dashes, after the type's prefix.
    var rawValue: String { get }
}

/// The codes of the checks the core makes on every question, for examples that expect them.
public enum QuestionCode: String, DiagnosticCode, CaseIterable {
    /// A question that is not a JSON object.
    case notAnObject = "question.not-an-object"
    /// A question without `answer-type` whose type cannot be inferred.
    case missingAnswerType = "question.missing-answer-type"
    /// An `answer-type` that is not a string.
    case answerTypeNotString = "question.answer-type-not-string"
    /// An `answer-type` no registered type has.
    case unknownType = "question.unknown-type"
    /// A question without `question` text.
    case missingText = "question.missing-text"
    /// A `question` that is not a string.
    case textNotString = "question.text-not-string"
    /// A `question` text that is blank (a warning).
    case emptyText = "question.empty-text"
    /// A question without `answer-type` whose `qid` makes it of a type (a warning).
    case answerTypeInferred = "question.answer-type-inferred"
    /// A key no reader of the question reads (a warning; an error when it is one edit from a known key).
    case unknownKey = "question.unknown-key"
    /// A question its type could not read, and that the type gave no reason for.
    case unreadable = "question.unreadable"
}
