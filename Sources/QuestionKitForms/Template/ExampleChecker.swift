import QuestionKit

/// Runs a question type's examples: the one harness behind every type's tests and docs.
///
/// Each example question is read exactly as a question of a template would be (shared fields,
/// unknown keys, then the type), with pointers relative to the question.
public struct ExampleChecker: Sendable {
    /// The types whose examples `checkAll` runs; examples are read with these types.
    public let registry: QuestionTypeRegistry
    /// The key spellings the example JSON is read with.
    public let keys: KeyMap

    /// A checker of the types in `registry`, reading examples with `keys`.
    public init(registry: QuestionTypeRegistry, keys: KeyMap = .mi) {
        self.registry = registry
        self.keys = keys
    }

    /// What reading an example produced, and how that differs from what it expects.
    public struct Outcome: Sendable {
        /// The example that was read.
        public let example: QuestionExample
        /// Every diagnostic the example's question produced.
        public let diagnostics: [Diagnostic]
        /// Expected diagnostics that were not produced.
        public let missing: [ExpectedDiagnostic]
        /// Produced diagnostics that the example does not expect.
        public let unexpected: [Diagnostic]
        /// Whether the example read as the given type.
        public let readAsType: Bool

        /// Whether the example holds: it read as its type and produced exactly what it expects.
        public var passed: Bool { missing.isEmpty && unexpected.isEmpty && readAsType }

        /// A readable account of a failed example, for test output.
        public var failureDescription: String {
            var lines = ["example '\(example.title)' (\(example.source)):"]
            if !readAsType { lines.append("  is not read as the type that carries it") }
            lines += missing.map { "  expected \($0), not produced" }
            lines += unexpected.map {
                "  unexpected \($0.severity) \($0.code) at '\($0.pointer)': \($0.message)"
            }
            return lines.joined(separator: "\n")
        }
    }

    /// Reads `example` as a question and compares its diagnostics with the expected ones.
    public func check(_ example: QuestionExample, of type: any QuestionType) -> Outcome {
        let parsed = JSONParser.parse(Array(example.json.utf8))
        var diagnostics = parsed.diagnostics
        var readAsType = false
        if let document = parsed.document {
            var problems = ProblemCollector(document: document)
            let reader = QuestionReader(registry: registry, keys: keys)
            let question = reader.read(QuestionJSON(node: document.root, keys: keys, number: 1), problems: &problems)
            diagnostics += problems.diagnostics()
            // An invalid example may be unreadable; it must still name this type.
            let named = document.root[keys.spelling(of: .answerType)]?.stringValue
            readAsType =
                question.map { $0.type.description.identifier == type.description.identifier }
                ?? type.description.allIdentifiers.contains(named ?? "")
        }
        let (missing, unexpected) = Self.match(diagnostics, against: example.expected)
        return Outcome(
            example: example, diagnostics: diagnostics, missing: missing, unexpected: unexpected,
            readAsType: readAsType)
    }

    /// Splits the difference between produced and expected diagnostics.
    static func match(
        _ diagnostics: [Diagnostic], against expected: [ExpectedDiagnostic]
    ) -> (missing: [ExpectedDiagnostic], unexpected: [Diagnostic]) {
        var unmatched = expected
        var unexpected: [Diagnostic] = []
        for diagnostic in diagnostics {
            let produced = ExpectedDiagnostic(
                severity: diagnostic.severity, code: diagnostic.code, pointer: diagnostic.pointer)
            if let position = unmatched.firstIndex(of: produced) {
                unmatched.remove(at: position)
            } else {
                unexpected.append(diagnostic)
            }
        }
        return (unmatched, unexpected)
    }

    /// Checks every example of every registered type.
    public func checkAll() -> [(type: any QuestionType, outcome: Outcome)] {
        registry.types.flatMap { type in type.description.examples.map { (type, check($0, of: type)) } }
    }

    // MARK: Answer examples

    /// What reading an answer example produced, and how that differs from what it expects.
    public struct AnswerOutcome: Sendable {
        /// The answer example that was checked.
        public let example: AnswerExample
        /// Everything that went wrong; empty when the example holds.
        public let failures: [String]

        /// Whether the example holds: nothing went wrong.
        public var passed: Bool { failures.isEmpty }

        /// A readable account of a failed example, for test output.
        public var failureDescription: String {
            (["answer example '\(example.title)' (\(example.source)):"] + failures.map { "  " + $0 }).joined(
                separator: "\n")
        }
    }

    /// Reads the example's question, then its answer, and compares diagnostics, whether it counts
    /// as answered, and its flags with what the example expects.
    public func check(_ example: AnswerExample, of type: any QuestionType) -> AnswerOutcome {
        let questionParse = JSONParser.parse(Array(example.question.utf8))
        guard let questionDocument = questionParse.document else {
            return AnswerOutcome(example: example, failures: ["the question is not valid JSON"])
        }
        var questionProblems = ProblemCollector(document: questionDocument)
        let reader = QuestionReader(registry: registry, keys: keys)
        let json = QuestionJSON(node: questionDocument.root, keys: keys, number: 1)
        guard let question = reader.read(json, problems: &questionProblems), !questionProblems.hasErrors,
            question.type.description.identifier == type.description.identifier
        else {
            return AnswerOutcome(example: example, failures: ["the question does not read cleanly as this type"])
        }
        let answerParse = JSONParser.parse(Array(example.answer.utf8))
        guard let answerDocument = answerParse.document else {
            return AnswerOutcome(example: example, failures: ["the answer is not valid JSON"])
        }
        var problems = ProblemCollector(document: answerDocument)
        let answer = question.parseAnswer(answerDocument.root, problems: &problems)
        let (missing, unexpected) = Self.match(problems.diagnostics(), against: example.expected)
        var failures = missing.map { "expected \($0), not produced" }
        failures += unexpected.map { "unexpected \($0.severity) \($0.code) at '\($0.pointer)': \($0.message)" }
        if let answer {
            let answered = question.isAnswered(answer)
            if let expected = example.isAnswered, answered != expected {
                failures.append("counts as \(answered ? "answered" : "unanswered"), expected the opposite")
            }
            let flags = question.flags(for: answer).map(\.code)
            if flags != example.flags { failures.append("flags \(flags), expected \(example.flags)") }
        } else if example.isAnswered != nil {
            failures.append("the answer could not be read")
        }
        return AnswerOutcome(example: example, failures: failures)
    }

    /// Checks every answer example of every registered type.
    public func checkAllAnswers() -> [(type: any QuestionType, outcome: AnswerOutcome)] {
        registry.types.flatMap { type in type.description.answerExamples.map { (type, check($0, of: type)) } }
    }
}
