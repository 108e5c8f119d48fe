import Foundation
import QuestionKit
import QuestionKitForms

/// Reads a FHIR QuestionnaireResponse into a completed form of ours, of its template: items match
/// the template's questions by linkId (at any depth: groups and answers' nested items), each
/// question's answers are made the stored answer through its type
/// (`InterchangeHandling.storedAnswer`) and then read as any stored answer is (what the template
/// does not allow is kept and flagged). Our extensions (comments, media, the foreman) are read
/// back; everything else not carried is a located diagnostic. See Docs/Formats/FHIR.md.
public struct FHIRResponseReader: Sendable {
    /// A reader of responses.
    public init() {}

    /// What reading one response gave.
    public struct Result: Sendable {
        /// The completed form's JSON text, or nil when the input is not a response.
        public var text: String? {
            get { utf8.map { String(decoding: $0, as: UTF8.self) } }
            set { utf8 = newValue.map { Array($0.utf8) } }
        }
        /// `text` as UTF-8, what a file gets.
        package var utf8: [UInt8]?
        /// The problems, located in the response.
        public var diagnostics: [Diagnostic]
    }

    /// Reads the response in `bytes` as a completed form of `template`.
    public func read(_ bytes: [UInt8], template: FHIRResponseTemplate) -> Result {
        read(JSONParser.parse(bytes), template: template)
    }

    /// `read` of the bytes' `JSONParser.parse` reading, made once by a caller that looked at it first.
    package func read(_ parsed: JSONParseResult, template: FHIRResponseTemplate) -> Result {
        guard let document = parsed.document else { return Result(utf8: nil, diagnostics: parsed.diagnostics) }
        var reading = Reading(template: template, document: document)
        let text = reading.read()
        return Result(utf8: text, diagnostics: parsed.diagnostics + reading.problems.diagnostics())
    }
}

/// One response being read.
private struct Reading {
    let template: FHIRResponseTemplate
    var problems: ProblemCollector
    var form: FilledForm
    /// The position of each question by its linkId (`FHIRResponseTemplate.positions()`).
    let positions: [String: Int]
    /// The response item each question was read from, by position (an array: a dictionary's hashing was
    /// a thirtieth of reading an item).
    var sources: [JSONNode?]
    /// The stored answers made, with the question and the response node they came from.
    var stored: [(position: Int, value: JSONWriter.Value, node: JSONNode)] = []
    var embedding: [(attachment: MediaAttachment, bytes: [UInt8])] = []

    init(template: FHIRResponseTemplate, document: JSONDocument) {
        self.template = template
        problems = ProblemCollector(document: document)
        form = FilledForm(template: template.template)
        positions = template.positions()
        sources = Array(repeating: nil, count: template.template.questions.count)
    }

    static let rootMembers = JSONKeySpellings([
        "resourceType", "questionnaire", "status", "authored", "author", "source", "item", "extension",
    ])
    /// The members of a response item carried: made once, and each item's keys compared with them where
    /// their bytes lie (a set made and hashed per item, then each key decoded and hashed, were a sixth of
    /// reading an item). Our extensions on one: `ourExtensions(of:)`.
    static let itemMembers = JSONKeySpellings(["linkId", "text", "answer", "item", "extension", "definition"])
    /// Members that only describe or identify the resource: notes.
    static let descriptive: Set<String> = ["id", "meta", "text", "language", "identifier", "definition"]

