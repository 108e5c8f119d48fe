import QuestionKit

/// What `validate` reports for one file's bytes, without printing: a template's problems, or a
/// fixture's checked against its template (whose problems, when it has errors, come first).
/// Shared by `validate` and the language server.
enum SourceValidation {
    static func diagnose(_ bytes: [UInt8], path: String, displayPath: String, reader: TemplateReader)
        -> [FileDiagnostics]
    {
        if FixtureValidation.isFixture(path: path, bytes: bytes, keys: reader.keys) {
            return FixtureValidation.diagnose(
                bytes, path: path, displayPath: displayPath, files: FormFiles(reader: reader))
        }
        return [FileDiagnostics(path: displayPath, diagnostics: reader.diagnose(bytes), source: bytes)]
    }
}
