import QuestionKit
import QuestionKitForms

extension LanguageServer {
    /// `textDocument/codeAction`: a quick fix per fix-it of each diagnostic touching the range.
    mutating func codeActions(_ params: JSONNode) throws(RPCError) -> JSONWriter.Value {
        let document = try requestedDocument(params)
        let range = try params.required("range")
        let lines = document.lines
        let start = lines.offset(of: try LSPPosition(try range.required("start")))
        let end = lines.offset(of: try LSPPosition(try range.required("end")))
        var actions: [JSONWriter.Value] = []
        for diagnostic in document.diagnostics ?? [] where !diagnostic.fixes.isEmpty {
            let marked = DiagnosticConversion.range(of: diagnostic, in: lines)
            guard marked.lowerBound <= end && start <= marked.upperBound else { continue }
            let converted = DiagnosticConversion.lspDiagnostic(diagnostic, in: lines, source: configuration.name)
            for fix in diagnostic.fixes {
                let edits: [JSONWriter.Value] = fix.edits.map { edit in
                    let clamped =
                        min(edit.range.lowerBound, lines.bytes.count)..<min(edit.range.upperBound, lines.bytes.count)
                    return .object([("range", lines.range(clamped)), ("newText", .string(edit.replacement))])
                }
                actions.append(
                    .object([
                        ("title", .string(fix.title)), ("kind", CodeActionKind.quickFix.json),
                        ("diagnostics", .array([converted])), ("isPreferred", .bool(fix.isSafe)),
                        ("edit", .object([("changes", .object([(document.uri, .array(edits))]))])),
                    ]))
            }
        }
        return .array(actions)
    }
}
