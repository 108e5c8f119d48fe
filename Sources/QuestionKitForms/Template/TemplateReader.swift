import Foundation
import QuestionKit

/// Reads MI template JSON into a `Template`, reporting every problem at once.
///
/// Reading never stops at the first problem: every question is read by its type, and all
/// diagnostics (JSON, template, and each type's own) come back together in source order.
public struct TemplateReader: Sendable {
    /// The question types that can be read.
    public let registry: QuestionTypeRegistry
    /// The key spellings in force.
    public let keys: KeyMap
    /// Limits on the JSON text.
    package let limits: JSONParser.Limits
    let questionReader: QuestionReader

    /// A reader of the types in `registry`, with the given key spellings and JSON limits.
    public init(registry: QuestionTypeRegistry, keys: KeyMap = .mi, limits: JSONParser.Limits = .default) {
        self.registry = registry
        self.keys = keys
        self.limits = limits
        self.questionReader = QuestionReader(registry: registry, keys: keys)
    }

    /// The result of reading: the template (nil when the JSON could not be parsed or is not an
    /// object) and every diagnostic.
    public struct Result: Sendable {
        /// The template; nil when the JSON could not be parsed or is not an object.
        public let template: Template?
        /// Every problem found, in source order.
        public let diagnostics: [Diagnostic]

        /// Tape entries visited to find the diagnostics' pointers, for tests that hold it linear.
        var locatingSteps = 0
        /// The work of the logic checks (conditions resolved, references walked), for tests that hold it linear.
        var logicSteps = 0
        /// Whether the template checks ran on a reading recovered past syntax errors
        /// (`readRecovering`, `diagnose`); the syntax errors are among the diagnostics.
        public var isRecovered = false

        /// Whether the template can be used: it was read and has no errors.
        package var isUsable: Bool { template != nil && !diagnostics.containsErrors }
    }

    /// Reads a template from its bytes.
    public func read(_ bytes: [UInt8]) -> Result {
        read(bytes, keepingQuestions: true)
    }

    /// Reads a template from a parsed document.
    public func read(_ document: JSONDocument) -> Result {
        read(document, keepingQuestions: true)
    }

    /// Reads a template from its bytes past syntax errors: every syntax error is reported, and
    /// every template check runs on what could be recovered (see `JSONParser.parseRecovering`),
    /// which a note then says. The template is what was read, for tools such as an editor; with a
    /// syntax error it is never usable. Prints nothing: a library call for editors and tools.
    public func readRecovering(_ bytes: [UInt8]) -> Result {
        read(bytes, keepingQuestions: true, recovering: true)
    }

    /// Every problem of a template, without keeping what was read: what `validate` needs, in the
    /// memory of the source and its parse alone. Reads past syntax errors, as `readRecovering`.
    package func diagnose(_ bytes: [UInt8]) -> [Diagnostic] {
        read(bytes, keepingQuestions: false, recovering: true).diagnostics
    }

    /// `diagnose` on the bytes' `JSONParser.parseRecovering` reading, made once by a caller that
    /// looked at it first (`validate` tells fixtures from templates by it).
    package func diagnose(_ parsed: JSONParseResult) -> [Diagnostic] {
        read(parsed, keepingQuestions: false).diagnostics
    }

    /// `diagnose`, with the result's locating work (for tests).
    func diagnoseCountingSteps(_ bytes: [UInt8]) -> Result {
        read(bytes, keepingQuestions: false, recovering: true)
    }

    func read(_ bytes: [UInt8], keepingQuestions: Bool, recovering: Bool = false) -> Result {
        let parsed =
            recovering ? JSONParser.parseRecovering(bytes, limits: limits) : JSONParser.parse(bytes, limits: limits)
        return read(parsed, keepingQuestions: keepingQuestions)
    }

    /// Reads a template from its bytes' `JSONParser.parse` reading, made once by a caller that looked at it
    /// first (`convert` guesses the format of its input by it).
    package func read(_ parsed: JSONParseResult) -> Result {
        read(parsed, keepingQuestions: true)
    }

    /// `read(parsed)` for a caller that writes the template out and never runs it (`convert --to fhir`):
    /// its `logic` is left nil: making it resolves every condition again and locates each one's line, a
    /// scan of the whole text (8% of writing a 100,000-question template as FHIR). The diagnostics are the same.
    package func readWithoutLogic(_ parsed: JSONParseResult) -> Result {
        read(parsed, keepingQuestions: true, keepingLogic: false)
    }

