import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// `questionkit templates DIR...`: the template library, per title its revisions and the latest.
package struct TemplatesCommand: Command {
    package init() {}

    package let name = "templates"
    package let summary = "List the templates of a folder by title, with their revisions and the latest."
    package let argumentsSynopsis = "DIR..."
    package let discussion = """
        Reads the templates (.json files, fixtures left out) in the folders, as the original server offered
        them: per title, every revision and the latest one, which 'store start --title' starts. Revisions
        compare as numbers ("10.00" is later than "9.00"; "2" equals "2.0"); a revision that is not a number,
        or none, ranks below every numbered one (a warning where the title has other files). Two files with
        one title and equal revisions are an error naming both; if theirs is the highest revision, the title
        has no latest until one of them changes. A template that does not validate is listed with '!' and
        its errors are printed; it is never the latest, and while its revision is above every valid one the
        title has no latest either. The others are still listed. Problems go to standard error. Exits 0
        when no file has errors, 1 when any has, 64 for bad usage.
        """
    package let options: [OptionSpec] = [
        OptionSpec(
            "format", value: "FORMAT", choices: ["text", "json"], help: "Output for people (text) or machines (json)."),
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys."),
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no folder given; name a folder of templates") }
        if arguments.positionals.contains("-") {
            throw UsageError("'-' (standard input) is not a folder of templates; name a folder")
        }
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return ExitStatus.inputErrors }
        let loaded = Self.load(arguments.positionals, reader: TemplateReader(registry: context.registry, keys: keys))
        if arguments.value("format", default: "text") == "json" {
            context.print(JSONWriter.text(of: Self.json(loaded)))
        } else {
            for report in loaded.reports { context.printDiagnostics(report) }
            context.standardOutput += Self.text(loaded.library)
            context.print(Self.summary(loaded))
        }
        return loaded.reports.contains { $0.diagnostics.containsErrors } ? ExitStatus.inputErrors : ExitStatus.success
    }

    /// A library read from files, and the problems of its files.
    struct Loaded {
        var library: TemplateLibrary
        /// Per file with problems: its template errors, or the library's problems with it.
        var reports: [FileDiagnostics]
        var fileCount: Int
    }

    /// Reads the templates under `folders` (on every core) into a library.
    static func load(_ folders: [String], reader: TemplateReader) -> Loaded {
        var reports: [FileDiagnostics] = []
        var paths: [(path: String, folder: String?)] = []
        for folder in folders {
            let walk = FileInput.expand(folder)
            reports += walk.skipped
            if walk.paths.isEmpty {
                reports.append(
                    FileDiagnostics(path: folder, diagnostics: [ValidateCommand.noTemplates(in: folder)], source: nil))
            }
            paths += walk.paths.map { ($0, walk.folder) }
        }
        let read = ParallelMap.map(paths) { path, folder in
            let loaded = FormFiles.load(path, limit: reader.limits.maxBytes, within: folder) { bytes in
                TemplateLibrary.Edition.read(bytes, path: path, reader: reader)
            }
            return (loaded.value, loaded.report)
        }
        reports += read.map(\.1).filter { !$0.diagnostics.isEmpty }
        let library = TemplateLibrary(read.compactMap(\.0))
        // The library's problems point into files already let go of: printed without an excerpt.
        var byPath: [String: [Diagnostic]] = [:]
        for problem in library.problems { byPath[problem.path, default: []].append(problem.diagnostic) }
        reports += byPath.keys.sorted().map { FileDiagnostics(path: $0, diagnostics: byPath[$0] ?? [], source: nil) }
        return Loaded(library: library, reports: reports, fileCount: paths.count)
    }

    static func text(_ library: TemplateLibrary) -> String {
        var lines: [String] = []
        for shelf in library.shelves {
            lines.append(TerminalText.line("\(shelf.title): \(latest(of: shelf))"))
            let all = (shelf.editions + shelf.invalid).sorted { $1.revision < $0.revision }
            let width = (all.map(\.revision.description.count).max() ?? 0) + 2
            for edition in all {
                let mark = !edition.isValid ? "! " : edition.path == shelf.startable?.path ? "* " : "  "
                let revision = edition.revision.description.padding(toLength: width, withPad: " ", startingAt: 0)
                let note = edition.isValid ? "" : "  (does not validate)"
                lines.append(TerminalText.line("  " + mark + revision + edition.path + note))
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// "latest 10.00 (path)", or why the title has none.
    static func latest(of shelf: TemplateLibrary.Shelf) -> String {
        if shelf.editions.isEmpty { return "no latest: no revision validates" }
        if let newer = shelf.newerInvalid.first {
            return "no latest: revision \(newer.revision) (\(newer.path)) does not validate"
        }
        guard let latest = shelf.latest else {
            return "no latest: revision \(shelf.editions.first?.revision.description ?? "-") is in two files"
        }
        return "latest \(latest.revision) (\(latest.path))"
    }

    static func summary(_ loaded: Loaded) -> String {
        let titles = loaded.library.shelves.count
        let listed = loaded.library.shelves.map(\.editions.count).reduce(0, +)
        let failing = loaded.reports.filter { $0.diagnostics.containsErrors }.count
        let errors = failing > 0 ? "; \(DiagnosticPrinter.plural(failing, "file")) with errors" : ""
        return "\(DiagnosticPrinter.plural(titles, "title")) in \(DiagnosticPrinter.plural(listed, "template"))"
            + " of \(DiagnosticPrinter.plural(loaded.fileCount, "file"))\(errors)"
    }

    /// `{"titles": [{"title", "latest", "revisions": [{"revision", "file", "latest", "valid"}]}], "problems": [...]}`.
    static func json(_ loaded: Loaded) -> JSONWriter.Value {
        let titles: [JSONWriter.Value] = loaded.library.shelves.map { shelf in
            .object([
                ("title", .string(shelf.title)),
                ("latest", shelf.startable.map { .string($0.path) } ?? .null),
                (
                    "revisions",
                    .array(
                        (shelf.editions + shelf.invalid).map { edition in
                            .object([
                                ("revision", edition.revision.text.map { .string($0) } ?? .null),
                                ("file", .string(edition.path)),
                                ("latest", .bool(edition.path == shelf.startable?.path)),
                                ("valid", .bool(edition.isValid)),
                            ])
                        })
                ),
            ])
        }
        let problems = loaded.reports.flatMap { report in
            report.diagnostics.map { DiagnosticPrinter.jsonObject($0, file: report.path) }
        }
        return .object([("titles", .array(titles)), ("problems", .array(problems))])
    }
}
