import QuestionKit
import QuestionKitForms

/// A FHIR Questionnaire checked as `validate` checks a template: what converting it reports, and
/// what reading the template made of it finds (an unknown option in a condition, a cycle …), each
/// located at the Questionnaire's own item or condition it came from.
public enum FHIRCheck {
    /// The diagnostics of the Questionnaire in `bytes`, located in it, in source order.
    public static func diagnostics(of bytes: [UInt8], reader: TemplateReader) -> [Diagnostic] {
        converted(JSONParser.parse(bytes), reader: reader).diagnostics
    }

    /// The template made of the Questionnaire in `bytes` (its text), and the diagnostics of both, as above.
    public static func convert(_ bytes: [UInt8], reader: TemplateReader) -> (
        template: String?, diagnostics: [Diagnostic]
    ) {
        ImportCheck.text(of: converted(JSONParser.parse(bytes), reader: reader))
    }

    /// `convert` on a parse made once by a caller that looked at it first, the template as UTF-8 (what a
    /// file gets: a String made of it would check every byte again).
    package static func converted(_ parsed: JSONParseResult, reader: TemplateReader) -> (
        template: [UInt8]?, diagnostics: [Diagnostic]
    ) {
        let read = FHIRReader(registry: reader.registry).read(parsed)
        guard let template = read.template, let document = read.document else { return (nil, read.diagnostics) }
        return ImportCheck.check(template, of: document, diagnostics: read.diagnostics, reader: reader) {
            read.source(ofPointer: $0)
        }
    }
}

/// A SurveyJS survey checked as `validate` checks a template, as `FHIRCheck` does a Questionnaire:
/// the template's problems are located at the element each question came from.
public enum SurveyJSCheck {
    /// The template made of the survey in `bytes` (its text), and the diagnostics of reading the
    /// survey and of checking the template, located in the survey, in source order.
    public static func convert(_ bytes: [UInt8], reader: TemplateReader) -> (
        template: String?, diagnostics: [Diagnostic]
    ) {
        ImportCheck.text(of: converted(JSONParser.parse(bytes), reader: reader))
    }

    /// `convert` on a parse made once by a caller that looked at it first, the template as UTF-8.
    package static func converted(_ parsed: JSONParseResult, reader: TemplateReader) -> (
        template: [UInt8]?, diagnostics: [Diagnostic]
    ) {
        let read = SurveyJSReader(registry: reader.registry).read(parsed)
        guard let template = read.template, let document = read.document else { return (nil, read.diagnostics) }
        return ImportCheck.check(
            template, of: document, diagnostics: read.diagnostics, reader: reader,
            source: ImportCheck.question(in: read.sources))
    }
}

/// The one home of checking an imported template: read as `validate` reads a template, each
/// problem moved to the source node it came from (`source` of the template pointer; else the root).
enum ImportCheck {
    /// The template's text (2-space indent, a final newline) as UTF-8, and the diagnostics. Written as bytes
    /// and checked as `validate` checks a file (`diagnose`: nothing of the reading kept), since only its
    /// problems are wanted here; its document is recorded as it is written, not parsed again.
    static func check(
        _ template: JSONWriter.Value, of document: JSONDocument, diagnostics: [Diagnostic], reader: TemplateReader,
        source: (String) -> JSONNode?
    ) -> (template: [UInt8]?, diagnostics: [Diagnostic]) {
        check(
            written: JSONWriter.fileBytesParsed(of: template, limits: reader.limits), of: document,
            diagnostics: diagnostics, reader: reader, source: source)
    }

    /// `check` of a template already written, and its parse within `reader`'s limits.
    static func check(
        written: (bytes: [UInt8], parsed: JSONParseResult), of document: JSONDocument, diagnostics: [Diagnostic],
        reader: TemplateReader, source: (String) -> JSONNode?
    ) -> (template: [UInt8]?, diagnostics: [Diagnostic]) {
        let (text, parsed) = written
        let checked = reader.diagnose(parsed)
        var problems = ProblemCollector(document: document)
        for diagnostic in checked {
            let node = source(diagnostic.pointer) ?? document.root
            problems.report(diagnostic.severity, diagnostic.code, diagnostic.message, at: node, hint: diagnostic.hint)
        }
        let all = (diagnostics + problems.diagnostics()).sorted { ($0.line, $0.column) < ($1.line, $1.column) }
        return (text, all)
    }

    /// A conversion's template as text, for callers that want a String.
    static func text(of converted: (template: [UInt8]?, diagnostics: [Diagnostic])) -> (
        template: String?, diagnostics: [Diagnostic]
    ) {
        (converted.template.map { String(decoding: $0, as: UTF8.self) }, converted.diagnostics)
    }

    /// The source of a template pointer `/questions/N/…`: the node question N was made of.
    static func question(in sources: [JSONNode]) -> (String) -> JSONNode? {
        { pointer in
            let parts = pointer.split(separator: "/")
            guard parts.count >= 2, parts[0] == "questions", let index = Int(parts[1]), sources.indices.contains(index)
            else { return nil }
            return sources[index]
        }
    }
}

/// An XLSForm checked as `validate` checks a template, as `FHIRCheck` does a Questionnaire: the
/// template's problems are moved to the row each question came from, and every problem to its cell.
public enum XLSFormCheck {
    /// The template made of the form in `bytes` (its text), and the diagnostics of reading the form
    /// and of checking the template, at their cells, in the order of the sheets and rows.
    /// `path`, the file it was read from, titles a form without settings (see `XLSFormReader.read`).
    public static func convert(_ bytes: [UInt8], path: String? = nil, reader: TemplateReader) -> (
        template: String?, diagnostics: [Diagnostic]
    ) {
        ImportCheck.text(of: converted(bytes, path: path, reader: reader))
    }

    /// `convert`, the template as UTF-8.
    package static func converted(_ bytes: [UInt8], path: String?, reader: TemplateReader) -> (
        template: [UInt8]?, diagnostics: [Diagnostic]
    ) {
        let read = XLSFormReader(registry: reader.registry).read(bytes, path: path, limits: reader.limits)
        guard let written = read.written, let sheets = read.sheets else { return (nil, read.diagnostics) }
        // The template's list of questions stands for the survey sheet, whose rows they were made of.
        let survey = sheets.document.root["survey"]
        let question = ImportCheck.question(in: read.sources)
        let checked = ImportCheck.check(
            written: written, of: sheets.document, diagnostics: read.problems, reader: reader,
            source: { $0 == "/questions" ? survey : question($0) })
        var diagnostics = sheets.locate(checked.diagnostics)
        // The template's hints name our JSON's keys; an XLSForm's author fixes these in the sheets.
        for index in diagnostics.indices {
            switch diagnostics[index].code {
            case "template.missing-title":
                diagnostics[index].hint =
                    "Add a 'settings' sheet with a 'form_title' column; a form read from a file is titled by its name."
            case "template.no-questions":
                diagnostics[index].hint =
                    "Add a survey row of a type that makes a question; each row that made none is reported at its cell."
            default: break
            }
        }
        return (checked.template, diagnostics)
    }
}
