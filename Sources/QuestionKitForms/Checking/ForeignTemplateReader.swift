import QuestionKit

/// What reads a template written in another format than ours (a FHIR Questionnaire, a SurveyJS
/// survey) as the template it converts to. The engine knows no other format: the caller hands one
/// in (QuestionKitInterchange's `ForeignTemplate`), and `SourceCheck` asks it about a file only
/// when that file is not a template of ours, so that templates of ours pay nothing for it.
public protocol ForeignTemplateReader: Sendable {
    /// The template that `bytes` convert to (nil when it has errors) with every problem of
    /// converting and checking it, located in `bytes`; nil when `bytes` are in no format this reads.
    /// `root` is their JSON when the caller has parsed them already (else the reader parses them);
    /// `path` is the file they were read from, nil for standard input (a form without a title may
    /// take its file's name, as an XLSForm does in pyxform).
    func read(_ bytes: [UInt8], root: JSONNode?, path: String?, reader: TemplateReader) -> ForeignTemplateReading?
}

/// A template read from another format: what it converts to, and the problems, in the source.
public struct ForeignTemplateReading: Sendable {
    /// The template, nil when the source has errors.
    public var template: Template?
    /// Every problem of converting the source and of checking what it converts to, located in the source.
    public var diagnostics: [Diagnostic]

    /// A reading of `template` (nil when there are errors) with `diagnostics`.
    public init(template: Template?, diagnostics: [Diagnostic]) {
        self.template = template
        self.diagnostics = diagnostics
    }
}
