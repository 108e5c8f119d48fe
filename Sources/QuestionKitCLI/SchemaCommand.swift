import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// `questionkit schema`: the JSON Schema of templates, composed from every registered type's own.
package struct SchemaCommand: Command {
    package init() {}

    package let name = "schema"
    package let summary = "Print a JSON Schema (draft 2020-12) of templates, for editors."
    package let argumentsSynopsis = ""
    package let discussion = """
        Prints a JSON Schema of MI templates: the template keys, the keys every question shares,
        and each registered question type's own keys (selected by 'answer-type'), all with
        descriptions. Point an editor at it to complete and check templates while typing. The
        schema rejects only what 'validate' reports as an error; 'validate' also reports what no
        schema can express (such as 'max-answers' above the number of options) and warnings.
        """
    package let options: [OptionSpec] = [
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys.")
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        if let extra = arguments.positionals.first { throw UsageError("unexpected argument '\(extra)'") }
        var keys = KeyMap.mi
        if let path = arguments.values["keys"] {
            guard let loaded = loadKeyMap(path, context: &context) else { return ExitStatus.inputErrors }
            keys = loaded
        }
        context.standardOutput += TemplateSchema(registry: context.registry, keys: keys).text
        return ExitStatus.success
    }

    /// The key map at `path`, or nil (with its problems printed) when it has errors.
    private func loadKeyMap(_ path: String, context: inout CommandContext) -> KeyMap? {
        let bytes: [UInt8]
        do {
            bytes = try FileInput.read(path, limit: JSONParser.Limits.default.maxBytes)
        } catch {
            context.printError("\(context.toolName) schema: error: \(error)")
            return nil
        }
        let registry = context.registry
        let (keys, diagnostics) = KeyMap.load(bytes, registry: registry)
        context.printDiagnostics(
            FileDiagnostics(path: path, diagnostics: diagnostics, source: bytes))
        return diagnostics.containsErrors ? nil : keys
    }
}
