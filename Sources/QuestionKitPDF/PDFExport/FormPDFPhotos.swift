import Foundation
import QuestionKit
import QuestionKitForms

/// The photos of a completed form, for the thumbnails of the printed form (``FormPDFOptions/photos``).
///
/// A photo named `Qid3` in a question's `images` is read from its file beside the form (found as
/// ``CompletedFormMedia`` finds it; JPEG or PNG is told by the content, not the name), else from
/// the base64 the original app embedded under `media.images.Qid3`. A photo found nowhere, or whose
/// bytes are not an image this writer embeds, is a warning located at its name in the form, and
/// the printed form shows the name instead of the thumbnail.
public enum FormPDFPhotos {
    /// The images of every photo of `form`, by name, and a warning for each one that cannot be shown
    /// (except one found nowhere when `reportingMissing` is false: a replay's photo that a fixture
    /// only names). `file` looks for a file beside the form by its file name.
    public static func load(
        _ form: FilledForm, reportingMissing: Bool = true, file: (String) -> PhotoFile
    ) -> (images: [String: PDFImage], diagnostics: [Diagnostic]) {
        let keys = form.template.keys
        let embedded = form.template.document.root[keys.spelling(of: .media)]?[keys.spelling(of: .images)]
        var problems = ProblemCollector(document: form.template.document)
        var images: [String: PDFImage] = [:]
        for located in CompletedFormMedia.photos(of: form) {
            let (photo, name, node) = (located.attachment, located.attachment.name, located.node)
            let fromFile = CompletedFormMedia.file(of: photo, file)
            let fromForm = embedded.flatMap { $0[name] ?? $0[photo.fileName] }
            var source = "embedded under '\(keys.spelling(of: .media))'"
            var bytes = fromForm.flatMap(decodeBase64)
            if case .found(let fileName, let fileBytes) = fromFile { (source, bytes) = (fileName, fileBytes) }
            guard let bytes else {
                guard reportingMissing || fromFile != .absent else { continue }
                let why =
                    if case .refused(let fileName, let reason) = fromFile { "\(fileName) \(reason)" } else {
                        "no file \(photo.fileName) beside the form"
                    }
                problems.warning(
                    "print.photo-missing",
                    "photo '\(name)' is not printed: \(why) and no image embedded under '\(keys.spelling(of: .media))'",
                    at: node, hint: "Put the photo beside the completed form as \(photo.fileName).")
                continue
            }
            do {
                images[name] = try PDFImage.read(bytes)
            } catch {
                problems.warning(
                    "print.photo-unreadable", "photo '\(name)' is not printed (\(source)): \(error)",
                    at: node, hint: "Replace it with a JPEG or PNG (without transparency) file.")
            }
        }
        return (images, problems.diagnostics())
    }

    private static func decodeBase64(_ node: JSONNode) -> [UInt8]? {
        guard let text = node.stringValue else { return nil }
        // The original wrote base64 with line breaks now and then; a data: URL prefix is dropped too.
        let payload = text.firstIndex(of: ",").map { text[text.index(after: $0)...] } ?? text[...]
        return Data(base64Encoded: String(payload), options: .ignoreUnknownCharacters).map { [UInt8]($0) }
    }
}
