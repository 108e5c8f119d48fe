import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitInterchange

/// `questionkit convert IN -o OUT [--from F] [--to F]`: a form of one format as another, through the
/// registered types, with everything not carried reported where it stands in the input.
package struct ConvertCommand: Command {
    package init() {}

    package let name = "convert"
    package let summary =
        "Convert a form between our template format and FHIR Questionnaire; import SurveyJS; write XLSForm."
    package let argumentsSynopsis = "IN"
    package let discussion = """
        Reads IN ('-' for standard input) and writes it in another format to -o OUT (standard output
        without -o, or with -o -). Formats: 'mi' (our templates), 'fhir' (FHIR Questionnaire JSON,
        R4 or R5 read, R4 written unless --fhir-version r5) and 'surveyjs' (SurveyJS survey JSON, read
        only, to mi). --from is guessed from the content (a 'resourceType' is FHIR, 'questions' ours,
        'pages' or 'elements' SurveyJS) and --to defaults to mi, or xlsform for an OUT ending in .xlsx
        or .csv ('xlsform': written from mi, as an .xlsx workbook, or as pyxform's .csv when OUT ends in
        .csv or is standard output). Everything the other
        format cannot carry is reported at its place in IN (line, column and JSON pointer) with a
        stable code, on standard error (--format json: as JSON), with the problems of the template
        made (a condition cycle) located in IN too; what can be kept is kept under '_fhir' (or '_surveyjs') and
        written back. Exits 1 when IN cannot be converted or the output not written,
        64 on bad usage. See Docs/Formats/FHIR.md, SurveyJS.md and XLSForm.md.
        """
    package var options: [OptionSpec] {
        let formats = InterchangeFormat.allCases.map(\.rawValue)
        return [
            OptionSpec("output", short: "o", value: "FILE", help: "Where to write ('-' for standard output)."),
            OptionSpec("from", value: "FORMAT", choices: formats, help: "The format of IN (guessed when left out)."),
            OptionSpec(
                "to", value: "FORMAT", choices: formats,
                help: "The format to write (default: mi; xlsform for OUT ending in .xlsx or .csv)."),
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
        let output = arguments.values["output"] ?? OutputFile.standardOutput
        let to = arguments.values["to"].flatMap(InterchangeFormat.init(rawValue:)) ?? Self.targetFormat(of: output)
        guard from != to else { throw UsageError("IN is already '\(to.rawValue)'; pass --to with another format") }
        if to == .surveyjs { throw UsageError("SurveyJS is read only; pass --to mi or --to fhir") }
        if from == .surveyjs, to != .mi { throw UsageError("a SurveyJS survey converts to mi; convert that further") }
        if from == .xlsform { throw UsageError("an XLSForm is written, not read, so far; pass --from mi or fhir") }
        if to == .xlsform, from != .mi { throw UsageError("an XLSForm is written from mi; convert IN to mi first") }
        let version = arguments.values["fhir-version"].flatMap(FHIRVersion.init(rawValue:)) ?? .r4
        let (converted, diagnostics) = convert(
            bytes, from: from, to: to, version: version, layout: Self.layout(of: output), registry: context.registry)
        let file = FileDiagnostics(path: displayPath, diagnostics: diagnostics, source: bytes)
        if arguments.values["format"] == "json" {
            context.standardError += DiagnosticPrinter.json([file])
        } else if !diagnostics.isEmpty {
            context.printDiagnostics(file)
        }
        guard let converted else { return ExitStatus.inputErrors }
        do {
            try context.writeOutput(converted, to: output)
        } catch {
            context.printError("\(context.toolName) convert: error: \(error)")
            return ExitStatus.inputErrors
        }
        return diagnostics.containsErrors ? ExitStatus.inputErrors : ExitStatus.success
    }

    private func sourceFormat(_ arguments: ParsedArguments, bytes: [UInt8]) throws(UsageError) -> InterchangeFormat {
        if let from = arguments.values["from"].flatMap(InterchangeFormat.init(rawValue:)) { return from }
        guard let guessed = InterchangeFormat.guess(bytes) else {
            throw UsageError("cannot tell the format of the input; pass --from mi, fhir or surveyjs")
        }
        return guessed
    }

    /// The format an OUT path asks for when --to is not given: xlsform for `.xlsx` and `.csv`, else mi.
    static func targetFormat(of output: String) -> InterchangeFormat {
        let lowered = output.lowercased()
        return lowered.hasSuffix(".xlsx") || lowered.hasSuffix(".csv") ? .xlsform : .mi
    }

    /// How an XLSForm is laid out in OUT: pyxform's `.csv` for a `.csv` path and standard output (text), else `.xlsx`.
    static func layout(of output: String) -> XLSFormWriter.Layout {
        output == OutputFile.standardOutput || output.lowercased().hasSuffix(".csv") ? .csv : .xlsx
    }

    /// The converted bytes (nil when nothing could be made) and the diagnostics, located in `bytes`.
    private func convert(
        _ bytes: [UInt8], from: InterchangeFormat, to: InterchangeFormat, version: FHIRVersion,
        layout: XLSFormWriter.Layout, registry: QuestionTypeRegistry
    )
        -> ([UInt8]?, [Diagnostic])
    {
        let reader = TemplateReader(registry: registry)
        switch to {
        case .mi where from == .surveyjs:
            let (text, diagnostics) = SurveyJSCheck.convert(bytes, reader: reader)
            return (text.map { Array($0.utf8) }, diagnostics)
        case .mi, .surveyjs:
            let (text, diagnostics) = FHIRCheck.convert(bytes, reader: reader)
            return (text.map { Array($0.utf8) }, diagnostics)
        case .fhir:
            let written = FHIRWriter(reader: reader, version: version).write(bytes)
            return (written.text.map { Array($0.utf8) }, written.diagnostics)
        case .xlsform:
            let written = XLSFormWriter(reader: reader).write(bytes, layout: layout)
            return (written.output, written.diagnostics)
        }
    }
}
