import QuestionKit

/// One pass over a Questionnaire's items, in order, at every depth: groups become sections,
/// display items help, other items questions of the type that claims them. Conditions are mapped
/// afterwards (`questionValues`), since FHIR lets them refer to later items.
struct FHIRItemWalk {
    /// A group's conditions, which its items inherit.
    typealias Conditions = (enableWhen: JSONNode, behavior: JSONNode?)

    /// A question made, its conditions not yet mapped.
    struct Pending {
        var item: JSONNode
        var identifier: String
        var text: String
        var keys: [(String, JSONWriter.Value)]
        var section: String?
        var help: [String]
        var kept: [(String, JSONWriter.Value)]
        var linkId: String
        var conditions: Conditions?
    }

    let reader: FHIRReader
    let version: FHIRVersion
    var pending: [Pending] = []
    /// Questions by linkId (the first of a duplicated one).
    var made: [String: Int] = [:]
    /// Items no type made, kept whole.
    var unmade: [JSONWriter.Value] = []
    var counts = ImportCounts()
    /// Members of items visited, for `WorkCounter` (added once, by the reader: the counter is a task-local).
    var visits = 0
    /// Display items waiting for the next question, whose help they become.
    private var waitingHelp: [(node: JSONNode, text: String)] = []

    /// The members the walk reads itself: few, and on every item, so compared one by one (a set made and
    /// hashed per item was a tenth of reading a large Questionnaire).
    static let coreMembers = JSONKeySpellings(["linkId", "text", "type", "item", "enableWhen", "enableBehavior"])
    /// The members of a display item the walk reads itself.
    static let displayMembers = JSONKeySpellings(["linkId", "text", "type", "item"])

    /// The Questionnaire's contained ValueSets, by `id`, for items whose `answerValueSet` names one.
    let containedValueSets: [String: JSONNode]

    init(reader: FHIRReader, version: FHIRVersion, containedValueSets: [String: JSONNode] = [:]) {
        self.reader = reader
        self.version = version
        self.containedValueSets = containedValueSets
    }

    /// The item `node` as the types read it, with the contained ValueSets its options may come from.
    func fhirItem(_ node: JSONNode) -> FHIRItem {
        var item = FHIRItem(node: node, version: version)
        item.containedValueSets = containedValueSets
        return item
    }

    mutating func walk(
        _ items: some Sequence<JSONNode>, section: String?, inherited: Conditions?, problems: inout ProblemCollector
    ) {
        for item in items {
            counts.total += 1
            guard item.kind == .object else {
                problems.warning(FHIRCode.itemNotAnObject, "an item is a JSON object, not \(item.kind)", at: item)
                counts.reported += 1
                continue
            }
            let fhirItem = fhirItem(item)
            if let repeats = item["repeats"], repeats.kind != .boolean {
                problems.warning(
                    FHIRCode.repeatsNotABoolean,
                    "'repeats' is \(repeats.kind) \(repeats.quotedForMessage), not a boolean; read as \(fhirItem.repeats)",
                    at: repeats, hint: "FHIR's `repeats` is a boolean: write true or false, unquoted.")
            }
            switch fhirItem.type {
            case "group":
                // A type may take a group whole (a table takes a grid); else it is a section.
                if let claimant = reader.claimant(of: fhirItem, problems: &problems) {
                    question(fhirItem, claimant: claimant, section: section, inherited: inherited, problems: &problems)
                } else {
                    group(item, section: section, inherited: inherited, problems: &problems)
                }
            case "display": display(item, section: section, inherited: inherited, problems: &problems)
            default:
                let claimant = reader.claimant(of: fhirItem, problems: &problems)
                question(fhirItem, claimant: claimant, section: section, inherited: inherited, problems: &problems)
            }
        }
    }

    private mutating func group(
        _ item: JSONNode, section: String?, inherited: Conditions?, problems: inout ProblemCollector
    ) {
        counts.sections += 1
        var inner = section
        if let text = item["text"]?.stringValue, !text.isEmpty {
            inner = section.map { "\($0) / \(text)" } ?? text
            if section != nil {
                problems.report(
                    .note, FHIRCode.groupFlattened, "a group inside a group: its items' section is '\(inner ?? "")'",
                    at: item["text"] ?? item)
            }
        }
        if let repeats = item["repeats"], FHIRItem(node: item, version: version).repeats {
            problems.warning(
                FHIRCode.groupRepeatsNotCarried, "a repeating group is asked once (its items are not repeated)",
                at: repeats)
        }
        var conditions = inherited
        if let enableWhen = item["enableWhen"] {
            if inherited != nil {
                problems.warning(
                    FHIRCode.groupConditionNotCarried,
                    "conditions of a group inside a conditional group are not combined; the inner ones apply",
                    at: enableWhen)
            }
            conditions = (enableWhen, item["enableBehavior"])
        }
        _ = FHIRMembers.kept(
            item, core: Self.coreMembers, carried: ["repeats"], carriedExtensions: [], visits: &visits,
            problems: &problems)
        if let children = item["item"] {
            walk(children.elements, section: inner, inherited: conditions, problems: &problems)
        }
    }

