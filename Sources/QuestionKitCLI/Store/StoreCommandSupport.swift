import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitStore

/// The options the store subcommands share.
enum StoreOptions {
    static let root = OptionSpec("root", value: "DIR", help: "The store's folder (default ./forms).")
    static let config = OptionSpec(
        "config", value: "FILE",
        help: "Store settings (JSON or property list): DeleteAfterDays, SendNotificationAfterDays, folders.")
    static let keys = OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys.")
    static let now = OptionSpec(
        "now", value: "DATE", help: "Take this moment as now (ISO 8601: 2026-03-08T09:30:00Z, or 2026-03-08).")
    static let format = OptionSpec(
        "format", value: "FORMAT", choices: ["text", "json"], help: "Output for people (text) or machines (json).")
    static let user = OptionSpec("user", value: "USER", help: "The technician (a folder name in the store).")
    static let foreman = OptionSpec(
        "foreman", value: "NAME", help: "The foreman making the change (default: who commented).")

    /// A question's number, from 1, given as `text` (to `--option` when it is named).
    static func questionNumber(_ text: String, option: String?) throws(UsageError) -> Int {
        guard let number = Int(text), number >= 1 else {
            throw UsageError(
                "'\(text)' is not a question number" + (option.map { " for '--\($0)'" } ?? "") + ": write 1, 2, …")
        }
        return number
    }

    /// The options of every subcommand.
    static let common = [root, config, keys]

    /// The default store folder.
    static let defaultRoot = "./forms"
}

/// What a store subcommand works with: the store and the moment taken as now.
struct StoreSetup {
    let store: FormStore
    let now: Date
    /// `questionkit store start`, for messages.
    let commandName: String

    /// The store the options describe; nil, with the problems printed, when the settings or the
    /// key map have errors.
    static func make(_ arguments: ParsedArguments, command: String, context: inout CommandContext)
        throws(UsageError) -> StoreSetup?
    {
        var configuration = StoreConfiguration.standard
        if let path = arguments.values["config"] {
            guard let loaded = loadConfiguration(path, context: &context) else { return nil }
            configuration = loaded
        }
        let now = try date(arguments.values["now"], timeZone: configuration.timeZone)
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return nil }
        let reader = TemplateReader(registry: context.registry, keys: keys)
        let store = FormStore(
            root: arguments.value("root", default: StoreOptions.defaultRoot), configuration: configuration,
            reader: reader)
        return StoreSetup(store: store, now: now, commandName: "\(context.toolName) store \(command)")
    }

    private static func loadConfiguration(_ path: String, context: inout CommandContext) -> StoreConfiguration? {
        do {
            let bytes = try FileInput.read(path, limit: JSONParser.Limits.default.maxBytes)
            let (configuration, diagnostics) = StoreConfiguration.load(bytes)
            context.printDiagnostics(
                FileDiagnostics(path: path, diagnostics: diagnostics, source: bytes))
            return configuration
        } catch {
            context.printError("\(path): error: \(error)")
            return nil
        }
    }

    /// The moment `--now` names, or the clock's.
    static func date(_ text: String?, timeZone: TimeZone) throws(UsageError) -> Date {
        guard let text else { return Date() }
        guard let date = StoreDates.parse(text, timeZone: timeZone) else {
            throw UsageError(
                "'\(text)' is not an ISO 8601 date for '--now': write for example 2026-03-08T09:30:00Z, "
                    + "2026-03-08T09:30:00+01:00 or 2026-03-08")
        }
        return date
    }

    /// Runs `body` on the store; a `StoreError` is printed with its hint and diagnostics and gives 1.
    /// Sets up the store, finds the form named on the command line, and performs `body` on it:
    /// what every subcommand that works on one form does.
    static func performOnForm(
        _ formName: String, _ arguments: ParsedArguments, command: String, context: inout CommandContext,
        _ body: (StoreSetup, FormStore, FormReference, inout CommandContext) throws(StoreError) -> Int32
    ) throws(UsageError) -> Int32 {
        guard let setup = try make(arguments, command: command, context: &context),
            let reference = setup.reference(formName, context: &context)
        else { return ExitStatus.inputErrors }
        return setup.perform(&context) { store, context throws(StoreError) in
            try body(setup, store, reference, &context)
        }
    }

    func perform(
        _ context: inout CommandContext, _ body: (FormStore, inout CommandContext) throws(StoreError) -> Int32
    ) -> Int32 {
        do {
            return try body(store, &context)
        } catch {
            report(error, context: &context)
            return ExitStatus.inputErrors
        }
    }

    /// Prints `error` with its hint and located problems, as an error or (`as: "warning"`) as a
    /// warning when the command goes on without what it is about.
    func report(_ error: StoreError, as severity: String = "error", context: inout CommandContext) {
        context.printError("\(commandName): \(severity): \(error.description)")
        if let hint = error.hint { context.printError("  hint: \(hint)") }
        if !error.diagnostics.isEmpty {
            let source = error.path.flatMap { try? FileInput.read($0, limit: JSONParser.Limits.default.maxBytes) }
            context.printDiagnostics(
                FileDiagnostics(path: error.path ?? "", diagnostics: error.diagnostics, source: source))
        }
    }

    /// Names on standard error the entries in the forms' places that are not forms (`StoreListing.strays`).
    func warn(strays: [String], context: inout CommandContext) {
        for stray in strays { context.printError("warning: '\(stray)' is not a form; left alone") }
    }

    /// The form the positional argument names.
    func reference(_ text: String, context: inout CommandContext) -> FormReference? {
        do {
            return try store.reference(text)
        } catch {
            report(error, context: &context)
            return nil
        }
    }
}

extension ParsedArguments {
    /// The one positional argument, named `what` in messages.
    func single(_ what: String) throws(UsageError) -> String {
        guard let first = positionals.first else { throw UsageError("no \(what) given") }
        if positionals.count > 1 { throw UsageError("unexpected argument '\(positionals[1])'") }
        return first
    }

    /// Exactly two positional arguments; `missing` says what to give when there are fewer.
    func pair(_ missing: String) throws(UsageError) -> (String, String) {
        guard positionals.count == 2 else {
            throw UsageError(positionals.count < 2 ? missing : "unexpected argument '\(positionals[2])'")
        }
        return (positionals[0], positionals[1])
    }

    /// No positional arguments.
    func none() throws(UsageError) {
        if let first = positionals.first { throw UsageError("unexpected argument '\(first)'") }
    }

    /// The value of a required option.
    func required(_ name: String, _ valueName: String) throws(UsageError) -> String {
        guard let value = values[name] else { throw UsageError("no --\(name) given; pass --\(name) \(valueName)") }
        return value
    }
}
