import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitInterchange

/// `questionkit validate FILE...`: checks templates and reports every problem of every file.
package struct ValidateCommand: Command {
    package init() {}

    /// How `--watch` waits between runs (tests bound it).
    package var watchLoop = WatchLoop()

    package let name = "validate"
    package let summary = "Check MI templates and report every problem with its location."
    package let argumentsSynopsis = "FILE..."
    package let discussion = """
        Checks each template (a JSON file, '-' for standard input, or a folder of .json files) and
        each fixture named (*.fixture.json, or a file shaped like one) against its template without
        replaying it, and prints every problem as 'path:line:column: severity: message [code]' followed by a hint.
        A syntax error hides nothing: the checks run on what the reader recovers past it (a note says so).
        Exits 0 when no file has errors (warnings allowed), 1 when any has or a folder holds no
        template, 64 for bad usage.
        With --fix, the safe fixes (early keys, misspelled keys, padded options, a type qid gives
        away, ...) are applied to each template file in place, atomically, keeping everything else
        as written; what changed is listed on standard error, then what is left is reported.
        Fixing goes round by round (a fix can reveal the next); after \(ValidateFix.maxRounds) rounds it
        stops, and if safe fixes are still left, that is an error (fix.unfinished) of the file.
        Standard input cannot be fixed in place, so '-' with --fix is a usage error.
        With --watch, the files are checked again whenever one changes (looked at twice a second),
        each run after a separator line, until Ctrl-C; the exit status is that of the last run.
        --quiet leaves notes out (warnings and errors are still reported and counted).
        --format json lists each problem's fixes: title, whether --fix applies it, and its edits
        (UTF-8 byte offsets).
        Limits: files up to \(JSONParser.Limits.default.maxBytes / (1 << 20)) MiB, nesting up to \
        \(JSONParser.Limits.default.maxDepth) levels.
        """
    package let options: [OptionSpec] = [
        OptionSpec(
            "format", value: "FORMAT", choices: ["text", "json"], help: "Output for people (text) or machines (json)."),
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys."),
        OptionSpec("strict", help: "Treat warnings (not notes) as errors for the exit status."),
        OptionSpec.quiet,
        OptionSpec("fix", help: "Apply the safe fixes to the template files in place, then report what is left."),
        OptionSpec("watch", help: "Check again whenever a file changes, until Ctrl-C."),
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty else {
            throw UsageError("no files given; name one or more templates, or '-' for standard input")
        }
        let fixing = arguments.flags.contains("fix")
        if fixing, arguments.positionals.contains("-") {
            throw UsageError("--fix rewrites files in place; it cannot fix standard input ('-')")
        }
        guard arguments.flags.contains("watch") else { return check(arguments, context: &context) }
        if arguments.positionals.contains("-") {
            throw UsageError("--watch looks at files for changes; it cannot watch standard input ('-')")
        }
        // A fix written while the file is open in an editor would fight the editor's buffer.
        if fixing { throw UsageError("--watch and --fix cannot be combined; fix once, then watch") }
        return watchLoop.run(arguments.positionals, context: &context) { check(arguments, context: &$0) }
    }

    /// One run: every file named checked and reported, the summary, the exit status.
    private func check(_ arguments: ParsedArguments, context: inout CommandContext) -> Int32 {
        let fixing = arguments.flags.contains("fix")
        let limits = JSONParser.Limits.default
        var report = DiagnosticReport(
            isJSON: arguments.value("format", default: "text") == "json",
            leavesOutNotes: arguments.flags.contains("quiet"), summarisesCleanRuns: arguments.flags.contains("watch"))
        var keys = KeyMap.mi
        if let keyPath = arguments.values["keys"] {
            // validate lists the key map's problems with the templates' (in text or JSON).
            let loaded = KeyMapOption.read(keyPath, registry: context.registry)
            keys = loaded.keys
            if !loaded.report.diagnostics.isEmpty { report.add(loaded.report, to: &context) }
        }
        if report.tally.errors == 0 {
            let reader = TemplateReader(registry: context.registry, keys: keys, limits: limits)
            for argument in arguments.positionals {
                let walk = FileInput.expand(argument)
                for skipped in walk.skipped { report.add(skipped, checked: false, to: &context) }
                // A folder without templates is most likely a mistyped one: it must not pass.
                if walk.paths.isEmpty {
                    let problem = Self.noTemplates(in: argument)
                    report.add(FileDiagnostics(path: argument, diagnostics: [problem], source: nil), to: &context)
                }
                for path in walk.paths {
                    validate(
                        path, within: walk.folder, reader: reader, fixing: fixing, into: &report, context: &context)
                }
            }
        }
        report.finish(&context)
        let tally = report.tally
        let failed = tally.errors > 0 || (arguments.flags.contains("strict") && tally.warnings > 0)
        return failed ? ExitStatus.inputErrors : ExitStatus.success
    }

    /// Reports the file's problems; a fixture's are checked against its template (whose problems
    /// come first). A template's are printed as they are located; with `fixing`, after its safe
    /// fixes are applied in place. A file a folder walk found is read `within` that folder.
    private func validate(
        _ path: String, within folder: String?, reader: TemplateReader, fixing: Bool,
        into report: inout DiagnosticReport,
        context: inout CommandContext
    ) {
        let displayPath = path == "-" ? "<stdin>" : path
        var bytes: [UInt8]
        do {
            bytes =
                path == "-"
                ? try context.readStandardInput(reader.limits.maxBytes)
                : try FileInput.read(path, limit: reader.limits.maxBytes, within: folder)
        } catch {
            let unread = FileDiagnostics(path: displayPath, diagnostics: [Self.problem(reading: error)], source: nil)
            return report.add(unread, to: &context)
        }
        var parsed: JSONParseResult
        let check = SourceCheck(reader: reader, files: DiskFiles(), foreign: ForeignTemplate())
        switch check.read(bytes, path: path, displayPath: displayPath) {
        case .fixture(let files): return files.forEach { report.add($0, to: &context) }
        case .template(let reading): parsed = reading
        // A FHIR Questionnaire, a SurveyJS survey or an XLSForm is checked as the template it converts to,
        // located in its own source; a workbook has no text to show a line of (its diagnostics name their cells).
        case .foreign(let diagnostics):
            let source = InterchangeFormat.isArchive(bytes) ? nil : bytes
            return report.add(
                FileDiagnostics(path: displayPath, diagnostics: diagnostics, source: source), to: &context)
        }
        var unfinished: Diagnostic?
        if fixing {
            let fixed = ValidateFix.fixFile(path, bytes: bytes, reader: reader)
            if fixed.bytes != bytes { parsed = JSONParser.parseRecovering(fixed.bytes, limits: reader.limits) }
            bytes = fixed.bytes
            unfinished = fixed.unfinished
            for line in fixed.report { context.printError(line) }
        }
        let reading = parsed
        // Text shows no pointers and no fix-its: a million problems need not make a million of them.
        let detail: ProblemCollector.Detail = report.isJSON ? .all : []
        report.add(path: displayPath, source: bytes, to: &context) { each in
            unfinished.map(each)
            reader.diagnose(reading, detail: detail, each: each)
        }
    }

    /// The problem of a file that could not be read: `json.too-large` (as the parser reports it)
    /// when it is over the size limit, `file.unreadable` with the system's reason otherwise.
    static func problem(reading error: any Error) -> Diagnostic {
        let accessError = error as? FileAccessError
        if let accessError, let limit = accessError.exceededLimit {
            return JSONParser.tooLarge(size: accessError.size, limit: limit)
        }
        let reason = accessError?.reason ?? "\(error)"
        return Diagnostic(
            severity: .error, code: "file.unreadable", message: "cannot read the file: \(reason)",
            hint: "Check the path and that the file is readable.")
    }

    static func noTemplates(in folder: String) -> Diagnostic {
        Diagnostic(
            severity: .error, code: "file.no-templates", message: "no templates (*.json) found in '\(folder)'",
            hint: "Check the folder's name; templates are the .json files in it and its subfolders, fixtures "
                + "(*\(TestCommand.fixtureSuffix)) left out.")
    }
}
