import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitInterchange
import QuestionKitLanguageServer

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `questionkit lsp`: the Language Server Protocol server on standard input and output.
package struct LanguageServerCommand: Command {
    package init() {}

    package let name = "lsp"
    package let summary = "Run the language server (LSP) for templates and fixtures on standard input and output."
    package let argumentsSynopsis = ""
    package let discussion = """
        Speaks the Language Server Protocol (JSON-RPC 2.0 with Content-Length framing) on standard
        input and output, for an editor to start: diagnostics as 'validate' reports them, on open and
        on every change; completion of keys, 'answer-type' values, options and what a condition may
        say; hover documentation; quick fixes from fix-its; an outline of the questions; go to
        definition, find references and rename of a condition's linkId. Exits 0 after 'shutdown'
        then 'exit', 1 when the input ends or 'exit' comes without 'shutdown'.
        """
    package let options: [OptionSpec] = [
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys.")
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard arguments.positionals.isEmpty else { throw UsageError("lsp takes no arguments") }
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return ExitStatus.inputErrors }
        let configuration = LanguageServer.Configuration(
            registry: context.registry, keys: keys, name: context.toolName, version: QuestionKitTool.version,
            files: DiskFiles(), foreign: ForeignTemplate())
        context.flushOutput()
        return LanguageServer.run(configuration, input: DescriptorSource(descriptor: STDIN_FILENO)) { bytes in
            _ = bytes.withUnsafeBytes { SystemIO.writeAll($0, to: STDOUT_FILENO) }
        }
    }
}

/// A file descriptor (standard input for `questionkit lsp`).
struct DescriptorSource: ByteSource {
    let descriptor: Int32

    /// Reads `descriptor`.
    init(descriptor: Int32) {
        self.descriptor = descriptor
    }

    mutating func read(into buffer: UnsafeMutableRawBufferPointer) -> Int {
        SystemIO.read(descriptor, into: buffer)
    }

    func hasWaitingInput() -> Bool {
        var request = pollfd(fd: descriptor, events: Int16(POLLIN), revents: 0)
        return poll(&request, 1, 0) > 0
    }
}
