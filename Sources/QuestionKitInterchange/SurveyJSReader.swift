import QuestionKit
import QuestionKitForms

/// Reads a SurveyJS survey (JSON) into a template of ours, through the registered types: each
/// question element is taken by the first type that claims it (`InterchangeHandling`). Pages and
/// panels are flattened into sections. Everything not carried is a located diagnostic on the
/// survey's own JSON, and is kept under `_surveyjs` (on the question, or on the template). Import
/// only. See Docs/Formats/SurveyJS.md.
public struct SurveyJSReader: Sendable {
    /// The question types that take elements.
    public let registry: QuestionTypeRegistry
    let types: ClaimingTypes

    /// A reader with the types of `registry`.
    public init(registry: QuestionTypeRegistry) {
        self.registry = registry
        types = ClaimingTypes(registry: registry)
    }

    /// What reading one survey gave.
    public struct Result: Sendable {
        /// The template, or nil when the input is not a survey that can be read.
        public var template: JSONWriter.Value?
        /// The problems, located in the survey's source.
        public var diagnostics: [Diagnostic]
        /// Where its elements went: every element is counted once.
        public var counts = ImportCounts()
        /// The survey, parsed.
        public var document: JSONDocument?
        /// The element each of the template's questions came from, in order.
        public var sources: [JSONNode] = []
    }

    /// Reads the survey in `bytes`.
    public func read(_ bytes: [UInt8]) -> Result {
        read(JSONParser.parse(bytes))
    }

    /// Reads the survey parsed once by a caller that looked at it first (`convert` guesses its format).
    package func read(_ parsed: JSONParseResult) -> Result {
        guard let document = parsed.document else { return Result(template: nil, diagnostics: parsed.diagnostics) }
        var problems = ProblemCollector(document: document)
        var result = Result(template: nil, diagnostics: [])
        let root = document.root
        if root.kind == .object {
            var walk = SurveyJSElementWalk(reader: self)
            if let pages = root["pages"] { walk.pages(pages, problems: &problems) }
            if let elements = root["elements"] ?? root["questions"] {
                walk.walk(elements.elements, section: nil, inherited: nil, problems: &problems)
            }
            if root["pages"] == nil, root["elements"] == nil, root["questions"] == nil {
                problems.warning(SurveyJSCode.noElements, "the survey has no pages and no elements", at: root)
            }
            WorkCounter.add(walk.visits, to: .interchangeVisits)
            let made = walk.questionValues(problems: &problems)
            result.sources = walk.pending.map(\.element)
            result.document = document
            result.template = .object(title(root) + [("questions", .array(made))] + kept(root, walk, &problems))
            result.counts = walk.counts
        } else {
            problems.error(SurveyJSCode.notAnObject, "a SurveyJS survey is a JSON object, not \(root.kind)", at: root)
        }
        result.diagnostics = parsed.diagnostics + problems.diagnostics()
        return result
    }

    private func title(_ root: JSONNode) -> [(String, JSONWriter.Value)] {
        guard let text = root["title"].flatMap(SurveyJSElement.localized) else { return [] }
        return [("Title", .string(text))]
    }

    /// `_surveyjs`: the survey's members not carried (each noted) and the elements not made.
    private func kept(_ root: JSONNode, _ walk: SurveyJSElementWalk, _ problems: inout ProblemCollector)
        -> [(String, JSONWriter.Value)]
    {
        var kept: [(String, JSONWriter.Value)] = []
        for member in root.members where !["title", "pages", "elements", "questions"].contains(member.key) {
            kept.append((member.key, member.value.writerValue))
        }
        if !kept.isEmpty {
            problems.report(
                .note, SurveyJSCode.metadataKept,
                "kept under _surveyjs, not used: \(kept.map { "'\($0.0)'" }.joined(separator: ", "))", at: root)
        }
        if !walk.unmade.isEmpty { kept.append(("elements", .array(walk.unmade))) }
        return kept.isEmpty ? [] : [("_surveyjs", .object(kept))]
    }

    /// The first type that claims `element`, reporting others that claim it too.
    func claimant(of element: SurveyJSElement, problems: inout ProblemCollector) -> (any QuestionType, String)? {
        types.claimant({ $0.claims(element) }) { other, first in
            problems.report(
                .note, SurveyJSCode.elementAmbiguous,
                "'\(other)' also takes \(element.type) elements; '\(first)' (registered first) takes this one",
                at: element["type"] ?? element.node)
        }
    }
}
