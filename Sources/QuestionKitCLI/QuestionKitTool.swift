import QuestionKit
import QuestionKitFiles
import QuestionKitForms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `questionkit` command-line tool: the commands, over the question types you give it.
///
/// A `main.swift` of your own can build the tool with extra question types:
/// ```swift
/// import QuestionKitCLI
/// import QuestionTypes
/// QuestionKitTool.main(types: BuiltInQuestionTypes.all + [MyQuestion()])
/// ```
public struct QuestionKitTool: Sendable {
    /// The version printed by `--version`.
    public static let version = "0.1.0"

    /// The commands every `questionkit` has.
    public static let standardCommands: [any Command] = [
        ValidateCommand(), RunCommand(), TestCommand(), ReviewCommand(), ExportCommand(), TypesCommand(), DocsCommand(),
        SchemaCommand(), NewTypeCommand(), StoreCommand(), TemplatesCommand(), ConvertCommand(), DatasetCommand(),
        LanguageServerCommand(), CompletionsCommand(), ManualPageCommand(),
    ]

    /// What the tool is for, in one line: the overview's and the manual page's.
    package static let purpose = "Validate, replay and print MI question templates."

    /// The subcommands `command` chooses among by its first argument (store's), or none.
    package static func subcommands(of command: any Command) -> [any Command] {
        command is StoreCommand ? StoreCommand.subcommands : []
    }

    public let types: [any QuestionType]
    public let commands: [any Command]
    public let toolName: String

    public init(types: [any QuestionType], commands: [any Command] = standardCommands, toolName: String = "questionkit")
    {
        self.types = types
        self.commands = commands
        self.toolName = toolName
    }

    /// What a run printed and its exit status.
    public struct Outcome: Sendable {
        public var standardOutput: String
        public var standardError: String
        public var status: Int32
    }

    /// Runs the tool with `arguments` (without the program name). With `emit`, a command may send
    /// output out before it ends (see `CommandContext.flushOutput`); what is left is in the outcome.
    /// With `emitBytes`, output written to `-` (a PDF) goes out as bytes rather than as text.
    public func run(
        _ arguments: [String],
        readStandardInput: @escaping @Sendable (Int) throws -> [UInt8] = FileInput.readStandardInput,
        emit: (@Sendable (String, String) -> Void)? = nil, emitBytes: (@Sendable ([UInt8]) -> String?)? = nil,
        isTerminal: @escaping @Sendable (Int32) -> Bool = { _ in false }, noColor: Bool = false
    ) -> Outcome {
        let registry: QuestionTypeRegistry
        do {
            registry = try QuestionTypeRegistry(types)
        } catch {
            return Outcome(standardOutput: "", standardError: "\(toolName): internal error: \(error)\n", status: 70)
        }
        var context = CommandContext(
            registry: registry, toolName: toolName, readStandardInput: readStandardInput, emit: emit,
            emitBytes: emitBytes, isTerminal: isTerminal, noColor: noColor)
        context.commands = commands
        var arguments = arguments[...]
        do {
            try takeGlobalOptions(&arguments, context: &context)
        } catch {
            context.printError("\(toolName): \(context.errorStyle.severity(.error)): \(error.message)")
            context.printError("Run '\(toolName) --help' for usage.")
            return Outcome(standardOutput: "", standardError: context.standardError, status: ExitStatus.usage)
        }
        let status = dispatch(Array(arguments), context: &context)
        return Outcome(standardOutput: context.standardOutput, standardError: context.standardError, status: status)
    }

    /// `--color auto|never|always`, given before the command: whether severities and results are
    /// coloured (see `TerminalStyle`).
    package static let colorOption = OptionSpec(
        "color", value: "WHEN", choices: ColorChoice.allCases.map(\.rawValue),
        help:
            "Colour errors, warnings, notes, PASS and FAIL: on a terminal (auto, unless NO_COLOR is set), never or always."
    )

    /// Takes the options that come before the command (`--color`) off the front of `arguments`.
    private func takeGlobalOptions(
        _ arguments: inout ArraySlice<String>, context: inout CommandContext
    ) throws(UsageError) {
        while let first = arguments.first, first == "--color" || first.hasPrefix("--color=") {
            let count = first.contains("=") ? 1 : 2
            let parsed = try ParsedArguments.parse(Array(arguments.prefix(count)), options: [Self.colorOption])
            arguments = arguments.dropFirst(count)
            context.colorChoice = parsed.values["color"].flatMap(ColorChoice.init) ?? .auto
        }
    }

