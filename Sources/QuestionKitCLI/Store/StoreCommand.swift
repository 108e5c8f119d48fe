import QuestionKit
import QuestionKitForms

/// `questionkit store SUBCOMMAND`: the original app's form lifecycle over a store folder.
///
/// Each subcommand is a `Command` of its own (its options, help and run); this command picks it
/// by its first argument. Its options are the union of theirs, so that the tool's parser accepts
/// them; an option a subcommand does not take is a usage error naming the ones it does.
package struct StoreCommand: Command {
    package init() {}

    /// The subcommands, in the order of a form's life.
    package static let subcommands: [any Command] = [
        StoreStartCommand(), StoreFillCommand(), StoreAttachCommand(), StoreDetachCommand(), StoreListCommand(),
        StoreCompleteCommand(),
        StoreReviewCommand(), StoreCommentCommand(), StoreEditCommand(), StoreSubmitCommand(), StoreReassignCommand(),
        StoreNoticesCommand(), StoreExpireCommand(), StoreRemindersCommand(), StoreDeleteCommand(),
        StoreFindCommand(),
    ]

    package let name = "store"
    package let summary = "Keep forms in a folder through their life: start, fill, complete, submit, expire."
    package let argumentsSynopsis = "SUBCOMMAND [ARGUMENTS]"

    package var discussion: String {
        let width = (Self.subcommands.map(\.name.count).max() ?? 0) + 2
        let lines = Self.subcommands.map { command in
            "  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary
        }
        return """
            Keeps forms in a folder as the original app did: incomplete forms in <root>/<user>/<Title dd-MM-yyyy>/,
            completed ones in <root>/CompletedMIs/<user>/, notices in <root>/Error/<user>, submitted forms in
            <root>/Outbox/<user>/. A form is named as 'list' prints it: USER/NAME or CompletedMIs/USER/NAME.
            Every write is atomic and the store is locked while it changes. Exits 0 on success, 1 when the
            store refuses (with the reason), 64 for bad usage.

            SUBCOMMANDS:
            \(lines.joined(separator: "\n"))

            Run 'questionkit store help SUBCOMMAND' for a subcommand's arguments and options.
            """
    }

    /// Every subcommand's options; in help, those that not every subcommand takes name the ones that
    /// do, and an option that subcommands take in different senses (`--to USER` of `reassign`, `--to DAY`
    /// of `find`) gives each sense with its subcommands.
    package var options: [OptionSpec] {
        var seen = Set<String>()
        return Self.subcommands.flatMap(\.options).filter { seen.insert($0.name).inserted }.map { option in
            var senses: [(takers: [String], help: String)] = []
            for command in Self.subcommands {
                guard let own = command.options.first(where: { $0.name == option.name }) else { continue }
                if let index = senses.firstIndex(where: { $0.help == own.help }) {
                    senses[index].takers.append(command.name)
                } else {
                    senses.append(([command.name], own.help))
                }
            }
            guard senses.count > 1 || senses[0].takers.count < Self.subcommands.count else { return option }
            return OptionSpec(
                option.name, short: option.short, value: option.valueName, choices: option.choices,
                help: senses.map { "(\($0.takers.joined(separator: ", "))) \($0.help)" }.joined(separator: " "))
        }
    }

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard let word = arguments.positionals.first else {
            throw UsageError("no subcommand given; use \(Suggestion.quotedList(Self.subcommands.map(\.name)))")
        }
        if word == "help" {
            context.standardOutput += helpText(for: arguments, toolName: context.toolName)
            return ExitStatus.success
        }
        let subcommand = try Self.subcommand(named: word)
        var rest = arguments
        rest.positionals.removeFirst()
        let allowed = Set(subcommand.options.map(\.name) + ["help"])
        if let extra = (Array(rest.values.keys) + Array(rest.flags)).sorted().first(where: { !allowed.contains($0) }) {
            let names = subcommand.options.map { "--" + $0.name }
            throw UsageError(
                "'store \(word)' takes no option '--\(extra)'; its options are \(names.joined(separator: ", "))")
        }
        // What the store prints for people quotes its own files (notices, records, form names),
        // which anyone who can write the root can plant: it is made inert in one place, here.
        let printed = (output: context.standardOutput.utf8.count, errors: context.standardError.utf8.count)
        let status = try subcommand.run(rest, context: &context)
        if rest.values["format"] != "json" {
            Self.escapeLines(of: &context.standardOutput, after: printed.output)
            Self.escapeLines(of: &context.standardError, after: printed.errors)
        }
        return status
    }

    /// Escapes control characters (see `TerminalText`) in each line of `text` after its first
    /// `count` bytes; the line breaks are the printer's own.
    static func escapeLines(of text: inout String, after count: Int) {
        guard text.utf8.count > count else { return }
        let start = text.utf8.index(text.utf8.startIndex, offsetBy: count)
        let lines = text[start...].split(separator: "\n", omittingEmptySubsequences: false)
        text.replaceSubrange(start..., with: TerminalText.lines(lines.map(String.init)))
    }

    /// The help of the subcommand that `arguments` name (`store help start`, or `store start
    /// --help` when the tool asks), else this command's help.
    package func helpText(for arguments: ParsedArguments, toolName: String) -> String {
        let words = arguments.positionals.drop { $0 == "help" }
        guard let word = words.first, let subcommand = Self.subcommands.first(where: { $0.name == word }) else {
            return helpText(toolName: toolName)
        }
        return subcommand.helpText(toolName: "\(toolName) store")
    }

    static func subcommand(named word: String) throws(UsageError) -> any Command {
        guard let subcommand = subcommands.first(where: { $0.name == word }) else {
            let names = subcommands.map(\.name)
            let suggestion = Suggestion.nearest(to: word, in: names).map { "; did you mean '\($0)'?" }
            throw UsageError(
                "unknown subcommand '\(word)' of 'store'" + (suggestion ?? "; use \(Suggestion.quotedList(names))"))
        }
        return subcommand
    }
}
