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
/// `rsync` judge), or when they differ but its content hash does not. Memory holds the paths given
/// and, per form, 40 bytes of its manifest entry and 8 of its place in path order (the manifest
/// is written from them at the end, piece by piece), the previous manifest when there is one, and
/// one buffer per open part file; no form is kept after its rows are written.
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
    /// are written: enough to keep both cores busy, few enough that their rows take some tens of
    /// megabytes. 1,024 rather than 128: 1,000,000 forms 139.7 s → 98.4 s on two cores (CPU 133% →
    /// 173% of one), for 90 MB more at the peak (fewer hand-overs, each of which waits on one side).
    public var formsPerBatch = 1024
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
        try run.export(inputs)
        if let current = generations.current {
            try run.link(keptFrom: PathText.joined(folder, current))
        }
        try run.writeManifest(formats: formatNames, to: PathText.joined(nextFolder, DatasetManifest.fileName))
        // Everything of the new generation on disk before anything names it.
        try DatasetFolders.flush(nextFolder)
        try generations.point(at: next)
        try generations.remove(allBut: next)
        run.summary.generation = next
        return run.summary
    }

    private var formatNames: [String] { formats.map(\.name) }

    private func readManifest(in generation: String) throws -> DatasetManifest? {
        let path = PathText.joined(PathText.joined(folder, generation), DatasetManifest.fileName)
        return DatasetManifest.read(try FolderAccess.read(path, limit: Int(Int32.max)))
    }
}

/// One run of an export: the next generation's writers, what it holds of each form, and what was done.
///
/// What is kept per form, for the manifest written at the end: the form's place in the inputs
/// (whose paths the caller holds) and a `Held` of 40 bytes; partitions are named once each.
struct ExportRun {
    let export: DatasetExport
    let generationFolder: String
    let previous: DatasetManifest
    var summary = DatasetExport.Summary()
    /// Partitions written in this generation (their old parts are not linked).
    var dirty: Set<HivePartition> = []
    private var writers: [HivePartition: PartitionWriter] = [:]
    /// The inputs, as given.
    private var inputs: [DatasetExport.Input] = []
    /// What the next manifest says of each input, by its place in `inputs` (a path given twice,
    /// and a form not yet decided, holds nothing).
    private var held: [Held] = []
    /// Every partition met, named once; `Held.partition` is a place in it.
    private var partitions: [HivePartition] = []
    private var partitionNumbers: [HivePartition: Int32] = [:]
    /// The places in `inputs` of each path once, in path order: the manifest's order.
    private var manifestOrder: [Int] = []

    /// A form's manifest entry without its path: `DatasetManifest.Entry` in 40 bytes.
    private struct Held {
        var size: Int64 = 0
        var modified: Int64 = 0
        /// The content hash; nil for a file that could not be read.
        var hash: UInt64?
        /// The place of its partition in `partitions`; -1 for none (nothing held).
        var partition: Int32 = -1
    }

    init(export: DatasetExport, generationFolder: String, previous: DatasetManifest) {
        self.export = export
        self.generationFolder = generationFolder
        self.previous = previous
    }

    /// A form to read: its place in the inputs, and what `stat` said of it before it was read.
    private struct Pending: Sendable {
        var index: Int
        var size: Int64
        var modified: Int64
    }

    /// A form read and made into rows, away from the thread that writes them: what the manifest
    /// holds of it, its rows table by table, and how many problems its reading met. The form
    /// itself is let go.
    private struct ReadForm: Sendable {
        var pending: Pending
        var hash: UInt64?
        var partition: HivePartition
        var rows: [(table: DatasetTable, values: [DatasetValue])]
        var warnings: Int
    }

    /// Writes the rows of every new or changed form, then of every unchanged form in a partition
    /// that has to be rewritten, and closes every part.
    mutating func export(_ given: [DatasetExport.Input]) throws(DatasetError) {
        inputs = given
        held = Array(repeating: Held(), count: given.count)
        manifestOrder = Self.pathOrder(given)
        var isFirst = Array(repeating: false, count: given.count)
        for index in manifestOrder { isFirst[index] = true }
        // Unchanged forms by partition: places in `inputs`.
        var unchanged: [HivePartition: [Int]] = [:]
        var toRead: [Pending] = []
        for index in given.indices where isFirst[index] {
            let (size, modified) = Self.status(of: given[index].path)
            let old = previous.entries[given[index].path]
            if let old, old.size == size, old.modified == modified, let hash = ContentHash.value(ofHex: old.hash) {
                hold(index, size: size, modified: modified, hash: hash, partition: old.partition)
                unchanged[old.partition, default: []].append(index)
                continue
            }
            toRead.append(Pending(index: index, size: size, modified: modified))
        }
        isFirst = []
        summary.formsRead += toRead.count
        try read(toRead) { run, form throws(DatasetError) in
            let old = run.previous.entries[run.inputs[form.pending.index].path]
            if let old, let hash = form.hash, ContentHash.value(ofHex: old.hash) == hash,
                old.partition == form.partition
            {
                run.hold(form)  // touched, not changed
                unchanged[old.partition, default: []].append(form.pending.index)
                return
            }
            run.summary.formsChanged += 1
            if let old { run.dirty.insert(old.partition) }
            try run.write(form)
        }
        toRead = []
        for (path, old) in previous.entries where !isGiven(path) {
            summary.formsRemoved += 1
            dirty.insert(old.partition)
        }
        // Every form of a rewritten partition is written again; one that now reads into another
        // partition makes that one rewritten too, until none does.
        var pending = Array(dirty)
        while let partition = pending.popLast() {
            let forms = (unchanged.removeValue(forKey: partition) ?? []).map { index in
                Pending(index: index, size: held[index].size, modified: held[index].modified)
            }
            summary.formsRead += forms.count
            try read(forms) { run, form throws(DatasetError) in
                if !run.dirty.contains(form.partition) { pending.append(form.partition) }
                try run.write(form)
            }
        }
        for writer in writers.values { try writer.close() }
        writers = [:]
        summary.partitionsWritten = dirty.count
        summary.forms = manifestOrder.count(where: { held[$0].partition >= 0 })
    }

