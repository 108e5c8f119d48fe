import QuestionKit

/// One pass over a survey's pages and elements, in order, at every depth: pages and panels become
/// sections, question elements questions of the type that claims them. Conditions are mapped
/// afterwards (`questionValues`), since `visibleIf` may name later questions.
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
        /// `visibleIf`, when it is a simple comparison (or several joined by one connective).
        var condition: (node: JSONNode, parsed: SurveyJSCondition)?
    }

    let reader: SurveyJSReader
    var pending: [Pending] = []
    /// Questions by name (the first of a duplicated one).
    var made: [String: Int] = [:]
    /// Elements no type made, kept whole.
    var unmade: [JSONWriter.Value] = []
    var counts = SurveyJSReader.ElementCounts()

    /// Members the converter itself carries, of every question element.
    static let coreMembers: Set<String> = ["type", "name", "title", "description", "visibleIf", "isRequired"]
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
            container(page, section: nil, problems: &problems)
        }
    }

    mutating func walk(_ elements: some Sequence<JSONNode>, section: String?, problems: inout ProblemCollector) {
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
            case "panel": container(element, section: section, problems: &problems)
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
            default: question(element, section: section, problems: &problems)
            }
        }
    }

    /// A page or panel: a section named by its title (inside its enclosing one's).
    private mutating func container(_ node: JSONNode, section: String?, problems: inout ProblemCollector) {
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
        if let condition = node["visibleIf"] {
            problems.warning(
                SurveyJSCode.containerConditionNotCarried,
                "the condition of a page or panel is not carried: its questions are always asked", at: condition)
        }
        if let elements = node["elements"] ?? node["questions"] {
            walk(elements.elements, section: inner, problems: &problems)
        }
    }

    private mutating func question(_ node: JSONNode, section: String?, problems: inout ProblemCollector) {
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
        var kept = Self.kept(node, carried: Self.coreMembers.union(imported.carriedMembers), problems: &problems)
        if let required = node["isRequired"], required.boolValue == true {
            problems.report(
                .note, SurveyJSCode.requiredNoted,
                "required: every question of ours must be answered or commented", at: required)
        }
        var condition: (JSONNode, SurveyJSCondition)?
        if let visibleIf = node["visibleIf"] {
            if let parsed = visibleIf.stringValue.flatMap(SurveyJSCondition.init) {
                condition = (visibleIf, parsed)
            } else {
                problems.warning(
                    SurveyJSCode.conditionNotCarried,
                    "only comparisons of a question with a value ({q} = 'x', {q} > 5, {q} notempty), joined by one "
                        + "'and' or one 'or', are carried; kept under _surveyjs", at: visibleIf)
                kept.append(("visibleIf", visibleIf.writerValue))
            }
        }
        pending.append(
            Pending(
                element: node, identifier: identifier, text: text, keys: imported.keys, section: section,
                help: node["description"].flatMap(SurveyJSElement.localized), kept: kept, linkId: linkId,
                condition: condition))
    }

    /// The members of `node` outside `carried`, each reported, as `_surveyjs` members.
    private static func kept(_ node: JSONNode, carried: Set<String>, problems: inout ProblemCollector)
        -> [(String, JSONWriter.Value)]
    {
        var kept: [(String, JSONWriter.Value)] = []
        WorkCounter.add(node.count, to: .interchangeVisits)
        for member in node.members where !carried.contains(member.key) {
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
