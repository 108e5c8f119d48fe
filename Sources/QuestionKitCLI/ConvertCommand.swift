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
        "Convert a form between our template format and FHIR Questionnaire; import SurveyJS; XLSForm both ways."
    package let argumentsSynopsis = "IN"
    package let discussion = """
        Reads IN ('-' for standard input) and writes it in another format to -o OUT (standard output
        without -o, or with -o -). Formats: 'mi' (our templates), 'fhir' (FHIR Questionnaire JSON,
        R4 or R5 read, R4 written unless --fhir-version r5), 'surveyjs' (SurveyJS survey JSON, read
        only, to mi) and 'xlsform' (an .xlsx/.xlsm workbook, or the .csv/.md text pyxform accepts; read
        to mi, written from mi as .xlsx, or as .csv to a .csv path or standard output). --from is guessed
        from IN's extension (.xlsx, .xlsm, .csv, .md: XLSForm) and content (a 'resourceType' is FHIR,
        'questions' ours (SurveyJS's when each has a 'type' and a 'name'), 'pages' or 'elements'
        SurveyJS, a workbook or a text with a 'survey' sheet XLSForm); --to from OUT's extension (.xlsx,
        .csv: xlsform), else mi. Everything the other format cannot carry is reported at its place in
        IN (line, column and JSON pointer; in a workbook the cell, 'survey!B12', its row and column)
        with a stable code, on standard error (--format json: as JSON), with the problems of the template
        made (a condition cycle) located in IN too. Notes (what was carried another way, such as a
        comment in an extension) print the first of each code and a count of the rest; --format json
        lists every one. What can be kept is kept under '_fhir' (or
        '_surveyjs', '_xlsform') and written back. A completed form converts to a FHIR
        QuestionnaireResponse and back with --template T, the template it completes (ours, or a FHIR
        Questionnaire): its items and 'questionnaire' come from T. Exits 1 when IN cannot be converted
        or the output not written, 64 on bad usage. See Docs/Formats/FHIR.md, SurveyJS.md and XLSForm.md.
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

    /// Why the file at `path` could not be read, saying "cannot read" and the path once: a file's own error
    /// (`FileAccessError`) already says both ("cannot read 'a.json': it is missing").
    static func unreadable(_ path: String, _ error: any Error) -> String {
        error is FileAccessError ? "\(error)" : "cannot read \(path): \(error)"
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
            context.printError("\(context.toolName) convert: error: \(Self.unreadable(displayPath, error))")
            return ExitStatus.inputErrors
        }
        // A JSON input is parsed once: the guess of its format and the reading both use it.
        let named =
            arguments.values["from"].flatMap(InterchangeFormat.init(rawValue:)) ?? InterchangeFormat.guess(path: path)
        let parsed = named == .xlsform ? nil : JSONParser.parse(bytes)
        let from: InterchangeFormat
        if let named { from = named } else { from = try sourceFormat(bytes, parsed: parsed) }
        let output = arguments.values["output"] ?? OutputFile.standardOutput
        let to = arguments.values["to"].flatMap(InterchangeFormat.init(rawValue:)) ?? Self.targetFormat(of: output)
        guard from != to else { throw UsageError("IN is already '\(to.rawValue)'; pass --to with another format") }
        if to == .surveyjs { throw UsageError("SurveyJS is read only; pass --to mi or --to fhir") }
        if to == .xlsform, from != .mi { throw UsageError("an XLSForm is written from mi; convert IN to mi first") }
        if from == .surveyjs || from == .xlsform, to != .mi {
            throw UsageError("a form of '\(from.rawValue)' converts to mi; convert that further")
        }
        let version = arguments.values["fhir-version"].flatMap(FHIRVersion.init(rawValue:)) ?? .r4
        let converted: Converted
        if let templatePath = try completedFormTemplate(from: from, to: to, template: arguments.values["template"]) {
            guard
                let made = convertCompletedForm(
                    bytes, parsed: parsed, from: from, template: templatePath, version: version, context: &context)
            else { return ExitStatus.inputErrors }
            converted = made
        } else {
            converted = convert(
                bytes, parsed: parsed, input: SourceCheck.file(path), from: from, to: to, version: version,
                layout: Self.layout(of: output), registry: context.registry,
                detail: arguments.values["format"] == "json" ? .all : [.firstNotePositionsOnly])
            try converted.refuseWithoutTemplate()
        }
        // A workbook has no text to show a line of: its diagnostics name their cells instead.
        let isWorkbook = from == .xlsform && InterchangeFormat.isArchive(bytes)
        let diagnostics = converted.diagnostics
        let file = FileDiagnostics(path: displayPath, diagnostics: diagnostics, source: isWorkbook ? nil : bytes)
        if arguments.values["format"] == "json" {
            context.standardError += DiagnosticPrinter.json([file])
        } else if !diagnostics.isEmpty {
            context.printDiagnostics(file, repeatedNotes: .summarised)
        }
        guard let written = converted.output else { return ExitStatus.inputErrors }
        do {
            try context.writeOutput(written, to: output)
        } catch {
            context.printError("\(context.toolName) convert: error: \(error)")
            return ExitStatus.inputErrors
        }
        return diagnostics.containsErrors ? ExitStatus.inputErrors : ExitStatus.success
    }

    private func sourceFormat(_ bytes: [UInt8], parsed: JSONParseResult?) throws(UsageError) -> InterchangeFormat {
        guard let guessed = InterchangeFormat.guess(bytes, parsed: parsed) else {
            throw UsageError("cannot tell the format of the input; pass --from mi, fhir, surveyjs or xlsform")
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

    /// What converting a form gave: the output (nil when nothing could be made), the diagnostics located
    /// in the input, and whether the input was a completed form or a response, which want a template.
    struct Converted {
        var output: [UInt8]?
        var diagnostics: [Diagnostic]
        var isCompletedForm = false
        var isResponse: Bool {
            output == nil && diagnostics.contains { $0.code == FHIRCode.responseNotSupported.rawValue }
        }
    }

    private func convert(
        _ bytes: [UInt8], parsed: JSONParseResult?, input: String?, from: InterchangeFormat, to: InterchangeFormat,
        version: FHIRVersion, layout: XLSFormWriter.Layout, registry: QuestionTypeRegistry,
        detail: ProblemCollector.Detail
    ) -> Converted {
        let reader = TemplateReader(registry: registry)
        switch to {
        case .xlsform:
            // The text report shows neither pointers nor fix-its, nor a note past the first of its code: its
            // diagnostics are located without them.
            let written = XLSFormWriter(reader: reader).write(
                parsed ?? JSONParser.parse(bytes), layout: layout, detail: detail)
            return Converted(output: written.output, diagnostics: written.diagnostics)
        case .mi, .surveyjs:
            let (output, diagnostics) =
                ForeignTemplate.converted(bytes, parsed: parsed, from: from, path: input, reader: reader) ?? (nil, [])
            return Converted(output: output, diagnostics: diagnostics)
        case .fhir:
            let written = FHIRWriter(reader: reader, version: version).write(parsed ?? JSONParser.parse(bytes))
            return Converted(
                output: written.utf8, diagnostics: written.diagnostics, isCompletedForm: written.isCompletedForm)
        }
    }
}
