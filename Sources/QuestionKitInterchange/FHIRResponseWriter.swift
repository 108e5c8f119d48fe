import QuestionKit
import QuestionKitForms

/// Writes a completed form of ours as a FHIR QuestionnaireResponse of its template: each answer
/// through its type (`InterchangeHandling.fhirAnswers`), items by linkId in the Questionnaire's
/// groups, a question not asked left out (as `enableWhen` leaves it). What FHIR has no place for
/// (comments, media, the foreman) goes into extensions of ours, each reported; an answer no
/// `answer` carries is reported and kept as stored. See Docs/Formats/FHIR.md, "Completed forms".
public struct FHIRResponseWriter: Sendable {
    /// Reads the completed forms.
    public let reader: TemplateReader

    /// A writer of completed forms read by `reader`.
    public init(reader: TemplateReader) { self.reader = reader }

    /// What writing one completed form gave.
    public struct Result: Sendable {
        /// The QuestionnaireResponse, or nil when the form cannot be read.
        public var response: JSONWriter.Value?
        /// The form's problems and what was not carried, located in the completed form.
        public var diagnostics: [Diagnostic]
        /// The response as JSON text (2-space indent, a final newline), or nil.
        public var text: String? { utf8.map { String(decoding: $0, as: UTF8.self) } }
        /// `text` as UTF-8, what a file gets (a String made of it would check every byte again).
        package var utf8: [UInt8]? { response.map(JSONWriter.fileBytes(of:)) }
    }

    /// Writes the completed form in `bytes` as a response to `template`.
    public func write(_ bytes: [UInt8], template: FHIRResponseTemplate) -> Result {
        write(JSONParser.parse(bytes, limits: reader.limits), template: template)
    }

    /// `write` of the bytes' `JSONParser.parse` reading, made once by a caller that looked at it first.
    package func write(_ parsed: JSONParseResult, template: FHIRResponseTemplate) -> Result {
        let read = CompletedFormReader.read(parsed, with: reader)
        guard let form = read.form, !read.diagnostics.containsErrors else {
            return Result(response: nil, diagnostics: read.diagnostics)
        }
        var writing = Writing(form: form, template: template, keys: reader.keys)
        let response = writing.response()
        return Result(response: response, diagnostics: read.diagnostics + writing.problems.diagnostics())
    }
}

/// One completed form being written.
private struct Writing {
    let form: FilledForm
    let template: FHIRResponseTemplate
    let keys: KeyMap
    var problems: ProblemCollector
    /// The position of each question of the form by its linkId, until it is written.
    var unwritten: [String: Int] = [:]
    /// The linkId of each question, as the Questionnaire written of the template has it.
    let linkIds: [String]
    /// The embedded media of the form (`media.images` …) by kind and name.
    let embedded: [MediaAttachment.Kind: JSONNode]

    init(form: FilledForm, template: FHIRResponseTemplate, keys: KeyMap) {
        self.form = form
        self.template = template
        self.keys = keys
        problems = ProblemCollector(document: form.template.document)
        linkIds = FHIRItemList.linkIds(of: form.template.questions)
        for (position, linkId) in linkIds.enumerated() where unwritten[linkId] == nil {
            unwritten[linkId] = position
        }
        let media = form.template.document.root[keys.spelling(of: .media)]
        var embedded: [MediaAttachment.Kind: JSONNode] = [:]
        for kind in MediaAttachment.Kind.allCases {
            if let map = media?[keys.spelling(of: kind.key)], map.kind == .object { embedded[kind] = map }
        }
        self.embedded = embedded
    }

