/// Runs a question type's examples: the one harness behind every type's tests and docs.
///
/// Each example question is read exactly as a question of a template would be (shared fields,
/// unknown keys, then the type), with pointers relative to the question.
public struct ExampleChecker: Sendable {
    public let registry: QuestionTypeRegistry
    public let keys: KeyMap

    public init(registry: QuestionTypeRegistry, keys: KeyMap = .mi) {
        self.registry = registry
        self.keys = keys
    }

    /// What reading an example produced, and how that differs from what it expects.
    public struct Outcome: Sendable {
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
            var lines = ["example '\(example.title)':"]
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
                question.map { $0.type.identifier == type.identifier }
                ?? type.allIdentifiers.contains(named ?? "")
        }
        var unmatched = example.expected
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
        return Outcome(
            example: example, diagnostics: diagnostics, missing: unmatched, unexpected: unexpected,
            readAsType: readAsType)
    }

    /// Checks every example of every registered type.
    public func checkAll() -> [(type: any QuestionType, outcome: Outcome)] {
        registry.types.flatMap { type in type.examples.map { (type, check($0, of: type)) } }
    }
}
