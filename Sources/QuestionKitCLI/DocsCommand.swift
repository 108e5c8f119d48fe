import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// `questionkit docs --out DIR`: one Markdown page per registered question type, and an index.
package struct DocsCommand: Command {
    package init() {}

    package let name = "docs"
    package let summary = "Write a Markdown page for each question type, from its description and examples."
    package let argumentsSynopsis = ""
    package let discussion = """
        Writes DIR/<type>.md for every registered question type (true/false as true-false.md) and
        DIR/README.md, an index. Each page lists the type's fields, rules and diagnostic codes, and
        shows its examples with the messages the invalid ones produce. The same types give the same
        pages, byte for byte. With --check, writes nothing and exits 1 when a page is missing or
        differs from what would be written.
        """
    package let options: [OptionSpec] = [
        OptionSpec("out", short: "o", value: "DIR", help: "The folder to write the pages to (created if missing)."),
        OptionSpec("check", help: "Only compare the pages in DIR with the generated ones."),
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        guard let folder = arguments.values["out"] else {
            throw UsageError("no output folder given; use --out DIR, e.g. --out Docs/QuestionTypes")
        }
        let pages = DocumentationSet(registry: context.registry).pages
        if arguments.flags.contains("check") { return check(pages, in: folder, context: &context) }
        do {
            try OutputFile.makeFolder(folder)
        } catch {
            context.printError("\(context.toolName) docs: error: \(error)")
            return ExitStatus.inputErrors
        }
        for page in pages {
            do {
                try OutputFile.write(page.markdown, to: PathText.joined(folder, page.fileName))
            } catch {
                context.printError("\(context.toolName) docs: error: \(error)")
                return ExitStatus.inputErrors
            }
        }
        context.print("wrote \(pages.count) pages to \(folder)")
        return ExitStatus.success
    }

    private func check(
        _ pages: [(fileName: String, markdown: String)], in folder: String, context: inout CommandContext
    ) -> Int32 {
        var stale: [String] = []
        for page in pages {
            let path = PathText.joined(folder, page.fileName)
            let current = try? FileInput.read(path, limit: 1 << 24)
            if current != Array(page.markdown.utf8) { stale.append(path) }
        }
        guard !stale.isEmpty else {
            context.print("\(pages.count) pages in \(folder) are up to date")
            return ExitStatus.success
        }
        for path in stale { context.printError("\(path): out of date or missing") }
        context.printError("Refresh them with: \(context.toolName) docs --out \(folder)")
        return ExitStatus.inputErrors
    }
}
