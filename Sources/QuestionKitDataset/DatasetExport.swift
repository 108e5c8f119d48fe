import QuestionKit
import QuestionKitFiles
import QuestionKitForms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Exports completed forms into a dataset folder, incrementally and safely.
///
/// The folder holds generations and one pointer:
/// ```
/// DIR/current -> gen-000007                       a symbolic link, replaced by one rename
/// DIR/gen-000007/manifest.json                    what this generation holds (DatasetManifest)
/// DIR/gen-000007/<table>/title=…/revision=…/part-<n>.<ext>
/// ```
/// Engines read `DIR/current/<table>/`. A run builds the next generation beside the current one:
/// the rows of new and changed forms, every form of a partition that any new, changed or deleted
/// form touches (a partition's parts are rewritten whole: the simplest unit that is correct), hard
/// links to the parts of partitions nothing touched, then the manifest; then it points `current`
/// at it (a new link renamed over the old: atomic) and removes the old generation. A run killed
/// at any moment leaves `current` on a whole generation, the old or the new, never a mix; the next
/// run removes any other generation it finds (a killed run's, or an old one not yet removed).
///
/// A form is unchanged when its size and modification time are the manifest's (as `make` and
/// `rsync` judge), or when they differ but its content hash does not. Memory holds the list of
/// paths and the manifest (some 150 bytes per form) and one buffer per open part file; no form is
/// kept after its rows are written.
public struct DatasetExport {
    /// The dataset folder.
    public let folder: String
    /// The tables and their columns.
    public let tables: DatasetTables
    /// The file formats written, each part in each.
    public let formats: [any TableFormat]
    /// The most rows in one part file of a table.
    public var rowsPerPart = 1_000_000
    /// Forms read and made into rows together, on every core, while the rows of the batch before
    /// are written: enough to keep both cores busy, few enough that their rows take some megabytes.
    public var formsPerBatch = 128
    /// Reads the completed form at a path (within a folder, when it was found in one), on any thread.
    let load: @Sendable (String, String?) -> LoadedFile<FilledForm>
    let rows: FormRows

    /// An export into `folder` of forms of the types of `registry`, read by `load`.
    package init(
        folder: String, registry: QuestionTypeRegistry, formats: [any TableFormat],
        load: @escaping @Sendable (String, String?) -> LoadedFile<FilledForm>
    ) {
        self.folder = folder
        tables = DatasetTables(registry: registry)
        self.formats = formats
        self.load = load
        rows = FormRows(tables: tables, registry: registry)
    }

    /// A completed form to export: its path, and the folder it was found in (nil: named itself).
    public struct Input: Sendable, Hashable {
        /// The form's path.
        public var path: String
        /// The folder a walk found it in, which it is read within; nil for a file named.
        public var folder: String?

        /// The form at `path`, found in `folder` (nil: named itself).
        public init(path: String, folder: String? = nil) {
            self.path = path
            self.folder = folder
        }
    }

    /// What a run did.
    public struct Summary: Sendable, Equatable {
        /// The generation now current (`gen-000007`).
        public var generation = ""
        /// Forms in the dataset.
        public var forms = 0
        /// Forms read and parsed (new, changed, or in a partition rewritten).
        public var formsRead = 0
        /// Forms new or changed since the last export.
        public var formsChanged = 0
        /// Forms of the last export no longer found.
        public var formsRemoved = 0
        /// Partitions written anew.
        public var partitionsWritten = 0
        /// Partitions kept from the last export (linked, not written).
        public var partitionsKept = 0
        /// Problems met while reading, in the rows written anew.
        public var warnings = 0
    }