    private func dispatch(_ arguments: [String], context: inout CommandContext) -> Int32 {
        guard let first = arguments.first else {
            context.printError(overview())
            return ExitStatus.usage
        }
        switch first {
        case "-h", "--help", "help":
            return help(topic: arguments.dropFirst().first, context: &context)
        case "--version":
            context.print(Self.version)
            return ExitStatus.success
        default:
            break
        }
        guard let command = commands.first(where: { $0.name == first }) else {
            let suggestion = Suggestion.nearest(to: first, in: commands.map(\.name)).map { " Did you mean '\($0)'?" }
            context.printError("\(toolName): unknown command '\(first)'.\(suggestion ?? "")")
            context.printError("Run '\(toolName) --help' for the list of commands.")
            return ExitStatus.usage
        }
        do {
            let parsed = try ParsedArguments.parse(Array(arguments.dropFirst()), options: command.options + [.help])
            if parsed.flags.contains("help") {
                // A command with subcommands (store) answers for the subcommand named.
                context.standardOutput +=
                    (command as? StoreCommand)?.helpText(for: parsed, toolName: toolName)
                    ?? command.helpText(toolName: toolName)
                return ExitStatus.success
            }
            return try command.run(parsed, context: &context)
        } catch {
            context.printError("\(toolName) \(command.name): \(context.errorStyle.severity(.error)): \(error.message)")
            context.printError("Run '\(toolName) \(command.name) --help' for usage.")
            return ExitStatus.usage
        }
    }

    /// `help [TOPIC]`: the overview, or the help of the command TOPIC; any other topic is a usage
    /// error that lists the topics (a script's typo must not pass).
    private func help(topic: String?, context: inout CommandContext) -> Int32 {
        guard let topic else {
            context.print(overview())
            return ExitStatus.success
        }
        guard let command = commands.first(where: { $0.name == topic }) else {
            let names = commands.map(\.name)
            let suggestion = Suggestion.nearest(to: topic, in: names).map { " Did you mean '\($0)'?" }
            context.printError("\(toolName): unknown help topic '\(topic)'.\(suggestion ?? "")")
            context.printError("The topics are the commands: \(Suggestion.quotedList(names)).")
            context.printError("Run '\(toolName) --help' for the list of commands.")
            return ExitStatus.usage
        }
        context.standardOutput += command.helpText(toolName: toolName)
        return ExitStatus.success
    }

    /// The text of `questionkit --help`.
    public func overview() -> String {
        let width = (commands.map(\.name.count).max() ?? 0) + 2
        var lines = [
            "OVERVIEW: \(Self.purpose)", "",
            "USAGE: \(toolName) [--color auto|never|always] <command> [options] [arguments]", "", "COMMANDS:",
        ]
        for command in commands {
            lines.append("  " + command.name.padding(toLength: width, withPad: " ", startingAt: 0) + command.summary)
        }
        lines += [
            "", "--color WHEN: \(Self.colorOption.help)",
            "Run '\(toolName) <command> --help' for a command's options.", "Version \(Self.version).",
        ]
        return lines.joined(separator: "\n")
    }

    /// Runs the tool on the process's arguments, prints, and exits with the command's status.
    /// Messages and help name the tool as it was started (`fieldkit` for a tool of your own).
    public static func main(types: [any QuestionType], commands: [any Command] = standardCommands) -> Never {
        let executable = CommandLine.arguments.first.map { String($0.split(separator: "/").last ?? "") } ?? ""
        let tool = QuestionKitTool(
            types: types, commands: commands, toolName: executable.isEmpty ? "questionkit" : executable)
        #if DEBUG
            // A type without examples, an empty summary or a failing example is a developer's mistake:
            // say so at once in debug builds (the test harness checks the same).
            for problem in QuestionTypeRegistry.selfCheck(types) {
                FileOutput.write("\(tool.toolName): warning: question type self-check: \(problem)\n", to: STDERR_FILENO)
            }
        #endif
        let outcome = tool.run(
            Array(CommandLine.arguments.dropFirst()),
            emit: { output, error in
                FileOutput.write(output, to: STDOUT_FILENO)
                FileOutput.write(error, to: STDERR_FILENO)
            },
            emitBytes: { bytes in bytes.withUnsafeBytes { SystemIO.writeAll($0, to: STDOUT_FILENO) } },
            isTerminal: { isatty($0) == 1 }, noColor: getenv("NO_COLOR").map { $0.pointee != 0 } ?? false)
        FileOutput.write(outcome.standardOutput, to: STDOUT_FILENO)
        FileOutput.write(outcome.standardError, to: STDERR_FILENO)
        exit(outcome.status)
    }
}
