import QuestionKit
import QuestionKitForms

/// An option a command accepts: `--format json`, `--format=json`, or a flag such as `--strict`.
public struct OptionSpec: Sendable {
    /// The long name without dashes, e.g. `format`.
    public let name: String
    /// A one-letter short form without the dash, e.g. `o`.
    public let short: Character?
    /// The value's placeholder in help (`FILE`), or nil for a flag that takes no value.
    public let valueName: String?
    /// The only values allowed, if the option is a choice.
    public let choices: [String]?
    /// One line for the help text.
    public let help: String
    /// Whether the command cannot run without it: the usage line shows it without brackets.
    public let isRequired: Bool

    public init(
        _ name: String, short: Character? = nil, value valueName: String? = nil, choices: [String]? = nil,
        required isRequired: Bool = false, help: String
    ) {
        self.name = name
        self.short = short
        self.valueName = valueName
        self.choices = choices
        self.isRequired = isRequired
        self.help = help
    }

    /// How help names the option: `-o, --out DIR`.
    package var label: String {
        (short.map { "-\($0), " } ?? "") + "--\(name)" + (valueName.map { " \($0)" } ?? "")
    }

    /// `--quiet`: the commands that report problems leave notes out (warnings and errors stay).
    package static let quiet = OptionSpec(
        "quiet", short: "q", help: "Leave notes out; warnings and errors are still reported.")

    /// `--help`, which every command accepts.
    public static let help = OptionSpec("help", short: "h", help: "Show this help.")
}

/// Command-line arguments split into options and positional arguments.
public struct ParsedArguments: Sendable {
    /// Arguments that are not options, in order. `-` (standard input) is positional.
    public var positionals: [String] = []
    /// Values of options that take one; the last occurrence wins.
    public var values: [String: String] = [:]
    /// Every value of options given more than once (`--font A --font B`), in order.
    public var allValues: [String: [String]] = [:]
    /// Flags that were given.
    public var flags: Set<String> = []

    /// The value of option `name`, or `fallback`.
    public func value(_ name: String, default fallback: String) -> String { values[name] ?? fallback }

    /// Splits `arguments` according to `options`. `--` ends the options.
    public static func parse(_ arguments: [String], options: [OptionSpec]) throws(UsageError) -> ParsedArguments {
        var parsed = ParsedArguments()
        var remaining = arguments[...]
        while let argument = remaining.popFirst() {
            if argument == "--" {
                parsed.positionals += remaining
                break
            }
            guard argument.hasPrefix("-"), argument != "-" else {
                parsed.positionals.append(argument)
                continue
            }
            let (spec, inlineValue) = try find(argument, in: options)
            guard let valueName = spec.valueName else {
                if inlineValue != nil { throw UsageError("option '--\(spec.name)' takes no value") }
                parsed.flags.insert(spec.name)
                continue
            }
            guard let value = inlineValue ?? remaining.popFirst() else {
                throw UsageError("option '--\(spec.name)' needs a value (\(valueName))")
            }
            if let choices = spec.choices, !choices.contains(value) {
                let suggestion = Suggestion.nearest(to: value, in: choices).map { "; did you mean '\($0)'?" } ?? ""
                throw UsageError(
                    "'\(value)' is not a valid value for '--\(spec.name)': use \(Suggestion.quotedList(choices))"
                        + suggestion)
            }
            parsed.values[spec.name] = value
            parsed.allValues[spec.name, default: []].append(value)
        }
        return parsed
    }

    private static func find(_ argument: String, in options: [OptionSpec]) throws(UsageError) -> (OptionSpec, String?) {
        if argument.hasPrefix("--") {
            let body = argument.dropFirst(2)
            let name = String(body.prefix { $0 != "=" })
            let inlineValue = body.contains("=") ? String(body.drop { $0 != "=" }.dropFirst()) : nil
            if let spec = options.first(where: { $0.name == name }) { return (spec, inlineValue) }
            let suggestion = Suggestion.nearest(to: name, in: options.map(\.name)).map { "; did you mean '--\($0)'?" }
            throw UsageError("unknown option '--\(name)'" + (suggestion ?? ""))
        }
        let letters = argument.dropFirst()
        if letters.count == 1, let letter = letters.first, let spec = options.first(where: { $0.short == letter }) {
            return (spec, nil)
        }
        throw UsageError("unknown option '\(argument)'")
    }
}

/// A mistake in how a command was called: reported with the command's usage, exit code 64.
public struct UsageError: Error, Equatable, CustomStringConvertible {
    public let message: String

    public init(_ message: String) {
        self.message = message
    }

    public var description: String { message }
}
