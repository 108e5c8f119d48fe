import QuestionKit
import QuestionKitForms

/// `questionkit test DIR...`: every fixture found, replayed as a test of its template.
package struct TestCommand: Command {
    package init() {}

    package let name = "test"
    package let summary = "Replay every fixture (*.fixture.json) in the folders as a test of its template."
    package let argumentsSynopsis = "DIR..."
    package let discussion = """
        Finds every *.fixture.json in the folders (and their subfolders; fixture files may also be
        named directly), replays each with the template it names, and prints one line per fixture,
        'PASS' or 'FAIL' with the cause first (located in the fixture), every further problem and
        warning indented below it, then 'N passed, N failed'. What only follows from the cause (the
        later steps refused once one was, the outcome and flags then reached) is one line: 'and 17
        later steps refused because question 3 was never answered'. Any problem of a fixture (an unknown
        key, step, media kind, outcome or refusal code, a question the template lacks, a template
        that does not exist) fails it. Fixtures are replayed on every core; the output is in the
        order of their paths. --format json prints the envelope validate prints, {files, summary},
        with one object per fixture in files (file, template, status,
        duration, flags found and expected, every diagnostic, each marked followOn or not, and
        followOns, that line); --format junit, JUnit XML (one testcase per fixture, its failure the
        located cause). Exits 1 if any failed or a folder
        (or --filter) leaves no fixture.

        --coverage reports, per template, how far its fixtures reach into its conditions
        (enableWhen), each fixture judged on its final answers as the session decides what is
        asked: for each condition (question, its place in enableWhen, its line) whether a fixture
        made it true and one made it false, and for each question with conditions whether one asked
        it and one did not. Each of those is a branch; the report gives 'branches 22/24 covered'
        and lists the branches no fixture reached at their lines (path:line). With --format json
        it is the envelope's "coverage" list. --coverage-file FILE writes it as LCOV (branch records
        at the conditions' lines, SF the template) for genhtml; '-' writes it to standard output,
        and the fixtures' report then goes to standard error. Coverage changes the exit status
        only with --coverage-min PERCENT: 1 when a template's branches are less covered than that.
        """
    package let options: [OptionSpec] = [
        OptionSpec(
            "format", value: "FORMAT", choices: ["text", "json", "junit"],
            help: "Output for people (text), machines (json) or CI test reports (junit, JUnit XML)."),
        OptionSpec("filter", value: "PATTERN", help: "Only the fixtures whose path contains PATTERN."),
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys."),
        OptionSpec.quiet,
        OptionSpec("coverage", help: "Also report which branches of each template's conditions the fixtures reached."),
        OptionSpec(
            "coverage-file", value: "FILE",
            help: "Write the coverage of the conditions as LCOV to FILE, for genhtml ('-': standard output)."),
        OptionSpec(
            "coverage-min", value: "PERCENT",
            help: "Exit 1 when a template's conditions are less covered than PERCENT (0 to 100)."),
    ]

    /// The suffix that marks a fixture file.
    package static let fixtureSuffix = SourceCheck.fixtureSuffix

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no folders given") }
        let format = arguments.value("format", default: "text")
        let coverageOptions = try CoverageOptions(arguments, format: format)
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return ExitStatus.inputErrors }
        let files = FormFiles(reader: TemplateReader(registry: context.registry, keys: keys))
        var fixtures: [String] = []
        var emptyFolders = 0
        for argument in arguments.positionals {
            let walk = Self.fixtureWalk(argument)
            for skipped in walk.skipped { context.printDiagnostics(skipped) }
            let found = walk.paths
            // A folder without fixtures is most likely a mistyped one: it must not pass.
            if found.isEmpty {
                emptyFolders += 1
                context.printError(
                    "\(context.toolName) test: error: no fixtures (*\(Self.fixtureSuffix)) found in '\(argument)'")
            }
            fixtures += found
        }
        if let pattern = arguments.values["filter"] {
            fixtures = fixtures.filter { $0.contains(pattern) }
            // A filter that keeps nothing is most likely mistyped: it must not pass.
            if fixtures.isEmpty {
                emptyFolders += 1
                context.printError(
                    "\(context.toolName) test: error: no fixture's path contains '\(pattern)' (--filter)")
            }
        }
        let tally = coverageOptions.isWanted ? CoverageTally() : nil
        var outcomes = FixtureTester(files: files, withFlags: format == "json", coverage: tally).test(fixtures)
        if arguments.flags.contains("quiet") {
            for index in outcomes.indices { outcomes[index].leaveOutNotes() }
        }
        let coverage = tally?.templates ?? []
        let shown = coverageOptions.isReported ? coverage : nil
        let report =
            switch format {
            case "json": TestReportJSON.text(outcomes, coverage: shown)
            case "junit": TestReportJUnit.text(outcomes)
            default:
                TestReport.text(outcomes, style: context.outputStyle)
                    + (shown.map { "\n" + CoverageReport.text($0) } ?? "")
            }
        let failed = outcomes.contains { !$0.passed }
        var status = !failed && emptyFolders == 0 ? ExitStatus.success : ExitStatus.inputErrors
        if coverageOptions.file == OutputFile.standardOutput {
            // Standard output is the LCOV file: the report moves aside rather than corrupt it.
            context.standardError += report
        } else {
            context.standardOutput += report
        }
        if !coverageOptions.finish(coverage, context: &context) { status = ExitStatus.inputErrors }
        return status
    }

    /// The fixture files of a folder and its subfolders, sorted (none for a folder without any);
    /// a file is its own list.
    package static func fixtures(in path: String) -> [String] {
        fixtureWalk(path).paths
    }

    /// The fixture files of a folder, and what the walk skipped (see `FolderWalk`); a file is its own walk.
    static func fixtureWalk(_ path: String) -> FolderWalk {
        FolderWalk(path) { $0.hasSuffix(fixtureSuffix) } ?? FolderWalk(paths: [path])
    }
}
