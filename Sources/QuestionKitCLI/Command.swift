import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// Exit statuses of `questionkit`, as in BSD's sysexits where one applies.
public enum ExitStatus {
    /// Everything went well (warnings allowed).
    public static let success: Int32 = 0
    /// The input has errors: an invalid template, a failed replay.
    public static let inputErrors: Int32 = 1
    /// The command was called wrongly (EX_USAGE).
    public static let usage: Int32 = 64
    /// The tool itself is broken, e.g. two question types claim one identifier (EX_SOFTWARE).
    public static let software: Int32 = 70
}

/// One subcommand of `questionkit`. Commands take parsed arguments and write to a context, so
/// they are tested without starting a process.
public protocol Command: Sendable {
    /// The word that selects the command, e.g. `validate`.
    var name: String { get }
    /// One line for `questionkit --help`.
    var summary: String { get }
    /// The arguments after the options in the usage line, e.g. `FILE...`.
    var argumentsSynopsis: String { get }
    /// Paragraphs explaining the command, for its `--help`.
    var discussion: String { get }
    /// The options it accepts (`--help` is added for every command).
    var options: [OptionSpec] { get }
    /// Runs the command and returns its exit status.
    func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32
}

extension Command {
    /// The full `--help` text.
    public func helpText(toolName: String) -> String {
        let allOptions = options + [.help]
        var lines = ["USAGE: " + usage(toolName: toolName), "", discussion, "", "OPTIONS:"]
        let labels = allOptions.map(\.label)
        let width = (labels.map(\.count).max() ?? 0) + 2
        for (label, option) in zip(labels, allOptions) {
            lines.append("  " + label.padding(toLength: width, withPad: " ", startingAt: 0) + option.help)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The usage line without `USAGE:`: the tool, the command, every option and the arguments.
    package func usage(toolName: String) -> String {
        var synopsis = options.filter { $0.name != "help" }.map { option in
            let spelled =
                "--\(option.name)\(option.valueName.map { " \(option.choices?.joined(separator: "|") ?? $0)" } ?? "")"
            return option.isRequired ? spelled : "[\(spelled)]"
        }
        if !argumentsSynopsis.isEmpty { synopsis.append(argumentsSynopsis) }
        return ([toolName, name] + synopsis).joined(separator: " ")
    }
}

/// What a command reads from and writes to.
public struct CommandContext: Sendable {
    /// The question types in force.
    public let registry: QuestionTypeRegistry
    /// The tool's name in messages (`questionkit`).
    public let toolName: String
    /// The tool's commands, for the commands that describe them all (completions, the manual page).
    package var commands: [any Command] = []
    /// Reads all of standard input, up to a limit in bytes; more than that is an error.
    public let readStandardInput: @Sendable (_ limit: Int) throws -> [UInt8]
    /// What the command printed to standard output (and has not flushed yet).
    public var standardOutput = ""
    /// What the command printed to standard error (and has not flushed yet).
    public var standardError = ""
    /// Writes printed output to the real standard output and error; nil when output is only
    /// collected (in tests).
    public let emit: (@Sendable (_ output: String, _ error: String) -> Void)?
    /// Writes bytes (a PDF) to the real standard output, returning the system's reason when that
    /// fails; nil when output is only collected (in tests), where the bytes join `standardOutput`.
    public let emitBytes: (@Sendable (_ bytes: [UInt8]) -> String?)?
    /// Whether a file descriptor (1, 2) is a terminal: `isatty` for the process, never in tests.
    public let isTerminal: @Sendable (_ fileDescriptor: Int32) -> Bool
    /// Whether `NO_COLOR` is set to something: no colour unless `--color always` asks for it.
    public let noColor: Bool
    /// The global `--color` option.
    package var colorChoice = ColorChoice.auto

    public init(
        registry: QuestionTypeRegistry, toolName: String = "questionkit",
        readStandardInput: @escaping @Sendable (Int) throws -> [UInt8] = FileInput.readStandardInput,
        emit: (@Sendable (String, String) -> Void)? = nil, emitBytes: (@Sendable ([UInt8]) -> String?)? = nil,
        isTerminal: @escaping @Sendable (Int32) -> Bool = { _ in false }, noColor: Bool = false
    ) {
        self.registry = registry
        self.toolName = toolName
        self.readStandardInput = readStandardInput
        self.emit = emit
        self.emitBytes = emitBytes
        self.isTerminal = isTerminal
        self.noColor = noColor
    }

    /// How text printed to standard output shows severities and results (coloured on a terminal).
    package var outputStyle: TerminalStyle { style(of: 1) }
    /// How text printed to standard error shows severities and results (coloured on a terminal).
    package var errorStyle: TerminalStyle { style(of: 2) }

    private func style(of fileDescriptor: Int32) -> TerminalStyle {
        TerminalStyle(choice: colorChoice, isTerminal: isTerminal(fileDescriptor), noColor: noColor)
    }

    /// Sends what has been printed so far out now, so that a step that must only follow the
    /// output (clearing the notices just shown) happens once they are out. Without `emit`, the
    /// output stays collected.
    public mutating func flushOutput() {
        guard let emit else { return }
        emit(standardOutput, standardError)
        standardOutput = ""
        standardError = ""
    }

    /// Appends to standard output.
    public mutating func print(_ text: String) { standardOutput += text + "\n" }

    /// Writes `bytes` to the output file `path` as `OutputFile` does; `-` means standard output,
    /// after everything printed so far.
    public mutating func writeOutput(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
        guard path == OutputFile.standardOutput else { return try OutputFile.write(bytes, to: path) }
        guard let emitBytes else {
            standardOutput += String(decoding: bytes, as: UTF8.self)
            return
        }
        flushOutput()
        if let reason = emitBytes(bytes) { throw FileAccessError(path: "<stdout>", reason: reason, verb: "write") }
    }

    /// Appends to standard error.
    public mutating func printError(_ text: String) { standardError += text + "\n" }

    /// Appends `file`'s diagnostics to standard error, as `DiagnosticPrinter.text` prints them.
    package mutating func printDiagnostics(
        _ file: FileDiagnostics, repeatedNotes: DiagnosticPrinter.RepeatedNotes = .printed
    ) {
        standardError += DiagnosticPrinter.text(file, style: errorStyle, repeatedNotes: repeatedNotes)
    }
}
