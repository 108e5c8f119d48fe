import QuestionKit
import QuestionKitForms

/// Checks question types the way the built-in types are checked: every example question, every
/// answer example, the registry's self-check, and (when given a folder) the committed
/// documentation pages.
///
/// ```swift
/// // Swift Testing: one issue per failure
/// @Test func gaugePassesTheChecks() {
///     QuestionTypeChecks(BuiltInQuestionTypes.all + [GaugeQuestion()]).expectPass()
/// }
/// // XCTest
/// func testGauge() { QuestionTypeChecks(BuiltInQuestionTypes.all + [GaugeQuestion()]).assertPass() }
/// ```
///
/// Pass every type your tool registers (the built-in ones too): examples are read with all of
/// them, and two types claiming one identifier is a failure.
public struct QuestionTypeChecks: Sendable {
    /// The types checked, registered together in this order.
    public let types: [any QuestionType]
    /// The key spellings examples are read with.
    public let keys: KeyMap
    /// The committed documentation pages to compare with what the types generate, if any.
    public let documentation: DocumentationPages?

    /// Checks of `types`, reading examples with `keys`; with `documentation`, also checks that
    /// the pages in that folder are what `docs --out` would write.
    public init(_ types: [any QuestionType], keys: KeyMap = .mi, documentation: DocumentationPages? = nil) {
        self.types = types
        self.keys = keys
        self.documentation = documentation
    }

    /// Every check, one per example question, answer example, and one each for the registry and
    /// the pages: the arguments of a parameterised test, each shown as its own test case.
    public var checks: [QuestionTypeCheck] {
        var checks = [QuestionTypeCheck(name: "registration of \(types.count) types", run: registrationFailures)]
        guard let registry = try? QuestionTypeRegistry(types) else { return checks }
        let checker = ExampleChecker(registry: registry, keys: keys)
        for (type, description) in zip(registry.types, registry.descriptions) {
            checks += description.examples.map { example in
                QuestionTypeCheck(name: "\(description.identifier): \(example.title)") {
                    QuestionTypeFailure.failures(of: checker.check(example, of: type), type: type)
                }
            }
            checks += description.answerExamples.map { example in
                QuestionTypeCheck(name: "\(description.identifier): answer '\(example.title)'") {
                    QuestionTypeFailure.failures(of: checker.check(example, of: type), type: type)
                }
            }
        }
        if let documentation {
            checks.append(
                QuestionTypeCheck(name: "documentation pages in \(documentation.folder)") {
                    documentation.failures(registry: registry, keys: keys)
                })
        }
        return checks
    }

    /// Every failure of every check; empty when the types hold.
    public func failures() -> [QuestionTypeFailure] {
        checks.flatMap { $0.failures() }
    }

    /// The registry's self-check without the examples (each example is a check of its own).
    private func registrationFailures() -> [QuestionTypeFailure] {
        var failures = QuestionTypeRegistry.selfCheck(types, keys: keys, runningExamples: false).map {
            QuestionTypeFailure(check: .registration, type: nil, reason: $0)
        }
        if types.isEmpty {
            failures.append(QuestionTypeFailure(check: .registration, type: nil, reason: "no types to check"))
        }
        return failures
    }
}

/// One check of `QuestionTypeChecks`: an example, an answer example, the registration or the pages.
public struct QuestionTypeCheck: Sendable, CustomStringConvertible {
    /// What is checked, e.g. `gauge: No unit` or `gauge: answer 'Out of tolerance'`.
    public let name: String
    private let run: @Sendable () -> [QuestionTypeFailure]

    /// A check named `name` that finds its failures with `run`.
    public init(name: String, run: @escaping @Sendable () -> [QuestionTypeFailure]) {
        self.name = name
        self.run = run
    }

    /// What does not hold; empty when the check passes.
    public func failures() -> [QuestionTypeFailure] { run() }

    /// The check's name.
    public var description: String { name }
}
