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
    package let document: JSONDocument
    /// The problems reported so far, in the order they were reported (made from the compact
    /// storage at each use).
    package var problems: [Problem] { (0..<storage.count).map { storage.problem($0, in: document) } }
    private(set) var storage = ProblemStorage()
    /// How many of the problems are errors.
    package private(set) var errorCount = 0

    /// A collector, with no problems yet, for problems about nodes of `document`.
    public init(document: JSONDocument) {
        self.document = document
    }

    /// Whether an error has been reported.
    public var hasErrors: Bool { errorCount > 0 }

    /// Reports an error about `node`, with the repairs a tool may apply (see `NodeFix`).
    public mutating func error(
        _ code: some DiagnosticCode, _ message: String, at node: JSONNode, hint: String? = nil, fixes: [NodeFix] = []
    ) {
        report(.error, code.rawValue, message, at: node, hint: hint, fixes: fixes)
    }

    /// Reports a warning about `node`, with the repairs a tool may apply (see `NodeFix`).
    public mutating func warning(
        _ code: some DiagnosticCode, _ message: String, at node: JSONNode, hint: String? = nil, fixes: [NodeFix] = []
    ) {
        report(.warning, code.rawValue, message, at: node, hint: hint, fixes: fixes)
    }

    /// Reports a problem about `node`; with `atKey`, about the key it sits under in its object.
    /// `fixes` are repairs in node terms, turned into source edits only when the problems are
    /// located (so a problem nobody fixes costs only the array).
    public mutating func report(
        _ severity: Severity, _ code: some DiagnosticCode, _ message: String, at node: JSONNode, hint: String? = nil,
        atKey: Bool = false, fixes: [NodeFix] = []
    ) {
        report(severity, code.rawValue, message, at: node, hint: hint, atKey: atKey, fixes: fixes)
    }

    // The engine's own codes, as text; a question type names its codes by their declared cases.
    package mutating func error(
        _ code: String, _ message: String, at node: JSONNode, hint: String? = nil, fixes: [NodeFix] = []
    ) {
        report(.error, code, message, at: node, hint: hint, fixes: fixes)
    }

    package mutating func warning(
        _ code: String, _ message: String, at node: JSONNode, hint: String? = nil, fixes: [NodeFix] = []
    ) {
        report(.warning, code, message, at: node, hint: hint, fixes: fixes)
    }

    package mutating func report(
        _ severity: Severity, _ code: String, _ message: String, at node: JSONNode, hint: String? = nil,
        atKey: Bool = false, fixes: [NodeFix] = []
    ) {
        storage.append(
            Problem(
                severity: severity, code: code, message: message, hint: hint, node: node, atKey: atKey,
                fixes: fixes))
        if severity == .error { errorCount += 1 }
    }

    /// Adds the problems another collector found in the same source (e.g. on another thread).
    package mutating func append(contentsOf other: ProblemCollector) {
        for index in 0..<other.storage.count { storage.append(other.storage.problem(index, in: document)) }
        errorCount += other.errorCount
    }

    /// The problems as diagnostics with pointer, line and column, in source order.
    public func diagnostics() -> [Diagnostic] {
        located().diagnostics
    }

    /// The diagnostics, and the tape entries visited to find their pointers (for tests that hold
    /// locating linear).
    package func located() -> (diagnostics: [Diagnostic], stepsWalked: Int) {
        var diagnostics: [Diagnostic] = []
        diagnostics.reserveCapacity(storage.count)
        let steps = locate { diagnostics.append($0) }
        return (diagnostics, steps)
    }

    /// Hands each problem, located, to `body` in source order, keeping none: a report can print
    /// a million problems without holding a million diagnostics. Every problem is located
    /// together, in one ordered pass: the pointers by `JSONPointer.Resolver`, the lines and
    /// columns by one scan of the source. Returns the tape entries visited for the pointers.
    @discardableResult
    public func locate(_ body: (Diagnostic) throws -> Void) rethrows -> Int {
        try locateWithOffsets(detail: .all) { diagnostic, _ in try body(diagnostic) }
    }

    /// What a report shows of a diagnostic besides its message, position and hint: `validate`'s
    /// text shows neither pointers nor fix-its, and making them for each of a million problems
    /// costs more than finding their lines.
    package struct Detail: OptionSet, Sendable {
        package let rawValue: Int
        package init(rawValue: Int) { self.rawValue = rawValue }
        /// Each diagnostic's JSON pointer (left empty otherwise, and none resolved).
        package static let pointers = Detail(rawValue: 1)
        /// Each diagnostic's fix-its as source edits (left out otherwise; a withheld fix's reason
        /// is in the hint either way).
        package static let fixes = Detail(rawValue: 2)
        package static let all: Detail = [.pointers, .fixes]
        /// Only the first note of each code is given its line and column (the others are left
        /// without a position): `convert`'s text prints only the first note of a code and counts
        /// the rest, and finding the lines of 25,000 notes of a 100,000-question form to print one
        /// cost 1.3% of writing it as an XLSForm. Not in `all`: a report that shows every note
        /// needs each one's position.
        package static let firstNotePositionsOnly = Detail(rawValue: 4)
    }

    /// `locate(_:)` making only the `detail` a report shows.
    @discardableResult
    package func locate(detail: Detail, _ body: (Diagnostic) throws -> Void) rethrows -> Int {
        try locateWithOffsets(detail: detail) { diagnostic, _ in try body(diagnostic) }
    }

    /// `locate`, handing each diagnostic with the byte offset its position was found from (an
    /// editor's check keeps it, to move the diagnostic when text before it changes).
    @discardableResult
    package func locateWithOffsets(
        detail: Detail = .all, _ body: (Diagnostic, _ offset: Int) throws -> Void
    ) rethrows -> Int {
        let count = storage.count
        guard count > 0 else { return 0 }
        // Threads report through replicas of the document; entry indices are the same in all.
        // Entries are in document order, so an entry's index orders it as its source offset does.
        func anchor(_ index: Int) -> Int {
            let node = JSONNode(document: document, index: storage.node(index))
            return storage.isAtKey(index) ? (node.memberKeyNode ?? node).index : node.index
        }
        // Problems are mostly reported in source order already; only otherwise is an order kept.
        let isInOrder = (1..<max(count, 1)).allSatisfy { anchor($0 - 1) <= anchor($0) }
        let order = isInOrder ? nil : (0..<count).sorted { (anchor($0), $0) < (anchor($1), $1) }
        let conflicts = fixConflicts()
        var scanner = SourceLocator.Scanner(bytes: document.bytes)
        var resolver = JSONPointer.Resolver(document: document)
        // The codes of the notes positioned so far (a report has a handful of codes).
        var positionedNoteCodes: [String] = []
        for rank in 0..<count {
            let index = order?[rank] ?? rank
            // A value the parser made up past a syntax error ("'question' must be a string, not
            // null" where the value is missing) only repeats that error.
            guard document.entries[storage.node(index)].flags & JSONEntry.isRecovered == 0 else { continue }
            let problem = storage.problem(index, in: document)
            let start = Int(document.entries[anchor(index)].start)
            var isPositioned = true
            if problem.severity == .note, detail.contains(.firstNotePositionsOnly) {
                isPositioned = !positionedNoteCodes.contains(problem.code)
                if isPositioned { positionedNoteCodes.append(problem.code) }
            }
            var diagnostic = Diagnostic(
                severity: problem.severity, code: problem.code, message: problem.message,
                pointer: detail.contains(.pointers) ? resolver.pointer(ofInOrder: problem.node.index) : "",
                position: isPositioned ? scanner.position(ofByteOffset: start) : nil, hint: problem.hint)
            if !problem.fixes.isEmpty {
                offer(
                    problem.fixes, withholding: conflicts.withheld[index], makingEdits: detail.contains(.fixes),
                    in: &diagnostic)
            }
            try body(diagnostic, start)
        }
        return resolver.stepsWalked
    }
}
