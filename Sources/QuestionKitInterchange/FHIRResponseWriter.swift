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
        /// The QuestionnaireResponse, or nil when the form cannot be read: `utf8` parsed (it is written
        /// as text, never made as a value).
        public var response: JSONWriter.Value? { utf8.flatMap { JSONParser.parse($0).document?.root.writerValue } }
        /// The form's problems and what was not carried, located in the completed form.
        public var diagnostics: [Diagnostic]
        /// The response as JSON text (2-space indent, a final newline), or nil.
        public var text: String? { utf8.map { String(decoding: $0, as: UTF8.self) } }
        /// `text` as UTF-8, what a file gets (a String made of it would check every byte again).
        package var utf8: [UInt8]?
    }

    /// Writes the completed form in `bytes` as a response to `template`.
    public func write(_ bytes: [UInt8], template: FHIRResponseTemplate) -> Result {
        write(JSONParser.parse(bytes, limits: reader.limits), template: template)
    }

    /// `write` of the bytes' `JSONParser.parse` reading, made once by a caller that looked at it first.
    package func write(_ parsed: JSONParseResult, template: FHIRResponseTemplate) -> Result {
        write(CompletedFormReader.read(parsed, with: reader), template: template)
    }

    /// What `write(_:templateBytes:version:)` gave: the response, or the problems of a template that
    /// cannot be read (none of the form's: it is not written).
    package enum Outcome {
        case written(Result)
        case templateUnreadable([Diagnostic])
    }

    /// `write` of the completed form `parsed` as a response to the template in `templateBytes` (ours or
    /// a Questionnaire, as `FHIRResponseTemplate.read` reads it, ours written as a `version` one). The
    /// form is read first: a template of ours with the form's questions is then not read again
    /// (`FHIRResponseTemplate.matching`).
    package func write(_ parsed: JSONParseResult, templateBytes: [UInt8], version: FHIRVersion) -> Outcome {
        let read = CompletedFormReader.read(parsed, with: reader)
        let templateParsed = JSONParser.parse(templateBytes)
        if let form = read.form, !read.diagnostics.containsErrors,
            let template = FHIRResponseTemplate.matching(
                templateParsed, form: form.template, reader: reader, version: version)
        {
            return .written(write(read, template: template))
        }
        let (template, problems) = FHIRResponseTemplate.read(templateParsed, reader: reader, version: version)
        guard let template else { return .templateUnreadable(problems) }
        return .written(write(read, template: template))
    }

    private func write(_ read: (form: FilledForm?, diagnostics: [Diagnostic]), template: FHIRResponseTemplate)
        -> Result
    {
        guard let form = read.form, !read.diagnostics.containsErrors else {
            return Result(diagnostics: read.diagnostics, utf8: nil)
        }
        var writing = Writing(form: form, template: template, keys: reader.keys)
        let response = writing.response()
        return Result(diagnostics: read.diagnostics + writing.problems.diagnostics(), utf8: response)
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
    /// The response written so far.
    var output = ResponseText()

    init(form: FilledForm, template: FHIRResponseTemplate, keys: KeyMap) {
        self.form = form
        self.template = template
        self.keys = keys
        problems = ProblemCollector(document: form.template.document)
        linkIds = FHIRItemList.linkIds(of: form.template.questions)
        // The first position of a linkId used twice: the last assigned, walking back (one look-up each).
        unwritten.reserveCapacity(linkIds.count)
        for position in linkIds.indices.reversed() { unwritten[linkIds[position]] = position }
        let media = form.template.document.root[keys.spelling(of: .media)]
        var embedded: [MediaAttachment.Kind: JSONNode] = [:]
        for kind in MediaAttachment.Kind.allCases {
            if let map = media?[keys.spelling(of: kind.key)], map.kind == .object { embedded[kind] = map }
        }
        self.embedded = embedded
    }

    /// The response as the UTF-8 of its file (as `JSONWriter.fileBytes` writes it), written straight
    /// into bytes: a tree of the whole response made, written and freed was a third of writing it.
    mutating func response() -> [UInt8] {
        let root = form.template.document.root
        output.bytes.append(UInt8(ascii: "{"))
        output.member("resourceType", string: "QuestionnaireResponse", depth: 1, first: true)
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
            output.member("extension", .array(extensions), depth: 1)
        }
        output.member("questionnaire", string: template.canonical, depth: 1)
        // Ours is complete when it has a completion date; FHIR's `authored` is that date.
        output.member("status", string: form.completedDate == nil ? "in-progress" : "completed", depth: 1)
        if let completed = form.completedDate {
            if let date = FHIRResponseExtension.fhirDate(of: completed) {
                output.member("authored", string: date, depth: 1)
            } else {
                problems.warning(
                    FHIRCode.dateNotCarried,
                    "completedDate \(completed.debugDescription) is not a date written \"MMM d, yyyy\": no authored",
                    at: root[keys.spelling(of: .completedDate)] ?? root)
            }
        }
        if let technician = form.technician {
            output.member("author", .object([("display", .string(technician))]), depth: 1)
        }
        // `item` only when it has some: the key is taken back when none follows.
        let mark = output.bytes.count
        output.start(depth: 1)
        output.key("item")
        output.bytes.append(UInt8(ascii: "["))
        var count: Int
        switch template.items {
        case .given(let given): count = writeItems(of: given?.elements.map(QuestionnaireItem.given) ?? [], depth: 2)
        case .written(let writer, let root): count = writeItems(writtenBy: writer, root: root)
        }
        // Questions the Questionnaire has no item for (a type that writes none), in order.
        for position in form.template.questions.indices where unwritten[linkIds[position]] == position {
            guard let item = item(at: position, in: .noItem) else { continue }
            output.write(item, depth: 2, first: count == 0)
            count += 1
        }
        if count == 0 {
            output.bytes.removeLast(output.bytes.count - mark)
        } else {
            output.close(UInt8(ascii: "]"), depth: 1)
        }
        output.close(UInt8(ascii: "}"), depth: 0)
        output.bytes.append(UInt8(ascii: "\n"))
        return output.bytes
    }

    /// Writes the response items of the Questionnaire `writer` writes of our template (whose top level
    /// is `root`) as `writeItems(of:depth:count:)` writes those of `FHIRWriter.items`, and returns their
    /// count: one question's item at a time, in its section's group, which is written at its first item
    /// and taken back when it holds nothing. The list of every item made, walked and freed cost a third
    /// of writing a 20,000-answer response.
    private mutating func writeItems(writtenBy writer: FHIRWriter, root: JSONNode) -> Int {
        let questions = template.template.questions
        // Its reports (a question with no item) are the response's to make, per answer.
        var ignored = ProblemCollector(document: template.template.document)
        // The form's linkIds are the template's when the form's template is the one written (`matching`).
        var list = writer.itemList(
            of: questions, linkIds: template.template.document === form.template.document ? linkIds : nil)
        var count = 0
        // The section whose group is open, and the response's group of it once it has an item: where
        // it starts (to take it back) and the items in it.
        var section: String?
        var group: (mark: Int, count: Int)?
        for question in questions {
            if question.section != section {
                count = close(group, count: count)
                group = nil
                section = question.section
            }
            guard let item = writer.item(of: question, types: list, problems: &ignored) else { continue }
            guard let section else {
                count = writeItems(of: [.written(item)], depth: 2, count: count)
                continue
            }
            var inGroup = group ?? (output.bytes.count, 0)
            if group == nil {
                output.start(depth: 2, first: count == 0)
                output.bytes.append(UInt8(ascii: "{"))
                output.member("linkId", string: list.nextGroupLinkId(), depth: 3, first: true)
                output.member("text", string: section, depth: 3)
                output.start(depth: 3)
                output.key("item")
                output.bytes.append(UInt8(ascii: "["))
            }
            inGroup.count = writeItems(of: [.written(item)], depth: 4, count: inGroup.count)
            group = inGroup
        }
        count = close(group, count: count)
        WorkCounter.add(questions.count, to: .interchangeVisits)
        let kept = writer.keptItems(root: root, problems: &ignored)
        return writeItems(of: kept.map(QuestionnaireItem.written), depth: 2, count: count)
    }

    /// Ends a section's `group` of the response begun after `count` items: closed when it holds an
    /// item, else taken back; returns the count then.
    private mutating func close(_ group: (mark: Int, count: Int)?, count: Int) -> Int {
        guard let group else { return count }
        guard group.count > 0 else {
            output.bytes.removeLast(output.bytes.count - group.mark)
            return count
        }
        output.close(UInt8(ascii: "]"), depth: 3)
        output.close(UInt8(ascii: "}"), depth: 2)
        return count + 1
    }

    /// Writes the response items of the Questionnaire's `items` as elements of an array at `depth`
    /// after `count` elements, and returns the count then: a group with what it holds, a question's
    /// item where the form has something for it (questions nested under a question follow it).
    private mutating func writeItems(of items: [QuestionnaireItem], depth: Int, count: Int = 0) -> Int {
        var count = count
        for item in items {
            WorkCounter.add(1, to: .interchangeVisits)
            let type = item.string("type")
            guard type != "display", let linkId = item.string("linkId") else { continue }
            // A group that is one of our questions (a table written as a grid) is answered as a question.
            if type == "group", unwritten[linkId] == nil {
                // Written, then taken back when it holds nothing.
                let mark = output.bytes.count
                output.start(depth: depth, first: count == 0)
                output.bytes.append(UInt8(ascii: "{"))
                output.member("linkId", string: linkId, depth: depth + 1, first: true)
                if let text = item.string("text") { output.member("text", string: text, depth: depth + 1) }
                output.start(depth: depth + 1)
                output.key("item")
                output.bytes.append(UInt8(ascii: "["))
                guard writeItems(of: item.children, depth: depth + 2) > 0 else {
                    output.bytes.removeLast(output.bytes.count - mark)
                    continue
                }
                output.close(UInt8(ascii: "]"), depth: depth + 1)
                output.close(UInt8(ascii: "}"), depth: depth)
                count += 1
                continue
            }
            if let position = unwritten[linkId],
                let made = self.item(at: position, in: type == "group" ? .grid : .item(item))
            {
                output.write(made, depth: depth, first: count == 0)
                count += 1
            }
            count = writeItems(of: item.children, depth: depth, count: count)
        }
        return count
    }

    /// The response item of the question at `position` (nil when not asked or with nothing to
    /// say), its answer written for `place`, the Questionnaire's item of the question.
    private mutating func item(at position: Int, in place: AnswerPlace) -> ResponseItem? {
        let question = form.template.questions[position]
        let linkId = linkIds[position]
        unwritten[linkId] = nil
        guard form.isAsked(position) else { return nil }
        let entry = form.entries[position]
        var extensions: [JSONWriter.Value] = []
        var answers: [JSONWriter.Value] = []
        if let answer = entry.answer {
            let node = answer.source ?? question.node
            if let values = fhirAnswers(of: answer, question: question, for: place, at: node) {
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
        return ResponseItem(linkId: linkId, text: question.text, extensions: extensions, answers: answers)
    }

    /// The answer entries of `answer`, through its type; nil (reported) when it writes none.
    private mutating func fhirAnswers(
        of answer: QuestionAnswer, question: Question, for place: AnswerPlace, at node: JSONNode
    ) -> [JSONWriter.Value]? {
        let item: FHIRItem?
        switch place {
        case .grid:
            problems.warning(
                FHIRCode.answerNotWritten,
                "its item in the Questionnaire is a group (a grid), which holds items, not answers: kept as stored "
                    + "in the extension \(FHIRResponseExtension.storedAnswer)", at: node)
            return nil
        // Read only here, for an answer: reading an item as FHIRItem costs, and a question without one needs none.
        case .item(let given): item = given.fhirItem(version: template.version)
        case .noItem: item = nil
        }
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

/// Where the Questionnaire puts a question's answer, which says how the response writes it.
private enum AnswerPlace {
    /// The question's item, which holds answers.
    case item(QuestionnaireItem)
    /// A group (a table written as a grid), which holds items, not answers.
    case grid
    /// Nowhere: the question's type writes no item.
    case noItem
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
            // The document recorded as the text is written: the same nodes a parse of it makes, unlexed.
            let written = JSONWriter.fileBytesParsed(of: value, limits: .default)
            return written.parsed.document.map { FHIRItem(node: $0.root, version: version) }
        }
    }

    /// The value of the last member `key` of an object, or nil. A parsed document compares keys byte
    /// for byte; String's == compares canonical equivalents, but no other string is equivalent to
    /// the ASCII keys looked up here (`type`, `linkId`, `text`, `item`), and == costs far less.
    private static func member(_ key: String, of value: JSONWriter.Value) -> JSONWriter.Value? {
        guard case .object(let members) = value else { return nil }
        return members.last { $0.0 == key }?.1
    }
}

/// A question's response item: its `extension` and `answer` entries (at least one of them).
private struct ResponseItem {
    let linkId: String
    let text: String
    let extensions: [JSONWriter.Value]
    let answers: [JSONWriter.Value]
}

/// A response written piece by piece in JSONWriter's layout with an indent of 2 (what
/// `JSONWriter.fileBytes` writes), each small value (an answer, an extension) through JSONWriter.
private struct ResponseText {
    var bytes: [UInt8] = []

    /// Starts a member or an element at `depth`: the comma after the one before (none when `first`),
    /// a new line, the indent.
    mutating func start(depth: Int, first: Bool = false) {
        if !first { bytes.append(UInt8(ascii: ",")) }
        bytes.append(UInt8(ascii: "\n"))
        JSONWriter.appendSpaces(2 * depth, to: &bytes)
    }

    /// A member's key and the colon after it.
    mutating func key(_ key: String) {
        JSONWriter.appendQuoted(key, to: &bytes)
        bytes.append(UInt8(ascii: ":"))
        bytes.append(UInt8(ascii: " "))
    }

    /// The member `key` of an object whose members are at `depth`.
    mutating func member(_ key: String, _ value: JSONWriter.Value, depth: Int, first: Bool = false) {
        start(depth: depth, first: first)
        self.key(key)
        JSONWriter.append(value, indent: 2, depth: depth, to: &bytes)
    }

    /// The string member `key` of an object whose members are at `depth`, as `member` writes a `.string`
    /// (with no value made).
    mutating func member(_ key: String, string text: String, depth: Int, first: Bool = false) {
        start(depth: depth, first: first)
        self.key(key)
        JSONWriter.appendQuoted(text, to: &bytes)
    }

    /// Ends a container at `depth` with `bracket`, on a line of its own.
    mutating func close(_ bracket: UInt8, depth: Int) {
        bytes.append(UInt8(ascii: "\n"))
        JSONWriter.appendSpaces(2 * depth, to: &bytes)
        bytes.append(bracket)
    }

    /// `item` as an element at `depth` of an array.
    mutating func write(_ item: ResponseItem, depth: Int, first: Bool) {
        start(depth: depth, first: first)
        bytes.append(UInt8(ascii: "{"))
        member("linkId", string: item.linkId, depth: depth + 1, first: true)
        member("text", string: item.text, depth: depth + 1)
        if !item.extensions.isEmpty { member("extension", .array(item.extensions), depth: depth + 1) }
        if !item.answers.isEmpty { member("answer", .array(item.answers), depth: depth + 1) }
        close(UInt8(ascii: "}"), depth: depth)
    }
}
