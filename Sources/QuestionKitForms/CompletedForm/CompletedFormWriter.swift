import Foundation
import QuestionKit

/// Writes a filled form as a completed form: the template's own JSON plus what was entered.
///
/// The template is written back from its source, not from what was read: every key stays, in
/// its order (keys no reader knows too), numbers keep their literal text (`1.50` stays `1.50`),
/// strings are written as UTF-8 with only the escapes JSON requires. Only `_id` is left out. Then:
/// - every question that was read gets a `user-answer` object (in place of the one it had, else
///   as its last key): the type's answer key always (an answer read from a completed form and not
///   changed as it was stored, no answer as the type's empty value), `comment` always,
///   `images` / `videos` / `voice` when the question has media of that kind, and `foremanEdits`
///   when the foreman edited it (``ForemanEdit``: those read are written as they were), and
///   `notAsked: true` when its conditions left it not asked (a template with logic only). Keys of an earlier
///   `user-answer` that are none of these (such as the original app's embedded `media`) stay.
/// - an early template's `Questions` and `version` are written as `questions` and `RevisionNumber`
///   (or as the key map spells those), in their place: the original server read the final keys only.
/// - the top level gets `username`, `completedDate`, `SubmittedDate` and
///   `foremanComment: {"comment", "supervisor"}` and `media` (in place, else appended); a field
///   that is not set is written as `""`. `media` keeps what it held and has `images`, `videos` and
///   `voice` always (empty maps: media stay files beside the form), as the original viewer reads it;
///   media passed to embed are written base64-encoded under their kind's map (`images`, `videos`,
///   `voice`) by name, in place of one of the same name, else appended, as the original app
///   uploaded them (see ``CompletedFormMedia/embeddable(_:room:file:)``).
///
/// A question the template reader left out (its type is unknown) is written as it was. The text
/// is indented by two spaces, as `JSONWriter` writes, and ends in a newline. Every key is spelled
/// through the key map the form's template was read with.
public enum CompletedFormWriter {
    /// The completed-form JSON of `form`, with the media in `embedding` (attachment and file
    /// bytes) embedded under `media.images`, `media.videos` or `media.voice` by their kind.
    public static func json(
        _ form: FilledForm, embedding: [(attachment: MediaAttachment, bytes: [UInt8])] = []
    ) -> String {
        String(decoding: utf8(form, embedding: embedding), as: UTF8.self)
    }

    /// `json` as UTF-8, what a file gets (a String made of it would check every byte again).
    package static func utf8(
        _ form: FilledForm, embedding: [(attachment: MediaAttachment, bytes: [UInt8])] = []
    ) -> [UInt8] {
        var writer = SourceWriter(form: form)
        for (attachment, bytes) in embedding {
            writer.embedded[attachment.kind, default: []].append(
                (attachment.name, .value(.string(Data(bytes).base64EncodedString()))))
        }
        writer.write(form.template.document.root, depth: 0)
        writer.output.append(UInt8(ascii: "\n"))
        return writer.output
    }
}

/// Writes a document from its nodes, with the members of some objects replaced.
private struct SourceWriter {
    /// What to write for a member: a node of the source, a new value, or an object of such parts. Not
    /// `indirect`: the arrays hold their parts on the heap already, and a box for every part (four or
    /// five per question) was a tenth of writing a form read from a QuestionnaireResponse.
    enum Part {
        case node(JSONNode)
        case value(JSONWriter.Value)
        case object([(String, Part)])
        case array([Part])
    }

    let form: FilledForm
    let keys: KeyMap
    /// `user-answer` and `comment` spelled, and whether the first is ASCII (`key(of:is:ascii:)`); each
    /// media kind's key, in `MediaAttachment.Kind.allCases` order: spelled once, not per question.
    let userAnswerKey: String
    let userAnswerKeyIsASCII: Bool
    let commentKey: String
    let mediaKeys: [String]
    /// The `user-answer` keys of every type that the writer sets or removes: the comment and the
    /// media lists. The foreman's edits are written when there are some (a replacement is always
    /// managed) and otherwise left as they are: a record that was not read, not being a list, stays.
    let managedEntryKeys: [String]
    /// `notAsked`, spelled, for a template with logic; nil for one without.
    let notAskedKey: String?
    /// The position in `form.template.questions` of each question read, by the index of its node.
    let positionOfNode: [Int: Int]
    /// The UTF-8 written so far.
    var output: [UInt8] = []
    /// The media to embed under `media.images`, `media.videos` and `media.voice`, by kind and name.
    var embedded: [MediaAttachment.Kind: [(String, Part)]] = [:]

