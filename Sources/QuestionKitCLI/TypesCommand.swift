import QuestionKit
import QuestionKitForms

/// `questionkit types`: the registered question types, one line each.
package struct TypesCommand: Command {
    package init() {}

    package let name = "types"
    package let summary = "List the registered question types."
    package let argumentsSynopsis = ""
    package let discussion = "Lists each question type's answer-type identifier, legacy qid and summary."
    package let options: [OptionSpec] = [
        OptionSpec(
            "format", value: "FORMAT", choices: ["text", "json"], help: "Output for people (text) or machines (json).")
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        let types = context.registry.descriptions
        if arguments.value("format", default: "text") == "json" {
            let entries: [JSONWriter.Value] = types.map { type in
                .object([
                    ("identifier", .string(type.identifier)),
                    ("aliases", .array(type.aliases.map { .string($0) })),
                    ("qid", type.legacyTypeCode.map { .string($0) } ?? .null),
                    ("summary", .string(type.summary)),
                ])
            }
            context.print(JSONWriter.text(of: .array(entries)))
            return ExitStatus.success
        }
        let width = (types.map(\.identifier.count).max() ?? 0) + 2
        for type in types {
            let qid = type.legacyTypeCode.map { "qid \($0)" } ?? "     "
            let aliases = type.aliases.isEmpty ? "" : " (also: \(type.aliases.joined(separator: ", ")))"
            context.print(
                type.identifier.padding(toLength: width, withPad: " ", startingAt: 0) + qid + "  " + type.summary
                    + aliases)
        }
        return ExitStatus.success
    }
}
