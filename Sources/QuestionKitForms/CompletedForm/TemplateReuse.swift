import Foundation
import QuestionKit

/// Templates already read, reused by the completed forms that carry the same one: a revision's
/// forms all carry its template, and reading and checking it (each question through its type) is
/// most of reading a form. For an export of many forms of few templates (`questionkit dataset`).
///
/// A completed form is its template with a `user-answer` in each question and the completed-form
/// fields at the top; what the template reader makes of it depends on the rest of its bytes alone.
/// So a form's *skeleton* is its bytes with each `user-answer` member left out (with the comma
/// before it) and the values of
/// `username`, the dates and `foremanComment` replaced by their JSON kind (the reader checks only
/// that; their text is the form's metadata, read again for each form). Two forms with equal
/// skeletons (compared byte for byte, not by a hash) read into the same template with the same
/// problems. Only a template read without any problem, not even a note, is kept: every problem
/// is located in its own file, where the same template may sit at other lines and columns. A
/// template with logic is not kept either (its resolved conditions point into its document).
///
/// Reused, the template is rebound to the new form's document: each question's node is the new
/// form's question at the same position, which is where its answer is read from. A type's
/// `Definition` is kept as read from the first form: a type that kept JSON nodes in it would
/// point into that form (no built-in type does). One `TemplateReuse` serves one reader: the
/// skeleton does not say which types and key spellings read it.
package final class TemplateReuse: @unchecked Sendable {
    /// Templates kept, at most: a dataset's forms are of a few revisions each of a few templates.
    package static let capacity = 256

    private let lock = NSLock()
    private var templates: [Skeleton: Template] = [:]
    /// Forms whose template was reused, and forms whose template was read in full (for tests).
    package private(set) var reused = 0
    package private(set) var readInFull = 0

    package init() {}

    /// The template read from `document` with `reader`: a kept one rebound to `document` when an
    /// earlier form had the same skeleton, otherwise read in full (and kept when it has no problem).
    func template(of parsed: JSONParseResult, reader: TemplateReader) -> TemplateReader.Result {
        guard parsed.diagnostics.isEmpty, let document = parsed.document, document.root.kind == .object,
            let skeleton = Self.skeleton(of: document, keys: reader.keys)
        else { return reader.read(parsed) }
        lock.lock()
        let kept = templates[skeleton]
        lock.unlock()
        if let rebound = kept?.rebound(to: document, reader: reader) {
            count(reused: true)
            return TemplateReader.Result(template: rebound, diagnostics: [])
        }
        count(reused: false)
        let result = reader.read(parsed)
        if let template = result.template, result.diagnostics.isEmpty, template.logic == nil {
            lock.lock()
            if templates.count < Self.capacity { templates[skeleton] = template }
            lock.unlock()
        }
        return result
    }

    private func count(reused isReused: Bool) {
        lock.lock()
        if isReused { reused += 1 } else { readInFull += 1 }
        lock.unlock()
    }

    /// The bytes of `document` with every question's `user-answer` member left out and each
    /// completed-form field's value replaced by one byte, its kind; nil when the questions are
    /// not an array under the modern key (such a template is read in full).
    static func skeleton(of document: JSONDocument, keys: KeyMap) -> Skeleton? {
        let root = document.root
        let questionsKey = keys.spelling(of: .questions)
        let userAnswerKey = keys.spelling(of: .userAnswer)
        let fields = [Key.username, .completedDate, .submittedDate, .foremanComment].map { keys.spelling(of: $0) }
        let bytes = document.bytes
        var skeleton: [UInt8] = []
        skeleton.reserveCapacity(bytes.count)
        var copied = 0
        // Copies the bytes up to the range, and skips it.
        func leave(_ range: Range<Int>) {
            skeleton.append(contentsOf: bytes[copied..<range.lowerBound])
            copied = range.upperBound
        }
        var hasQuestions = false
        for member in root.members {
            if member.keyNode.stringEquals(questionsKey) {
                guard member.value.kind == .array else { return nil }
                hasQuestions = true
                for question in member.value.elements where question.kind == .object {
                    // The member goes with the comma before it, so that a question answered and one
                    // not answered have the same skeleton.
                    var previousEnd: Int?
                    for field in question.members {
                        if field.keyNode.stringEquals(userAnswerKey) {
                            leave(
                                (previousEnd ?? field.keyNode.byteRange.lowerBound)..<field.value.byteRange.upperBound)
                        } else {
                            previousEnd = field.value.byteRange.upperBound
                        }
                    }
                }
            } else if fields.contains(where: member.keyNode.stringEquals) {
                leave(member.value.byteRange)
                skeleton.append(member.value.kind.rawValue)
            }
        }
        guard hasQuestions else { return nil }
        skeleton.append(contentsOf: bytes[copied...])
        return Skeleton(skeleton)
    }

    /// A skeleton's bytes, hashed once, eight bytes at a time (`Hasher` takes one at a time, and
    /// took as long as reading the answers), and compared whole.
    struct Skeleton: Hashable {
        let bytes: [UInt8]
        let hash: UInt64

        init(_ bytes: [UInt8]) {
            self.bytes = bytes
            hash = bytes.withUnsafeBytes { raw in
                var hash = UInt64(raw.count)
                var offset = 0
                while offset + 8 <= raw.count {
                    hash = (hash ^ raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)) &* 0x9E37_79B9_7F4A_7C15
                    hash ^= hash >> 29
                    offset += 8
                }
                while offset < raw.count {
                    hash = (hash ^ UInt64(raw[offset])) &* 0x9E37_79B9_7F4A_7C15
                    offset += 1
                }
                return hash
            }
        }

        func hash(into hasher: inout Hasher) { hasher.combine(hash) }

        static func == (lhs: Skeleton, rhs: Skeleton) -> Bool {
            lhs.hash == rhs.hash && lhs.bytes.count == rhs.bytes.count
                && lhs.bytes.withUnsafeBytes { left in
                    rhs.bytes.withUnsafeBytes { right in
                        guard let start = left.baseAddress, let other = right.baseAddress else { return true }
                        return memcmp(start, other, left.count) == 0
                    }
                }
        }
    }
}

