import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitInterchange

/// Loading templates, fixtures and completed forms from files for the commands, each with its
/// diagnostics located in its own file.
struct FormFiles: Sendable {
    let reader: TemplateReader
    /// Whether a template's notes are kept. Notes are advice to its author (an early spelling, the
    /// web editor's padding; see `Severity.note`): `validate` shows them, while the commands that
    /// use a template or a form leave them out, since every template of the original system has some.
    var keepsNotes = false

    /// A file that was read (or not), with what went wrong in it.
    typealias Loaded<Value> = LoadedFile<Value>

    /// The engine's checking of a file, on the machine's files, reading the other formats' templates too.
    var check: SourceCheck { SourceCheck(reader: reader, files: DiskFiles(), foreign: ForeignTemplate()) }

    /// The template at `path`; a FHIR Questionnaire or a SurveyJS survey is used as the template it
    /// converts to, its problems located in its own source.
    func template(at path: String) -> Loaded<Template> {
        check.template(at: path, keepingNotes: keepsNotes)
    }

    func fixture(at path: String) -> Loaded<Fixture> {
        load(path) { bytes in Fixture.read(bytes) }
    }

    /// The completed form at `path` (read inside `folder` when given: one a folder walk found), its
    /// template taken from `templates` when an earlier form carried the same one.
    func completedForm(
        at path: String, within folder: String? = nil, reusing templates: TemplateReuse? = nil
    ) -> Loaded<FilledForm> {
        Self.load(path, limit: reader.limits.maxBytes, within: folder) { bytes in
            let result = CompletedFormReader.read(bytes, with: reader, reusing: templates)
            return (result.diagnostics.containsErrors ? nil : result.form, shown(result.diagnostics))
        }
    }

    private func shown(_ diagnostics: [Diagnostic]) -> [Diagnostic] {
        keepsNotes ? diagnostics : diagnostics.filter { $0.severity != .note }
    }

    private func load<Value>(
        _ path: String, _ read: ([UInt8]) -> (Value?, [Diagnostic])
    ) -> Loaded<Value> {
        Self.load(path, limit: reader.limits.maxBytes, read)
    }

    /// Reads the file at `path` (up to `limit` bytes, inside `folder` when given) and hands its bytes
    /// to `read`; a file that cannot be read is one `file.unreadable` problem, one over the limit one
    /// `json.too-large`.
    static func load<Value>(
        _ path: String, limit: Int, within folder: String? = nil, _ read: ([UInt8]) -> (Value?, [Diagnostic])
    ) -> Loaded<Value> {
        LoadedFile.load(
            path, bytes: { () throws(UnreadableFile) in try DiskFiles.read(path, limit: limit, within: folder) }, read)
    }
}
