import QuestionKit
import QuestionKitForms

/// Writes a template of ours as a FHIR Questionnaire (R4 by default, or R5), through the registered
/// types (`InterchangeHandling.fhirItem`): sections become groups, help a display item under its
/// question, conditions `enableWhen`, and what `_fhir` kept is put back. A question whose type has
/// no FHIR item is reported on the template, never left out silently. See Docs/Formats/FHIR.md.
public struct FHIRWriter: Sendable {
    /// Reads the templates.
    public let reader: TemplateReader
    /// The release written.
    public let version: FHIRVersion

    /// A writer of `version` Questionnaires from templates read by `reader`.
    public init(reader: TemplateReader, version: FHIRVersion = .r4) {
        self.reader = reader
        self.version = version
    }

    /// What writing one template gave.
    public struct Result: Sendable {
        /// The Questionnaire, or nil when the template has errors.
        public var questionnaire: JSONWriter.Value?
        /// The template's problems and what could not be written, located in the template.
        public var diagnostics: [Diagnostic]
        /// Whether the template is a completed form (its first question has a `user-answer`), which
        /// converts as a QuestionnaireResponse (`FHIRResponseWriter`), not as a Questionnaire.
        public var isCompletedForm = false
        /// The Questionnaire as JSON text (2-space indent, a final newline), or nil.
        public var text: String? { utf8.map { String(decoding: $0, as: UTF8.self) } }
        /// `text` as UTF-8, what a file gets (a String made first would check every byte again).
        package var utf8: [UInt8]? { questionnaire.map(JSONWriter.fileBytes(of:)) }
    }

    /// Writes the template in `bytes`.
    public func write(_ bytes: [UInt8]) -> Result {
        write(JSONParser.parse(bytes, limits: reader.limits))
    }

    /// Writes the template parsed once by a caller that looked at it first (`convert` guesses its format).
    package func write(_ parsed: JSONParseResult) -> Result {
        let read = reader.readWithoutLogic(parsed)
        guard let template = read.template, !read.diagnostics.containsErrors else {
            return Result(questionnaire: nil, diagnostics: read.diagnostics)
        }
        var problems = ProblemCollector(document: template.document)
        let questionnaire = questionnaire(of: template, problems: &problems)
        var result = Result(questionnaire: questionnaire, diagnostics: read.diagnostics + problems.diagnostics())
        let userAnswer = reader.keys.spelling(of: .userAnswer)
        // A completed form has one in every question: the first tells, at no cost to a large template.
        result.isCompletedForm = template.questions.first?.node[userAnswer] != nil
        return result
    }

    func questionnaire(of template: Template, problems: inout ProblemCollector) -> JSONWriter.Value {
        var members = header(of: template, problems: &problems)
        let written = items(of: template, problems: &problems)
        if !written.isEmpty { members.append(("item", .array(written))) }
        return .object(members)
    }

    /// The members of the Questionnaire of `template` before its items (`resourceType`, what `_fhir`
    /// kept, `status`, `title`): all a response's reader needs of it.
    func header(of template: Template, problems: inout ProblemCollector) -> [(String, JSONWriter.Value)] {
        header(root: template.document.root, title: template.title, problems: &problems)
    }

    /// `header(of:problems:)` of a template whose top level is `root` and title `title`.
    func header(root: JSONNode, title: String?, problems: inout ProblemCollector) -> [(String, JSONWriter.Value)] {
        var members: [(String, JSONWriter.Value)] = [("resourceType", .string("Questionnaire"))]
        let kept = root["_fhir"]
        for member in FHIRItemList.members(of: kept) where member.key != "item" && fits(member, problems: &problems) {
            members.append((member.key, member.value.writerValue))
        }
        if kept?["status"] == nil { members.append(("status", .string("draft"))) }
        if let title { members.append(("title", .string(title))) }
        return members
    }

    /// The items of the Questionnaire of `template`: its questions' (in their sections' groups), then
    /// the items `_fhir` kept.
    func items(of template: Template, problems: inout ProblemCollector) -> [JSONWriter.Value] {
        items(of: template.questions, root: template.document.root, problems: &problems)
    }

    /// `items(of:problems:)` of a template whose questions are `questions` and top level `root`.
    func items(of questions: [Question], root: JSONNode, problems: inout ProblemCollector) -> [JSONWriter.Value] {
        var items = itemList(of: questions)
        for question in questions {
            items.append(question, item: item(of: question, types: items, problems: &problems))
        }
        WorkCounter.add(questions.count, to: .interchangeVisits)
        var written = items.finished()
        written += keptItems(root: root, problems: &problems)
        return written
    }

    /// The list the items of `questions` are written into (their linkIds `linkIds`, when made already).
    func itemList(of questions: [Question], linkIds: [String]? = nil) -> FHIRItemList {
        FHIRItemList(
            version: version, questions: questions, linkIds: linkIds ?? FHIRItemList.linkIds(of: questions),
            shapeType: shapeType)
    }

    /// The items `_fhir` kept at the top level `root`, after the questions' (each fitted to `version`).
    func keptItems(root: JSONNode, problems: inout ProblemCollector) -> [JSONWriter.Value] {
        root["_fhir"]?["item"]?.elements.map { fitted($0, problems: &problems) } ?? []
    }