    mutating func read() -> [UInt8]? {
        let root = problems.document.root
        let resourceType = root["resourceType"]
        guard root.kind == .object, resourceType?.stringEquals("QuestionnaireResponse") == true else {
            problems.error(
                FHIRCode.notAResponse,
                "resourceType is \(resourceType?.quotedForMessage ?? "missing"); expected \"QuestionnaireResponse\"",
                at: resourceType ?? root)
            return nil
        }
        if let questionnaire = root["questionnaire"], !questionnaire.stringEquals(template.canonical) {
            // A reference (R4's own form) or a canonical with another version: said, not refused.
            let given = questionnaire.stringValue ?? questionnaire["reference"]?.stringValue ?? ""
            if given.split(separator: "|").first.map(String.init)
                != template.canonical.split(separator: "|").first.map(String.init)
            {
                problems.warning(
                    FHIRCode.questionnaireDiffers,
                    "the response answers \(questionnaire.quotedForMessage), not the template's '\(template.canonical)'",
                    at: questionnaire, hint: "Items are matched by linkId all the same.")
            }
        }
        header(root)
        reportOthers(
            of: root, carried: Self.rootMembers,
            ours: [
                FHIRResponseExtension.foreman, FHIRResponseExtension.foremanComment,
                FHIRResponseExtension.submittedDate,
            ])
        if let items = root["item"] { self.items(items) }
        makeAnswers()
        form.evaluateConditions()
        for position in form.entries.indices where !form.isAsked(position) {
            let entry = form.entries[position]
            guard entry.answer != nil || !entry.comment.isEmpty || !entry.media.isEmpty,
                let item = sources[position]
            else { continue }
            problems.warning(
                FHIRCode.answerNotAsked,
                "question \(form.template.questions[position].number) is not asked for these answers "
                    + "(its enableWhen does not hold): its answer is not carried", at: item)
            form.entries[position] = QuestionEntry()
        }
        // Only what a carried question still lists is embedded: the data of an attachment whose
        // question was dropped above would be a photo no question shows, lost when written back.
        let listed = Set(form.entries.flatMap(\.media))
        return CompletedFormWriter.utf8(form, embedding: embedding.filter { listed.contains($0.attachment) })
    }

    /// `status`, `authored`, `author` (or `source`) and our extensions at the top level.
    private mutating func header(_ root: JSONNode) {
        let status = root["status"]?.stringValue
        switch status {
        case "completed", "amended":
            if let authored = root["authored"] {
                if let date = authored.stringValue.flatMap(FHIRResponseExtension.ourDate) {
                    form.completedDate = date
                    if (authored.stringValue?.count ?? 0) > 10 {
                        problems.report(
                            .note, FHIRCode.dateNotCarried, "the time of authored is not carried (the day is)",
                            at: authored)
                    }
                } else {
                    problems.warning(FHIRCode.dateNotCarried, "authored is not a FHIR date", at: authored)
                }
            }
        case "in-progress", nil:
            if let authored = root["authored"] {
                problems.report(
                    .note, FHIRCode.dateNotCarried,
                    "an in-progress form has no completion date: authored is not carried", at: authored)
            }
        default:
            problems.warning(
                FHIRCode.statusNotCarried,
                "status \(root["status"]?.quotedForMessage ?? "") has no counterpart: read as in progress",
                at: root["status"] ?? root)
        }
        if let person = root["author"] ?? root["source"] {
            if let name = person["display"]?.stringValue, !name.isEmpty {
                form.technician = name
            } else {
                problems.warning(
                    FHIRCode.authorNotCarried, "the technician is a name: a reference without display is not carried",
                    at: person)
            }
        }
        form.foreman = Self.ourExtension(FHIRResponseExtension.foreman, in: root)?.stringValue
        form.foremanComment = Self.ourExtension(FHIRResponseExtension.foremanComment, in: root)?.stringValue
        form.submittedDate = Self.ourExtension(FHIRResponseExtension.submittedDate, in: root)?.stringValue
    }

    /// The items of a response, at every depth.
    private mutating func items(_ items: JSONNode) {
        for item in items.elements {
            guard item.kind == .object else {
                problems.warning(FHIRCode.itemNotAnObject, "an item is a JSON object, not \(item.kind)", at: item)
                continue
            }
            guard let linkId = item["linkId"]?.stringValue, let position = positions[linkId] else {
                if item["answer"] != nil || item["item"] == nil {
                    problems.warning(
                        FHIRCode.responseItemUnknown,
                        "the template has no question \(item["linkId"]?.quotedForMessage ?? "without linkId"): "
                            + "its answers are not carried", at: item["linkId"] ?? item)
                }
                // A group (or an unknown item's nested ones) holds questions of its own.
                nestedItems(of: item)
                continue
            }
            question(item, at: position)
            nestedItems(of: item)
        }
    }

