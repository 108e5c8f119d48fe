import QuestionKit
import QuestionKitForms

/// Reads a FHIR Questionnaire (R4 or R5 JSON) into a template of ours, through the registered
/// types: each item is taken by the first type that claims it (`InterchangeHandling`). Everything
/// not carried is a located diagnostic on the Questionnaire's own JSON, and is kept under `_fhir`
/// (on the question, or on the template) where the writer puts it back. See Docs/Formats/FHIR.md.
public struct FHIRReader: Sendable {
    /// The question types that take items.
    public let registry: QuestionTypeRegistry
    let types: ClaimingTypes

    /// A reader with the types of `registry`.
    public init(registry: QuestionTypeRegistry) {
        self.registry = registry
        types = ClaimingTypes(registry: registry)
    }

    /// What reading one Questionnaire gave.
    public struct Result: Sendable {
        /// The template, or nil when the input is not a Questionnaire that can be read.
        public var template: JSONWriter.Value?
        /// The problems, located in the Questionnaire's source.
        public var diagnostics: [Diagnostic]
        /// The release it was read as.
        public var version: FHIRVersion?
        /// Where its items went: every item is counted once.
        public var counts = ImportCounts()
        /// The Questionnaire, parsed.
        public var document: JSONDocument?
        /// Where each question came from, in the order of the template's questions.
        public var sources: [QuestionSource] = []

        /// The node of the Questionnaire that the template's node at `pointer` came from: a question's
        /// item, a condition's own node, else the Questionnaire itself.
        public func source(ofPointer pointer: String) -> JSONNode? {
            guard let root = document?.root else { return nil }
            let parts = Array(pointer.split(separator: "/", omittingEmptySubsequences: false).dropFirst())
            guard parts.count >= 2, parts[0] == "questions", let index = Int(parts[1]), sources.indices.contains(index)
            else { return root }
            let source = sources[index]
            guard parts.count >= 3, parts[2] == "enableWhen", let enableWhen = source.enableWhen else {
                return source.item
            }
            if parts.count >= 4, let condition = Int(parts[3]), source.conditions.indices.contains(condition) {
                return source.conditions[condition]
            }
            return enableWhen
        }
    }

    /// The nodes of a Questionnaire a question came from.
    public struct QuestionSource: Sendable {
        /// The item.
        public var item: JSONNode
        /// Its `enableWhen` (or its group's, inherited), if any.
        public var enableWhen: JSONNode?
        /// The conditions carried, in the order of the question's `enableWhen`.
        public var conditions: [JSONNode] = []
    }

    /// Reads the Questionnaire in `bytes`.
    public func read(_ bytes: [UInt8]) -> Result {
        read(JSONParser.parse(bytes))
    }

    /// Reads the Questionnaire parsed once by a caller that looked at it first (`convert` guesses its format).
    package func read(_ parsed: JSONParseResult) -> Result {
        guard let document = parsed.document else {
            return Result(template: nil, diagnostics: parsed.diagnostics)
        }
        var problems = ProblemCollector(document: document)
        var result = Result(template: nil, diagnostics: [])
        let root = document.root
        if checkRoot(root, problems: &problems) {
            let version = FHIRVersionDetection(root: root).version(root: root, problems: &problems)
            var walk = FHIRItemWalk(
                reader: self, version: version, containedValueSets: FHIRItem.containedValueSets(of: root))
            if let items = root["item"] { walk.walk(items.elements, section: nil, inherited: nil, problems: &problems) }
            walk.finishPendingHelp(problems: &problems)
            WorkCounter.add(walk.visits, to: .interchangeVisits)
            let made = walk.questionValues(problems: &problems)
            let questions = made.map(\.0)
            result.sources = made.map(\.1)
            result.document = document
            let (title, kept) = templateMembers(root, walk: walk, problems: &problems)
            result.template = .object(title + [("questions", .array(questions))] + kept)
            result.version = version
            result.counts = walk.counts
        }
        result.diagnostics = parsed.diagnostics + problems.diagnostics()
        return result
    }

    /// Whether `root` is a Questionnaire, reporting what it is otherwise.
    private func checkRoot(_ root: JSONNode, problems: inout ProblemCollector) -> Bool {
        guard root.kind == .object else {
            problems.error(FHIRCode.notAnObject, "a FHIR resource is a JSON object, not \(root.kind)", at: root)
            return false
        }
        let resourceType = root["resourceType"]
        if resourceType?.stringEquals("Questionnaire") == true { return true }
        if let resourceType, resourceType.stringEquals("QuestionnaireResponse") {
            problems.error(
                FHIRCode.responseNotSupported, "a QuestionnaireResponse is a completed form, not a template",
                at: resourceType, hint: "Convert it with --template (its template, ours or its Questionnaire).")
            return false
        }
        problems.error(
            FHIRCode.notAQuestionnaire,
            "resourceType is \(resourceType?.quotedForMessage ?? "missing"); expected \"Questionnaire\"",
            at: resourceType ?? root)
        return false
    }

    /// `Title` and `_fhir` (the members of the Questionnaire not carried, and the items not made).
    private func templateMembers(_ root: JSONNode, walk: FHIRItemWalk, problems: inout ProblemCollector)
        -> (title: [(String, JSONWriter.Value)], kept: [(String, JSONWriter.Value)])
    {
        var members: [(String, JSONWriter.Value)] = []
        let title = (root["title"] ?? root["name"])?.stringValue.map { [("Title", JSONWriter.Value.string($0))] } ?? []
        var kept: [(String, JSONWriter.Value)] = []
        var keptNames: [String] = []
        // `status` draft is what the writer writes when there is none: kept, it would not round-trip.
        for member in root.members where !["resourceType", "title", "item"].contains(member.key) {
            if member.key == "status", member.value.stringEquals("draft") { continue }
            kept.append((member.key, member.value.writerValue))
            if member.key == "extension" {
                for entry in member.value.elements { FHIRMembers.reportExtension(entry, problems: &problems) }
            } else if member.key == "modifierExtension" {
                // FHIR: a modifier extension may change what the whole resource means; not a note.
                for entry in member.value.elements {
                    let url = entry["url"]?.stringValue ?? ""
                    problems.warning(
                        FHIRCode.extensionNotRead,
                        "the modifier extension '\(FHIRItem.extensionName(url))' is not "
                            + "read, yet it may change what the whole Questionnaire means; kept under _fhir",
                        at: entry["url"] ?? entry)
                }
            } else {
                keptNames.append(member.key)
            }
        }
        if !keptNames.isEmpty {
            problems.report(
                .note, FHIRCode.metadataKept,
                "kept under _fhir, not used: \(keptNames.map { "'\($0)'" }.joined(separator: ", "))", at: root)
        }
        if !walk.unmade.isEmpty { kept.append(("item", .array(walk.unmade))) }
        if !kept.isEmpty { members.append(("_fhir", .object(kept))) }
        return (title, members)
    }

    /// The first type that claims `item`, reporting others that claim it too.
    func claimant(of item: FHIRItem, problems: inout ProblemCollector) -> (any QuestionType, String)? {
        types.claimant({ $0.claims(item) }) { other, first in
            problems.report(
                .note, FHIRCode.itemAmbiguous,
                "'\(other)' also takes \(item.type) items; '\(first)' (registered first) takes this one",
                at: item["type"] ?? item.node)
        }
    }
}
