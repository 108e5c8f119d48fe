import QuestionKit
import QuestionKitFiles
import QuestionKitForms
import QuestionKitPDF

/// `questionkit run TEMPLATE --answers FIXTURE`: replays a form as a technician and a foreman would.
package struct RunCommand: Command {
    package init() {}

    package let name = "run"
    package let summary = "Replay a form from fixture answers: transcript, review, flags, completed form."
    package let argumentsSynopsis = "TEMPLATE"
    package let discussion = """
        Walks TEMPLATE as a technician and then a foreman would, from the answers, comments, media
        and steps of the fixture, and prints a transcript of the walk, the review and the flags.
        With --out, writes the completed form JSON, the text export and the flag report there
        (with --embed-media, the media files beside the fixture embedded in the JSON);
        with --pdf, the printed form, with thumbnails of the photos beside the fixture (--pdf - sends
        it to standard output, and the transcript and review to standard error).
        Exits 0 when the replay completes and every expectation of the fixture holds, 1 otherwise,
        and 1 for any problem of the fixture itself (an unknown key, step, media kind, outcome or
        refusal code; a "template" that is not TEMPLATE: TEMPLATE is used, and the fixture fails).
        \(OutputFile.rulesHelp)
        """
    package var options: [OptionSpec] {
        Self.ownOptions + PDFOutput.options
    }

    static let ownOptions: [OptionSpec] = [
        OptionSpec("answers", value: "FIXTURE", required: true, help: "The fixture to replay (required)."),
        OptionSpec("user", value: "NAME", help: "The technician, instead of the fixture's."),
        OptionSpec("foreman", value: "NAME", help: "The foreman, instead of the fixture's."),
        OptionSpec(
            "out", value: "DIR",
            help: "Write <name>.completed.json, <name>.txt and <name>.flags.txt here (created if missing)."),
        OptionSpec("pdf", value: "FILE", help: "Write the printed form as a PDF ('-' for standard output)."),
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys."),
        EmbedMediaOption.spec,
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard let templatePath = arguments.positionals.first else { throw UsageError("no template given") }
        if arguments.positionals.count > 1 { throw UsageError("unexpected argument '\(arguments.positionals[1])'") }
        guard let fixturePath = arguments.values["answers"] else {
            throw UsageError("no fixture given; pass --answers FIXTURE")
        }
        if arguments.values["out"] == OutputFile.standardOutput {
            throw UsageError("--out takes a folder, not '-'; for a PDF on standard output pass --pdf -")
        }
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return ExitStatus.inputErrors }
        let pdf = arguments.values["pdf"]
        // With the PDF on standard output, what is for people goes to standard error.
        let forPeople: WritableKeyPath<CommandContext, String> =
            pdf == OutputFile.standardOutput ? \.standardError : \.standardOutput
        // The template and the form are let go before the PDF is rendered (the review is all it
        // needs), and the review before it is written (its pages are all that needs).
        guard
            var reported = report(
                templatePath: templatePath, fixturePath: fixturePath, keys: keys, forPeople: forPeople,
                arguments: arguments, context: &context)
        else { return ExitStatus.inputErrors }
        if let pdf, reported.review != nil {
            guard
                let document = PDFOutput.render(
                    taking: &reported.review, photos: reported.photos, arguments: arguments, context: &context),
                PDFOutput.write(consume document, to: pdf, context: &context)
            else { return ExitStatus.inputErrors }
            let place = pdf == OutputFile.standardOutput ? "the PDF to standard output" : pdf
            context[keyPath: forPeople] += "wrote \(place)\n"
        }
        return reported.status
    }

    /// What `run` made: its exit status and, with --pdf, the review to print and its thumbnails.
    private struct Reported {
        var status: Int32
        var review: Review?
        var photos: [String: PDFImage] = [:]
    }

    /// Replays the fixture on the template, prints the transcript, the review and the problems and
    /// writes the --out files; nil when that cannot be done.
    private func report(
        templatePath: String, fixturePath: String, keys: KeyMap, forPeople: WritableKeyPath<CommandContext, String>,
        arguments: ParsedArguments, context: inout CommandContext
    ) -> Reported? {
        let files = FormFiles(reader: TemplateReader(registry: context.registry, keys: keys))
        let template = files.template(at: templatePath)
        context.printDiagnostics(template.report)
        guard let loadedTemplate = template.value else {
            context.printDiagnostics(files.fixture(at: fixturePath).report)
            return nil
        }
        guard
            var replayed = Self.replay(
                fixtureAt: fixturePath, files: files, template: loadedTemplate, templatePath: templatePath,
                arguments: arguments, context: &context)
        else { return nil }
        let session = replayed.result.session
        // The transcript and the review of a large form are as large as the form: each goes out in
        // pieces as it is made, the transcript let go before the review is made, both before the exports.
        Self.printTranscript(replayed.result.transcript, to: forPeople, context: &context)
        replayed.result.transcript = []
        context[keyPath: forPeople] += "\n\n"
        let review = Review(form: session.form)
        ReviewPrinter.text(review) { piece in
            context[keyPath: forPeople] += piece
            context.flushOutput()
        }
        context.standardError += replayed.problemsText
        context.flushOutput()
        if let folder = arguments.values["out"] {
            let name = PathText.deletingExtension(of: PathText.lastComponent(of: templatePath))
            // The fixture plays the technician's device: the media lie beside it.
            let media = EmbedMediaOption.media(
                of: session.form, arguments: arguments, folderOf: fixturePath,
                locatedIn: template.report, context: &context)
            let json = CompletedFormWriter.json(session.form, embedding: media)
            guard let written = write(json, review: review, name: name, to: folder, context: &context) else {
                return nil
            }
            context[keyPath: forPeople] += "wrote \(written.joined(separator: ", "))\n"
        }
        var reported = Reported(status: replayed.problems.containsErrors ? ExitStatus.inputErrors : ExitStatus.success)
        if arguments.values["pdf"] != nil {
            reported.review = review
            // Read while the form is here (it goes before the PDF is rendered). The fixture plays the
            // technician's device: a photo lies beside it, or is embedded in a TEMPLATE that is a
            // completed form. A fixture's photo with no file anywhere is one it only names (its
            // name is printed), not a problem of the run.
            reported.photos = PDFOutput.photos(
                of: session.form, folderOf: fixturePath, locatedIn: template.report, missingIsWarning: false,
                context: &context)
        }
        return reported
    }

    /// What `run` keeps of a replay: its result, its problems (cause first) and their text.
    private struct Replayed {
        var result: ReplayResult
        var problems: [Diagnostic]
        var problemsText: String
    }

    /// Reads the fixture and replays it on `template`; nil, with the fixture's problems printed,
    /// when it cannot be read. The fixture (its bytes and its parse) is let go when this returns:
    /// its problems are kept as text.
    private static func replay(
        fixtureAt fixturePath: String, files: FormFiles, template: Template, templatePath: String,
        arguments: ParsedArguments, context: inout CommandContext
    ) -> Replayed? {
        let fixture = files.fixture(at: fixturePath)
        guard var loadedFixture = fixture.value else {
            context.printDiagnostics(fixture.report)
            return nil
        }
        // The fixture's own problems fail the run as its replay's do, and are printed with them, cause first.
        let fixtureProblems =
            fixture.report.diagnostics
            + files.check.fixtureTemplate.choose(for: loadedFixture, at: fixturePath, given: templatePath).problems
        if let user = arguments.values["user"] { loadedFixture.technician = user }
        if let foreman = arguments.values["foreman"] { loadedFixture.foreman = foreman }
        let result = FixtureReplayer(fixture: loadedFixture, template: template).replay()
        let told = FixtureChecks.replayProblems(result, besides: fixtureProblems)
        let problems = FixtureChecks.causeFirst(fixtureProblems + told.causes)
        let text =
            DiagnosticPrinter.text(
                FileDiagnostics(path: fixturePath, diagnostics: problems, source: fixture.report.source),
                style: context.errorStyle)
            + (told.followOns.map { TerminalText.escaped(fixturePath) + ": \($0.summary)\n" } ?? "")
        return Replayed(result: result, problems: problems, problemsText: text)
    }

    /// Prints the transcript's lines (as `TerminalText.lines` joins them), each escaped.
    private static func printTranscript(
        _ transcript: [String], to output: WritableKeyPath<CommandContext, String>, context: inout CommandContext
    ) {
        for (index, line) in transcript.enumerated() {
            if index > 0 { context[keyPath: output] += "\n" }
            context[keyPath: output] += TerminalText.escaped(line)
            // Out in pieces, so that the text is not held whole beside the transcript.
            if index % 1024 == 1023 { context.flushOutput() }
        }
    }

    /// Writes the completed form's JSON, the text export and the flag report into `folder` (created if
    /// missing); the paths written, or nil with the reason printed.
    private func write(
        _ completedForm: String, review: Review, name: String, to folder: String, context: inout CommandContext
    ) -> [String]? {
        let outputs = [
            (PathText.joined(folder, "\(name).completed.json"), completedForm),
            (PathText.joined(folder, "\(name).txt"), TextExport.render(review)),
            (PathText.joined(folder, "\(name).flags.txt"), FlagReport.text(review)),
        ]
        do {
            try OutputFile.makeFolder(folder)
            for (path, text) in outputs { try OutputFile.write(text, to: path) }
            return outputs.map(\.0)
        } catch {
            context.printError("\(context.toolName) run: error: \(error)")
            return nil
        }
    }
}

/// The `--keys FILE` option shared by the commands.
enum KeyMapOption {
    /// The key map the option names (the MI keys without it); nil, with the problems printed to
    /// standard error, when the file has errors.
    static func load(_ arguments: ParsedArguments, context: inout CommandContext) -> KeyMap? {
        guard let path = arguments.values["keys"] else { return .mi }
        let (keys, report) = read(path, registry: context.registry)
        context.printDiagnostics(report)
        return report.diagnostics.containsErrors ? nil : keys
    }

    /// Reads the key-map file at `path`: the key map (the MI keys when unusable) and its problems,
    /// located in the file (an unreadable file is one `file.unreadable` problem).
    static func read(_ path: String, registry: QuestionTypeRegistry) -> (keys: KeyMap, report: FileDiagnostics) {
        let loaded = FormFiles.load(path, limit: JSONParser.Limits.default.maxBytes) { bytes in
            KeyMap.load(bytes, registry: registry)
        }
        return (loaded.value ?? .mi, loaded.report)
    }
}
