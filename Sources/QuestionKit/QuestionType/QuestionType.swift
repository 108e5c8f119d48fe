/// A kind of question: a plugin that owns the JSON of its questions.
///
/// A question type says what it is in one value, its `description` (identifier, summary, keys,
/// documentation, examples …); reads its own fields of a question into its own typed `Definition`,
/// reporting what is wrong against the JSON nodes at fault (the core turns nodes into file, line,
/// column and JSON pointer); and, through `AnswerHandling`, reads, checks, flags and renders the
/// answers to its questions (through `DatasetHandling`, exports them as rows). The core reads the
/// fields every question shares (`answer-type`, `question`, `section`, `helpInfo`, `qid`) and warns
/// about keys no one reads.
///
/// To add a type: write one file with a type conforming to this protocol (including examples),
/// and pass an instance to `QuestionTypeRegistry`. Nothing in the core changes. The description's
/// `documentation`, `rules` and `schemaProperties` (all optional) make its page of
/// `questionkit docs` and its part of `questionkit schema`; `questionkit new-type NAME` writes a
/// skeleton to start from, and `QuestionTypeRegistry.selfCheck` reports what it still lacks.
///
/// Declare the type's diagnostic and flag codes once, as the cases of its own `Code` enum (see
/// `DiagnosticCode`), and name them by their case when reporting and in examples.
///
/// Prefer no stored properties (computed `description` and `answerKey`): such a type fits inside
/// an `any QuestionType` value, so the core copies it per question without touching a shared
/// reference count (which costs when long templates are read on every core). The engine reads
/// `description` once, at registration, so computing it costs nothing per question.
///
/// ```swift
/// struct YesNoQuestion: QuestionType {
///     var description: QuestionTypeDescription {
///         QuestionTypeDescription(
///             identifier: "yes-no", summary: "A single yes or no.", codes: Code.allCases,
///             examples: [.valid("Simple", #"{"answer-type": "yes-no", "question": "OK?"}"#)])
///     }
///     var answerKey: Key { .checkBoxes }
///
///     func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Void? { () }
///     func parseAnswer(_ value: JSONNode, for _: Void, problems: inout ProblemCollector) -> Bool? {
///         guard let answer = value.boolValue else {
///             problems.error(Code.notABoolean, "the answer must be true or false", at: value)
///             return nil
///         }
///         return answer
///     }
///     func isAnswered(_ answer: Bool, for _: Void) -> Bool { true }
///     func encodeAnswer(_ answer: Bool, for _: Void) -> JSONWriter.Value { .bool(answer) }
///     func render(_ answer: Bool?, of _: Void) -> AnswerRendering {
///         answer.map { AnswerRendering([.value($0 ? "Yes" : "No")]) } ?? .noAnswer
///     }
///
///     enum Code: String, DiagnosticCode, CaseIterable {
///         case notABoolean = "yes-no.not-a-boolean"
///     }
/// }
/// ```
public protocol QuestionType: ConditionHandling, InterchangeHandling, DatasetHandling, Sendable {
    // `Definition` (declared by AnswerHandling) is what the type reads a question into: everything
    // it needs to check, flag and render answers.

    /// What the type is: the `answer-type` values that select it, what it reads, its
    /// documentation and its examples.
    var description: QuestionTypeDescription { get }

    /// Reads the type's fields of `question`, reporting every problem found to `problems`.
    ///
    /// Return the best definition that can be made despite problems, or nil when the question is
    /// unusable; in that case at least one error must have been reported.
    func parseDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> Definition?
}

extension QuestionType {
    // Opens the existential for the core, which holds types as `any QuestionType`.
    package func parseErasedDefinition(of question: QuestionJSON, problems: inout ProblemCollector) -> (any Sendable)? {
        parseDefinition(of: question, problems: &problems)
    }
}

/// The JSON of one question, with its keys spelled through the key map.
public struct QuestionJSON: Sendable {
    /// The question object.
    public let node: JSONNode
    /// The key map in force.
    public let keys: KeyMap
    /// The question's 1-based number, as people see it.
    public let number: Int

    /// The question `node`, read with `keys`, numbered `number` (1-based) in its template.
    public init(node: JSONNode, keys: KeyMap, number: Int) {
        self.node = node
        self.keys = keys
        self.number = number
    }

    /// The value of `key` in the question, or nil when it is absent.
    @inlinable public subscript(key: Key) -> JSONNode? {
        // By the spelling's bytes: no `String` made or copied per look-up.
        let node = self.node
        let index = keys.withSpellingUTF8(of: key) { spelling in
            node.document.valueIndex(forKeyUTF8: spelling, inObjectAt: node.index)
        }
        return index.map { JSONNode(document: node.document, index: $0) }
    }

    /// The JSON spelling of `key`, for messages ("'max-answers' is 7 …").
    @inlinable public func spelling(of key: Key) -> String {
        keys.spelling(of: key)
    }
}
