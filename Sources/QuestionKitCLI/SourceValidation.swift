import QuestionKit

/// What `validate` reports for one file's bytes, without printing: a template's problems, or a
/// fixture's checked against its template (whose problems, when it has errors, come first).
/// Shared by `validate` and the language server, so that both tell fixtures from templates alike.
enum SourceValidation {
    static func diagnose(_ bytes: [UInt8], path: String, displayPath: String, reader: TemplateReader)
        -> [FileDiagnostics]
    {
        fixtureDiagnostics(bytes, path: path, displayPath: displayPath, reader: reader)
            ?? [FileDiagnostics(path: displayPath, diagnostics: reader.diagnose(bytes), source: bytes)]
    }

    /// A fixture's problems, checked against its template, notes kept as for a template; nil when
    /// the bytes are not a fixture (`validate` then streams the template's problems).
    static func fixtureDiagnostics(_ bytes: [UInt8], path: String, displayPath: String, reader: TemplateReader)
        -> [FileDiagnostics]?
    {
        guard FixtureValidation.isFixture(path: path, bytes: bytes, keys: reader.keys) else { return nil }
        return FixtureValidation.diagnose(
            bytes, path: path, displayPath: displayPath, files: FormFiles(reader: reader, keepsNotes: true))
    }
}
