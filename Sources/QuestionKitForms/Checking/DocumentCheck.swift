import QuestionKit

/// How an open document was last checked, kept so that the next edit can be checked in part.
package enum DocumentCheck: Sendable {
    /// A check that is done again whole after any edit (a fixture, a `diagnose` of the caller's).
    case whole([Diagnostic])
    /// A template's check, which re-checks an edit inside one question alone.
    case template(TemplateCheck)

    /// The diagnostics of the text checked.
    package var diagnostics: [Diagnostic] {
        switch self {
        case .whole(let diagnostics): diagnostics
        case .template(let check): check.diagnostics
        }
    }
}