    init(form: FilledForm) {
        self.form = form
        keys = form.template.keys
        userAnswerKey = keys.spelling(of: .userAnswer)
        userAnswerKeyIsASCII = userAnswerKey.utf8.allSatisfy { $0 < 0x80 }
        commentKey = keys.spelling(of: .comment)
        mediaKeys = MediaAttachment.Kind.allCases.map { [keys] in keys.spelling(of: $0.key) }
        managedEntryKeys = Key.entryKeys.map { [keys] in keys.spelling(of: $0) }
        notAskedKey = form.template.logic == nil ? nil : keys.spelling(of: .notAsked)
        var positionOfNode: [Int: Int] = [:]
        // By index, each question's node read in place, not each Question copied and freed.
        let questions = form.template.questions
        positionOfNode.reserveCapacity(questions.count)
        for position in questions.indices {
            positionOfNode[questions[position].node.index] = position
        }
        self.positionOfNode = positionOfNode
        output.reserveCapacity(form.template.document.bytes.count * 5 / 4)
    }

    mutating func write(_ node: JSONNode, depth: Int) {
        switch node.kind {
        case .null, .boolean, .number:
            // The literal as written: a number keeps its digits ("1.50", "1e3").
            appendSource(of: node)
        case .string where node.entry.flags & JSONEntry.hasEscapes == 0:
            // Without escapes, the source of a string is already its written form: UTF-8 in quotes
            // (the parser accepts no raw control character).
            appendSource(of: node)
        case .string:
            appendQuoted(node.stringValue ?? "")
        case .array:
            writeSourceContainer(node, depth: depth)
        case .object:
            // Only the template's own nodes are its root and questions: an answer's source may lie in
            // another document (one converted from a QuestionnaireResponse), with indices of its own.
            let isTemplate = node.document === form.template.document
            if isTemplate, node.index == 0 {
                writeObject(rootMembers(node), depth: depth)
            } else if isTemplate, let position = positionOfNode[node.index] {
                writeQuestion(node, position: position, depth: depth)
            } else {
                writeSourceContainer(node, depth: depth)
            }
        }
    }

    /// An array or object of the source kept as it is, in `writeContainer`'s layout, written from its
    /// nodes: no list of its members made, no key decoded into a String (for most of a form's nodes,
    /// those were most of writing it).
    private mutating func writeSourceContainer(_ node: JSONNode, depth: Int) {
        let isObject = node.kind == .object
        output.append(isObject ? UInt8(ascii: "{") : UInt8(ascii: "["))
        var first = true
        if isObject {
            for member in node.members {
                startElement(depth: depth, first: first)
                first = false
                appendKey(of: member)
                output.append(UInt8(ascii: ":"))
                output.append(UInt8(ascii: " "))
                write(member.value, depth: depth + 1)
            }
        } else {
            for element in node.elements {
                startElement(depth: depth, first: first)
                first = false
                write(element, depth: depth + 1)
            }
        }
        if !first {
            endLine(depth: depth)
        }
        output.append(isObject ? UInt8(ascii: "}") : UInt8(ascii: "]"))
    }

