import QuestionKit
import QuestionKitForms

/// The `--embed-media` option of `run` and `export`: the photos of a completed form, read from the
/// files beside it, embedded as base64 under `media.images` as the original app embedded them.
enum EmbedMediaOption {
    static let spec = OptionSpec(
        "embed-media",
        help: "Embed each photo's file (Qid<i>.jpg, .jpeg or .png) as base64 under media.images in the completed form.")

    /// The photos of `form` to embed when the option is given (none otherwise), read from the
    /// folder of the file at `folderOf`; a photo left out (no file, a file refused) is a warning
    /// printed to standard error, located in `locatedIn` (the file the form's JSON was read from).
    static func photos(
        of form: FilledForm, arguments: ParsedArguments, folderOf: String,
        locatedIn: FileDiagnostics, context: inout CommandContext
    ) -> [(name: String, bytes: [UInt8])] {
        guard arguments.flags.contains(spec.name) else { return [] }
        let (images, diagnostics) = CompletedFormPhotos.embeddable(
            form, file: FormFolder(of: folderOf).file)
        context.standardError += DiagnosticPrinter.text(
            FileDiagnostics(path: locatedIn.path, diagnostics: diagnostics, source: locatedIn.source))
        return images
    }
}
