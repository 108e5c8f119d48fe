import QuestionKit
import QuestionKitForms

/// `questionkit review COMPLETED.json`: the review of a completed form, ours or the original system's.
package struct ReviewCommand: Command {
    package init() {}

    package let name = "review"
    package let summary = "Print the review of a completed form, with its flags."
    package let argumentsSynopsis = "COMPLETED.json"
    package let discussion = """
        Reads a completed form (written by 'questionkit run' or by the original system) and prints
        its review table and the answers that need attention. Reading is lenient: an answer that
        breaks a rule of its question is shown as stored, with a located warning and a flag. Exits 1
        only when the form's template cannot be read.
        """
    package let options: [OptionSpec] = [
        OptionSpec(
            "format", value: "FORMAT", choices: ["text", "json"], help: "Output for people (text) or machines (json)."),
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys."),
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard let path = arguments.positionals.first else { throw UsageError("no completed form given") }
        if arguments.positionals.count > 1 { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return ExitStatus.inputErrors }
        let loaded = FormFiles(reader: TemplateReader(registry: context.registry, keys: keys)).completedForm(at: path)
        if !loaded.report.diagnostics.isEmpty { context.printDiagnostics(loaded.report) }
        guard let form = loaded.value else { return ExitStatus.inputErrors }
        let review = Review(form: form)
        // Out piece by piece: the review of a large form is several times its size as one text.
        let write = { (piece: String) in
            context.standardOutput += piece
            context.flushOutput()
        }
        if arguments.value("format", default: "text") == "json" {
            ReviewPrinter.json(review, write: write)
            context.print("")
        } else {
            ReviewPrinter.text(review, write: write)
        }
        return ExitStatus.success
    }
}