    private mutating func display(
        _ item: JSONNode, section: String?, inherited: Conditions?, problems: inout ProblemCollector
    ) {
        let text = item["text"]?.stringValue ?? ""
        waitingHelp.append((item, text))
        _ = FHIRMembers.kept(
            item, core: Self.displayMembers, carried: [], carriedExtensions: [], visits: &visits,
            problems: &problems)
        if let children = item["item"] {
            walk(children.elements, section: section, inherited: inherited, problems: &problems)
        }
    }

    /// Reports the display items no question followed.
    mutating func finishPendingHelp(problems: inout ProblemCollector) {
        for (node, _) in waitingHelp {
            problems.warning(
                FHIRCode.displayNotCarried, "a display item after the last question is not carried", at: node)
            counts.reported += 1
        }
        waitingHelp = []
    }

    /// The question the type that claims `fhirItem` (`claimant`, nil when none) makes of it.
    private mutating func question(
        _ fhirItem: FHIRItem, claimant: (any QuestionType, String)?, section: String?, inherited: Conditions?,
        problems: inout ProblemCollector
    ) {
        let item = fhirItem.node
        guard let (type, identifier) = claimant else {
            let known = reader.registry.types.flatMap(\.fhirItemTypes)
            problems.warning(
                FHIRCode.itemTypeUnsupported,
                "no registered question type takes \(item["type"]?.quotedForMessage ?? "an item without type") items "
                    + "(taken: \(known.joined(separator: ", "))); kept under _fhir",
                at: item["type"] ?? item)
            keepUnmade(item)
            return
        }
        guard let made = type.questionKeys(from: fhirItem, problems: &problems) else {
            problems.warning(
                FHIRCode.itemNotMade, "'\(identifier)' could not make a question of this item; kept under _fhir",
                at: item["type"] ?? item)
            keepUnmade(item)
            return
        }
        counts.questions += 1
        var help = waitingHelp.map(\.text).filter { !$0.isEmpty }
        if !waitingHelp.isEmpty {
            counts.help += waitingHelp.count
            for (node, _) in waitingHelp {
                problems.report(
                    .note, FHIRCode.displayAsHelp, "a display item becomes the next question's help", at: node)
            }
            waitingHelp = []
        }
        // The walk's own members, found in one walk of the item's (by their place in `coreMembers`).
        var (linkIdNode, textNode, children, enableWhen, enableBehavior):
            (
                JSONNode?, JSONNode?, JSONNode?, JSONNode?, JSONNode?
            )
        item.forEachMember(named: Self.coreMembers) { position, value in
            switch position {
            case 0: linkIdNode = value
            case 1: textNode = value
            case 3: children = value
            case 4: enableWhen = value
            case 5: enableBehavior = value
            default: break
            }
        }
        // FHIR requires a linkId; without one, the question gets the one the writer gives it (`q` and its number).
        let givenLinkId = linkIdNode?.stringValue
        let linkId = givenLinkId ?? "q\(pending.count + 1)"
        if givenLinkId == nil {
            problems.warning(
                FHIRCode.linkIdMissing, "an item without a linkId (FHIR requires one) is named '\(linkId)'",
                at: linkIdNode ?? item)
        }
        var text = textNode?.stringValue ?? ""
        if text.isEmpty {
            text = linkId
            problems.warning(FHIRCode.textMissing, "an item without text: its linkId is the question", at: item)
        }
        // A type that carries `item` (a table's rows and cells) holds the items under it but help.
        let holdsChildren = !made.carriedMembers.isEmpty && made.carriedMembers.contains("item")
        var flattened: [JSONNode] = []
        for child in children.map(\.elements).map(Array.init) ?? [] {
            if child["type"]?.stringEquals("display") == true {
                counts.total += 1
                counts.help += 1
                if let text = child["text"]?.stringValue, !text.isEmpty { help.append(text) }
            } else if holdsChildren {
                let held = 1 + Self.countItems(child["item"])
                counts.total += held
                counts.carried += held
            } else {
                flattened.append(child)
            }
        }
        let kept = FHIRMembers.kept(
            item, core: Self.coreMembers, carried: made.carriedMembers, carriedExtensions: made.carriedExtensions,
            visits: &visits, problems: &problems)
        if self.made[linkId] != nil {
            problems.warning(FHIRCode.duplicateLinkId, "linkId '\(linkId)' is used before", at: linkIdNode ?? item)
        } else {
            self.made[linkId] = pending.count
        }
        let conditions = enableWhen.map { ($0, enableBehavior) } ?? inherited
        if inherited != nil, enableWhen == nil {
            problems.report(
                .note, FHIRCode.groupConditionInherited, "the item is asked when its group is", at: item)
        }
        pending.append(
            Pending(
                item: item, identifier: identifier, text: text, keys: made.keys, section: section, help: help,
                kept: kept, linkId: linkId, conditions: conditions))
        if !flattened.isEmpty, let children {
            problems.report(
                .note, FHIRCode.nestedItemsFlattened, "items under a question follow it as questions of their own",
                at: children)
            walk(flattened, section: section, inherited: inherited, problems: &problems)
        }
    }

    private mutating func keepUnmade(_ item: JSONNode) {
        unmade.append(item.writerValue)
        let inside = Self.countItems(item["item"])
        counts.total += inside
        counts.reported += 1 + inside
    }

    /// Items in `items`, at every depth.
    static func countItems(_ items: JSONNode?) -> Int {
        guard let items else { return 0 }
        return items.elements.reduce(0) { $0 + 1 + countItems($1["item"]) }
    }
}
