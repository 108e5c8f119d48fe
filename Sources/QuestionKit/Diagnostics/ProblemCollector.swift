/// Collects problems reported against JSON nodes and turns them into located diagnostics.
///
/// Question types never compute positions: they say *which node* is wrong, and the collector
/// works out the JSON pointer, line and column once, for all problems together, only when asked.
public struct ProblemCollector: Sendable {
    /// A problem as reported: about a node, not yet located.
    public struct Problem: Sendable {
        /// Error or warning.
        public var severity: Severity
        /// The stable code, e.g. `multiple-choice.max-answers-exceeds-options`.
        public var code: String
        /// What is wrong, quoting the offending value.
        public var message: String
        /// How to fix it; nil when no fix is known.
        public var hint: String?
        /// The node the problem is about.
        public var node: JSONNode
        /// Report at the member's key rather than its value (e.g. an unknown or misspelled key).
        public var atKey: Bool
    }

    /// The document the problems are about.
    public let document: JSONDocument
    /// The problems reported so far, in the order they were reported.
    public private(set) var problems: [Problem] = []

    /// A collector, with no problems yet, for problems about nodes of `document`.
    public init(document: JSONDocument) {
        self.document = document
    }

    /// Whether an error has been reported.
    public var hasErrors: Bool { problems.contains { $0.severity == .error } }

    /// Reports an error about `node`.
    public mutating func error(_ code: String, _ message: String, at node: JSONNode, hint: String? = nil) {
        report(.error, code, message, at: node, hint: hint)
    }

    /// Reports a warning about `node`.
    public mutating func warning(_ code: String, _ message: String, at node: JSONNode, hint: String? = nil) {
        report(.warning, code, message, at: node, hint: hint)
    }

    /// Reports a problem about `node`; with `atKey`, about the key it sits under in its object.
    public mutating func report(
        _ severity: Severity, _ code: String, _ message: String, at node: JSONNode, hint: String? = nil,
        atKey: Bool = false
    ) {
        problems.append(Problem(severity: severity, code: code, message: message, hint: hint, node: node, atKey: atKey))
    }

    /// Adds the problems another collector found in the same source (e.g. on another thread).
    mutating func append(contentsOf other: ProblemCollector) {
        problems += other.problems
    }

    /// The problems as diagnostics with pointer, line and column, in source order.
    public func diagnostics() -> [Diagnostic] {
        guard !problems.isEmpty else { return [] }
        let locator = SourceLocator(bytes: document.bytes)
        let located = problems.enumerated().map { order, problem -> (offset: Int, order: Int, Diagnostic) in
            let anchor = problem.atKey ? (problem.node.memberKeyNode ?? problem.node) : problem.node
            let diagnostic = Diagnostic(
                severity: problem.severity, code: problem.code, message: problem.message,
                pointer: problem.node.pointer, position: locator.position(of: anchor), hint: problem.hint)
            return (anchor.byteOffset, order, diagnostic)
        }
        return located.sorted { ($0.offset, $0.order) < ($1.offset, $1.order) }.map(\.2)
    }
}
