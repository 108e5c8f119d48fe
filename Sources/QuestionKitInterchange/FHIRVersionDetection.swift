import QuestionKit

/// Which release a Questionnaire is, from its content: R5-only constructs (`answerConstraint`,
/// `disabledDisplay`, `coding` and `question` items, `versionAlgorithm[x]`, `copyrightLabel`)
/// against R4-only ones (`choice` and `open-choice` items). Linear in the items.
struct FHIRVersionDetection {
    var r5Evidence: JSONNode?
    var r4Evidence: JSONNode?

    init(root: JSONNode) {
        for member in root.members
        where member.key.hasPrefix("versionAlgorithm") || member.key == "copyrightLabel" {
            r5Evidence = r5Evidence ?? member.value
        }
        if let items = root["item"] { scan(items) }
    }

    /// The members of an item the scan reads, by position: found in one walk of its members, since the
    /// scan looks at every item before the reading does.
    private static let scanned = JSONKeySpellings(["type", "answerConstraint", "disabledDisplay", "item"])
    /// The item types of one release only.
    private static let r5Types = JSONKeySpellings(["coding", "question"])
    private static let r4Types = JSONKeySpellings(["choice", "open-choice"])

    private mutating func scan(_ items: JSONNode) {
        for item in items.elements where item.kind == .object {
            var (type, answerConstraint, disabledDisplay, children): (JSONNode?, JSONNode?, JSONNode?, JSONNode?)
            item.forEachMember(named: Self.scanned) { position, value in
                switch position {
                case 0: type = value
                case 1: answerConstraint = value
                case 2: disabledDisplay = value
                default: children = value
                }
            }
            if let type {
                if Self.r5Types.contains(type) { r5Evidence = r5Evidence ?? type }
                if Self.r4Types.contains(type) { r4Evidence = r4Evidence ?? type }
            }
            if let node = answerConstraint ?? disabledDisplay { r5Evidence = r5Evidence ?? node }
            if let children { scan(children) }
        }
    }

    /// The release, reporting a guess (nothing release-specific found) or a mix.
    func version(root: JSONNode, problems: inout ProblemCollector) -> FHIRVersion {
        switch (r4Evidence, r5Evidence) {
        case (_?, let r5?):
            problems.warning(
                FHIRCode.versionMixed, "the Questionnaire mixes R4 items ('choice') with R5 constructs; read as R5",
                at: r5, hint: "R5 replaced 'choice' and 'open-choice' with 'coding' and answerConstraint.")
            return .r5
        case (nil, _?): return .r5
        case (_?, nil): return .r4
        case (nil, nil):
            problems.report(
                .note, FHIRCode.versionAssumed, "nothing release-specific found; read as R4 (also valid R5)", at: root)
            return .r4
        }
    }
}