    /// The items nested in `item`: its own, then its answers'.
    private mutating func nestedItems(of item: JSONNode) {
        if let inner = item["item"] { items(inner) }
        guard let answers = item["answer"] else { return }
        for answer in answers.elements {
            if let inner = answer["item"] { items(inner) }
        }
    }

    private mutating func question(_ item: JSONNode, at position: Int) {
        guard sources[position] == nil else {
            problems.warning(
                FHIRCode.responseItemDuplicate,
                "linkId '\(item["linkId"]?.stringValue ?? "")' is answered before: "
                    + "this item is not carried", at: item["linkId"] ?? item)
            return
        }
        sources[position] = item
        // Read in place, field by field, not the question copied and freed for each item (with the same in
        // `makeAnswers` and the completed form's writer, 1% of reading a 20,000-answer response).
        let questions = template.template.questions
        reportOthers(of: item, carried: Self.itemMembers)
        let extensions = ourExtensions(of: item)
        var entry = QuestionEntry()
        if let comment = extensions.comment?.stringValue {
            entry.comment = comment
        }
        entry.media = media(extensions.media, questionIndex: questions[position].index)
        form.entries[position] = entry
        if let kept = extensions.storedAnswer {
            if let text = kept.stringValue, let value = JSONParser.parse(Array(text.utf8)).document?.root {
                stored.append((position, value.writerValue, kept))
            } else {
                problems.warning(FHIRCode.answerNotRead, "the stored answer is not JSON text", at: kept)
            }
            return
        }
        let values = item["answer"]?.elements.compactMap { FHIRItem.value(in: $0) } ?? []
        guard !values.isEmpty, let answerNode = item["answer"] else { return }
        var own = ProblemCollector(document: problems.document)
        let value = questions[position].type.erasedStoredAnswer(
            fromFHIR: values, definition: questions[position].definition, problems: &own)
        let reported = problems.reportAll(of: own)
        guard let value else {
            if !reported {
                problems.warning(
                    FHIRCode.answerNotRead,
                    "question \(questions[position].number)'s type reads no FHIR answer: the answer is not carried",
                    at: answerNode
                )
            }
            return
        }
        stored.append((position, value, answerNode))
    }

    /// The attachments of our media extensions `entries` (an item's, of the question at `questionIndex`,
    /// in order), each embedded when it carries data.
    private mutating func media(_ entries: [JSONNode], questionIndex: Int) -> [MediaAttachment] {
        var media: [MediaAttachment] = []
        for entry in entries {
            guard let value = entry["valueAttachment"],
                let kind = value["contentType"]?.stringValue.flatMap(FHIRResponseExtension.kind(ofContentType:))
            else {
                problems.warning(
                    FHIRCode.attachmentNotCarried, "an attachment without an image, video or audio contentType",
                    at: entry)
                continue
            }
            let name =
                value["title"]?.stringValue
                ?? MediaAttachment.name(questionIndex: questionIndex, count: media.count + 1)
            let attachment = MediaAttachment(kind: kind, name: name)
            media.append(attachment)
            if let data = value["data"]?.stringValue {
                guard let bytes = Data(base64Encoded: data) else {
                    problems.warning(FHIRCode.attachmentNotCarried, "the attachment's data is not base64", at: value)
                    continue
                }
                embedding.append((attachment, [UInt8](bytes)))
            }
        }
        return media
    }

    /// Reads the stored answers made, all parsed at once, each as a completed form's stored
    /// answer is read; what its type reports is moved to the response's node it came from.
    private mutating func makeAnswers() {
        guard !stored.isEmpty else { return }
        let text = JSONWriter.text(of: .array(stored.map(\.value)), indent: 0)
        guard let document = JSONParser.parse(Array(text.utf8)).document else { return }
        let questions = form.template.questions
        for (made, node) in zip(stored, document.root.elements) {
            var own = ProblemCollector(document: document)
            let answer = questions[made.position].readStoredAnswer(node, problems: &own)
            for problem in own.problems {
                problems.report(problem.severity, problem.code, problem.message, at: made.node, hint: problem.hint)
            }
            form.entries[made.position].answer = answer
        }
    }

