import QuestionKit

/// One pass over a survey's pages and elements, in order, at every depth: pages and panels become
/// sections, question elements questions of the type that claims them. A page's or panel's
/// `visibleIf` applies to every question inside, joined with the question's own (`Condition`).
/// Conditions are mapped afterwards (`questionValues`), since `visibleIf` may name later questions.
struct SurveyJSElementWalk {
    /// A question made, its condition not yet mapped.
    struct Pending {
        var element: JSONNode
        var identifier: String
        var text: String
        var keys: [(String, JSONWriter.Value)]
        var section: String?
        var help: String?
        var kept: [(String, JSONWriter.Value)]
        /// Nil for a name used before.
        var linkId: String?
        /// Its own `visibleIf` and its pages' and panels', in the simple forms we carry.
        var condition: Condition?
    }

    /// The condition of a question made of `visibleIf`s in the simple forms (its own, its pages'
    /// and panels'), each comparison with the `visibleIf` it came from, for locating what is not carried.
    struct Condition {
        var comparisons: [(node: JSONNode, comparison: SimpleCondition.Comparison)]
        /// Joined by `or` (our `enableBehavior` `any`).
        var any: Bool

        init(_ parsed: SimpleCondition, at node: JSONNode) {
            comparisons = parsed.comparisons.map { (node, $0) }
            any = parsed.any
        }

        private init(comparisons: [(node: JSONNode, comparison: SimpleCondition.Comparison)]) {
            self.comparisons = comparisons
            any = false
        }

        /// Several comparisons of which one must hold.
        var isAlternatives: Bool { any && comparisons.count > 1 }

        /// This condition and `outer` (an enclosing page's or panel's) both holding, as one list
        /// that all must hold; nil when either is alternatives (our conditions have one connective).
        func joined(with outer: Condition?) -> Condition? {
            guard let outer else { return self }
            guard !isAlternatives, !outer.isAlternatives else { return nil }
            // A comparison the outer condition makes already (a page's, repeated on its questions) is said once.
            let own = comparisons.filter { mine in !outer.comparisons.contains { $0.comparison == mine.comparison } }
            return Condition(comparisons: outer.comparisons + own)
        }
    }

    let reader: SurveyJSReader
    var pending: [Pending] = []
    /// Questions by name (the first of a duplicated one).
    var made: [String: Int] = [:]
    /// Elements no type made, kept whole.
    var unmade: [JSONWriter.Value] = []
    var counts = ImportCounts()
    /// Members of elements visited, for `WorkCounter` (added once, by the reader: the counter is a task-local).
    var visits = 0

    /// Members the converter itself carries, of every question element: few, so compared one by one.
    static let coreMembers = JSONKeySpellings(["type", "name", "title", "description", "visibleIf", "isRequired"])
    /// Members that only shape the page (layout, numbering, looks): notes, not warnings.
    static let descriptive: Set<String> = [
        "startWithNewLine", "width", "minWidth", "maxWidth", "indent", "titleLocation", "descriptionLocation",
        "hideNumber", "showNumber", "colCount", "placeholder", "placeHolder", "state", "visibleIndex", "renderAs",
        "choicesOrder", "searchEnabled", "allowClear", "size", "rows", "autoGrow", "maxLength", "showTitle",
        "showClearButton", "labelTrue", "labelFalse", "valueTrue", "valueFalse", "readOnly", "clearIfInvisible",
        "requiredErrorText", "questionTitleLocation", "navigationTitle", "navigationDescription", "step",
    ]

    init(reader: SurveyJSReader) { self.reader = reader }

    mutating func pages(_ pages: JSONNode, problems: inout ProblemCollector) {
        for page in pages.elements {
            counts.total += 1
            guard page.kind == .object else {
                problems.warning(SurveyJSCode.elementNotAnObject, "a page is a JSON object, not \(page.kind)", at: page)
                counts.reported += 1
                continue
            }
            container(page, section: nil, inherited: nil, problems: &problems)
        }
    }

