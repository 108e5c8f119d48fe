import QuestionKit

/// The diagnostics of one input file, with its source for excerpts.
package struct FileDiagnostics: Sendable {
    /// The path as given (`<stdin>` for standard input).
    package var path: String
    package var diagnostics: [Diagnostic]
    /// The file's bytes, when it could be read.
    package var source: [UInt8]?

    package init(path: String, diagnostics: [Diagnostic], source: [UInt8]?) {
        self.path = path
        self.diagnostics = diagnostics
        self.source = source
    }
}
