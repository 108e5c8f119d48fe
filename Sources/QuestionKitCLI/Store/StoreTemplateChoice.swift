import QuestionKit
import QuestionKitForms

/// `store start --title TITLE --templates DIR`: the template library picks what to start.
enum StoreTemplateChoice {
    static let title = OptionSpec(
        "title", value: "TITLE", help: "Start the latest revision of this title in --templates instead of TEMPLATE.")
    static let templates = OptionSpec(
        "templates", value: "DIR", help: "The folder of templates --title is looked up in (see 'templates').")

    /// The template file the arguments name: TEMPLATE, or with `--title` the latest revision of
    /// that title among the templates of `--templates`. Nil, with the reason printed, when the
    /// title is unknown or has no latest revision.
    static func path(
        _ arguments: ParsedArguments, setup: StoreSetup, context: inout CommandContext
    ) throws(UsageError) -> String? {
        guard let title = arguments.values["title"] else {
            if arguments.values["templates"] != nil { throw UsageError("--templates goes with --title TITLE") }
            return try arguments.single("template")
        }
        if let extra = arguments.positionals.first {
            throw UsageError("give TEMPLATE or --title, not both ('\(extra)' and --title '\(title)')")
        }
        let folder = try arguments.required("templates", "DIR")
        let loaded = TemplatesCommand.load([folder], reader: setup.store.reader)
        guard let shelf = loaded.library.shelf(titled: title) else {
            for report in loaded.reports { context.printDiagnostics(report) }
            let near = loaded.library.titles(near: title)
            let known = near.isEmpty ? loaded.library.shelves.prefix(10).map(\.title) : near
            context.printError(
                "\(setup.commandName): error: no template titled '\(title)' in '\(folder)'"
                    + (known.isEmpty
                        ? ""
                        : "; \(near.isEmpty ? "titles there" : "near titles"): "
                            + Suggestion.quotedList(known, conjunction: "and")))
            return nil
        }
        guard let latest = shelf.startable else {
            let paths = Set((shelf.editions + shelf.invalid).map(\.path))
            for report in loaded.reports where paths.contains(report.path) {
                context.printDiagnostics(report)
            }
            context.printError(
                "\(setup.commandName): error: '\(title)' has \(TemplatesCommand.latest(of: shelf))")
            return nil
        }
        context.print("revision \(latest.revision) of '\(title)': \(latest.path)")
        return latest.path
    }
}
