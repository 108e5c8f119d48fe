import QuestionKit

/// What `validate` reports for one file's bytes, without printing: a template's problems, or a
/// fixture's checked against its template (whose problems, when it has errors, come first).
/// Shared by `validate` and the language server, so that both tell fixtures from templates alike.
enum SourceValidation {
    /// The problems of a document open in an editor, as one list: a fixture's template errors are
    /// located on its `"template"` (see `FixtureTemplate.problems`), not dropped.
    static func documentDiagnostics(_ bytes: [UInt8], path: String, reader: TemplateReader) -> [Diagnostic] {
        let fixture = fixtureDiagnostics(bytes, path: path, displayPath: path, reader: reader, templateOnFixture: true)
        return fixture?.flatMap(\.diagnostics) ?? reader.diagnose(bytes)
    }

    /// A fixture's problems, checked against its template, notes kept as for a template; nil when
    /// the bytes are not a fixture (`validate` then streams the template's problems). With
    /// `templateOnFixture`, the template's errors are located on the fixture (see `FixtureValidation`).
    static func fixtureDiagnostics(
        _ bytes: [UInt8], path: String, displayPath: String, reader: TemplateReader, templateOnFixture: Bool = false
    ) -> [FileDiagnostics]? {
        guard FixtureValidation.isFixture(path: path, bytes: bytes, keys: reader.keys) else { return nil }
        return FixtureValidation.diagnose(
            bytes, path: path, displayPath: displayPath, files: FormFiles(reader: reader, keepsNotes: true),
            templateOnFixture: templateOnFixture)
    }
}