    func read(_ parsed: JSONParseResult, keepingQuestions: Bool, keepingLogic: Bool = true) -> Result {
        guard let document = parsed.document else { return Result(template: nil, diagnostics: parsed.diagnostics) }
        let read = read(document, keepingQuestions: keepingQuestions, keepingLogic: keepingLogic)
        guard !parsed.diagnostics.isEmpty else { return read }
        var merged = Self.merge(parsed.diagnostics, read.diagnostics)
        // Last, so that the first line printed is the first problem in the file.
        if parsed.isRecovered {
            merged.append(Self.recoveredReadingNote(syntaxErrors: parsed.diagnostics.count(of: .error)))
        }
        return Result(
            template: read.template, diagnostics: merged, locatingSteps: read.locatingSteps,
            logicSteps: read.logicSteps, isRecovered: parsed.isRecovered)
    }

    /// The parser's diagnostics and the reader's together, in source order.
    static func merge(_ parsed: [Diagnostic], _ read: [Diagnostic]) -> [Diagnostic] {
        (parsed + read).sorted { lhs, rhs in
            (lhs.position ?? SourcePosition(line: 0, column: 0)) < (rhs.position ?? SourcePosition(line: 0, column: 0))
        }
    }

    /// The note, once per file, that the checks after a syntax error ran on a recovered reading.
    static func recoveredReadingNote(syntaxErrors: Int) -> Diagnostic {
        let errors = syntaxErrors == 1 ? "a syntax error" : "\(syntaxErrors) syntax errors"
        return Diagnostic(
            severity: .note, code: "template.recovered-reading",
            message: "template checks ran on a recovered reading: the JSON has \(errors)",
            hint: "The file is invalid until the syntax errors are fixed; what the checks report may change then.")
    }

    private func read(_ document: JSONDocument, keepingQuestions: Bool, keepingLogic: Bool = true) -> Result {
        var problems = ProblemCollector(document: document)
        var logicSteps = 0
        let template = readTemplate(
            document, keepingQuestions: keepingQuestions, keepingLogic: keepingLogic, problems: &problems,
            logicSteps: &logicSteps)
        let located = problems.located()
        return Result(
            template: template, diagnostics: located.diagnostics, locatingSteps: located.stepsWalked,
            logicSteps: logicSteps)
    }

    func readTemplate(
        _ document: JSONDocument, keepingQuestions: Bool, problems: inout ProblemCollector
    ) -> Template? {
        var logicSteps = 0
        return readTemplate(document, keepingQuestions: keepingQuestions, problems: &problems, logicSteps: &logicSteps)
    }

    /// `readTemplate`, adding to `logicSteps` the work of the logic checks (for tests that hold them linear);
    /// the runnable logic is made only when the questions are kept and `keepingLogic`.
    func readTemplate(
        _ document: JSONDocument, keepingQuestions: Bool, keepingLogic: Bool = true,
        problems: inout ProblemCollector, logicSteps: inout Int
    ) -> Template? {
        let root = document.root
        guard root.kind == .object else {
            problems.error(
                "template.not-an-object", "a template must be a JSON object, not \(root.kind)", at: root,
                hint: "Write {\"Title\": \"…\", \"questions\": [ … ]}.")
            return nil
        }
        checkTopLevelKeys(root, problems: &problems)
        let metadata = readMetadata(root, problems: &problems)
        let revision = readRevision(root, problems: &problems)
        var questions: [Question] = []
        var logic: TemplateLogic?
        if let list = questionList(root, problems: &problems) {
            let read = readQuestions(list, keepingQuestions: keepingQuestions, problems: &problems)
            questions = read.questions
            if !read.logic.isEmpty {
                var analysis = LogicAnalysis(questions: read.logic, document: document, registry: registry, keys: keys)
                analysis.run(problems: &problems)
                logicSteps = analysis.steps
                if keepingQuestions, keepingLogic, read.logic.contains(where: { $0.enableWhen != nil }) {
                    logic = TemplateLogic(
                        questions: questions, logic: read.logic, edges: analysis.edges,
                        finishOrder: analysis.finishOrder, document: document)
                }
            }
        }
        let title = root[keys.spelling(of: .title)]?.stringValue
        if root[keys.spelling(of: .title)] == nil {
            problems.warning(
                "template.missing-title", "the template has no '\(keys.spelling(of: .title))'", at: root,
                hint: "Add \"\(keys.spelling(of: .title))\": \"…\"; it heads the form and names its folder.")
        }
        return Template(
            document: document, title: title, revision: revision, metadata: metadata, questions: questions,
            keys: keys, logic: logic)
    }