extension TemplateReuse {
    /// Whether the template in `document` has the questions of the completed form in `form` (its
    /// template read without errors) as the template reader makes them: the question list it reads
    /// (`questions`, else the early `Questions`) of the same JSON values, question for question,
    /// with each question's `user-answer` left out as for a skeleton. The reader makes a question,
    /// its conditions and their errors of the list alone; what it says of the rest of the top level
    /// is warnings and metadata, which a converter that only needs the questions need not read
    /// again (`convert --to fhir --template`, whose template is the form's own, with other layout).
    /// Values compare as the reader sees them: strings by their UTF-8, numbers by their digits.
    package static func sameQuestions(_ document: JSONDocument, as form: JSONDocument, keys: KeyMap) -> Bool {
        func list(_ root: JSONNode) -> JSONNode? {
            root[keys.spelling(of: .questions)] ?? root[keys.spelling(of: .earlyQuestions)]
        }
        guard let questions = list(document.root), let formQuestions = list(form.root), questions.kind == .array,
            formQuestions.kind == .array, questions.count == formQuestions.count
        else { return false }
        let userAnswerKey = keys.spelling(of: .userAnswer)
        // Walked entry by entry (a value's entries follow it in document order, each key before its
        // value): nodes made per member and compared through iterators cost as much as reading it.
        var index = questions.index + 1
        var formIndex = formQuestions.index + 1
        for _ in 0..<questions.count {
            let end = document.indexAfter(index)
            let formEnd = form.indexAfter(formIndex)
            let question = JSONNode(document: document, index: index)
            let formQuestion = JSONNode(document: form, index: formIndex)
            if question.kind == .object, formQuestion.kind == .object {
                // Member by member, each `user-answer` (a key, then its value) passed over.
                var key = index + 1
                var formKey = formIndex + 1
                while true {
                    key = skipping(userAnswerKey, from: key, to: end, in: document)
                    formKey = skipping(userAnswerKey, from: formKey, to: formEnd, in: form)
                    guard key < end, formKey < formEnd else {
                        if key < end || formKey < formEnd { return false }
                        break
                    }
                    let after = document.indexAfter(key + 1)
                    let formAfter = form.indexAfter(formKey + 1)
                    guard sameEntries(key..<after, of: document, as: formKey..<formAfter, of: form) else {
                        return false
                    }
                    (key, formKey) = (after, formAfter)
                }
            } else if !sameEntries(index..<end, of: document, as: formIndex..<formEnd, of: form) {
                return false
            }
            (index, formIndex) = (end, formEnd)
        }
        return true
    }

