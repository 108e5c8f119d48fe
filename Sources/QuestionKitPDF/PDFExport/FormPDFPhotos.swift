import Foundation
import QuestionKit

/// The photos of a completed form, for the thumbnails of the printed form (``FormPDFOptions/photos``).
///
/// A photo named `Qid3` in a question's `images` is read from the file beside the form (`Qid3.jpg`,
/// else `Qid3.jpeg` or `Qid3.png`; JPEG or PNG is told by the content, not the name), else from the
/// base64 the original app embedded under `media.images.Qid3`. A photo found nowhere, or whose
/// bytes are not an image this writer embeds, is a warning located at its name in the form, and
/// the printed form shows the name instead of the thumbnail.
public enum FormPDFPhotos {
    /// The photos' file extensions tried beside the form, in order.
    public static let fileExtensions = ["jpg", "jpeg", "png"]

    /// The images of every photo of `form`, by name, and a warning for each one that cannot be shown.
    /// `file` reads a file beside the form by its name, nil when there is none or it cannot be read.
    public static func load(
        _ form: FilledForm, keys: KeyMap = .mi, file: (String) -> [UInt8]?
    ) -> (images: [String: PDFImage], diagnostics: [Diagnostic]) {
        let template = form.template
        let embedded = template.document.root[keys.spelling(of: .media)]?[keys.spelling(of: .images)]
        var problems = ProblemCollector(document: template.document)
        var images: [String: PDFImage] = [:]
        var failed: Set<String> = []
        for (question, entry) in zip(template.questions, form.entries) {
            for photo in entry.media where photo.kind == .image {
                let name = photo.name
                guard images[name] == nil, !failed.contains(name) else { continue }
                let node = nameNode(name, of: question, keys: keys)
                let fromFile = fileBeside(name, file)
                let fromForm = embedded.flatMap { $0[name] ?? $0[photo.fileName] }
                guard let bytes = fromFile?.bytes ?? fromForm.flatMap(decodeBase64) else {
                    failed.insert(name)
                    problems.warning(
                        "print.photo-missing",
                        "photo '\(name)' is not printed: no file \(photo.fileName) beside the form and no image "
                            + "embedded under '\(keys.spelling(of: .media))'",
                        at: node, hint: "Put the photo beside the completed form as \(photo.fileName).")
                    continue
                }
                do {
                    images[name] = try PDFImage.read(bytes)
                } catch {
                    failed.insert(name)
                    let source = fromFile?.name ?? "embedded under '\(keys.spelling(of: .media))'"
                    problems.warning(
                        "print.photo-unreadable", "photo '\(name)' is not printed (\(source)): \(error)",
                        at: node, hint: "Replace it with a JPEG or PNG (without transparency) file.")
                }
            }
        }
        return (images, problems.diagnostics())
    }

    private static func fileBeside(_ name: String, _ file: (String) -> [UInt8]?) -> (name: String, bytes: [UInt8])? {
        for fileExtension in fileExtensions {
            if let bytes = file(name + "." + fileExtension) { return (name + "." + fileExtension, bytes) }
        }
        return nil
    }

    /// The node of `name` in the question's `images` list, else the question itself.
    private static func nameNode(_ name: String, of question: Question, keys: KeyMap) -> JSONNode {
        let list = question.node[keys.spelling(of: .userAnswer)]?[keys.spelling(of: .images)]
        return list?.elements.first { $0.stringEquals(name) } ?? question.node
    }

    private static func decodeBase64(_ node: JSONNode) -> [UInt8]? {
        guard let text = node.stringValue else { return nil }
        // The original wrote base64 with line breaks now and then; a data: URL prefix is dropped too.
        let payload = text.firstIndex(of: ",").map { text[text.index(after: $0)...] } ?? text[...]
        return Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
    }
}