    /// The question array: `questions`, or the early `Questions` with a warning.
    private func questionList(_ root: JSONNode, problems: inout ProblemCollector) -> JSONNode? {
        let modern = keys.spelling(of: .questions)
        let early = keys.spelling(of: .earlyQuestions)
        let list: JSONNode
        if let modernList = root[modern] {
            list = modernList
            if let earlyList = root[early] {
                problems.report(
                    .warning, "template.both-question-keys",
                    "both '\(modern)' and '\(early)' are present; "
                        + "'\(early)' is ignored", at: earlyList, hint: "Remove '\(early)'.", atKey: true,
                    fixes: [NodeFix("Remove '\(early)'", edits: [.remove([earlyList])])])
            }
        } else if let earlyList = root[early] {
            list = earlyList
            // Early templates are valid input: the modern spelling is a note, not a warning.
            problems.report(
                .note, "template.early-questions-key", "'\(early)' is the early spelling of '\(modern)'",
                at: earlyList, hint: "Rename the key to '\(modern)'.", atKey: true,
                fixes: [.renameKey(of: earlyList, to: modern)])
        } else {
            problems.error(
                "template.missing-questions", "the template has no '\(modern)' list", at: root,
                hint: "Add \"\(modern)\": [ … ] with one object per question.")
            return nil
        }
        guard list.kind == .array else {
            problems.error(
                "template.questions-not-array", "'\(list.memberKey ?? modern)' must be an array, not \(list.kind)",
                at: list, hint: "Write \"\(modern)\": [ {…}, {…} ].")
            return nil
        }
        if list.count == 0 {
            problems.warning(
                "template.no-questions", "the template has no questions", at: list,
                hint: "Add at least one question object.")
        }
        return list
    }

    private func readRevision(_ root: JSONNode, problems: inout ProblemCollector) -> String? {
        let modern = keys.spelling(of: .revisionNumber)
        let early = keys.spelling(of: .earlyRevisionNumber)
        guard let earlyNode = root[early] else { return root[modern]?.stringValue }
        // Alone, the early key is valid input (a note); beside the modern one, one of them is ignored.
        problems.report(
            root[modern] == nil ? .note : .warning, "template.early-revision-key",
            "'\(early)' is the early spelling of '\(modern)'", at: earlyNode,
            hint: root[modern] == nil ? "Rename the key to '\(modern)'." : "Remove '\(early)'; '\(modern)' is used.",
            atKey: true,
            fixes: [
                root[modern] == nil
                    ? .renameKey(of: earlyNode, to: modern)
                    : NodeFix("Remove '\(early)'", edits: [.remove([earlyNode])])
            ])
        return root[modern]?.stringValue ?? earlyNode.stringValue
    }

    /// The keys whose values are metadata strings: printed in the header, never structured.
    static let metadataKeys: [Key] =
        [.title, .revisionNumber, .earlyRevisionNumber, .email] + Key.metadata
        + [.username, .completedDate, .submittedDate]

    /// The metadata strings of `root` (`metadataKeys`) in source order; one that is not a string is a warning.
    func readMetadata(_ root: JSONNode, problems: inout ProblemCollector) -> [(key: String, value: String)] {
        let spellings = Self.metadataKeys.map { keys.spelling(of: $0) }
        var metadata: [(key: String, value: String)] = []
        for member in root.members where spellings.contains(member.key) {
            let key = member.key
            if let value = member.value.stringValue {
                metadata.append((key, value))
            } else {
                problems.warning(
                    "template.metadata-not-string", "'\(key)' should be a string, not \(member.value.kind)",
                    at: member.value,
                    hint: "Write \"\(key)\": \"\(plainText(of: member.value))\"; "
                        + "template metadata values are strings.",
                    fixes: plainText(of: member.value) == "…"
                        ? []
                        : [
                            NodeFix(
                                "Quote the value",
                                edits: [
                                    .replace(member.value, json: JSONWriter.text(of: .string(member.value.sourceText)))
                                ])
                        ])
            }
        }
        return metadata
    }

    private func plainText(of node: JSONNode) -> String {
        node.kind == .number || node.kind == .boolean ? node.sourceText : "…"
    }

    private func checkTopLevelKeys(_ root: JSONNode, problems: inout ProblemCollector) {
        let known = Key.templateKeys.map { keys.spelling(of: $0) }
        for member in root.members where !known.contains(member.key) {
            problems.warnUnknownKey(member, code: "template.unknown-key", in: "the template", known: known)
        }
    }