    /// The places of the inputs in path order (the manifest's), each path once: at its first place.
    private static func pathOrder(_ inputs: [DatasetExport.Input]) -> [Int] {
        let sorted = Array(inputs.indices).sorted { lhs, rhs in
            inputs[lhs].path != inputs[rhs].path ? inputs[lhs].path < inputs[rhs].path : lhs < rhs
        }
        return sorted.indices.compactMap { position in
            position > 0 && inputs[sorted[position - 1]].path == inputs[sorted[position]].path ? nil : sorted[position]
        }
    }

    /// Whether `path` is among the inputs (a binary search of `manifestOrder`).
    private func isGiven(_ path: String) -> Bool {
        var range = 0..<manifestOrder.count
        while !range.isEmpty {
            let middle = range.lowerBound + range.count / 2
            let found = inputs[manifestOrder[middle]].path
            if found == path { return true }
            range = found < path ? (middle + 1)..<range.upperBound : range.lowerBound..<middle
        }
        return false
    }

    /// Reads `forms` and makes their rows on every core, batch by batch, and hands each to
    /// `consume` in order on this thread.
    private mutating func read(
        _ forms: [Pending], consume: (inout ExportRun, ReadForm) throws(DatasetError) -> Void
    ) throws(DatasetError) {
        let load = export.load
        let rows = export.rows
        let inputs = self.inputs
        try ParallelMap.stream(forms, batchSize: export.formsPerBatch) { form in
            let input = inputs[form.index]
            let loaded = load(input.path, input.folder)
            var made: [(table: DatasetTable, values: [DatasetValue])] = []
            rows.rows(of: loaded, path: input.path) { table, values in made.append((table, values)) }
            let template = loaded.value?.template
            return ReadForm(
                pending: form, hash: loaded.report.source.map(ContentHash.fnv1a64),
                // A form whose template could not be read is in the partition of no title and no revision.
                partition: HivePartition(title: template?.title, revision: template?.revision), rows: made,
                warnings: loaded.report.diagnostics.count)
        } consume: { form throws(DatasetError) in
            try consume(&self, form)
        }
    }

    /// Writes the form's rows into its partition, which is then rewritten, and holds its entry.
    private mutating func write(_ form: ReadForm) throws(DatasetError) {
        dirty.insert(form.partition)
        hold(form)
        let writer = writers[form.partition] ?? makeWriter(form.partition)
        summary.warnings += form.warnings
        for (table, values) in form.rows { try writer.add(values, to: table) }
    }

    private mutating func hold(_ form: ReadForm) {
        hold(
            form.pending.index, size: form.pending.size, modified: form.pending.modified, hash: form.hash,
            partition: form.partition)
    }

    private mutating func hold(_ index: Int, size: Int64, modified: Int64, hash: UInt64?, partition: HivePartition) {
        let number: Int32
        if let known = partitionNumbers[partition] {
            number = known
        } else {
            number = Int32(partitions.count)
            partitions.append(partition)
            partitionNumbers[partition] = number
        }
        held[index] = Held(size: size, modified: modified, hash: hash, partition: number)
    }

    private mutating func makeWriter(_ partition: HivePartition) -> PartitionWriter {
        let writer = PartitionWriter(
            folder: generationFolder, partition: partition, formats: export.formats, rowsPerPart: export.rowsPerPart)
        writers[partition] = writer
        return writer
    }

    /// The manifest of this generation, written at `path` as it is made (see `DatasetManifest.write`):
    /// the file is flushed with the rest of the generation, before anything names it.
    func writeManifest(formats: [String], to path: String) throws(DatasetError) {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw DatasetError("cannot write the manifest '\(path)': \(String(cString: strerror(errno)))")
        }
        let entries = manifestOrder.lazy.filter { held[$0].partition >= 0 }.map { index in
            let form = held[index]
            return DatasetManifest.Entry(
                path: inputs[index].path, size: form.size, modified: form.modified,
                hash: form.hash.map(ContentHash.hex) ?? "", partition: partitions[Int(form.partition)])
        }
        do throws(DatasetError) {
            try DatasetManifest.write(formats: formats, entries: entries) { bytes throws(DatasetError) in
                if let failure = bytes.withUnsafeBytes({ SystemIO.writeAll($0, to: descriptor) }) {
                    throw DatasetError("cannot write the manifest '\(path)': \(failure)")
                }
            }
        } catch {
            close(descriptor)
            throw error
        }
        guard close(descriptor) == 0 else {
            throw DatasetError("cannot write the manifest '\(path)': \(String(cString: strerror(errno)))")
        }
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
        let kept = Set(Set(held.lazy.map(\.partition).filter { $0 >= 0 }).map { partitions[Int($0)] }).subtracting(
            dirty)
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