    /// Exports `inputs` (each path once) into the folder; see the type's description.
    public func run(_ inputs: [Input]) throws(DatasetError) -> Summary {
        try DatasetFolders.make(folder)
        let generations = try DatasetGenerations(folder: folder)
        try generations.remove(allBut: generations.current)
        // A dataset of other formats is exported afresh: its kept partitions would lack this run's parts.
        let previous =
            generations.current.flatMap { try? readManifest(in: $0) }.flatMap { $0.formats == formatNames ? $0 : nil }
            ?? DatasetManifest()
        let next = generations.nextName
        let nextFolder = PathText.joined(folder, next)
        try DatasetFolders.make(nextFolder)
        var run = ExportRun(export: self, generationFolder: nextFolder, previous: previous)
        run.manifest.formats = formatNames
        try run.export(inputs)
        if let current = generations.current {
            try run.link(keptFrom: PathText.joined(folder, current))
        }
        do {
            try AtomicFile.write(run.manifest.text(), to: PathText.joined(nextFolder, DatasetManifest.fileName))
        } catch {
            throw DatasetError("cannot write the manifest: \(error)")
        }
        // Everything of the new generation on disk before anything names it.
        try DatasetFolders.flush(nextFolder)
        try generations.point(at: next)
        try generations.remove(allBut: next)
        run.summary.generation = next
        run.summary.forms = run.manifest.entries.count
        return run.summary
    }

    private var formatNames: [String] { formats.map(\.name) }

    private func readManifest(in generation: String) throws -> DatasetManifest? {
        let path = PathText.joined(PathText.joined(folder, generation), DatasetManifest.fileName)
        return DatasetManifest.read(try FolderAccess.read(path, limit: Int(Int32.max)))
    }
}

/// One run of an export: the next generation's writers, its manifest, and what was done.
struct ExportRun {
    let export: DatasetExport
    let generationFolder: String
    let previous: DatasetManifest
    var manifest = DatasetManifest()
    var summary = DatasetExport.Summary()
    /// Partitions written in this generation (their old parts are not linked).
    var dirty: Set<HivePartition> = []
    private var writers: [HivePartition: PartitionWriter] = [:]

    init(export: DatasetExport, generationFolder: String, previous: DatasetManifest) {
        self.export = export
        self.generationFolder = generationFolder
        self.previous = previous
    }

    /// A form to read: what `stat` said of it before it was read.
    private struct Pending: Sendable {
        var input: DatasetExport.Input
        var size: Int64
        var modified: Int64
    }

    /// A form read and made into rows, away from the thread that writes them: its manifest entry,
    /// its rows table by table, and how many problems its reading met. The form itself is let go.
    private struct ReadForm: Sendable {
        var input: DatasetExport.Input
        var entry: DatasetManifest.Entry
        var rows: [(table: DatasetTable, values: [DatasetValue])]
        var warnings: Int
    }

    /// Writes the rows of every new or changed form, then of every unchanged form in a partition
    /// that has to be rewritten, and closes every part.
    mutating func export(_ inputs: [DatasetExport.Input]) throws(DatasetError) {
        var unchanged: [HivePartition: [(input: DatasetExport.Input, entry: DatasetManifest.Entry)]] = [:]
        var found = Set<String>()
        var toRead: [Pending] = []
        for input in inputs where found.insert(input.path).inserted {
            let (size, modified) = Self.status(of: input.path)
            let old = previous.entries[input.path]
            if let old, old.size == size, old.modified == modified, !old.hash.isEmpty {
                unchanged[old.partition, default: []].append((input, old))
                continue
            }
            toRead.append(Pending(input: input, size: size, modified: modified))
        }
        summary.formsRead += toRead.count
        try Self.read(toRead, export) { form throws(DatasetError) in
            let old = previous.entries[form.input.path]
            if let old, !old.hash.isEmpty, old.hash == form.entry.hash, old.partition == form.entry.partition {
                unchanged[old.partition, default: []].append((form.input, form.entry))  // touched, not changed
                return
            }
            summary.formsChanged += 1
            if let old { dirty.insert(old.partition) }
            try write(form)
        }
        for (path, old) in previous.entries where !found.contains(path) {
            summary.formsRemoved += 1
            dirty.insert(old.partition)
        }
        // Every form of a rewritten partition is written again; one that now reads into another
        // partition makes that one rewritten too, until none does.
        var pending = Array(dirty)
        while let partition = pending.popLast() {
            let forms = (unchanged.removeValue(forKey: partition) ?? []).map { input, old in
                Pending(input: input, size: old.size, modified: old.modified)
            }
            summary.formsRead += forms.count
            try Self.read(forms, export) { form throws(DatasetError) in
                if !dirty.contains(form.entry.partition) { pending.append(form.entry.partition) }
                try write(form)
            }
        }
        for forms in unchanged.values {
            for (input, entry) in forms { manifest.entries[input.path] = entry }
        }
        for writer in writers.values { try writer.close() }
        writers = [:]
        summary.partitionsWritten = dirty.count
    }

