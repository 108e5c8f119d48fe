import Foundation
import QuestionKit

/// A file beside a form, as the caller that looked for it found it: the core reads no files, the
/// commands and the store do and hand over what they found. (A photo's, a video's or a voice note's.)
public enum PhotoFile: Sendable, Equatable {
    /// The file `fileName` and its bytes.
    case found(fileName: String, bytes: [UInt8])
    /// The file `fileName` is there but was not read, for `reason` (too large, not a regular file,
    /// a link out of the form's folder).
    case refused(fileName: String, reason: String)
    /// There is no such file.
    case absent
}

/// The media of a filled form and their files: the lookup that the printed form's thumbnails,
/// `--embed-media` and the store's outbox copy share.
///
/// An attachment named `Qid3` is the file of that name with one of its kind's extensions beside
/// the form (see ``MediaAttachment/Kind/fileExtensions``): a photo `Qid3.jpg`, else `Qid3.jpeg`,
/// else `Qid3.png`; a video `Qid3.mov`; a voice note `Qid3.m4a`.
package enum CompletedFormMedia {
    /// The file of `attachment`: the first of its file names for which `file` finds something,
    /// `.absent` when it finds none.
    package static func file(of attachment: MediaAttachment, _ file: (String) -> PhotoFile) -> PhotoFile {
        for fileExtension in attachment.kind.fileExtensions {
            let found = file(attachment.name + "." + fileExtension)
            if found != .absent { return found }
        }
        return .absent
    }

    /// Each photo of `form` once, in the order of the questions, with the question it is attached to
    /// and where it is named. Costs time linear in the names of the form, however many one question has.
    package static func photos(of form: FilledForm) -> [LocatedMedia] {
        var namesRead = 0
        return attachments(of: form, kinds: [.image], namesRead: &namesRead)
    }

    /// `photos(of:)`, adding to `namesRead` the names read from the questions' `images` lists.
    static func photos(of form: FilledForm, namesRead: inout Int) -> [LocatedMedia] {
        attachments(of: form, kinds: [.image], namesRead: &namesRead)
    }

    /// Each attachment of `form` of one of `kinds` once (names are unique across kinds: one counter
    /// per question), in the order of the questions and, within one, as attached; adding to
    /// `namesRead` the names read from the questions' lists (the work done: each list is read once,
    /// however many attachments it names).
    static func attachments(
        of form: FilledForm, kinds: Set<MediaAttachment.Kind>, namesRead: inout Int
    ) -> [LocatedMedia] {
        let keys = form.template.keys
        var seen: Set<String> = []
        var located: [LocatedMedia] = []
        for (question, entry) in zip(form.template.questions, form.entries) {
            var nameNodes: [MediaAttachment.Kind: [[UInt8]: JSONNode]] = [:]
            for attachment in entry.media where kinds.contains(attachment.kind) && seen.insert(attachment.name).inserted
            {
                if nameNodes[attachment.kind] == nil {
                    nameNodes[attachment.kind] = self.nameNodes(
                        of: question, list: attachment.kind.key, keys: keys, namesRead: &namesRead)
                }
                let node = nameNodes[attachment.kind]?[Array(attachment.name.utf8)] ?? question.node
                located.append(LocatedMedia(attachment: attachment, question: question, node: node))
            }
        }
        return located
    }

    /// The node of each name in `question`'s `list` (`images`, `videos` or `voice`), the first where
    /// a name appears twice. Names are compared byte for byte (by their UTF-8), as JSON keys are:
    /// String's == would also match another normalization of the name.
    private static func nameNodes(
        of question: Question, list key: Key, keys: KeyMap, namesRead: inout Int
    ) -> [[UInt8]: JSONNode] {
        let list = question.node[keys.spelling(of: .userAnswer)]?[keys.spelling(of: key)]
        var nodes: [[UInt8]: JSONNode] = [:]
        guard let list else { return nodes }
        for element in list.elements {
            namesRead += 1
            guard let name = element.stringValue.map({ Array($0.utf8) }), nodes[name] == nil else { continue }
            nodes[name] = element
        }
        return nodes
    }

    /// The media of `form` to embed (see `embeddable(_:room:file:)`), leaving the written form within
    /// `limit` bytes, the reader's limit, so that what is sent reads back: the base64 may fill what the
    /// form without it leaves.
    package static func embeddable(
        _ form: FilledForm, within limit: Int, file: (String) -> PhotoFile
    ) -> (media: [(attachment: MediaAttachment, bytes: [UInt8])], diagnostics: [Diagnostic]) {
        embeddable(form, room: limit - CompletedFormWriter.json(form).utf8.count, file: file)
    }

    /// The media of `form` to embed under `media.images`, `media.videos` and `media.voice` (see
    /// ``CompletedFormWriter``), every kind as the original app uploaded them, read by `file` (a
    /// file beside the form by its file name), in order; and a warning for each attachment left
    /// out: its file refused, missing while the form has nothing embedded under its name, or too
    /// large for what is left of `room` (the bytes of base64 the written form may still grow by,
    /// so that it stays within the reader's limit and reads back).
    package static func embeddable(
        _ form: FilledForm, room: Int = .max, file: (String) -> PhotoFile
    ) -> (media: [(attachment: MediaAttachment, bytes: [UInt8])], diagnostics: [Diagnostic]) {
        let (document, keys) = (form.template.document, form.template.keys)
        let embedded = document.root[keys.spelling(of: .media)]
        var problems = ProblemCollector(document: document)
        var media: [(attachment: MediaAttachment, bytes: [UInt8])] = []
        var room = room
        var namesRead = 0
        for located in attachments(of: form, kinds: Set(MediaAttachment.Kind.allCases), namesRead: &namesRead) {
            let (attachment, node) = (located.attachment, located.node)
            let what = "\(attachment.kind.noun) '\(attachment.name)' is not embedded"
            switch self.file(of: attachment, file) {
            case .found(let fileName, let bytes):
                // The base64, the quoted name and the line it is written on.
                let size = (bytes.count + 2) / 3 * 4 + attachment.name.utf8.count + 16
                guard size <= room else {
                    problems.warning(
                        "embed.media-too-large",
                        "\(what): \(fileName) would make the form larger than it may be to be read back", at: node,
                        hint: "Send this attachment beside the form.")
                    continue
                }
                room -= size
                media.append((attachment, bytes))
            case .refused(let fileName, let reason):
                problems.warning(
                    "embed.media-refused", "\(what): \(fileName) \(reason)", at: node,
                    hint: "Put the file itself beside the form as \(attachment.fileName).")
            case .absent where embedded?[keys.spelling(of: attachment.kind.key)]?[attachment.name] == nil:
                problems.warning(
                    "embed.media-missing", "\(what): no file \(attachment.fileName) beside the form", at: node,
                    hint: "Put the file beside the form as \(attachment.fileName).")
            case .absent:
                // Embedded already: the writer keeps it as it is.
                continue
            }
        }
        return (media, problems.diagnostics())
    }
}

/// An attachment of a completed form, with the question it is attached to.
package struct LocatedMedia {
    /// The attachment.
    package var attachment: MediaAttachment
    /// The question it is attached to.
    package var question: Question
    /// Where a problem with the attachment is located: its name in the question's list of a
    /// completed form (`images`, `videos`, `voice`), else the question itself.
    package var node: JSONNode
}
