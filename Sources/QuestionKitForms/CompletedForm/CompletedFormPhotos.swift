import QuestionKit

/// A file beside a form, as the caller that looked for it found it: the core reads no files, the
/// commands do and hand over what they found.
public enum PhotoFile: Sendable, Equatable {
    /// The file `fileName` and its bytes.
    case found(fileName: String, bytes: [UInt8])
    /// The file `fileName` is there but was not read, for `reason` (too large, not a regular file,
    /// a link out of the form's folder).
    case refused(fileName: String, reason: String)
    /// There is no such file.
    case absent
}

/// The photos of a filled form and their files: the lookup that the printed form's thumbnails and
/// `--embed-media` share.
///
/// A photo named `Qid3` is the file `Qid3.jpg` beside the form, else `Qid3.jpeg`, else `Qid3.png`.
package enum CompletedFormPhotos {
    /// The photos' file extensions tried beside the form, in order.
    package static let fileExtensions = ["jpg", "jpeg", "png"]

    /// The file of the photo `name`: the first of its file names (see ``fileExtensions``) for
    /// which `file` finds something, `.absent` when it finds none.
    package static func file(of name: String, _ file: (String) -> PhotoFile) -> PhotoFile {
        for fileExtension in fileExtensions {
            let found = file(name + "." + fileExtension)
            if found != .absent { return found }
        }
        return .absent
    }

    /// Each photo of `form` once, in the order of the questions, with the question it is attached to
    /// and where it is named. Costs time linear in the names of the form, however many one question has.
    package static func photos(of form: FilledForm) -> [LocatedPhoto] {
        var namesRead = 0
        return photos(of: form, namesRead: &namesRead)
    }

    /// `photos(of:)`, adding to `namesRead` the names read from the questions' `images` lists
    /// (the work done: each list is read once, however many photos it names).
    static func photos(of form: FilledForm, namesRead: inout Int) -> [LocatedPhoto] {
        let keys = form.template.keys
        var seen: Set<String> = []
        var photos: [LocatedPhoto] = []
        for (question, entry) in zip(form.template.questions, form.entries) {
            var nameNodes: [[UInt8]: JSONNode]?
            for photo in entry.media where photo.kind == .image && seen.insert(photo.name).inserted {
                if nameNodes == nil { nameNodes = self.nameNodes(of: question, keys: keys, namesRead: &namesRead) }
                let node = nameNodes?[Array(photo.name.utf8)] ?? question.node
                photos.append(LocatedPhoto(photo: photo, question: question, node: node))
            }
        }
        return photos
    }

    /// The node of each name in `question`'s `images` list, the first where a name appears twice.
    /// Names are compared byte for byte (by their UTF-8), as JSON keys are: String's == would also
    /// match another normalization of the name.
    private static func nameNodes(
        of question: Question, keys: KeyMap, namesRead: inout Int
    ) -> [[UInt8]: JSONNode] {
        let list = question.node[keys.spelling(of: .userAnswer)]?[keys.spelling(of: .images)]
        var nodes: [[UInt8]: JSONNode] = [:]
        guard let list else { return nodes }
        for element in list.elements {
            namesRead += 1
            guard let name = element.stringValue.map({ Array($0.utf8) }), nodes[name] == nil else { continue }
            nodes[name] = element
        }
        return nodes
    }

    /// The photos of `form` to embed under `media.images` (see ``CompletedFormWriter``), read by
    /// `file` (a file beside the form by its file name), in order, and a warning for each photo
    /// left out: its file refused, or missing while the form has no image embedded under its name.
    package static func embeddable(
        _ form: FilledForm, file: (String) -> PhotoFile
    ) -> (images: [(name: String, bytes: [UInt8])], diagnostics: [Diagnostic]) {
        let (document, keys) = (form.template.document, form.template.keys)
        let embedded = document.root[keys.spelling(of: .media)]?[keys.spelling(of: .images)]
        var problems = ProblemCollector(document: document)
        var images: [(name: String, bytes: [UInt8])] = []
        for located in photos(of: form) {
            let (photo, node) = (located.photo, located.node)
            switch self.file(of: photo.name, file) {
            case .found(_, let bytes):
                images.append((photo.name, bytes))
            case .refused(let fileName, let reason):
                problems.warning(
                    "embed.photo-refused", "photo '\(photo.name)' is not embedded: \(fileName) \(reason)", at: node,
                    hint: "Put the photo itself beside the form as \(photo.fileName).")
            case .absent where embedded?[photo.name] == nil:
                problems.warning(
                    "embed.photo-missing",
                    "photo '\(photo.name)' is not embedded: no file \(photo.fileName) beside the form", at: node,
                    hint: "Put the photo beside the form as \(photo.fileName).")
            case .absent:
                // Embedded already: the writer keeps it as it is.
                continue
            }
        }
        return (images, problems.diagnostics())
    }
}

/// A photo of a completed form, with the question it is attached to.
package struct LocatedPhoto {
    /// The photo.
    package var photo: MediaAttachment
    /// The question it is attached to.
    package var question: Question
    /// Where a problem with the photo is located: its name in the question's `images` list of a
    /// completed form, else the question itself.
    package var node: JSONNode
}
