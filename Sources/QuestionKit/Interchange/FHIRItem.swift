/// The FHIR releases whose Questionnaire the converter reads and writes.
public enum FHIRVersion: String, Sendable, CaseIterable {
    /// R4 (4.0.1), and R4B, whose Questionnaire is R4's: `choice` and `open-choice` items.
    case r4
    /// R5 (5.0.0): `coding` items with `answerConstraint`.
    case r5
}

/// One FHIR Questionnaire item, as a question type sees it when it claims the item and reads it.
public struct FHIRItem: Sendable {
    /// The item object.
    public let node: JSONNode
    /// Its `type` (`""` when missing).
    public let type: String
    /// The release the Questionnaire was read as.
    public let version: FHIRVersion
    /// The ValueSets the Questionnaire contains, by `#id` and by `url`: an `answerValueSet` names one so.
    public var containedValueSets: [String: JSONNode] = [:]

    /// The item `node` of a Questionnaire of `version`.
    public init(node: JSONNode, version: FHIRVersion) {
        self.node = node
        self.type = node["type"]?.stringValue ?? ""
        self.version = version
    }

    /// The member `key` of the item, or nil.
    public subscript(key: String) -> JSONNode? { node[key] }

    /// Whether the item says more than one answer may be given (`repeats` true). The string "true",
    /// which some tools write, is read as true too: taken as false, a multiple-answer question would
    /// silently become single-answer (the reader reports the string, `fhir.repeats-not-a-boolean`).
    public var repeats: Bool {
        guard let repeats = node["repeats"] else { return false }
        return repeats.boolValue ?? (repeats.stringValue == "true")
    }

    /// The `answerOption` entries' values as option texts, each with its value node: a coding's
    /// `display` (else its `code`), a string, a number or a date as written. An entry whose value
    /// is none of these has no text (nil), so the caller can report it.
    public var options: [(text: String?, node: JSONNode)] {
        guard let list = node["answerOption"] else { return valueSetOptions }
        return list.elements.map { entry in
            guard let value = Self.value(in: entry) else { return (nil, entry) }
            return (Self.optionText(of: value), value)
        }
    }

    /// Without `answerOption`, the options of a contained ValueSet the item's `answerValueSet` names
    /// (`#id`, as the SDC IG's PHQ-9 does, or its `url`): each concept's `display` (else its `code`), with the
    /// concept, from its `expansion.contains`, else its `compose.include[].concept`. None when the set
    /// is not contained, or its compose filters, draws on other value sets or excludes: its members
    /// are then not known here.
    public var valueSetOptions: [(text: String?, node: JSONNode)] {
        guard let reference = node["answerValueSet"]?.stringValue, let valueSet = containedValueSets[reference] else {
            return []
        }
        if let contains = valueSet["expansion"]?["contains"] {
            return contains.elements.map { ($0["display"]?.stringValue ?? $0["code"]?.stringValue, $0) }
        }
        guard let compose = valueSet["compose"], compose["exclude"] == nil, let includes = compose["include"] else {
            return []
        }
        var options: [(text: String?, node: JSONNode)] = []
        for include in includes.elements {
            guard include["filter"] == nil, include["valueSet"] == nil, let concepts = include["concept"] else {
                return []
            }
            options += concepts.elements.map { ($0["display"]?.stringValue ?? $0["code"]?.stringValue, $0) }
        }
        return options
    }

    /// The ValueSets among a Questionnaire's `contained` resources, by `#id` and by `url` (the first
    /// of each).
    public static func containedValueSets(of root: JSONNode) -> [String: JSONNode] {
        var sets: [String: JSONNode] = [:]
        guard let contained = root["contained"] else { return [:] }
        for resource in contained.elements where resource["resourceType"]?.stringValue == "ValueSet" {
            for key in [resource["id"]?.stringValue.map { "#" + $0 }, resource["url"]?.stringValue].compactMap(\.self)
            where sets[key] == nil {
                sets[key] = resource
            }
        }
        return sets
    }

    /// The text an option or condition value stands for: a coding's `display` (else its
    /// `code`), a string, or a number or date as written; nil for anything else.
    public static func optionText(of value: JSONNode) -> String? {
        switch value.memberKey {
        case "valueCoding", "answerCoding":
            return value["display"]?.stringValue ?? value["code"]?.stringValue
        case "valueString", "valueDate", "valueTime", "valueDateTime", "answerString", "answerDate", "answerTime",
            "answerDateTime":
            return value.stringValue
        case "valueInteger", "valueDecimal", "answerInteger", "answerDecimal":
            return value.numberText
        default:
            return nil
        }
    }

