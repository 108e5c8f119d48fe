import QuestionKit
import QuestionKitDataset
import QuestionKitFiles
import QuestionKitForms

/// `questionkit dataset PATH... -o DIR`: completed forms as a partitioned dataset (see
/// `DatasetExport` and Docs/Dataset.md).
package struct DatasetCommand: Command {
    package init() {}

    package let name = "dataset"
    package let summary = "Export completed forms as a partitioned dataset (answers, forms, warnings)."
    package let argumentsSynopsis = "PATH..."
    package let discussion = """
        Reads completed forms (files, folders and their subfolders, store roots; ours and the
        original system's, leniently as 'review' does) and writes three tables into DIR: 'answers'
        (a row per answer, per chosen option, per filled cell), 'forms' (a row per form) and
        'warnings' (a row per problem met while reading, located). A form that cannot be read is
        its warnings and never stops the export. Tables are partitioned Hive-style by template
        title and revision: DIR/current/<table>/title=…/revision=…/part-N.parquet (or .ndjson).
        Parquet is the default: typed columns (dates as DATE, instants as TIMESTAMP), compressed,
        with the statistics engines skip row groups by; NDJSON is for reading by eye or by tools
        that have no Parquet reader.
        A second run exports only new and changed forms (and the partitions they share) and
        removes the rows of forms no longer found; a run that is stopped at any moment leaves the
        previous dataset whole. In a store root, the completed and submitted forms are read.
        Exits 1 when a PATH does not exist (nothing is written) or the dataset cannot be written.
        """
    package let options: [OptionSpec] = [
        OptionSpec("output", short: "o", value: "DIR", required: true, help: "The dataset folder (required)."),
        OptionSpec(
            "format", value: "FORMAT", choices: ["ndjson", "parquet", "both"],
            help: "The part files' format (default: parquet)."),
        OptionSpec("rows-per-part", value: "N", help: "The most rows in one part file (default: 1000000)."),
        OptionSpec("keys", value: "FILE", help: "A key map (JSON or property list) that renames MI keys."),
    ]

    package func run(_ arguments: ParsedArguments, context: inout CommandContext) throws(UsageError) -> Int32 {
        guard !arguments.positionals.isEmpty else { throw UsageError("no completed forms given") }
        guard let output = arguments.values["output"] else { throw UsageError("no dataset folder given; pass -o DIR") }
        let formats: [any TableFormat] =
            switch arguments.value("format", default: "parquet") {
            case "ndjson": [NDJSONFormat()]
            case "both": [ParquetFormat(), NDJSONFormat()]
            default: [ParquetFormat()]
            }
        let rowsPerPart = arguments.values["rows-per-part"].map { Int($0) } ?? 1_000_000
        guard let rowsPerPart, rowsPerPart > 0 else {
            throw UsageError(
                "--rows-per-part must be a positive number, not '\(arguments.values["rows-per-part"] ?? "")'")
        }
        guard let keys = KeyMapOption.load(arguments, context: &context) else { return ExitStatus.inputErrors }
        let files = FormFiles(reader: TemplateReader(registry: context.registry, keys: keys))
        // A PATH that is not there is a mistake in the command, not a form to report in `warnings`:
        // an export of the rest would drop its rows (and, run again, remove them) without a word.
        let missing = arguments.positionals.filter { FileStatus.of($0, following: true) == .missing }
        guard missing.isEmpty else {
            for path in missing { context.printDiagnostics(files.completedForm(at: path, within: nil).report) }
            context.printError("\(context.toolName) dataset: nothing exported: a PATH does not exist")
            return ExitStatus.inputErrors
        }
        let inputs = DatasetInputs(paths: arguments.positionals, leavingOut: output)
        // A revision's forms carry the same template: read and checked once, not once per form.
        let templates = TemplateReuse()
        var export = DatasetExport(folder: output, registry: context.registry, formats: formats) {
            files.completedForm(at: $0, within: $1, reusing: templates)
        }
        export.rowsPerPart = rowsPerPart
        let outcome = Result { () throws(DatasetError) in try export.run(inPathOrder: inputs) }
        // The folders are walked as the export goes: what a walk skipped is said once it is over.
        for skipped in inputs.skipped.notes.joined() { context.printDiagnostics(skipped) }
        switch outcome {
        case .success(let summary):
            if let afresh = summary.afresh {
                context.printError("\(context.toolName) dataset: \(Self.describe(afresh, formats: formats))")
            }
            context.print(Self.describe(summary, folder: output))
            return ExitStatus.success
        case .failure(let error):
            context.printError("\(context.toolName) dataset: error: \(error)")
            return ExitStatus.inputErrors
        }
    }

    /// Why every form was read again: a run meant to read what changed took as long as the first.
    static func describe(_ afresh: DatasetExport.Afresh, formats: [any TableFormat]) -> String {
        let why =
            switch afresh {
            case .manifestUnreadable: "the last export's manifest could not be read"
            case .otherFormats(let old):
                "the last export's parts were \(old.joined(separator: " and ")), not "
                    + formats.map(\.name).joined(separator: " and ")
            }
        return "note: \(why): every form exported afresh"
    }

    /// "12 forms in out/current (gen-000002): 3 read, 1 new or changed, 0 removed; …".
    static func describe(_ summary: DatasetExport.Summary, folder: String) -> String {
        let plural = DiagnosticPrinter.plural
        return "\(plural(summary.forms, "form")) in \(PathText.joined(folder, "current"))"
            + " (\(summary.generation)): \(summary.formsRead) read, \(summary.formsChanged) new or changed, "
            + "\(summary.formsRemoved) removed; \(plural(summary.partitionsWritten, "partition")) written, "
            + "\(summary.partitionsKept) kept; \(plural(summary.warnings, "warning")) in the rows written"
    }
}

