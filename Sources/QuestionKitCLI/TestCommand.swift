import QuestionKit

/// `questionkit test DIR...`: every fixture found, replayed as a test of its template.
public struct TestCommand: Command {
    public init() {}

    public let name = "test"
    public let summary = "Replay every fixture (*.fixture.json) in the folders as a test of its template."
    public let argumentsSynopsis = "DIR..."
    public let discussion = """
        Finds every *.fixture.json in the folders (and their subfolders; fixture files may also be
        named directly), replays each with the template it names, and prints one line per fixture,
        'PASS' or 'FAIL' with the reason, then 'N passed, N failed'. Exits 1 if any failed or a
        folder holds no fixture.
        """
    public let options: [OptionSpec] = [
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys.")
    ]

    /// The suffix that marks a fixture file.
    public static let fixtureSuffix = ".fixture.json"

    public func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no folders given") }
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return ExitStatus.inputErrors }
        let files = FormFiles(reader: TemplateReader(registry: context.registry, keys: keys))
        var templates = TemplateCache()
        var passed = 0
        var failed = 0
        var fixtures: [String] = []
        var emptyFolders = 0
        for argument in arguments.positionals {
            let found = Self.fixtures(in: argument)
            // A folder without fixtures is most likely a mistyped one: it must not pass.
            if found.isEmpty {
                emptyFolders += 1
                context.printError(
                    "\(context.toolName) test: error: no fixtures (*\(Self.fixtureSuffix)) found in '\(argument)'")
            }
            fixtures += found
        }
        for path in fixtures {
            if let failure = check(path, files: files, templates: &templates) {
                failed += 1
                context.print(TerminalText.escaped("FAIL \(path): \(failure)"))
            } else {
                passed += 1
                context.print(TerminalText.escaped("PASS \(path)"))
            }
        }
        context.print("\(passed) passed, \(failed) failed")
        return failed == 0 && emptyFolders == 0 ? ExitStatus.success : ExitStatus.inputErrors
    }

    /// Why the fixture at `path` fails, or nil when it passes.
    func check(_ path: String, files: FormFiles, templates: inout TemplateCache) -> String? {
        let fixture = files.fixture(at: path)
        guard let loadedFixture = fixture.value else { return Self.firstError(fixture.report) }
        guard let templatePath = files.templatePath(of: loadedFixture, at: path) else {
            return "the fixture names no template (\"template\": \"form.json\")"
        }
        let template = templates.template(at: templatePath, files: files)
        guard let loadedTemplate = template.value else { return Self.firstError(template.report) }
        let result = FixtureReplayer(fixture: loadedFixture, template: loadedTemplate).replay()
        let report = FileDiagnostics(path: path, diagnostics: result.diagnostics, source: fixture.report.source)
        return result.passed ? nil : Self.firstError(report)
    }

    /// Errors that follow from others (a replay stopped by a refusal ends in the wrong phase).
    static let consequences: Set<String> = ["fixture.outcome-differs", "fixture.flags-differ"]

    /// `path:line:column: message [code]` of the first error that is a cause rather than a
    /// consequence, and how many more there are.
    private static func firstError(_ report: FileDiagnostics) -> String {
        let all = report.diagnostics.filter { $0.severity == .error }
        let errors = all.filter { !consequences.contains($0.code) } + all.filter { consequences.contains($0.code) }
        guard let first = errors.first else { return "failed" }
        let location = first.position.map { "\(report.path):\($0.line):\($0.column)" } ?? report.path
        let more = errors.count > 1 ? " (and \(errors.count - 1) more)" : ""
        return "\(first.message) [\(first.code)] at \(location)\(more)"
    }

    /// The fixture files of a folder and its subfolders, sorted (none for a folder without any);
    /// a file is its own list.
    public static func fixtures(in path: String) -> [String] {
        FileInput.files(in: path) { $0.hasSuffix(fixtureSuffix) } ?? [path]
    }
}
