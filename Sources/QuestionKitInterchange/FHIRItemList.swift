import QuestionKit
import QuestionKitForms

/// The items of a Questionnaire being written: questions in order, consecutive questions of one
/// section inside one group; linkIds (a question without one is `q` and its number); and the
/// conditions of our questions as `enableWhen`, their operands typed by the referred item.
struct FHIRItemList {
    let version: FHIRVersion
    /// The FHIR item type of each question with a linkId that a condition refers to.
    private let types: [String: String]
    private var items: [JSONWriter.Value] = []
    private var group: (text: String, items: [JSONWriter.Value])?
    private var groupCount = 0
    /// The linkId of each question (`linkIds(of:)`).
    private let linkIds: [String]
    /// Every linkId written so far or to come that a section's group could take (`section-…`): it takes
    /// one none of them has.
    private var taken: Set<String>

    /// The list of `questions`, whose `linkIds(of:)` are `linkIds` (made once by a response's writer).
    init(version: FHIRVersion, questions: [Question], linkIds: [String], shapeType: (Question) -> String?) {
        self.version = version
        self.linkIds = linkIds
        // A group's linkId begins `section-` (`unique` adds `-N`): only linkIds so begun can be one
        // (a set of every linkId was hashed for every question).
        taken = Set(linkIds.filter { $0.utf8.starts(with: "section-".utf8) })
        // Only the referred questions' types are wanted: a type's item is made whole to learn its type.
        var referred: Set<String> = []
        var visits = 0
        for question in questions {
            for condition in question.node["enableWhen"]?.elements.map({ $0 }) ?? [] {
                if let target = condition["question"]?.stringValue { referred.insert(target) }
                visits += 1
            }
            visits += 1
        }
        WorkCounter.add(visits, to: .interchangeVisits)
        var types: [String: String] = [:]
        for question in questions where !referred.isEmpty {
            if let linkId = question.node["linkId"]?.stringValue, referred.contains(linkId), types[linkId] == nil {
                types[linkId] = shapeType(question) ?? ""
            }
        }
        self.types = types
    }

    /// The members of `node`, none when it is nil.
    static func members(of node: JSONNode?) -> [JSONMember] { node.map { Array($0.members) } ?? [] }

    /// The linkId of each question, in order: its own, else `q` and its number, made unique (`q3-2`)
    /// where another question's own linkId is that already. The sections' groups (`section-N`) are
    /// kept clear of them in the same way.
    static func linkIds(of questions: [Question]) -> [String] {
        // Each question read in place (a Question copied per step of a `zip` or `map` was most of this).
        var own: [String?] = []
        own.reserveCapacity(questions.count)
        var hasOwn = false
        var numbersRise = true
        var previous = Int.min
        for index in questions.indices {
            let linkId = questions[index].node["linkId"]?.stringValue
            hasOwn = hasOwn || linkId != nil
            own.append(linkId)
            let number = questions[index].number
            numbersRise = numbersRise && number > previous
            previous = number
        }
        var linkIds: [String] = []
        linkIds.reserveCapacity(questions.count)
        // No question with its own linkId and numbers rising (a template's are 1, 2, 3 …): every `q` and
        // number differs from the others, and no set of them is needed (its hashing cost as much again).
        if !hasOwn, numbersRise {
            for index in questions.indices { linkIds.append("q" + String(questions[index].number)) }
            return linkIds
        }
        var taken = Set(own.compactMap { $0 })
        // Made for every question, up to three times for a response: the set sized once, each
        // number's text made without an interpolation, no question copied.
        taken.reserveCapacity(questions.count)
        for index in questions.indices {
            linkIds.append(own[index] ?? unique("q" + String(questions[index].number), in: &taken))
        }
        return linkIds
    }

    /// `base`, or `base-2`, `base-3` … the first that `taken` does not hold, then taken.
    static func unique(_ base: String, in taken: inout Set<String>) -> String {
        var candidate = base
        var suffix = 1
        while taken.contains(candidate) {
            suffix += 1
            candidate = "\(base)-\(suffix)"
        }
        taken.insert(candidate)
        return candidate
    }

    func linkId(of question: Question) -> String { linkIds[question.index] }

    /// Adds the item of `question` (nothing when nil), in its section's group.
    mutating func append(_ question: Question, item: JSONWriter.Value?) {
        if group?.text != question.section { closeGroup() }
        if group == nil, let section = question.section { group = (section, []) }
        guard let item else { return }
        if group != nil { group?.items.append(item) } else { items.append(item) }
    }

    private mutating func closeGroup() {
        guard let (text, children) = group else { return }
        group = nil
        guard !children.isEmpty else { return }
        items.append(
            .object([
                ("linkId", .string(nextGroupLinkId())), ("text", .string(text)),
                ("type", .string("group")),
                ("item", .array(children)),
            ]))
    }

    /// The linkId of the next section's group that holds an item (`section-N`, made unique), in order.
    mutating func nextGroupLinkId() -> String {
        groupCount += 1
        return Self.unique("section-\(groupCount)", in: &taken)
    }

    mutating func finished() -> [JSONWriter.Value] {
        closeGroup()
        return items
    }

    /// `enableWhen` of `question`: its conditions, then those `_fhir` kept; nil when none.
    func enableWhen(of question: Question) -> [JSONWriter.Value]? {
        var conditions: [JSONWriter.Value] = []
        for condition in question.node["enableWhen"]?.elements.map({ $0 }) ?? [] {
            guard let target = condition["question"]?.stringValue, let op = condition["operator"]?.stringValue,
                let answer = condition["answer"]
            else { continue }
            conditions.append(
                .object([
                    ("question", .string(target)), ("operator", .string(op)),
                    operand(answer, type: op == "exists" ? "boolean" : types[target] ?? ""),
                ]))
        }
        conditions += question.node["_fhir"]?["enableWhen"]?.elements.map(\.writerValue) ?? []
        return conditions.isEmpty ? nil : conditions
    }

    /// `answer[x]` of a condition on an item of `type`.
    private func operand(_ answer: JSONNode, type: String) -> (String, JSONWriter.Value) {
        if let value = answer.boolValue { return ("answerBoolean", .bool(value)) }
        if answer.kind == .number {
            let whole = answer.numberText.map { Int($0) != nil } ?? false
            return (type == "integer" && whole ? "answerInteger" : "answerDecimal", answer.writerValue)
        }
        let text = answer.stringValue ?? answer.sourceText
        switch type {
        case "coding": return ("answerCoding", .object([("display", .string(text))]))
        case "date": return ("answerDate", .string(text))
        case "dateTime": return ("answerDateTime", .string(text))
        case "time": return ("answerTime", .string(text))
        default: return ("answerString", .string(text))
        }
    }

    /// The SDC extension that makes a display item its question's help.
    static let helpControl = FHIRItem.itemControl("help")

    /// An R4 `valueString` option as an R5 coding option (its text as the display).
    static func codingOption(_ option: JSONWriter.Value) -> JSONWriter.Value {
        guard case .object(let members) = option, let (key, value) = members.first, key == "valueString" else {
            return option
        }
        return .object([("valueCoding", .object([("display", value)]))])
    }
}
