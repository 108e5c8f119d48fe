import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitInterchange

// A completed form and a FHIR QuestionnaireResponse convert into each other with the template they
// complete (`--template T`, ours or a FHIR Questionnaire): T gives the items and the `questionnaire`.
extension ConvertCommand {
    /// The template path when IN is a completed form (ours to fhir) or a QuestionnaireResponse
    /// (fhir to mi) given with one; nil for a template. Without one, the converters tell them apart
    /// (a response is `fhir.response-not-supported`, a completed form `isCompletedForm`) at no cost
    /// to a template.
    func completedFormTemplate(from: InterchangeFormat, to: InterchangeFormat, template: String?)
        throws(UsageError) -> String?
    {
        guard let template else { return nil }
        guard (from == .mi && to == .fhir) || (from == .fhir && to == .mi) else {
            throw UsageError("--template is for a completed form (--to fhir) or a QuestionnaireResponse (to mi)")
        }
        return template
    }

    /// The completed form `bytes` as a QuestionnaireResponse, or the response `bytes` (`from` fhir) as a
    /// completed form, through the template at `templatePath`; nil, with the template's problems
    /// printed, when the template cannot be read. `parsed` is the bytes' parse when the caller made it.
    func convertCompletedForm(
        _ bytes: [UInt8], parsed: JSONParseResult?, from: InterchangeFormat, template templatePath: String,
        version: FHIRVersion, context: inout CommandContext
    ) -> Converted? {
        let reader = TemplateReader(registry: context.registry)
        let templateBytes: [UInt8]
        do {
            templateBytes = try FileInput.read(templatePath, limit: JSONParser.Limits.default.maxBytes)
        } catch {
            context.printError(
                "\(context.toolName) convert: error: --template: \(Self.unreadable(templatePath, error))")
            return nil
        }
        if from == .fhir {
            let (template, problems) = FHIRResponseTemplate.read(templateBytes, reader: reader, version: version)
            guard let template else {
                context.printDiagnostics(
                    FileDiagnostics(path: templatePath, diagnostics: problems, source: templateBytes))
                return nil
            }
            let read = FHIRResponseReader().read(parsed ?? JSONParser.parse(bytes), template: template)
            return Converted(output: read.utf8, diagnostics: read.diagnostics)
        }
        let writer = FHIRResponseWriter(reader: reader)
        switch writer.write(parsed ?? JSONParser.parse(bytes), templateBytes: templateBytes, version: version) {
        case .written(let written):
            return Converted(output: written.utf8, diagnostics: written.diagnostics)
        case .templateUnreadable(let problems):
            context.printDiagnostics(FileDiagnostics(path: templatePath, diagnostics: problems, source: templateBytes))
            return nil
        }
    }
}

extension ConvertCommand.Converted {
    /// Refuses a completed form or a response converted without `--template`, saying what is needed.
    func refuseWithoutTemplate() throws(UsageError) {
        if isResponse {
            throw UsageError(
                "a QuestionnaireResponse converts to a completed form with --template T: the template it answers "
                    + "(ours, or its FHIR Questionnaire)")
        }
        if isCompletedForm {
            throw UsageError(
                "a completed form converts to a QuestionnaireResponse with --template T: its template "
                    + "(ours, or the FHIR Questionnaire the response answers)")
        }
    }
}