    /// Reads `forms` and makes their rows on every core, batch by batch, and hands each to
    /// `consume` in order on this thread.
    private static func read(
        _ forms: [Pending], _ export: DatasetExport, consume: (ReadForm) throws(DatasetError) -> Void
    ) throws(DatasetError) {
        let load = export.load
        let rows = export.rows
        try ParallelMap.stream(forms, batchSize: export.formsPerBatch) { form in
            let loaded = load(form.input.path, form.input.folder)
            var made: [(table: DatasetTable, values: [DatasetValue])] = []
            rows.rows(of: loaded, path: form.input.path) { table, values in made.append((table, values)) }
            return ReadForm(
                input: form.input,
                entry: Self.entry(form.input.path, loaded, size: form.size, modified: form.modified), rows: made,
                warnings: loaded.report.diagnostics.count)
        } consume: { form throws(DatasetError) in
            try consume(form)
        }
    }

    /// Writes the form's rows into its partition, which is then rewritten, and records it.
    private mutating func write(_ form: ReadForm) throws(DatasetError) {
        dirty.insert(form.entry.partition)
        manifest.entries[form.entry.path] = form.entry
        let writer = writers[form.entry.partition] ?? makeWriter(form.entry.partition)
        summary.warnings += form.warnings
        for (table, values) in form.rows { try writer.add(values, to: table) }
    }

    private mutating func makeWriter(_ partition: HivePartition) -> PartitionWriter {
        let writer = PartitionWriter(
            folder: generationFolder, partition: partition, formats: export.formats, rowsPerPart: export.rowsPerPart)
        writers[partition] = writer
        return writer
    }

    /// The manifest entry of the form read at `path`: a form whose template could not be read is
    /// in the partition of no title and no revision.
    static func entry(_ path: String, _ loaded: LoadedFile<FilledForm>, size: Int64, modified: Int64)
        -> DatasetManifest.Entry
    {
        let template = loaded.value?.template
        return DatasetManifest.Entry(
            path: path, size: size, modified: modified,
            hash: loaded.report.source.map { ContentHash.hex(ContentHash.fnv1a64($0)) } ?? "",
            partition: HivePartition(title: template?.title, revision: template?.revision))
    }

    /// The size and modification time (nanoseconds) of the file at `path`; -1 and 0 when there is none.
    static func status(of path: String) -> (size: Int64, modified: Int64) {
        var status = stat()
        guard stat(path, &status) == 0 else { return (-1, 0) }
        return (Int64(status.st_size), Int64(status.st_mtim.tv_sec) * 1_000_000_000 + Int64(status.st_mtim.tv_nsec))
    }

    /// Hard-links into this generation the part files of every partition of the manifest that was
    /// not rewritten, from the generation folder `old`.
    mutating func link(keptFrom old: String) throws(DatasetError) {
        let kept = Set(manifest.entries.values.map(\.partition)).subtracting(dirty)
        for partition in kept.sorted() {
            for table in export.tables.all {
                let from = PathText.joined(PathText.joined(old, table.name), partition.path)
                guard FileStatus.of(from) == .folder else { continue }
                let to = PathText.joined(PathText.joined(generationFolder, table.name), partition.path)
                try DatasetFolders.make(to)
                let names = (try? FolderAccess.names(in: from)) ?? []
                for name in names where name.hasPrefix("part-") {
                    let source = PathText.joined(from, name)
                    guard FileStatus.of(source) == .file, Glibc.link(source, PathText.joined(to, name)) == 0 else {
                        throw DatasetError("cannot link '\(source)' into the new generation")
                    }
                }
            }
        }
        summary.partitionsKept = kept.count
    }
}
