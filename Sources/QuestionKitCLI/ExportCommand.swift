import QuestionKit
import QuestionKitForms

/// `questionkit export COMPLETED.json --format pdf|text|json -o FILE`: a completed form as a
/// printed PDF, plain text, or completed-form JSON.
package struct ExportCommand: Command {
    package init() {}

    package let name = "export"
    package let summary = "Export a completed form as PDF, plain text or completed-form JSON."
    package let argumentsSynopsis = "COMPLETED.json"
    package let discussion = """
        Reads a completed form (written by 'questionkit run' or by the original system) and writes
        it as a printed PDF, as plain text, or as completed-form JSON in the original format. Text
        and JSON go to standard output without -o; a PDF needs -o (-o - for standard output).
        With --embed-media, the JSON embeds the media files beside the form: photos, videos and voice
        notes (one without a file keeps what the form embedded).
        An answer that breaks a rule of its question is exported as stored, with a located warning
        and a flag. Exits 1 when the form's template cannot be read or the output cannot be written.
        \(OutputFile.rulesHelp)
        """
    package var options: [OptionSpec] {
        [
            OptionSpec(
                "format", value: "FORMAT", choices: ["pdf", "text", "json"], required: true,
                help: "What to write (required)."),
            OptionSpec("output", short: "o", value: "FILE", help: "Where to write it ('-' for standard output)."),
            OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys."),
            EmbedMediaOption.spec,
        ] + PDFOutput.options
    }

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("no completed form given") }
        if arguments.positionals.count > 1 { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        guard let format = arguments.values["format"] else { throw UsageError("no format given; pass --format pdf") }
        let output = arguments.values["output"]
        if format == "pdf" && output == nil {
            throw UsageError("a PDF needs an output file: pass -o FILE, or -o - for standard output")
        }
        if format != "json" && arguments.flags.contains(EmbedMediaOption.spec.name) {
            throw UsageError("--embed-media embeds media in completed-form JSON; pass --format json")
        }
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return ExitStatus.inputErrors }
        let loaded = FormFiles(reader: TemplateReader(registry: context.registry, keys: keys)).completedForm(at: path)
        if !loaded.report.diagnostics.isEmpty { context.printDiagnostics(loaded.report) }
        guard let form = loaded.value else { return ExitStatus.inputErrors }
        let review = Review(form: form)
        if format == "pdf", let output {
            let photos = PDFOutput.photos(of: form, folderOf: path, locatedIn: loaded.report, context: &context)
            return PDFOutput.write(review, photos: photos, to: output, arguments: arguments, context: &context)
                ? ExitStatus.success : ExitStatus.inputErrors
        }
        let text: String
        if format == "json" {
            let media = EmbedMediaOption.media(
                of: form, arguments: arguments, folderOf: path, locatedIn: loaded.report, context: &context)
            text = CompletedFormWriter.json(form, embedding: media)
        } else {
            text = TextExport.render(review)
        }
        guard let output else {
            context.standardOutput += text
            return ExitStatus.success
        }
        do {
            try context.writeOutput(Array(text.utf8), to: output)
            return ExitStatus.success
        } catch {
            context.printError("\(context.toolName) export: error: \(error)")
            return ExitStatus.inputErrors
        }
    }
}