    mutating func response() -> JSONWriter.Value {
        let root = form.template.document.root
        var members: [(String, JSONWriter.Value)] = [("resourceType", .string("QuestionnaireResponse"))]
        var extensions: [JSONWriter.Value] = []
        let foremanNode = root[keys.spelling(of: .foremanComment)] ?? root
        for (url, value) in [
            (FHIRResponseExtension.foreman, form.foreman), (FHIRResponseExtension.foremanComment, form.foremanComment),
            (FHIRResponseExtension.submittedDate, form.submittedDate),
        ] {
            guard let value else { continue }
            extensions.append(.object([("url", .string(url)), ("valueString", .string(value))]))
        }
        if !extensions.isEmpty {
            problems.report(
                .note, FHIRCode.foremanInExtension,
                "FHIR has no place for the foreman's review or the submission date: written as extensions "
                    + "\(FHIRResponseExtension.foreman), …-comment, \(FHIRResponseExtension.submittedDate)",
                at: form.foreman == nil && form.foremanComment == nil ? root : foremanNode)
            members.append(("extension", .array(extensions)))
        }
        members.append(("questionnaire", .string(template.canonical)))
        // Ours is complete when it has a completion date; FHIR's `authored` is that date.
        members.append(("status", .string(form.completedDate == nil ? "in-progress" : "completed")))
        if let completed = form.completedDate {
            if let date = FHIRResponseExtension.fhirDate(of: completed) {
                members.append(("authored", .string(date)))
            } else {
                problems.warning(
                    FHIRCode.dateNotCarried,
                    "completedDate \(completed.debugDescription) is not a date written \"MMM d, yyyy\": no authored",
                    at: root[keys.spelling(of: .completedDate)] ?? root)
            }
        }
        if let technician = form.technician {
            members.append(("author", .object([("display", .string(technician))])))
        }
        var items: [JSONWriter.Value]
        switch template.items {
        case .given(let given): items = self.items(of: given?.elements.map(QuestionnaireItem.given) ?? [])
        case .written(let writer):
            // Its reports (a question with no item) are the response's to make, per answer.
            var ignored = ProblemCollector(document: template.template.document)
            let written = writer.items(of: template.template, problems: &ignored)
            items = self.items(of: written.map(QuestionnaireItem.written))
        }
        // Questions the Questionnaire has no item for (a type that writes none), in order.
        for position in form.template.questions.indices where unwritten[linkIds[position]] == position {
            guard let item = item(at: position, fhirItem: { nil }) else { continue }
            items.append(item)
        }
        if !items.isEmpty { members.append(("item", .array(items))) }
        return .object(members)
    }

    /// The response items of the Questionnaire's `items`: a group with what it holds, a question's
    /// item where the form has something for it (questions nested under a question follow it).
    private mutating func items(of items: [QuestionnaireItem]) -> [JSONWriter.Value] {
        var written: [JSONWriter.Value] = []
        for item in items {
            WorkCounter.add(1, to: .interchangeVisits)
            let type = item.string("type")
            guard type != "display", let linkId = item.string("linkId") else { continue }
            if type == "group" {
                let inner = self.items(of: item.children)
                guard !inner.isEmpty else { continue }
                var members: [(String, JSONWriter.Value)] = [("linkId", .string(linkId))]
                if let text = item.string("text") { members.append(("text", .string(text))) }
                written.append(.object(members + [("item", .array(inner))]))
                continue
            }
            let version = template.version
            if let position = unwritten[linkId],
                let made = self.item(at: position, fhirItem: { item.fhirItem(version: version) })
            {
                written.append(made)
            }
            written += self.items(of: item.children)
        }
        return written
    }

    /// The response item of the question at `position` (nil when not asked or with nothing to
    /// say), as `fhirItem` (nil when the Questionnaire has none; made only for an answer) holds its answer.
    private mutating func item(at position: Int, fhirItem: () -> FHIRItem?) -> JSONWriter.Value? {
        let question = form.template.questions[position]
        let linkId = linkIds[position]
        unwritten[linkId] = nil
        guard form.isAsked(position) else { return nil }
        let entry = form.entries[position]
        var extensions: [JSONWriter.Value] = []
        var answers: [JSONWriter.Value] = []
        if let answer = entry.answer {
            let node = answer.source ?? question.node
            if let values = fhirAnswers(of: answer, question: question, item: fhirItem(), at: node) {
                answers = values
            } else {
                let stored = JSONWriter.text(of: question.encodeAnswer(answer) ?? node.writerValue, indent: 0)
                extensions.append(Self.extensionValue(FHIRResponseExtension.storedAnswer, .string(stored)))
            }
        }
        if !entry.comment.isEmpty {
            let node = question.node[keys.spelling(of: .userAnswer)]?[keys.spelling(of: .comment)] ?? question.node
            problems.report(
                .note, FHIRCode.commentInExtension,
                "FHIR has no place for a comment on an answer: written as the extension \(FHIRResponseExtension.comment)",
                at: node)
            extensions.append(Self.extensionValue(FHIRResponseExtension.comment, .string(entry.comment)))
        }
        if !entry.media.isEmpty {
            problems.report(
                .note, FHIRCode.mediaInExtension,
                "the question's attachments are written as extensions \(FHIRResponseExtension.media) (valueAttachment)",
                at: question.node[keys.spelling(of: .userAnswer)] ?? question.node)
        }
        for attachment in entry.media {
            var value: [(String, JSONWriter.Value)] = [
                ("contentType", .string(FHIRResponseExtension.contentType(of: attachment.kind)))
            ]
            if let data = embedded[attachment.kind]?[attachment.name]?.stringValue {
                value.append(("data", .string(data)))
            }
            value.append(("title", .string(attachment.name)))
            extensions.append(Self.extensionValue(FHIRResponseExtension.media, .object(value), key: "valueAttachment"))
        }
        if !entry.foremanEdits.isEmpty,
            let edits = question.node[keys.spelling(of: .userAnswer)]?[keys.spelling(of: .foremanEdits)]
        {
            problems.warning(
                FHIRCode.foremanEditsNotCarried,
                "the record of the foreman's \(entry.foremanEdits.count) edit(s) is not carried: FHIR keeps no history in a response",
                at: edits)
        }
        guard !answers.isEmpty || !extensions.isEmpty else { return nil }
        var members: [(String, JSONWriter.Value)] = [("linkId", .string(linkId)), ("text", .string(question.text))]
        if !extensions.isEmpty { members.append(("extension", .array(extensions))) }
        if !answers.isEmpty { members.append(("answer", .array(answers))) }
        return .object(members)
    }