    /// The FHIR item type a question is written as (for the operands of conditions on it).
    private func shapeType(of question: Question) -> String? {
        if let kept = question.node["_fhir"]?["type"]?.stringValue { return kept }
        var ignored = ProblemCollector(document: question.node.document)
        let shape = question.type.erasedFHIRItem(of: question.definition, at: question.node, problems: &ignored)
        return shape.map { version == .r5 ? Self.r5($0).type : $0.type }
    }

    /// The item of `question`, or nil (reported) when its type writes none.
    func item(of question: Question, types items: FHIRItemList, problems: inout ProblemCollector)
        -> JSONWriter.Value?
    {
        guard var shape = question.type.erasedFHIRItem(of: question.definition, at: question.node, problems: &problems)
        else {
            problems.warning(
                FHIRCode.questionNotWritten,
                "a '\(reader.registry.identifier(of: question))' question has no FHIR item; it is not written",
                at: question.node, hint: "FHIR has no item of this kind; the Questionnaire leaves the question out.")
            return nil
        }
        if version == .r5 { shape = Self.r5(shape) }
        let kept = question.node["_fhir"]
        let linkId = items.linkId(of: question)
        var members: [(String, JSONWriter.Value)] = [
            ("linkId", .string(linkId)), ("text", .string(question.text)),
            ("type", kept?["type"]?.writerValue ?? .string(shape.type)),
        ]
        var nested: [JSONWriter.Value] = []
        for (key, value) in shape.members {
            // The type's extensions and those kept are both written; any other kept member wins.
            if key == "extension", let extra = kept?["extension"] {
                guard case .array(let own) = value else { continue }
                members.append((key, .array(own + extra.elements.map(\.writerValue))))
            } else if key == "item", case .array(let own) = value {
                nested = own.map { Self.linkIds(of: $0, under: linkId) }
            } else if kept?[key] == nil {
                members.append((key, value))
            }
        }
        let written = members.map(\.0)  // a few: a set made per item cost more than the look-ups
        if let enableWhen = items.enableWhen(of: question) {
            members.append(("enableWhen", .array(enableWhen)))
            if let behavior = question.node["enableBehavior"]?.stringValue {
                members.append(("enableBehavior", .string(behavior)))
            } else if enableWhen.count > 1 {
                members.append(("enableBehavior", .string("all")))
            }
        }
        for member in FHIRItemList.members(of: kept)
        where !["type", "enableWhen"].contains(member.key) && !written.contains(member.key)
            && fits(member, problems: &problems)
        {
            members.append((member.key, member.value.writerValue))
        }
        if let help = question.help, !help.text.isEmpty {
            nested.append(
                .object([
                    ("linkId", .string(linkId + "-help")), ("text", .string(help.text)),
                    ("type", .string("display")), ("extension", .array([FHIRItemList.helpControl])),
                ]))
        }
        if !nested.isEmpty { members.append(("item", .array(nested))) }
        return .object(members)
    }

    /// A type's nested item (a table's row, and its cells) with its `linkId` made unique in the
    /// Questionnaire: the question's, a dot, then the type's (`belts.2.3`), at every depth.
    private static func linkIds(of item: JSONWriter.Value, under linkId: String) -> JSONWriter.Value {
        guard case .object(let members) = item else { return item }
        return .object(
            members.map { key, value in
                switch (key, value) {
                case ("linkId", .string(let own)): (key, .string(linkId + "." + own))
                case ("item", .array(let children)): (key, .array(children.map { linkIds(of: $0, under: linkId) }))
                default: (key, value)
                }
            })
    }

    /// Members R5 added, which an R4 Questionnaire cannot hold.
    static let r5Only: Set<String> = [
        "answerConstraint", "disabledDisplay", "versionAlgorithmString", "versionAlgorithmCoding", "copyrightLabel",
    ]

    /// Whether a kept member can be written in `version`, reporting one that cannot.
    private func fits(_ member: JSONMember, problems: inout ProblemCollector) -> Bool {
        guard version == .r4, Self.r5Only.contains(member.key) else { return true }
        problems.warning(
            FHIRCode.memberNotInRelease, "'\(member.key)' is R5 only: not written to an R4 Questionnaire",
            at: member.value, hint: "Write R5 (--fhir-version r5) to keep it.")
        return false
    }

    /// A kept item as `version` can hold it: for R4, without R5-only members, at every depth (each reported).
    private func fitted(_ item: JSONNode, problems: inout ProblemCollector) -> JSONWriter.Value {
        guard version == .r4, item.kind == .object else { return item.writerValue }
        var members: [(String, JSONWriter.Value)] = []
        for member in item.members where fits(member, problems: &problems) {
            if member.key == "item", member.value.kind == .array {
                members.append(("item", .array(member.value.elements.map { fitted($0, problems: &problems) })))
            } else {
                members.append((member.key, member.value.writerValue))
            }
        }
        return .object(members)
    }

    /// An R4 `choice` item as R5 writes it: `coding`, its options codings, free text allowed or not.
    private static func r5(_ shape: FHIRItemShape) -> FHIRItemShape {
        guard shape.type == "choice" || shape.type == "open-choice" else { return shape }
        var members = shape.members.map { member -> (String, JSONWriter.Value) in
            guard member.0 == "answerOption", case .array(let options) = member.1 else { return member }
            return (member.0, .array(options.map(FHIRItemList.codingOption)))
        }
        members.append(("answerConstraint", .string(shape.type == "choice" ? "optionsOnly" : "optionsOrString")))
        return FHIRItemShape(type: "coding", members: members)
    }
}
