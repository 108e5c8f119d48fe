extension QuestionKitTool {
    /// The line under the title of the command reference, naming how it is made and recorded.
    package static let commandReferenceMarker =
        "<!-- generated from the commands' own help; "
        + "QUESTIONKIT_RECORD_DOCS=1 swift test --filter CommandReferenceTests rewrites it -->"

    /// The command reference (`Docs/Commands.md`): what `help` and every command's `--help` print,
    /// word for word, the subcommands of `store` included. It is made by running the tool, so the
    /// page shows exactly what a user sees and cannot drift from it.
    package func commandReference() -> String {
        var sections: [(level: String, title: String, summary: String, arguments: [String])] = []
        for command in commands {
            sections.append(("##", "\(toolName) \(command.name)", command.summary, [command.name, "--help"]))
            for subcommand in Self.subcommands(of: command) {
                sections.append(
                    (
                        "###", "\(toolName) \(command.name) \(subcommand.name)", subcommand.summary,
                        [command.name, subcommand.name, "--help"]
                    ))
            }
        }
        var lines = [
            "# Commands", "", Self.commandReferenceMarker, "",
            "What `\(toolName) help` and `\(toolName) COMMAND --help` print, word for word: this page is made by",
            "running them, and a test fails while it differs. What every command shares (input and output files,",
            "exit status, limits) is in [Checking.md](Checking.md#files-exit-status-and-limits).", "",
            "| command | what it does |", "| --- | --- |",
        ]
        lines += sections.map { "| [`\($0.title)`](#\(Self.anchor($0.title))) | \($0.summary) |" }
        lines += ["", "## `\(toolName)`", ""] + Self.fenced(run(["help"]).standardOutput)
        for section in sections {
            lines +=
                ["", "\(section.level) `\(section.title)`", ""] + Self.fenced(run(section.arguments).standardOutput)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The anchor a Markdown renderer gives a heading made of these words.
    private static func anchor(_ title: String) -> String {
        String(title.lowercased().map { $0 == " " ? "-" : $0 })
    }

    /// `text` as a fenced block, without the newline that ends it.
    private static func fenced(_ text: String) -> [String] {
        let body = text.hasSuffix("\n") ? text.dropLast() : Substring(text)
        return ["```text"] + body.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) + ["```"]
    }
}