    /// The `elements` of a page or panel (or a survey's), in `section`, each question asked when
    /// `inherited` (the enclosing pages' and panels' condition) holds.
    mutating func walk(
        _ elements: some Sequence<JSONNode>, section: String?, inherited: Condition?, problems: inout ProblemCollector
    ) {
        for element in elements {
            counts.total += 1
            WorkCounter.add(1, to: .interchangeVisits)
            guard element.kind == .object else {
                problems.warning(
                    SurveyJSCode.elementNotAnObject, "an element is a JSON object, not \(element.kind)", at: element)
                counts.reported += 1
                continue
            }
            let type = element["type"]?.stringValue?.lowercased()
            switch type {
            case "panel": container(element, section: section, inherited: inherited, problems: &problems)
            case "html", "image":
                problems.warning(
                    SurveyJSCode.htmlNotCarried,
                    "a \(type ?? "") element (shown content, no answer) is not carried; "
                        + "kept under _surveyjs", at: element["type"] ?? element)
                keepUnmade(element)
            case "expression":
                problems.warning(
                    SurveyJSCode.calculatedNotCarried,
                    "an expression element (a calculated value) is not evaluated; kept under _surveyjs",
                    at: element["expression"] ?? element["type"] ?? element)
                keepUnmade(element)
            default: question(element, section: section, inherited: inherited, problems: &problems)
            }
        }
    }

    /// A page or panel: a section named by its title (inside its enclosing one's), whose
    /// `visibleIf` joins what its questions inherit.
    private mutating func container(
        _ node: JSONNode, section: String?, inherited: Condition?, problems: inout ProblemCollector
    ) {
        counts.sections += 1
        var inner = section
        if let text = node["title"].flatMap(SurveyJSElement.localized), !text.isEmpty {
            inner = section.map { "\($0) / \(text)" } ?? text
            if section != nil {
                problems.report(
                    .note, SurveyJSCode.panelFlattened, "a panel inside a section: its questions' section is '\(text)'",
                    at: node["title"] ?? node)
            }
        }
        let (innerCondition, _) = Self.condition(
            of: node, inherited: inherited, notCarried: SurveyJSCode.containerConditionNotCarried,
            "the condition of a page or panel is carried only as comparisons of a question with a value "
                + "({q} = 'x', {q} > 5, {q} notempty) joined by one 'and' or one 'or': its questions are "
                + "asked without it", problems: &problems)
        if let elements = node["elements"] ?? node["questions"] {
            walk(elements.elements, section: inner, inherited: innerCondition, problems: &problems)
        }
    }

    /// The condition of `node` (a page, panel or question): its `visibleIf` joined with the
    /// `inherited` condition of the pages and panels around it, or alone when they cannot be one list
    /// of comparisons (reported). A `visibleIf` beyond the simple forms is reported with `code` and
    /// handed back as not carried; `inherited` then applies alone.
    private static func condition(
        of node: JSONNode, inherited: Condition?, notCarried code: SurveyJSCode, _ message: String,
        problems: inout ProblemCollector
    ) -> (condition: Condition?, notCarried: JSONNode?) {
        guard let visibleIf = node["visibleIf"] else { return (inherited, nil) }
        guard let parsed = visibleIf.stringValue.flatMap(SurveyJSCondition.parse) else {
            problems.warning(code, message, at: visibleIf)
            return (inherited, visibleIf)
        }
        let own = Condition(parsed, at: visibleIf)
        if let joined = own.joined(with: inherited) { return (joined, nil) }
        problems.warning(
            SurveyJSCode.conditionNotJoined,
            "this condition and its page's or panel's cannot be one list of comparisons (one joins several by "
                + "'or'): only this one applies", at: visibleIf)
        return (own, nil)
    }