    /// The answer entries of `answer`, through its type; nil (reported) when it writes none.
    private mutating func fhirAnswers(of answer: QuestionAnswer, question: Question, item: FHIRItem?, at node: JSONNode)
        -> [JSONWriter.Value]?
    {
        guard let item else {
            problems.warning(
                FHIRCode.questionNotInQuestionnaire,
                "the Questionnaire has no item '\(linkIds[question.index])' (its type writes none): "
                    + "the answer is kept as stored in the extension \(FHIRResponseExtension.storedAnswer)",
                at: node)
            return nil
        }
        if answer.value is StoredAnswer {
            problems.warning(
                FHIRCode.answerKeptAsStored,
                "an answer its type cannot read is kept as stored in the extension \(FHIRResponseExtension.storedAnswer)",
                at: node)
            return nil
        }
        var own = ProblemCollector(document: problems.document)
        let values = question.type.erasedFHIRAnswers(
            of: answer.value, definition: question.definition, item: item, at: node, problems: &own)
        if !problems.reportAll(of: own), values == nil {
            problems.warning(
                FHIRCode.answerNotWritten,
                "its type writes no FHIR answer: kept as stored in the extension \(FHIRResponseExtension.storedAnswer)",
                at: node)
        }
        return values
    }

    static func extensionValue(_ url: String, _ value: JSONWriter.Value, key: String = "valueString")
        -> JSONWriter.Value
    {
        .object([("url", .string(url)), (key, value)])
    }
}

/// An item of the Questionnaire a response follows: a given Questionnaire's node, or the value
/// FHIRWriter made of ours, read as that value written and parsed would be (a repeated key: the
/// last), which is only done for an item a type writes an answer by.
private enum QuestionnaireItem {
    case given(JSONNode)
    case written(JSONWriter.Value)

    /// The string member `key`, or nil.
    func string(_ key: String) -> String? {
        switch self {
        case .given(let node): return node[key]?.stringValue
        case .written(let value):
            guard case .string(let text) = Self.member(key, of: value) else { return nil }
            return text
        }
    }

    /// The elements of the `item` member (none when it is no array).
    var children: [QuestionnaireItem] {
        switch self {
        case .given(let node): return node["item"]?.elements.map(Self.given) ?? []
        case .written(let value):
            guard case .array(let elements) = Self.member("item", of: value) else { return [] }
            return elements.map(Self.written)
        }
    }

    /// The item as the types read it.
    func fhirItem(version: FHIRVersion) -> FHIRItem? {
        switch self {
        case .given(let node): return FHIRItem(node: node, version: version)
        case .written(let value):
            var text: [UInt8] = []
            JSONWriter.append(value, indent: 0, to: &text)
            return JSONParser.parse(text).document.map { FHIRItem(node: $0.root, version: version) }
        }
    }

    /// The value of the last member `key` of an object (keys compared byte for byte, as a parsed
    /// document compares them), or nil.
    private static func member(_ key: String, of value: JSONWriter.Value) -> JSONWriter.Value? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.0.utf8.elementsEqual(key.utf8) }?.1
    }
}
