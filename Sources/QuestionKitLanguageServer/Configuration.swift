import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// What the server serves: the question types, the key spellings, and how a document is checked.
    public struct Configuration: Sendable {
        /// The question types in force.
        public var registry: QuestionTypeRegistry
        /// The key spellings in force.
        public var keys: KeyMap
        /// The server's name in `initialize` and the `source` of its diagnostics.
        public var name: String
        /// The server's version in `initialize`.
        public var version: String
        /// Every problem of a document, given its path (from its URI) and its text: what
        /// `validate` reports for that file.
        public var diagnose: @Sendable (_ path: String, _ bytes: [UInt8]) -> [Diagnostic] {
            didSet { check = Self.wholeCheck(diagnose) }
        }
        /// How a document is checked, and kept to re-check an edit in part: by `diagnose`, whole,
        /// when the configuration was made with one; else by the engine's `SourceCheck` on `files`
        /// (a fixture against its template), or as a template (see `TemplateCheck`) without them.
        package private(set) var check: @Sendable (_ path: String, _ bytes: [UInt8]) -> DocumentCheck
        /// The largest document kept, in bytes (opened, or built by edits); a larger one is
        /// reported as `json.too-large` and not kept. The JSON parser's limit by default, as for
        /// every input file of the commands.
        public var maxDocumentSize = JSONParser.Limits.default.maxBytes

        /// A configuration. Without `diagnose`, a document is checked as `validate` checks it: with
        /// `files` (where a fixture's template is read), a fixture against its template; without
        /// them, every document as a template. With `foreign` too, a document in another format
        /// (a FHIR Questionnaire, a SurveyJS survey) is checked as the template it converts to.
        public init(
            registry: QuestionTypeRegistry, keys: KeyMap = .mi, name: String = "questionkit",
            version: String = "0.1.0", diagnose: (@Sendable (String, [UInt8]) -> [Diagnostic])? = nil,
            files: (any SourceFiles)? = nil, foreign: (any ForeignTemplateReader)? = nil
        ) {
            self.registry = registry
            self.keys = keys
            self.name = name
            self.version = version
            let reader = TemplateReader(registry: registry, keys: keys)
            if let diagnose {
                self.diagnose = diagnose
                check = Self.wholeCheck(diagnose)
            } else if let files {
                let source = SourceCheck(reader: reader, files: files, foreign: foreign)
                let check: @Sendable (String, [UInt8]) -> DocumentCheck = { source.documentCheck($1, path: $0) }
                self.check = check
                self.diagnose = { path, bytes in check(path, bytes).diagnostics }
            } else {
                self.diagnose = { _, bytes in reader.diagnose(bytes) }
                check = { _, bytes in .template(TemplateCheck(bytes, reader: reader)) }
            }
        }

        private static func wholeCheck(
            _ diagnose: @escaping @Sendable (String, [UInt8]) -> [Diagnostic]
        ) -> @Sendable (String, [UInt8]) -> DocumentCheck {
            { path, bytes in .whole(diagnose(path, bytes)) }
        }
    }
}