    /// The one answer of `values` (the `value[x]` nodes of a QuestionnaireResponse item's answers)
    /// for a question that takes one; each further one is reported with `code` as not carried.
    public static func singleAnswer(
        _ values: [JSONNode], code: some DiagnosticCode, problems: inout ProblemCollector
    ) -> JSONNode? {
        for extra in values.dropFirst() {
            problems.warning(code, "the question takes one answer: \(extra.quotedForMessage) is not carried", at: extra)
        }
        return values.first
    }

    /// The `value[x]` member of an object (an answer option, an extension), or nil.
    public static func value(in object: JSONNode) -> JSONNode? {
        object.members.first { $0.keyNode.stringValueHasPrefix("value") }?.value
    }

    /// The `value[x]` of the item's extension with `url`, or nil.
    public func extensionValue(url: String) -> JSONNode? {
        guard let extensions = node["extension"] else { return nil }
        // Compared where the bytes lie: most extensions' URLs are longer than a String holds inline.
        for entry in extensions.elements where entry["url"]?.stringValueIs(url) == true {
            return Self.value(in: entry)
        }
        return nil
    }

    /// Whether the item's SDC `questionnaire-itemControl` extension names `code` (`grid`, `help`,
    /// `slider` …) among its codings.
    public func hasItemControl(_ code: String) -> Bool {
        guard let extensions = node["extension"] else { return false }
        return extensions.elements.contains { entry in
            entry["url"]?.stringEquals(Self.itemControlURL) == true
                && entry["valueCodeableConcept"]?["coding"]?.elements.contains {
                    $0["code"]?.stringEquals(code) == true
                }
                    == true
        }
    }

    /// The SDC `questionnaire-itemControl` extension naming `code`, as an item's `extension` entry.
    public static func itemControl(_ code: String) -> JSONWriter.Value {
        let coding: JSONWriter.Value = .object([
            ("system", .string("http://hl7.org/fhir/questionnaire-item-control")), ("code", .string(code)),
        ])
        return .object([
            ("url", .string(itemControlURL)), ("valueCodeableConcept", .object([("coding", .array([coding]))])),
        ])
    }

    /// The URL of the SDC `questionnaire-itemControl` extension (how a renderer shows an item).
    public static let itemControlURL = "http://hl7.org/fhir/StructureDefinition/questionnaire-itemControl"
    /// The URL of the SDC `minValue` extension (a bound on a number or date answer).
    public static let minValueURL = "http://hl7.org/fhir/StructureDefinition/minValue"
    /// The URL of the SDC `maxValue` extension.
    public static let maxValueURL = "http://hl7.org/fhir/StructureDefinition/maxValue"
    /// The URL of the `questionnaire-maxOccurs` extension: the most answers a repeating question takes.
    public static let maxOccursURL = "http://hl7.org/fhir/StructureDefinition/questionnaire-maxOccurs"

    /// An extension as messages name it: the last part of its URL (`…/ordinalValue`), else the URL.
    package static func extensionName(_ url: String) -> String {
        url.split(separator: "/").last.map(String.init) ?? url
    }
    /// The URL of QuestionKit's own extension for a question's accepted answer (what a differing answer
    /// is flagged against), one entry per value: FHIR has no member for it, so other tools ignore it, and
    /// a Questionnaire written by `convert` keeps it for the way back.
    public static let acceptedAnswerURL = "urn:questionkit:fhir:accepted-answer"

    /// The `value[x]` of each of the item's extensions with `url`, in order.
    public func extensionValues(url: String) -> [JSONNode] {
        guard let extensions = node["extension"] else { return [] }
        return extensions.elements.compactMap { entry in
            entry["url"]?.stringEquals(url) == true ? Self.value(in: entry) : nil
        }
    }

    /// Notes, with `code`, that the accepted answer `values` written at `node` (a question's
    /// `acceptedAnswer`; nil: none written) are kept in `acceptedAnswerURL`: FHIR has no expected answer,
    /// so other tools will not flag.
    public static func noteAcceptedAnswerKept(
        _ values: [String], at node: JSONNode?, code: some DiagnosticCode, problems: inout ProblemCollector
    ) {
        guard let node else { return }
        problems.report(
            .note, code,
            "a FHIR item has no expected answer: the accepted answer \(Suggestion.quotedList(values, conjunction: "and")) "
                + "is kept in the extension \(acceptedAnswerURL)",
            at: node, hint: "Only QuestionKit reads it back; other FHIR tools will not flag answers that differ.")
    }

    /// An `extension` entry: `url` and its `value[x]` (`valueBoolean`, `valueString` …).
    public static func extensionEntry(_ url: String, _ valueKey: String, _ value: JSONWriter.Value) -> JSONWriter.Value
    {
        .object([("url", .string(url)), (valueKey, value)])
    }
}