    /// Reports each member of `node` outside `carried`, and each extension outside `ours` (when given).
    /// The keys are ASCII without a `K`, `;` or `` ` ``: the only strings equal to one of them as
    /// Swift compares are its own bytes, which `unknownKeyIndices` compares.
    private mutating func reportOthers(of node: JSONNode, carried: JSONKeySpellings, ours: Set<String>? = nil) {
        WorkCounter.add(node.count, to: .interchangeVisits)
        let document = node.document
        for keyIndex in document.unknownKeyIndices(inObjectAt: node.index, known: carried) {
            let member = JSONMember(
                keyNode: JSONNode(document: document, index: keyIndex),
                value: JSONNode(document: document, index: keyIndex + 1))
            problems.report(
                Self.descriptive.contains(member.key) ? .note : .warning, FHIRCode.responseMemberNotCarried,
                "'\(member.key)' is not carried into the completed form", at: member.value, atKey: true)
        }
        guard let ours else { return }
        for entry in node["extension"]?.elements.map({ $0 }) ?? [] {
            guard let url = entry["url"]?.stringValue, ours.contains(url) else {
                reportExtensionNotCarried(entry)
                continue
            }
        }
    }

    private mutating func reportExtensionNotCarried(_ entry: JSONNode) {
        problems.warning(
            FHIRCode.responseMemberNotCarried,
            "the extension \(entry["url"]?.quotedForMessage ?? "without url") is not carried", at: entry)
    }

    /// Our extensions on a response item: the value of the first comment and stored answer, every
    /// media entry in order.
    private struct ItemExtensions {
        var comment: JSONNode?
        var storedAnswer: JSONNode?
        var media: [JSONNode] = []
        var sawComment = false
        var sawStoredAnswer = false
    }

    /// Our extensions on `item` (comment, media, stored answer), in one pass over its `extension` that
    /// reports each other one: a pass for each, and one to report, were a sixth of reading an item.
    private mutating func ourExtensions(of item: JSONNode) -> ItemExtensions {
        var found = ItemExtensions()
        guard let list = item["extension"] else { return found }
        for entry in list.elements {
            switch Self.ourURL(of: entry) {
            case FHIRResponseExtension.comment?:
                if !found.sawComment { found.comment = FHIRItem.value(in: entry) }
                found.sawComment = true
            case FHIRResponseExtension.storedAnswer?:
                if !found.sawStoredAnswer { found.storedAnswer = FHIRItem.value(in: entry) }
                found.sawStoredAnswer = true
            case FHIRResponseExtension.media?:
                found.media.append(entry)
            default:
                reportExtensionNotCarried(entry)
            }
        }
        return found
    }

    /// The item extensions of ours (`ourExtensions(of:)`).
    static let itemURLs = [
        FHIRResponseExtension.comment, FHIRResponseExtension.storedAnswer, FHIRResponseExtension.media,
    ]

    /// The `url` of the extension `entry` when it is one of `itemURLs` byte for byte, found where its
    /// bytes lie (decoding each URL, longer than a String holds inline, was a third of finding them);
    /// else its text, which the caller compares as before (nil when it is not a string).
    private static func ourURL(of entry: JSONNode) -> String? {
        guard let url = entry["url"] else { return nil }
        return itemURLs.first { url.stringEquals($0) } ?? url.stringValue
    }

    /// The value of our extension `url` on `node`, or nil.
    static func ourExtension(_ url: String, in node: JSONNode) -> JSONNode? {
        for entry in node["extension"]?.elements.map({ $0 }) ?? [] where entry["url"]?.stringEquals(url) == true {
            return FHIRItem.value(in: entry)
        }
        return nil
    }
}
