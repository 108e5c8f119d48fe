import QuestionKit
import QuestionKitForms

/// The one home of "a template file in another format": which reader converts a form of each
/// format into a template of ours, checked as `validate` checks one, its problems located in the
/// source. `convert`, `validate`, `run`, `test` and the language server all come here; a format's
/// reader joins with one case of `convert`.
public struct ForeignTemplate: ForeignTemplateReader {
    /// The reader of every format of `InterchangeFormat` but ours.
    public init() {}

    /// The template text that the form in `bytes`, of `format`, converts to, and the diagnostics of
    /// converting and of checking it, located in `bytes`, in source order; nil for our own format.
    /// `path` is the file the form was read from (nil for standard input): an XLSForm without a title
    /// is titled by its file's name, as pyxform titles it.
    public static func convert(
        _ bytes: [UInt8], from format: InterchangeFormat, path: String? = nil, reader: TemplateReader
    ) -> (template: String?, diagnostics: [Diagnostic])? {
        converted(bytes, parsed: nil, from: format, path: path, reader: reader).map(ImportCheck.text(of:))
    }

    /// `convert`, the template as UTF-8, with the parse of a JSON input when a caller made it already
    /// (to guess the format).
    package static func converted(
        _ bytes: [UInt8], parsed: JSONParseResult?, from format: InterchangeFormat, path: String?,
        reader: TemplateReader
    ) -> (template: [UInt8]?, diagnostics: [Diagnostic])? {
        switch format {
        case .mi: nil
        case .fhir: FHIRCheck.converted(parsed ?? JSONParser.parse(bytes), reader: reader)
        case .surveyjs: SurveyJSCheck.converted(parsed ?? JSONParser.parse(bytes), reader: reader)
        case .xlsform: XLSFormCheck.converted(bytes, path: path, reader: reader)
        }
    }

    /// The template that `bytes` convert to when they are a form of another format (told from
    /// `root`, else from `bytes`); nil when they are ours or in no format known.
    public func read(
        _ bytes: [UInt8], root: JSONNode?, path: String?, reader: TemplateReader
    ) -> ForeignTemplateReading? {
        guard let format = root.map(InterchangeFormat.guess(root:)) ?? InterchangeFormat.guess(bytes),
            let (text, diagnostics) = Self.converted(bytes, parsed: nil, from: format, path: path, reader: reader)
        else { return nil }
        let template = diagnostics.containsErrors ? nil : text.flatMap { reader.read($0).template }
        return ForeignTemplateReading(template: template, diagnostics: diagnostics)
    }
}
