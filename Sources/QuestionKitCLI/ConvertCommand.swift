import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitInterchange

/// `questionkit convert IN -o OUT [--from F] [--to F]`: a form of one format as another, through the
/// registered types, with everything not carried reported where it stands in the input.
package struct ConvertCommand: Command {
    package init() {}

    package let name = "convert"
    package let summary = "Convert a form between our template format and FHIR Questionnaire; import SurveyJS."
    package let argumentsSynopsis = "IN"
    package let discussion = """
        Reads IN ('-' for standard input) and writes it in another format to -o OUT (standard output
        without -o, or with -o -). Formats: 'mi' (our templates), 'fhir' (FHIR Questionnaire JSON,
        R4 or R5 read, R4 written unless --fhir-version r5) and 'surveyjs' (SurveyJS survey JSON, read
        only, to mi). --from is guessed from the content (a 'resourceType' is FHIR, 'questions' ours,
        'pages' or 'elements' SurveyJS) and --to defaults to mi. Everything the other
        format cannot carry is reported at its place in IN (line, column and JSON pointer) with a
        stable code, on standard error (--format json: as JSON), with the problems of the template
        made (a condition cycle) located in IN too; what can be kept is kept under '_fhir' (or '_surveyjs') and
        written back. A completed form converts to a FHIR QuestionnaireResponse and back with
        --template T, the template it completes (ours, or a FHIR Questionnaire): its items and
        'questionnaire' come from T. Exits 1 when IN cannot be converted or the output not written,
        64 on bad usage. See Docs/Formats/FHIR.md and SurveyJS.md.
        """
    package var options: [OptionSpec] {
        let formats = InterchangeFormat.allCases.map(\.rawValue)
        return [
            OptionSpec("output", short: "o", value: "FILE", help: "Where to write ('-' for standard output)."),
            OptionSpec("from", value: "FORMAT", choices: formats, help: "The format of IN (guessed when left out)."),
            OptionSpec("to", value: "FORMAT", choices: formats, help: "The format to write (default: mi)."),
            OptionSpec(
                "template", value: "FILE",
                help: "The template of a completed form or QuestionnaireResponse (ours or a FHIR Questionnaire)."),
            OptionSpec(
                "fhir-version", value: "VERSION", choices: FHIRVersion.allCases.map(\.rawValue),
                help: "The FHIR release written (default: r4)."),
            OptionSpec(
                "format", value: "FORMAT", choices: ["text", "json"],
                help: "Diagnostics for people (text) or machines (json)."),
        ]
    }

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("no input given") }
        if arguments.positionals.count > 1 { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        let displayPath = path == "-" ? "<stdin>" : path
        let bytes: [UInt8]
        do {
            let limit = JSONParser.Limits.default.maxBytes
            bytes = path == "-" ? try context.readStandardInput(limit) : try FileInput.read(path, limit: limit)
        } catch {
            context.printError("\(context.toolName) convert: error: cannot read \(displayPath): \(error)")
            return ExitStatus.inputErrors
        }
        let from = try sourceFormat(arguments, bytes: bytes)
        let to = arguments.values["to"].flatMap(InterchangeFormat.init(rawValue:)) ?? .mi
        guard from != to else { throw UsageError("IN is already '\(to.rawValue)'; pass --to with another format") }
        if to == .surveyjs { throw UsageError("SurveyJS is read only; pass --to mi or --to fhir") }
        if from == .surveyjs, to != .mi { throw UsageError("a SurveyJS survey converts to mi; convert that further") }
        let version = arguments.values["fhir-version"].flatMap(FHIRVersion.init(rawValue:)) ?? .r4
        let completed = try completedForm(from: from, to: to, template: arguments.values["template"])
        var text: String?
        var diagnostics: [Diagnostic]
        if let templatePath = completed {
            let reader = TemplateReader(registry: context.registry)
            guard let templateBytes = try? FileInput.read(templatePath, limit: JSONParser.Limits.default.maxBytes)
            else {
                context.printError("\(context.toolName) convert: error: cannot read the template \(templatePath)")
                return ExitStatus.inputErrors
            }
            let (template, problems) = FHIRResponseTemplate.read(templateBytes, reader: reader, version: version)
            guard let template else {
                context.printDiagnostics(
                    FileDiagnostics(path: templatePath, diagnostics: problems, source: templateBytes))
                return ExitStatus.inputErrors
            }
            if from == .fhir {
                let read = FHIRResponseReader().read(bytes, template: template)
                (text, diagnostics) = (read.text, read.diagnostics)
            } else {
                let written = FHIRResponseWriter(reader: reader).write(bytes, template: template)
                (text, diagnostics) = (written.text, written.diagnostics)
            }
        } else {
            let converted = convert(bytes, from: from, to: to, version: version, registry: context.registry)
            if converted.isResponse {
                throw UsageError(
                    "a QuestionnaireResponse converts to a completed form with --template T: the template it answers "
                        + "(ours, or its FHIR Questionnaire)")
            }
            if converted.isCompletedForm {
                throw UsageError(
                    "a completed form converts to a QuestionnaireResponse with --template T: its template "
                        + "(ours, or the FHIR Questionnaire the response answers)")
            }
            (text, diagnostics) = (converted.text, converted.diagnostics)
        }
        let file = FileDiagnostics(path: displayPath, diagnostics: diagnostics, source: bytes)
        if arguments.values["format"] == "json" {
            context.standardError += DiagnosticPrinter.json([file])
        } else if !diagnostics.isEmpty {
            context.printDiagnostics(file)
        }
        guard let text else { return ExitStatus.inputErrors }
        do {
            try context.writeOutput(Array(text.utf8), to: arguments.values["output"] ?? OutputFile.standardOutput)
        } catch {
            context.printError("\(context.toolName) convert: error: \(error)")
            return ExitStatus.inputErrors
        }
        return diagnostics.containsErrors ? ExitStatus.inputErrors : ExitStatus.success
    }

    /// The template path when IN is a completed form (ours to fhir) or a QuestionnaireResponse
    /// (fhir to mi) given with one; nil for a template. Without one, the converters tell them apart
    /// (a response is `fhir.response-not-supported`, a completed form `isCompletedForm`) at no cost
    /// to a template.
    private func completedForm(from: InterchangeFormat, to: InterchangeFormat, template: String?)
        throws(UsageError) -> String?
    {
        guard let template else { return nil }
        guard (from == .mi && to == .fhir) || (from == .fhir && to == .mi) else {
            throw UsageError("--template is for a completed form (--to fhir) or a QuestionnaireResponse (to mi)")
        }
        return template
    }

    private func sourceFormat(_ arguments: ParsedArguments, bytes: [UInt8]) throws(UsageError) -> InterchangeFormat {
        if let from = arguments.values["from"].flatMap(InterchangeFormat.init(rawValue:)) { return from }
        guard let guessed = InterchangeFormat.guess(bytes) else {
            throw UsageError("cannot tell the format of the input; pass --from mi, fhir or surveyjs")
        }
        return guessed
    }

    /// What converting a form gave: the text (nil when nothing could be made), the diagnostics located
    /// in the input, and whether the input was a completed form or a response, which want a template.
    private struct Converted {
        var text: String?
        var diagnostics: [Diagnostic]
        var isCompletedForm = false
        var isResponse: Bool {
            text == nil && diagnostics.contains { $0.code == FHIRCode.responseNotSupported.rawValue }
        }
    }

    private func convert(
        _ bytes: [UInt8], from: InterchangeFormat, to: InterchangeFormat, version: FHIRVersion,
        registry: QuestionTypeRegistry
    ) -> Converted {
        switch to {
        case .mi where from == .surveyjs:
            let (text, diagnostics) = SurveyJSCheck.convert(bytes, reader: TemplateReader(registry: registry))
            return Converted(text: text, diagnostics: diagnostics)
        case .mi, .surveyjs:
            let (text, diagnostics) = FHIRCheck.convert(bytes, reader: TemplateReader(registry: registry))
            return Converted(text: text, diagnostics: diagnostics)
        case .fhir:
            let written = FHIRWriter(reader: TemplateReader(registry: registry), version: version).write(bytes)
            return Converted(
                text: written.text, diagnostics: written.diagnostics, isCompletedForm: written.isCompletedForm)
        }
    }
}