    /// `key`, or past the members from it keyed `skipped`: the index of the next other key, or `end`.
    private static func skipping(_ skipped: String, from key: Int, to end: Int, in document: JSONDocument) -> Int {
        var key = key
        while key < end, JSONNode(document: document, index: key).stringEquals(skipped) {
            key = document.indexAfter(key + 1)
        }
        return key
    }

    /// Whether the entries `range` of `document` are those `other` of `form`: the same kinds and counts
    /// in the same order (which makes the same tree), strings of the same UTF-8, numbers of the same digits.
    private static func sameEntries(
        _ range: Range<Int>, of document: JSONDocument, as other: Range<Int>, of form: JSONDocument
    ) -> Bool {
        guard range.count == other.count else { return false }
        for offset in 0..<range.count {
            let node = JSONNode(document: document, index: range.lowerBound + offset)
            let formNode = JSONNode(document: form, index: other.lowerBound + offset)
            let kind = node.kind
            guard kind == formNode.kind else { return false }
            switch kind {
            case .null: continue
            case .boolean, .number:
                guard sameBytes(node.byteRange, of: document, as: formNode.byteRange, of: form) else { return false }
            case .string:
                guard sameString(node, formNode) else { return false }
            case .array, .object:
                guard node.count == formNode.count else { return false }
            }
        }
        return true
    }

    private static func sameBytes(
        _ range: Range<Int>, of document: JSONDocument, as other: Range<Int>, of form: JSONDocument
    ) -> Bool {
        guard range.count == other.count else { return false }
        return document.bytes.withUnsafeBufferPointer { bytes in
            form.bytes.withUnsafeBufferPointer { formBytes in
                guard let start = bytes.baseAddress, let formStart = formBytes.baseAddress else { return true }
                return memcmp(start + range.lowerBound, formStart + other.lowerBound, range.count) == 0
            }
        }
    }

    /// Whether two strings have the same UTF-8 (the bytes where they lie when neither has escapes).
    private static func sameString(_ node: JSONNode, _ other: JSONNode) -> Bool {
        let same = node.withUnescapedUTF8 { bytes in
            other.withUnescapedUTF8 { otherBytes in
                guard bytes.count == otherBytes.count else { return false }
                guard let start = bytes.baseAddress, let otherStart = otherBytes.baseAddress else { return true }
                return memcmp(start, otherStart, bytes.count) == 0
            }
        }
        if let same, let same { return same }
        guard let text = node.stringValue, let otherText = other.stringValue else { return false }
        return text.utf8.elementsEqual(otherText.utf8)
    }
}

extension Template {
    /// This template, read from another form of the same skeleton (see `TemplateReuse`), as if
    /// read from `document`: its questions' nodes and its metadata are `document`'s. Nil when
    /// `document` lacks a question at one of its positions (it does not, with the same skeleton).
    fileprivate func rebound(to document: JSONDocument, reader: TemplateReader) -> Template? {
        let list = document.root[keys.spelling(of: .questions)].map { Array($0.elements) } ?? []
        guard questions.allSatisfy({ list.indices.contains($0.index) }) else { return nil }
        var problems = ProblemCollector(document: document)
        return Template(
            document: document, title: title, revision: revision,
            metadata: reader.readMetadata(document.root, problems: &problems),
            questions: questions.map { question in
                Question(
                    number: question.number, type: question.type, text: question.text, section: question.section,
                    help: question.help, definition: question.definition, node: list[question.index])
            }, keys: keys, logic: logic)
    }
}
