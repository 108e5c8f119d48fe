import QuestionKit

/// The members of an item that the converter does not carry: each reported where it stands, and
/// kept (verbatim) for the `_fhir` key of the question the item became.
enum FHIRMembers {
    /// Members that only describe (codes, prefixes, flags a form checker does not enforce): notes.
    static let descriptive: Set<String> = [
        "code", "definition", "prefix", "id", "_text", "_prefix", "designNote", "required", "readOnly", "maxLength",
    ]

    /// The members of `item` outside `core` and `carried`, and its extensions whose URL is outside
    /// `carriedExtensions`, each reported, as `_fhir` members. The members are counted in `visits`.
    static func kept(
        _ item: JSONNode, core: JSONKeySpellings, carried: Set<String>, carriedExtensions: Set<String>,
        visits: inout Int, problems: inout ProblemCollector
    ) -> [(String, JSONWriter.Value)] {
        var kept: [(String, JSONWriter.Value)] = []
        visits += item.count
        for member in item.members where !MemberNames.contains(member, core: core, carried: carried) {
            guard member.key == "extension" else {
                report(member, problems: &problems)
                kept.append((member.key, member.value.writerValue))
                continue
            }
            var extensions: [JSONWriter.Value] = []
            for entry in member.value.elements {
                if let url = entry["url"]?.stringValue, carriedExtensions.contains(url) { continue }
                reportExtension(entry, problems: &problems)
                extensions.append(entry.writerValue)
            }
            if !extensions.isEmpty { kept.append(("extension", .array(extensions))) }
        }
        // By name (ties in source order): the writer puts kept members back among those it writes
        // itself, so the source's order would not survive a round trip, and a second reading must
        // keep what the first kept, in the same order.
        return kept.enumerated().sorted { ($0.element.0, $0.offset) < ($1.element.0, $1.offset) }.map(\.element)
    }

    private static func report(_ member: JSONMember, problems: inout ProblemCollector) {
        let node = member.value
        switch member.key {
        case "initial":
            problems.warning(
                FHIRCode.initialNotCarried, "initial values are not carried (a question starts unanswered)", at: node)
        case "answerValueSet":
            problems.warning(
                FHIRCode.valueSetNotCarried, "answerValueSet \(node.quotedForMessage) is not expanded", at: node)
        case "repeats":
            problems.warning(FHIRCode.repeatsNotCarried, "repeated answers are not carried (one answer)", at: node)
        default:
            let severity: Severity = descriptive.contains(member.key) ? .note : .warning
            problems.report(
                severity, FHIRCode.memberNotCarried, "'\(member.key)' is not carried; kept under _fhir", at: node,
                atKey: true)
        }
    }

    /// Reports an extension no one reads: an expression (calculations, dynamic values) as not
    /// carried, any other as not read.
    static func reportExtension(_ entry: JSONNode, problems: inout ProblemCollector) {
        let url = entry["url"]?.stringValue ?? ""
        let name = FHIRItem.extensionName(url)
        if name.hasSuffix("Expression") || name.hasSuffix("-variable") || name == "variable" {
            problems.warning(
                FHIRCode.expressionNotCarried, "the expression '\(name)' is not evaluated; kept under _fhir",
                at: entry["url"] ?? entry)
        } else {
            let severity: Severity = name.hasSuffix("itemControl") ? .note : .warning
            problems.report(
                severity, FHIRCode.extensionNotRead, "the extension '\(name)' is not read; kept under _fhir",
                at: entry["url"] ?? entry)
        }
    }
}