/// The completed forms the PATHs name, in path order (a path named twice comes once from each), as
/// the export takes them: a PATH that is a file names itself; a folder, its `.json` files (not
/// fixtures, not a store's bookkeeping, nothing in a hidden folder), walked as the export goes (see
/// `FolderWalk.Steps`); a store root, its completed and submitted forms. The walks' skipped notes
/// are kept for after, PATH by PATH.
struct DatasetInputs: Sequence {
    let paths: [String]
    /// The dataset folder, left out where it lies inside a PATH.
    let output: String
    /// The notes of what each PATH's walk skipped, filled as the forms are taken.
    let skipped = SkippedNotes()

    final class SkippedNotes {
        var notes: [[FileDiagnostics]] = []
    }

    init(paths: [String], leavingOut output: String) {
        self.paths = paths
        self.output = output
    }

    func makeIterator() -> Iterator {
        skipped.notes = Array(repeating: [], count: paths.count)
        return Iterator(sources: paths.map { Self.source($0, leavingOut: output) }, skipped: skipped)
    }

    /// Where a PATH's forms come from: itself, or a walk.
    enum Source {
        case file(String?)
        case walk(FolderWalk.Steps)
    }

    /// The forms of every PATH, merged in path order; of the same path, the first PATH's first.
    struct Iterator: IteratorProtocol {
        var sources: [Source]
        let skipped: SkippedNotes
        var heads: [DatasetExport.Input?] = []

        init(sources: [Source], skipped: SkippedNotes) {
            self.sources = sources
            self.skipped = skipped
            heads = sources.indices.map { _ in nil }
            for index in sources.indices { heads[index] = take(index) }
        }

        mutating func next() -> DatasetExport.Input? {
            var first: Int?
            for (index, head) in heads.enumerated() {
                guard let head else { continue }
                if let found = first, let best = heads[found], !(head.path < best.path) { continue }
                first = index
            }
            guard let first, let input = heads[first] else { return nil }
            heads[first] = take(first)
            return input
        }

        /// The next form of source `index`; its walk's skipped entries are noted on the way.
        private mutating func take(_ index: Int) -> DatasetExport.Input? {
            switch sources[index] {
            case .file(let path):
                sources[index] = .file(nil)
                return path.map { DatasetExport.Input(path: $0) }
            case .walk(var steps):
                defer { sources[index] = .walk(steps) }
                while let step = steps.next() {
                    switch step {
                    case .file(let path): return DatasetExport.Input(path: path, folder: steps.folder)
                    case .skipped(let note): skipped.notes[index].append(note)
                    }
                }
                return nil
            }
        }
    }

    /// The forms under `path`, leaving out the dataset folder `output` when it lies inside it.
    static func source(_ path: String, leavingOut output: String) -> Source {
        guard FileStatus.of(path, following: true) == .folder else { return .file(path) }
        let outside = relativeInside(output, folder: path)
        let isStore = FileStatus.of(PathText.joined(path, ".lock")) == .file
        let areas = ["CompletedMIs/", "Outbox/"]
        let steps = FolderWalk.Steps(path) { relative in
            if let outside, relative.hasPrefix(outside + "/") { return false }
            if relative.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { return false }
            if isStore { return areas.contains { relative.hasPrefix($0) } && relative.hasSuffix("/form.json") }
            return relative.hasSuffix(".json") && !relative.hasSuffix(TestCommand.fixtureSuffix)
                && PathText.lastComponent(of: relative) != "store.json"
        }
        return steps.map(Source.walk) ?? .file(path)
    }

    /// `output` relative to `folder` when it lies inside it (both as real paths); nil otherwise.
    private static func relativeInside(_ output: String, folder: String) -> String? {
        guard let root = InputRule.realPath(folder), let target = InputRule.realPath(output),
            target != root, InputRule.contains(root, target)
        else { return nil }
        return String(target.dropFirst(root == "/" ? 1 : root.count + 1))
    }
}