    private mutating func question(
        _ node: JSONNode, section: String?, inherited: Condition?, problems: inout ProblemCollector
    ) {
        let element = SurveyJSElement(node: node)
        guard let (type, identifier) = reader.claimant(of: element, problems: &problems) else {
            let known = reader.registry.types.flatMap(\.surveyJSElementTypes)
            let input = element.inputType.isEmpty ? "" : " (inputType \(element.inputType))"
            problems.warning(
                SurveyJSCode.elementTypeUnsupported,
                "no registered question type takes \(node["type"]?.quotedForMessage ?? "an element without type")"
                    + "\(input) elements (taken: \(Set(known).sorted().joined(separator: ", "))); kept under _surveyjs",
                at: node["type"] ?? node)
            keepUnmade(node)
            return
        }
        guard let imported = type.questionKeys(from: element, problems: &problems) else {
            problems.warning(
                SurveyJSCode.elementNotMade,
                "'\(identifier)' could not make a question of this element; kept under _surveyjs",
                at: node["type"] ?? node)
            keepUnmade(node)
            return
        }
        counts.questions += 1
        let name = node["name"]?.stringValue
        // SurveyJS lets questions share a name (and so an answer); ours are distinct questions.
        let number = pending.count + 1
        let linkId = ImportedQuestion.linkId(
            name: name, index: number - 1, made: &made,
            missing: {
                problems.warning(
                    SurveyJSCode.nameMissing,
                    "an element without a name cannot be referred to; it is named q\(number)", at: node)
            },
            duplicate: { name in
                problems.warning(
                    SurveyJSCode.duplicateName,
                    "the name '\(name)' is used before: this question gets no linkId and conditions refer to the first",
                    at: node["name"] ?? node)
            })
        let title = node["title"]
        if let title, title.kind == .object, title.count > 1 {
            problems.warning(
                SurveyJSCode.translationsNotCarried, "the title's translations are not carried: one language is read",
                at: title)
        }
        let text = title.flatMap(SurveyJSElement.localized) ?? name ?? "Question \(pending.count + 1)"
        var kept = Self.kept(node, carried: imported.carriedMembers, visits: &visits, problems: &problems)
        if let required = node["isRequired"], required.boolValue == true {
            problems.report(
                .note, SurveyJSCode.requiredNoted,
                "required: every question of ours must be answered or commented", at: required)
        }
        let (condition, notCarried) = Self.condition(
            of: node, inherited: inherited, notCarried: SurveyJSCode.conditionNotCarried,
            "only comparisons of a question with a value ({q} = 'x', {q} > 5, {q} notempty), joined by one "
                + "'and' or one 'or', are carried; kept under _surveyjs", problems: &problems)
        if let notCarried { kept.append(("visibleIf", notCarried.writerValue)) }
        pending.append(
            Pending(
                element: node, identifier: identifier, text: text, keys: imported.keys, section: section,
                help: node["description"].flatMap(SurveyJSElement.localized), kept: kept, linkId: linkId,
                condition: condition))
    }

    /// The members of `node` outside the core ones and `carried`, each reported, as `_surveyjs` members.
    private static func kept(
        _ node: JSONNode, carried: Set<String>, visits: inout Int, problems: inout ProblemCollector
    ) -> [(String, JSONWriter.Value)] {
        var kept: [(String, JSONWriter.Value)] = []
        visits += node.count
        for member in node.members where !MemberNames.contains(member, core: coreMembers, carried: carried) {
            kept.append((member.key, member.value.writerValue))
            let key = member.key
            if key == "validators" {
                problems.warning(
                    SurveyJSCode.validatorsNotCarried, "validators are not carried; kept under _surveyjs",
                    at: member.value)
            } else if key.hasSuffix("Expression") || key.hasSuffix("If") || key == "expression" {
                problems.warning(
                    SurveyJSCode.expressionNotCarried, "the expression '\(key)' is not evaluated; kept under _surveyjs",
                    at: member.value, hint: nil)
            } else {
                let severity: Severity = descriptive.contains(key) ? .note : .warning
                problems.report(
                    severity, SurveyJSCode.memberNotCarried, "'\(key)' is not carried; kept under _surveyjs",
                    at: member.value, atKey: true)
            }
        }
        return kept
    }

    private mutating func keepUnmade(_ node: JSONNode) {
        unmade.append(node.writerValue)
        let inside = Self.countElements(node)
        counts.total += inside
        counts.reported += 1 + inside
    }

    /// Elements inside `node` (a panel's, a dynamic panel's), at every depth.
    static func countElements(_ node: JSONNode) -> Int {
        guard let inside = node["elements"] ?? node["templateElements"] ?? node["questions"] else { return 0 }
        return inside.elements.reduce(0) { $0 + 1 + ($1.kind == .object ? countElements($1) : 0) }
    }
}