    // MARK: Questions

    /// Below this many questions one thread reads them all; above, the work is worth sharing.
    static let questionsPerThread = 2_000

    /// The cores to read on, asked once per process: asking costs a system call per template read.
    static let processorCount = ProcessInfo.processInfo.activeProcessorCount

    /// Reads every question of `list`, on as many threads as there are cores for a long list.
    /// Questions are independent, so each thread reads a run of them into its own collector, with
    /// its own replica of the document; the results are joined in order.
    private func readQuestions(
        _ list: JSONNode, keepingQuestions: Bool, problems: inout ProblemCollector
    ) -> (questions: [Question], logic: [QuestionLogic]) {
        let count = list.count
        let threads = min(Self.processorCount, max(1, count / Self.questionsPerThread), 16)
        guard threads > 1 else {
            var logic: [QuestionLogic] = []
            let questions = readQuestions(
                0..<count, of: list, in: list.document, with: questionReader, keeping: keepingQuestions,
                logic: &logic, problems: &problems)
            return (questions, logic)
        }
        let results = ThreadResults<([Question], [QuestionLogic], ProblemCollector)>(count: threads)
        DispatchQueue.concurrentPerform(iterations: threads) { run in
            // Everything a thread retains per question is its own: the document replica, and the
            // reader's tables (a shared count, bumped from two cores, costs more than it saves).
            let replica = list.document.replica()
            let reader = QuestionReader(registry: registry, keys: keys)
            var collector = ProblemCollector(document: replica)
            var logic: [QuestionLogic] = []
            let questions = readQuestions(
                (count * run / threads)..<(count * (run + 1) / threads), of: list, in: replica, with: reader,
                keeping: keepingQuestions, logic: &logic, problems: &collector)
            results.store((questions, logic, collector), at: run)
        }
        var questions: [Question] = []
        var logic: [QuestionLogic] = []
        for (runQuestions, runLogic, collector) in results.values {
            questions += runQuestions
            logic += runLogic
            problems.append(contentsOf: collector)
        }
        return (questions, logic)
    }

    /// The question list `readTemplate` reads, when there is one and it is an array.
    func questionList(of document: JSONDocument?) -> JSONNode? {
        guard let root = document?.root, root.kind == .object else { return nil }
        let list = root[keys.spelling(of: .questions)] ?? root[keys.spelling(of: .earlyQuestions)]
        return list?.kind == .array ? list : nil
    }

    /// Checks one question as `readTemplate` does (`TemplateCheck` re-checks an edited one alone);
    /// true when it has logic, whose checks across questions only a whole check makes.
    func checkQuestion(_ node: JSONNode, number: Int, problems: inout ProblemCollector) -> Bool {
        let question = QuestionJSON(node: node, keys: keys, number: number)
        var logic: [QuestionLogic] = []
        _ = questionReader.read(question, keeping: false, logic: &logic, problems: &problems)
        return !logic.isEmpty
    }

    /// Reads the questions at `positions` of `list`, through `document` (the list's or a replica).
    private func readQuestions(
        _ positions: Range<Int>, of list: JSONNode, in document: JSONDocument, with reader: QuestionReader,
        keeping: Bool, logic: inout [QuestionLogic], problems: inout ProblemCollector
    ) -> [Question] {
        var questions: [Question] = []
        if keeping { questions.reserveCapacity(positions.count) }
        // Each thread finds its own first question, so no thread waits for a walk of the whole list.
        var index = positions.isEmpty ? 0 : document.indexOfElement(positions.lowerBound, inArrayAt: list.index)
        for position in positions {
            let json = QuestionJSON(node: JSONNode(document: document, index: index), keys: keys, number: position + 1)
            if let question = reader.read(json, keeping: keeping, logic: &logic, problems: &problems) {
                questions.append(question)
            }
            index = document.indexAfter(index)
        }
        return questions
    }
}

/// One result slot per concurrent task, each written once, read after all tasks have finished.
final class ThreadResults<Value>: @unchecked Sendable {
    // Safe without a lock per slot: each task writes only its own slot, and the reader waits for
    // concurrentPerform to return; the lock makes that hand-over explicit to the memory model.
    private let lock = NSLock()
    private var slots: [Value?]

    init(count: Int) {
        slots = Array(repeating: nil, count: count)
    }

    func store(_ value: Value, at slot: Int) {
        lock.withLock { slots[slot] = value }
    }

    var values: [Value] {
        lock.withLock { slots.compactMap { $0 } }
    }
}
