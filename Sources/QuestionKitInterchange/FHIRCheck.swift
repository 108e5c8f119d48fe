import QuestionKit
import QuestionKitForms

/// A FHIR Questionnaire checked as `validate` checks a template: what converting it reports, and
/// what reading the template made of it finds (an unknown option in a condition, a cycle …), each
/// located at the Questionnaire's own item or condition it came from.
public enum FHIRCheck {
    /// The diagnostics of the Questionnaire in `bytes`, located in it, in source order.
    public static func diagnostics(of bytes: [UInt8], reader: TemplateReader) -> [Diagnostic] {
        convert(bytes, reader: reader).diagnostics
    }

    /// The template made of the Questionnaire in `bytes` (its text), and the diagnostics of both, as above.
    public static func convert(_ bytes: [UInt8], reader: TemplateReader) -> (
        template: String?, diagnostics: [Diagnostic]
    ) {
        let read = FHIRReader(registry: reader.registry).read(bytes)
        guard let template = read.template, let document = read.document else { return (nil, read.diagnostics) }
        let text = JSONWriter.text(of: template) + "\n"
        let checked = reader.read(Array(text.utf8)).diagnostics
        var problems = ProblemCollector(document: document)
        for diagnostic in checked {
            let node = read.source(ofPointer: diagnostic.pointer) ?? document.root
            problems.report(
                diagnostic.severity, diagnostic.code, diagnostic.message, at: node, hint: diagnostic.hint)
        }
        let all = (read.diagnostics + problems.diagnostics()).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return (text, all)
    }
}
