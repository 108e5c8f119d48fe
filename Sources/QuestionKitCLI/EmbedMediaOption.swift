import QuestionKit
import QuestionKitForms
import QuestionKitStore

/// The `--embed-media` option of `run` and `export`: the photos, videos and voice notes of a
/// completed form, read from the files beside it, embedded as base64 under `media.images`,
/// `media.videos` and `media.voice` as the original app embedded them in the form it uploaded.
enum EmbedMediaOption {
    static let spec = OptionSpec(
        "embed-media",
        help: "Embed each attachment's file (photos Qid<i>.jpg, .jpeg or .png, videos .mov, voice notes .m4a) "
            + "as base64 under media.images, media.videos and media.voice in the completed form.")

    /// The media of `form` to embed when the option is given (none otherwise), read from the
    /// folder of the file at `folderOf`; an attachment left out (no file, a file refused, too large
    /// for the form to be read back) is a warning printed to standard error, located in `locatedIn`
    /// (the file the form's JSON was read from).
    static func media(
        of form: FilledForm, arguments: ParsedArguments, folderOf: String,
        locatedIn: FileDiagnostics, context: inout CommandContext
    ) -> [(attachment: MediaAttachment, bytes: [UInt8])] {
        guard arguments.flags.contains(spec.name) else { return [] }
        let (media, diagnostics) = CompletedFormMedia.embeddable(
            form, within: JSONParser.Limits.default.maxBytes, file: FormFolder(of: folderOf).file)
        context.printDiagnostics(
            FileDiagnostics(path: locatedIn.path, diagnostics: diagnostics, source: locatedIn.source))
        return media
    }
}
