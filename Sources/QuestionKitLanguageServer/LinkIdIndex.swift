import QuestionKit
import QuestionKitForms

/// The `linkId`s of an open template and the conditions that refer to them, as the engine reads
/// them (`QuestionLogic`, from `TemplateReader.questionLogic(of:)`): what completion in a
/// condition, definition, references and rename follow. A text with syntax errors is read past
/// them, as its diagnostics are (`JSONParser.parseRecovering`): while typing, the text is rarely
/// valid. Made per request: one parse and one pass over the questions; each lookup is one pass
/// over the questions' logic.
struct LinkIdIndex {
    /// The parsed text; nil when nothing could be read.
    let document: JSONDocument?
    /// The logic of each question that has any, in order.
    let questions: [QuestionLogic]
    /// Whether the text was read past syntax errors.
    let isRecovered: Bool
    let keys: KeyMap
    /// Each name's questions, by position in `questions`, in order (conditions refer to the first).
    private let named: [String: [Int]]

    /// A name as written at a place: a question's `linkId` value, or a condition's `question` value.
    struct Occurrence {
        let name: String
        /// The string, quotes included.
        let node: JSONNode
        /// Whether it is a question's `linkId` (else a condition's reference).
        let isLinkId: Bool
    }

    init(bytes: [UInt8], reader: TemplateReader) {
        let parsed = JSONParser.parseRecovering(bytes)
        document = parsed.document
        isRecovered = parsed.isRecovered
        keys = reader.keys
        questions = parsed.document.flatMap { reader.questionLogic(of: $0) } ?? []
        var named: [String: [Int]] = [:]
        for (position, question) in questions.enumerated() {
            if let linkId = question.linkId { named[linkId, default: []].append(position) }
        }
        self.named = named
        WorkCounter.add(questions.count, to: .linkIdVisits)
    }

    private func node(_ index: Int) -> JSONNode? { document.map { JSONNode(document: $0, index: index) } }

    /// The question with the name `name` that conditions refer to (the first), when any.
    func question(named name: String) -> QuestionLogic? { named[name].map { questions[$0[0]] } }

    /// How many questions have the name `name`.
    func count(named name: String) -> Int { named[name]?.count ?? 0 }

    /// The `linkId` value of the question conditions on `name` refer to.
    func definition(of name: String) -> JSONNode? { question(named: name)?.linkIdNode.flatMap(node) }

    /// The name whose string holds `offset` (or ends there, the cursor just after it).
    func occurrence(at offset: Int) -> Occurrence? {
        var visited = 0
        defer { WorkCounter.add(visited, to: .linkIdVisits) }
        for question in questions {
            visited += 1
            if let linkId = question.linkId, let found = question.linkIdNode.flatMap(node), found.holds(offset) {
                return Occurrence(name: linkId, node: found, isLinkId: true)
            }
            for condition in question.conditions {
                visited += 1
                if let found = node(condition.referenceNode), found.holds(offset) {
                    return Occurrence(name: condition.reference, node: found, isLinkId: false)
                }
            }
        }
        return nil
    }

    /// The condition whose object holds `offset`: its question and its place among that
    /// question's conditions.
    func condition(at offset: Int) -> (question: QuestionLogic, index: Int)? {
        var visited = 0
        defer { WorkCounter.add(visited, to: .linkIdVisits) }
        for question in questions {
            visited += 1
            for (index, condition) in question.conditions.enumerated() {
                visited += 1
                if let found = node(condition.node), found.holds(offset) { return (question, index) }
            }
        }
        return nil
    }

    /// Every condition's `question` value that refers to `name`, in order.
    func references(to name: String) -> [JSONNode] {
        var found: [JSONNode] = []
        var visited = 0
        defer { WorkCounter.add(visited, to: .linkIdVisits) }
        for question in questions {
            visited += 1
            for condition in question.conditions {
                visited += 1
                if condition.reference == name, let reference = node(condition.referenceNode) {
                    found.append(reference)
                }
            }
        }
        return found
    }

    /// The question's text, when it has one.
    func text(of question: QuestionLogic) -> String? {
        node(question.node)?[keys.spelling(of: .questionText)]?.stringValue
    }

    /// What conditions on `question` compare, and with which operators, as its type says; nil
    /// when it has no type, or its type cannot read it.
    func conditionSubject(of question: QuestionLogic, registry: QuestionTypeRegistry) -> ConditionSubject? {
        guard let type = question.type, let node = node(question.node) else { return nil }
        let json = QuestionJSON(node: node, keys: keys, number: question.number)
        return registry.types[type].conditionTarget(of: json)?.subject
    }

    /// The first question whose conditions could not all be read (a condition not an object, one
    /// without its `question`, with an unknown operator …): a reference it may hold is unknown.
    var firstUnreadCondition: QuestionLogic? { questions.first { !$0.isComplete } }
}

extension JSONNode {
    /// Whether the cursor at `offset` is on this value: inside it, or just after it.
    fileprivate func holds(_ offset: Int) -> Bool { byteRange.lowerBound <= offset && offset <= byteRange.upperBound }
}