    /// The comma before an element that is not the first, the new line, the element's indent: one copy
    /// from `Self.breaks` (three appends per element were a twentieth of writing a form).
    private mutating func startElement(depth: Int, first: Bool) {
        let count = 2 + 2 * (depth + 1)
        guard count <= Self.breaks.count else {
            if !first { output.append(UInt8(ascii: ",")) }
            output.append(UInt8(ascii: "\n"))
            return indent(depth + 1)
        }
        Self.breaks.withUnsafeBufferPointer { breaks in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: breaks[(first ? 1 : 0)..<count]))
        }
    }

    /// The new line and indent before a container's closing bracket, copied as `startElement` copies.
    private mutating func endLine(depth: Int) {
        let count = 2 + 2 * depth
        guard count <= Self.breaks.count else {
            output.append(UInt8(ascii: "\n"))
            return indent(depth)
        }
        Self.breaks.withUnsafeBufferPointer { breaks in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: breaks[1..<count]))
        }
    }

    /// The source bytes of `node`, copied where they lie (an array slice made of them cost a retain and a
    /// release per value).
    private mutating func appendSource(of node: JSONNode) {
        let range = node.byteRange
        node.document.bytes.withUnsafeBufferPointer { bytes in
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[range]))
        }
    }

    /// A comma, a new line and the spaces of the deepest indent `startElement` copies from.
    private static let breaks: [UInt8] =
        [UInt8(ascii: ","), UInt8(ascii: "\n")] + Array(repeating: UInt8(ascii: " "), count: 64)

    /// A member's key as `appendQuoted` writes it: its source when that is already its written form
    /// (in quotes, without escapes, as a string value's source is copied above; a key the parser read
    /// past a syntax error without quotes is not), else its decoded text quoted.
    private mutating func appendKey(of member: JSONMember) {
        let key = member.keyNode
        let range = key.byteRange
        let bytes = key.document.bytes
        let quote = UInt8(ascii: "\"")
        if key.entry.flags & JSONEntry.hasEscapes == 0, range.count >= 2, bytes[range.lowerBound] == quote,
            bytes[range.upperBound - 1] == quote
        {
            appendSource(of: key)
        } else {
            appendQuoted(member.key)
        }
    }

    private mutating func write(_ part: Part, depth: Int) {
        switch part {
        case .node(let node):
            write(node, depth: depth)
        case .value(.string(let string)):
            // As JSONWriter writes a string, without a writer made for it (a comment, a media name).
            appendQuoted(string)
        case .value(let value):
            // Written straight into the output, its lines indented to this depth (a text made and then
            // copied byte by byte was most of writing a form read from a QuestionnaireResponse).
            JSONWriter.append(value, indent: 2, depth: depth, to: &output)
        case .object(let members):
            writeObject(members, depth: depth)
        case .array(let elements):
            writeContainer(open: "[", close: "]", count: elements.count, depth: depth) { writer, index in
                writer.write(elements[index], depth: depth + 1)
            }
        }
    }

    private mutating func writeObject(_ members: [(String, Part)], depth: Int) {
        writeContainer(open: "{", close: "}", count: members.count, depth: depth) { writer, index in
            writer.appendQuoted(members[index].0)
            writer.output.append(UInt8(ascii: ":"))
            writer.output.append(UInt8(ascii: " "))
            writer.write(members[index].1, depth: depth + 1)
        }
    }

    // The same layout as JSONWriter with an indent of 2, so new and kept parts read alike.
    private mutating func writeContainer(
        open: Unicode.Scalar, close: Unicode.Scalar, count: Int, depth: Int,
        element: (inout SourceWriter, Int) -> Void
    ) {
        output.append(UInt8(ascii: open))
        guard count > 0 else { return output.append(UInt8(ascii: close)) }
        for index in 0..<count {
            startElement(depth: depth, first: index == 0)
            element(&self, index)
        }
        endLine(depth: depth)
        output.append(UInt8(ascii: close))
    }

    private mutating func indent(_ depth: Int) {
        JSONWriter.appendSpaces(2 * depth, to: &output)
    }

    private mutating func appendQuoted(_ string: String) {
        JSONWriter.appendQuoted(string, to: &output)
    }

    // MARK: What changes

    private func rootMembers(_ root: JSONNode) -> [(String, Part)] {
        let foremanComment = merged(
            root[keys.spelling(of: .foremanComment)],
            with: [
                (keys.spelling(of: .foremanCommentText), .value(.string(form.foremanComment ?? ""))),
                (keys.spelling(of: .supervisor), .value(.string(form.foreman ?? ""))),
            ])
        let header: [(String, Part)] = [
            (keys.spelling(of: .username), .value(.string(form.technician ?? ""))),
            (keys.spelling(of: .completedDate), .value(.string(form.completedDate ?? ""))),
            (keys.spelling(of: .submittedDate), .value(.string(form.submittedDate ?? ""))),
            (keys.spelling(of: .foremanComment), .object(foremanComment)),
            (keys.spelling(of: .media), .object(mediaMembers(root[keys.spelling(of: .media)]))),
        ]
        return finalSpellings(merged(root, with: header, dropping: [keys.spelling(of: .databaseID)]), of: root)
    }

    /// `members` with the early `Questions` and `version` written under their final spellings
    /// (`questions`, `RevisionNumber`, or the key map's), in place: the original server read
    /// `questions` only and refused a form that kept the early key. An early key beside its final
    /// one is the one the template reader ignored, and stays as it was.
    private func finalSpellings(_ members: [(String, Part)], of root: JSONNode) -> [(String, Part)] {
        var final: [String: String] = [:]
        for (early, modern) in [(Key.earlyQuestions, Key.questions), (.earlyRevisionNumber, .revisionNumber)] {
            let (earlyKey, modernKey) = (keys.spelling(of: early), keys.spelling(of: modern))
            if earlyKey != modernKey, root[modernKey] == nil { final[earlyKey] = modernKey }
        }
        guard members.contains(where: { final[$0.0] != nil }) else { return members }
        return members.map { (final[$0.0] ?? $0.0, $0.1) }
    }

    /// A question as `merged` makes it with its new `user-answer` (in place of the first one it had,
    /// a later one left out, else its last member), written member by member from its nodes: a list
    /// of its members made for each question was most of writing a form's questions.
    private mutating func writeQuestion(_ node: JSONNode, position: Int, depth: Int) {
        let userAnswer = Part.object(userAnswerMembers(node, position: position))
        output.append(UInt8(ascii: "{"))
        var first = true
        var isWritten = false
        for member in node.members {
            let isUserAnswer = Self.key(of: member, is: userAnswerKey, ascii: userAnswerKeyIsASCII)
            if isUserAnswer && isWritten { continue }
            startElement(depth: depth, first: first)
            first = false
            appendKey(of: member)
            output.append(UInt8(ascii: ":"))
            output.append(UInt8(ascii: " "))
            if isUserAnswer {
                isWritten = true
                write(userAnswer, depth: depth + 1)
            } else {
                write(member.value, depth: depth + 1)
            }
        }
        if !isWritten {
            startElement(depth: depth, first: first)
            appendQuoted(userAnswerKey)
            output.append(UInt8(ascii: ":"))
            output.append(UInt8(ascii: " "))
            write(userAnswer, depth: depth + 1)
        }
        endLine(depth: depth)
        output.append(UInt8(ascii: "}"))
    }

    /// Whether the key of `member` is `key` as String's `==` says, without decoding it: an ASCII key of
    /// the source (no escapes) is `key` exactly when its bytes are, if `key` is ASCII too (`ascii`);
    /// any other is decoded and compared (another normalization of the same text is the same key).
    /// Decoding every key of every question was a tenth of writing a form read from a response.
    private static func key(of member: JSONMember, is key: String, ascii: Bool) -> Bool {
        let node = member.keyNode
        if node.stringEquals(key) { return true }
        guard ascii, node.entry.flags & JSONEntry.hasEscapes == 0 else { return member.key == key }
        return node.document.bytes[node.byteRange].contains { $0 >= 0x80 } ? member.key == key : false
    }

    /// The members of the `user-answer` of the question at `position`, whose node is `node`.
    private func userAnswerMembers(_ node: JSONNode, position: Int) -> [(String, Part)] {
        let question = form.template.questions[position]
        let entry = form.entries.indices.contains(position) ? form.entries[position] : QuestionEntry()
        var answer = entryMembers(entry, of: question, changes: Self.everyChange)
        if !entry.foremanEdits.isEmpty {
            answer.append(
                (keys.spelling(of: .foremanEdits), .array(entry.foremanEdits.map { editPart($0, of: question) })))
        }
        // Only a template with logic manages `notAsked`: a form of one without is written as before.
        if let notAskedKey, !form.isAsked(position) { answer.append((notAskedKey, .value(.bool(true)))) }
        // A template's question has none yet: nothing to merge into (the list of managed keys made for
        // each question was a tenth of writing its user-answer).
        guard let stored = node[userAnswerKey], stored.kind == .object else { return merged(nil, with: answer) }
        // Keys that this question's user-answer may hold, whether set now or not: when not, they go.
        let managed = [question.answerKey(in: keys)] + managedEntryKeys + (notAskedKey.map { [$0] } ?? [])
        return merged(stored, with: answer, managing: managed)
    }

    /// Every part of a question's `user-answer` (made once: an array literal is made at each use).
    private static let everyChange: [ForemanEdit.Change] = [.answer, .comment, .media]

    /// The `user-answer` members of `entry` for the parts in `changes`: the type's answer key, the
    /// comment, and for media the names of each kind that has some (every kind for an edit's
    /// `before`, where an empty list says there were none).
    private func entryMembers(
        _ entry: QuestionEntry, of question: Question, changes: [ForemanEdit.Change], everyMediaKind: Bool = false
    ) -> [(String, Part)] {
        var members: [(String, Part)] = []
        if changes.contains(.answer) {
            members.append((question.answerKey(in: keys), answerPart(of: entry, of: question)))
        }
        if changes.contains(.comment) { members.append((commentKey, .value(.string(entry.comment)))) }
        // No media: no kind has names, and only `everyMediaKind` writes a kind's empty list.
        guard changes.contains(.media), everyMediaKind || !entry.media.isEmpty else { return members }
        for (kind, key) in zip(MediaAttachment.Kind.allCases, mediaKeys) {
            let names = entry.media.filter { $0.kind == kind }.map { JSONWriter.Value.string($0.name) }
            if everyMediaKind || !names.isEmpty { members.append((key, .value(.array(names)))) }
        }
        return members
    }

    /// A foreman's edit: as it was read, or `{"supervisor", "date", "before"}` with what it changed.
    private func editPart(_ edit: ForemanEdit, of question: Question) -> Part {
        if let source = edit.source { return .node(source) }
        return .object([
            (keys.spelling(of: .supervisor), .value(.string(edit.foreman))),
            (keys.spelling(of: .editDate), .value(.string(edit.date))),
            (
                keys.spelling(of: .editedFrom),
                .object(entryMembers(edit.before, of: question, changes: edit.changes, everyMediaKind: true))
            ),
        ])
    }

    /// An answer read from a completed form and not changed since as it was stored (a `"True"`
    /// stays `"True"`, an answer its type could not read stays as it was, and so does a stored `"  "`,
    /// which is no answer); any other answer as its type encodes it; no answer as the type's empty
    /// value (`[]`, `""`, `{}`), as the original wrote it (its viewer reads the key unchecked, so a
    /// stored null is written as that too).
    private func answerPart(of entry: QuestionEntry, of question: Question) -> Part {
        if let stored = entry.storedNode { return .node(stored) }
        return .value(entry.answer.flatMap(question.encodeAnswer) ?? question.unansweredValue)
    }

    /// The `media` object the original viewer reads (`media.images`, `.videos`, `.voice`): the
    /// stored one with its members (the media to embed merged into their kind's map), and an empty
    /// map for each kind it lacks.
    private func mediaMembers(_ stored: JSONNode?) -> [(String, Part)] {
        let embedding: [(String, Part)] = MediaAttachment.Kind.allCases.compactMap { kind in
            guard let media = embedded[kind] else { return nil }
            let key = keys.spelling(of: kind.key)
            return (key, .object(merged(stored?[key], with: media)))
        }
        var members = merged(stored, with: embedding)
        for kind in MediaAttachment.Kind.allCases {
            let key = keys.spelling(of: kind.key)
            if !members.contains(where: { $0.0 == key }) { members.append((key, .value(.object([])))) }
        }
        return members
    }

    /// The members of `object` (none when it is missing or not an object) with `replacements` put
    /// in place of the first member of the same key, or appended in order; later members of those
    /// keys, members keyed by `dropping`, and members keyed by `managing` without a replacement
    /// are left out.
    private func merged(
        _ object: JSONNode?, with replacements: [(String, Part)], managing: [String] = [],
        dropping: Set<String> = []
    ) -> [(String, Part)] {
        // An object here has a few members and a few replacements: scanning them is cheaper than the
        // dictionary and two sets made per call were (half of writing a form read from a response).
        // Without an object, replacements of distinct keys (as a question's always are) are the members.
        if object?.kind != .object, Self.keysAreDistinct(replacements) { return replacements }
        var written: [String] = []
        var members: [(String, Part)] = []
        for member in object.map({ $0.kind == .object ? Array($0.members) : [] }) ?? [] {
            let key = member.key
            if dropping.contains(key) { continue }
            let replacement = replacements.first { $0.0 == key }
            guard replacement != nil || managing.contains(key) else {
                members.append((key, .node(member.value)))
                continue
            }
            if let replacement, !written.contains(key) {
                written.append(key)
                members.append((key, replacement.1))
            }
        }
        for (key, part) in replacements where !written.contains(key) {
            written.append(key)
            members.append((key, part))
        }
        return members
    }

    /// Whether no two of `members` share a key.
    private static func keysAreDistinct(_ members: [(String, Part)]) -> Bool {
        for index in members.indices {
            for earlier in 0..<index where members[earlier].0 == members[index].0 { return false }
        }
        return true
    }
}
