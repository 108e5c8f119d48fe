import QuestionKit
import QuestionKitForms
import QuestionKitLanguageServer

/// What `validate` reports for one file's bytes, without printing: a template's problems, or a
/// fixture's checked against its template (whose problems, when it has errors, come first).
/// Shared by `validate` and the language server, so that both tell fixtures from templates alike.
enum SourceValidation {
    /// What one parse of a file says it is: a fixture, checked, or a template, to be read.
    enum Reading {
        /// A fixture's problems, checked against its template, notes kept as for a template.
        case fixture([FileDiagnostics])
        /// A template's reading by `JSONParser.parseRecovering`, for `TemplateReader.diagnose`.
        case template(JSONParseResult)
    }

    /// The problems of a document open in an editor, as one list: a fixture's template errors are
    /// located on its `"template"` (see `FixtureTemplate.problems`), not dropped. A template's
    /// check is kept for the editor to re-check an edit in part; a fixture's is done whole again.
    static func documentCheck(_ bytes: [UInt8], path: String, reader: TemplateReader) -> DocumentCheck {
        switch read(bytes, path: path, displayPath: path, reader: reader, templateOnFixture: true) {
        case .fixture(let files): .whole(files.flatMap(\.diagnostics))
        case .template(let parsed): .template(TemplateCheck(parsed, reader: reader))
        }
    }

    /// Parses the bytes once and tells a fixture from a template by that parse; a fixture is
    /// checked at once, a template handed back with its parse (`validate` streams its problems).
    /// With `templateOnFixture`, a fixture's template errors are located on the fixture (see
    /// `FixtureValidation`).
    static func read(
        _ bytes: [UInt8], path: String, displayPath: String, reader: TemplateReader, templateOnFixture: Bool = false
    ) -> Reading {
        let named = FixtureValidation.isNamedFixture(path)
        // A fixture is read strictly; a template past syntax errors (the strict parse is then the first pass).
        let limits = reader.limits
        let parsed = named ? JSONParser.parse(bytes, limits: limits) : JSONParser.parseRecovering(bytes, limits: limits)
        guard named || FixtureValidation.isFixture(parsed, keys: reader.keys) else { return .template(parsed) }
        let files = FormFiles(reader: reader, keepsNotes: true)
        let checked = FixtureValidation.diagnose(
            bytes, parsed: parsed, path: path, displayPath: displayPath, files: files,
            templateOnFixture: templateOnFixture)
        return .fixture(checked)
    }
}
