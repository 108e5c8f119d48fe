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
        /// Repairs, in node terms; located into the diagnostic's `fixes`.
        public var fixes: [NodeFix] = []
    }

    /// The document the problems are about.
    public let document: JSONDocument
    /// The problems reported so far, in the order they were reported.
    public private(set) var problems: [Problem] = []
    /// How many of the problems are errors.
    public private(set) var errorCount = 0

    /// A collector, with no problems yet, for problems about nodes of `document`.
    public init(document: JSONDocument) {
        self.document = document
    }

    /// Whether an error has been reported.
    public var hasErrors: Bool { errorCount > 0 }

    /// Reports an error about `node`, with the repairs a tool may apply (see `NodeFix`).
    public mutating func error(
        _ code: String, _ message: String, at node: JSONNode, hint: String? = nil, fixes: [NodeFix] = []
    ) {
        report(.error, code, message, at: node, hint: hint, fixes: fixes)
    }

    /// Reports a warning about `node`, with the repairs a tool may apply (see `NodeFix`).
    public mutating func warning(
        _ code: String, _ message: String, at node: JSONNode, hint: String? = nil, fixes: [NodeFix] = []
    ) {
        report(.warning, code, message, at: node, hint: hint, fixes: fixes)
    }

    /// Reports a problem about `node`; with `atKey`, about the key it sits under in its object.
    /// `fixes` are repairs in node terms, turned into source edits only when the problems are
    /// located (so a problem nobody fixes costs only the array).
    public mutating func report(
        _ severity: Severity, _ code: String, _ message: String, at node: JSONNode, hint: String? = nil,
        atKey: Bool = false, fixes: [NodeFix] = []
    ) {
        problems.append(
            Problem(
                severity: severity, code: code, message: message, hint: hint, node: node, atKey: atKey,
                fixes: fixes))
        if severity == .error { errorCount += 1 }
    }

    /// Adds the problems another collector found in the same source (e.g. on another thread).
    mutating func append(contentsOf other: ProblemCollector) {
        problems += other.problems
        errorCount += other.errorCount
    }

    /// The problems as diagnostics with pointer, line and column, in source order.
    public func diagnostics() -> [Diagnostic] {
        located().diagnostics
    }

    /// The diagnostics, and the tape entries visited to find their pointers (for tests that hold
    /// locating linear). Every problem is located together: one walk per array for the pointers,
    /// one scan of the source for the lines and columns.
    func located() -> (diagnostics: [Diagnostic], stepsWalked: Int) {
        guard !problems.isEmpty else { return ([], 0) }
        // Threads report through replicas of the document; entry indices are the same in all.
        let anchors = problems.map { problem in
            problem.atKey ? (problem.node.memberKeyNode ?? problem.node).index : problem.node.index
        }
        // A value the parser made up past a syntax error ("'question' must be a string, not null"
        // where the value is missing) only repeats that error.
        let reported = problems.indices.filter {
            document.entries[problems[$0].node.index].flags & JSONEntry.isRecovered == 0
        }
        let order = reported.sorted { lhs, rhs in
            let left = document.entries[anchors[lhs]].start
            let right = document.entries[anchors[rhs]].start
            return left != right ? left < right : lhs < rhs
        }
        var resolver = JSONPointer.Resolver(document: document)
        let pointers = resolver.pointers(of: order.map { problems[$0].node.index })
        let positions = SourceLocator.positions(
            ofSortedByteOffsets: order.map { Int(document.entries[anchors[$0]].start) }, in: document.bytes)
        let diagnostics = order.indices.map { rank in
            let problem = problems[order[rank]]
            var diagnostic = Diagnostic(
                severity: problem.severity, code: problem.code, message: problem.message, pointer: pointers[rank],
                position: positions[rank], hint: problem.hint)
            if !problem.fixes.isEmpty { diagnostic.fixes = problem.fixes.compactMap { $0.fixIt(in: document) } }
            return diagnostic
        }
        return (diagnostics, resolver.stepsWalked)
    }
}
