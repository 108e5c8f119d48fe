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
/// `rsync` judge), or when they differ but its content hash does not. Memory does not grow with the
/// number of forms: the forms are taken in path order as they are found (a folder is walked as the
/// export goes, see `FolderWalk.Steps`), merged with the previous manifest read entry by entry in
/// the same order; what the next manifest says of each form goes to a spool on disk
/// (`EntrySpool`), not to memory. Memory holds two batches of forms' rows, one buffer per open
/// part file, and a few words per partition.
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
        /// Why a dataset that had an export was exported afresh, every form read; nil when the
        /// last export was built on (or there was none).
        public var afresh: Afresh?
    }

    /// Why a run did not build on the last export.
    public enum Afresh: Sendable, Equatable {
        /// Its manifest was missing, not one, or broken half-way (see `DatasetManifest.Reader`).
        case manifestUnreadable
        /// Its parts were of other formats (names as `--format` gives them): kept partitions would
        /// lack this run's parts.
        case otherFormats([String])
    }

    /// Exports `inputs` into the folder; see the type's description. A path given twice is read
    /// once, within the folder of its first place.
    public func run(_ inputs: [Input]) throws(DatasetError) -> Summary {
        let order = inputs.indices.sorted { lhs, rhs in
            inputs[lhs].path != inputs[rhs].path ? inputs[lhs].path < inputs[rhs].path : lhs < rhs
        }
        return try run(inPathOrder: order.lazy.map { inputs[$0] })
    }

    /// Exports `inputs`, which come in path order (a path given twice: the first is read, within
    /// its folder), taken one by one as the export goes; see the type's description. A sequence
    /// iterated twice gives the same forms (a manifest found broken half-way is given up, and the
    /// export begun again afresh).
    package func run(inPathOrder inputs: some Sequence<Input>) throws(DatasetError) -> Summary {
        try DatasetFolders.make(folder)
        let generations = try DatasetGenerations(folder: folder)
        try generations.remove(allBut: generations.current)
        let next = generations.nextName
        let nextFolder = PathText.joined(folder, next)
        // A dataset of other formats is exported afresh: its kept partitions would lack this run's parts.
        var afresh: Afresh?
        var previous: DatasetManifest.Reader?
        if let current = generations.current {
            previous = DatasetManifest.Reader(
                path: PathText.joined(PathText.joined(folder, current), DatasetManifest.fileName))
            if previous == nil {
                afresh = .manifestUnreadable
            } else if let formats = previous?.formats, formats != formatNames {
                afresh = .otherFormats(formats)
                previous = nil
            }
        }
        var run = try ExportRun(export: self, generationFolder: nextFolder)
        try run.export(inputs, previous: previous)
        if let previous, !previous.isValid {
            // Broken half-way: what was exported against it is let go, and the forms exported afresh.
            try run.abandon()
            run = try ExportRun(export: self, generationFolder: nextFolder)
            try run.export(inputs, previous: nil)
            afresh = .manifestUnreadable
        }
        run.summary.afresh = afresh
        try run.rewriteKeptForms()
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
}

/// One run of an export: the next generation's writers, the spool of what it holds of each form,
/// and what was done.
///
/// A run goes through the forms given, in path order, beside the previous manifest's entries: it
/// writes the rows of every new or changed form, and spools every form's entry. A form unchanged
/// keeps its rows where they are, unless its partition is rewritten (by a form of it new, changed
/// or removed; a partition's parts are rewritten whole), which is known only once every form has
/// been seen: the spool is then read through again, and the unchanged forms of every rewritten
/// partition read and written (first those not read yet, then those read and found the same: the
/// order the rows of a partition are written in). A form that now reads into another partition
/// makes that one rewritten too, and the spool is read through again until none does.
struct ExportRun {
    let export: DatasetExport
    let generationFolder: String
    var summary = DatasetExport.Summary()
    /// Partitions written in this generation (their old parts are not linked).
    var dirty: Set<HivePartition> = []
    private var writers: [HivePartition: PartitionWriter] = [:]
    /// Every partition met, named once; a spooled entry's partition is a place in it.
    private var partitions: [HivePartition] = []
    private var partitionNumbers: [HivePartition: Int32] = [:]
    /// The forms whose rows are kept where they were (not written in this run), by partition and
    /// state (`kept`, `touched`): which partitions need a pass through the spool.
    private var keptForms: [EntrySpool.Record.State: [Int32: Int]] = [:]
    /// The spool of the next manifest's entries, in path order.
    private var spool: EntrySpool.Writer
    private var spools = 0

    /// A run that writes the generation folder `generationFolder` (made here).
    init(export: DatasetExport, generationFolder: String) throws(DatasetError) {
        try DatasetFolders.make(generationFolder)
        self.export = export
        self.generationFolder = generationFolder
        spool = try EntrySpool.Writer(path: Self.spoolPath(0, in: generationFolder))
    }

    /// The spool files, in the generation folder while the run makes it (removed before it is flushed).
    private static func spoolPath(_ number: Int, in folder: String) -> String {
        PathText.joined(folder, ".entries-\(number)")
    }

    /// A form given, or an entry of the previous manifest whose form is not, in path order.
    private enum Given: Sendable {
        /// A form given: what `stat` said of it, its previous entry, and whether it is to be read.
        case form(DatasetExport.Input, size: Int64, modified: Int64, previous: DatasetManifest.Entry?, read: Bool)
        /// The partition of a form of the previous manifest no longer given.
        case removed(HivePartition)
    }

    /// The forms given merged with the previous manifest's entries, both in path order.
    private struct GivenForms<Inputs: IteratorProtocol<DatasetExport.Input>>: Sequence, IteratorProtocol {
        var inputs: Inputs
        let previous: DatasetManifest.Reader?
        var input: DatasetExport.Input?
        var entry: DatasetManifest.Entry?
        var last: String?
        /// Set when the forms were not given in path order.
        var outOfOrder: String?

        mutating func next() -> Given? {
            if input == nil { input = nextInput() }
            if entry == nil { entry = previous?.next() }
            guard let input else {
                defer { entry = nil }
                return entry.map { .removed($0.partition) }
            }
            if let entry, entry.path < input.path {
                self.entry = nil
                return .removed(entry.partition)
            }
            let old = entry?.path == input.path ? entry : nil
            if old != nil { entry = nil }
            self.input = nil
            let (size, modified) = ExportRun.status(of: input.path)
            // Unchanged when its size and time are the entry's: not read (unless its partition is rewritten).
            let unchanged =
                old.map { $0.size == size && $0.modified == modified && ContentHash.value(ofHex: $0.hash) != nil }
                ?? false
            return .form(input, size: size, modified: modified, previous: old, read: !unchanged)
        }

        /// The next input of a path not given before.
        private mutating func nextInput() -> DatasetExport.Input? {
            while let input = inputs.next() {
                if let last, input.path == last { continue }
                if let last, input.path < last, outOfOrder == nil { outOfOrder = input.path }
                last = input.path
                return input
            }
            return nil
        }
    }

    /// A form read and made into rows, away from the thread that writes them: what the manifest
    /// holds of it, its rows table by table, and how many problems its reading met. The form
    /// itself is let go.
    private struct ReadForm: Sendable {
        var hash: UInt64?
        var partition: HivePartition
        var rows: [(table: DatasetTable, values: [DatasetValue])]
        var warnings: Int
    }

    /// Reads the form `input` and makes its rows (on any thread).
    private static func read(
        _ input: DatasetExport.Input, load: @Sendable (String, String?) -> LoadedFile<FilledForm>, rows: FormRows
    ) -> ReadForm {
        let loaded = load(input.path, input.folder)
        var made: [(table: DatasetTable, values: [DatasetValue])] = []
        rows.rows(of: loaded, path: input.path) { table, values in made.append((table, values)) }
        let template = loaded.value?.template
        return ReadForm(
            hash: loaded.report.source.map(ContentHash.fnv1a64),
            // A form whose template could not be read is in the partition of no title and no revision.
            partition: HivePartition(title: template?.title, revision: template?.revision), rows: made,
            warnings: loaded.report.diagnostics.count)
    }

    /// Goes through the forms given (in path order) beside the `previous` manifest's entries:
    /// writes the rows of every new or changed form, spools every form's entry, and marks the
    /// partitions to rewrite. A `previous` found broken on the way is let go by the caller.
    mutating func export(_ given: some Sequence<DatasetExport.Input>, previous: DatasetManifest.Reader?)
        throws(DatasetError)
    {
        let load = export.load
        let rows = export.rows
        var forms = GivenForms(inputs: given.makeIterator(), previous: previous)
        try ParallelMap.stream(AnyIterator { forms.next() }, batchSize: export.formsPerBatch) {
            (given: Given) -> (Given, ReadForm?) in
            guard case .form(let input, _, _, _, read: true) = given else { return (given, nil) }
            return (given, Self.read(input, load: load, rows: rows))
        } consume: { (given, form) throws(DatasetError) in
            try self.consume(given, form)
        }
        if let path = forms.outOfOrder { throw DatasetError("the forms were not given in path order (at '\(path)')") }
    }

    private mutating func consume(_ given: Given, _ form: ReadForm?) throws(DatasetError) {
        switch given {
        case .removed(let partition):
            summary.formsRemoved += 1
            dirty.insert(partition)
        case .form(let input, let size, let modified, let old, _):
            var record = EntrySpool.Record(
                input: input, size: size, modified: modified, hash: old.flatMap { ContentHash.value(ofHex: $0.hash) },
                partition: old.map { number($0.partition) } ?? -1, state: .kept)
            if let form {
                summary.formsRead += 1
                if let old, let hash = form.hash, ContentHash.value(ofHex: old.hash) == hash,
                    old.partition == form.partition
                {
                    record.state = .touched  // read, not changed
                } else {
                    summary.formsChanged += 1
                    if let old { dirty.insert(old.partition) }
                    try write(form, as: &record)
                }
            }
            if record.state != .written { keptForms[record.state, default: [:]][record.partition, default: 0] += 1 }
            try spool.append(record)
        }
    }

    /// Writes the form's rows into its partition, which is then rewritten, and says so in its record.
    private mutating func write(_ form: ReadForm, as record: inout EntrySpool.Record) throws(DatasetError) {
        dirty.insert(form.partition)
        record.hash = form.hash
        record.partition = number(form.partition)
        record.state = .written
        let writer = writers[form.partition] ?? makeWriter(form.partition)
        summary.warnings += form.warnings
        for (table, values) in form.rows { try writer.add(values, to: table) }
    }

    /// Reads and writes every unchanged form of a partition to rewrite (see the type's
    /// description), then closes every part.
    mutating func rewriteKeptForms() throws(DatasetError) {
        var again = true
        while again {
            again = false
            for state in [EntrySpool.Record.State.kept, .touched] {
                let due = Set(
                    (keptForms[state] ?? [:]).filter { $0.value > 0 && dirty.contains(partitions[Int($0.key)]) }.keys)
                guard !due.isEmpty else { continue }
                again = true
                try rewrite(state, of: due)
            }
        }
        for writer in writers.values { try writer.close() }
        writers = [:]
        summary.partitionsWritten = dirty.count
    }

    /// One pass through the spool into the next: the forms `state` of the partitions `due` are
    /// read and written, in path order.
    private mutating func rewrite(_ state: EntrySpool.Record.State, of due: Set<Int32>) throws(DatasetError) {
        let reader = try finishSpool()
        let load = export.load
        let rows = export.rows
        try ParallelMap.stream(reader, batchSize: export.formsPerBatch) {
            (record: EntrySpool.Record) -> (EntrySpool.Record, ReadForm?) in
            guard record.state == state, due.contains(record.partition) else { return (record, nil) }
            return (record, Self.read(record.input, load: load, rows: rows))
        } consume: { (record, form) throws(DatasetError) in
            var record = record
            if let form {
                summary.formsRead += 1
                keptForms[state]?[record.partition]? -= 1
                try write(form, as: &record)
            }
            try spool.append(record)
        }
        try check(reader)
    }

    /// Ends the spool being written and opens it to be read (it is removed once it is open), and
    /// begins the next one unless it is the last.
    private mutating func finishSpool(last: Bool = false) throws(DatasetError) -> EntrySpool.Reader {
        try spool.finish()
        let reader = try EntrySpool.Reader(path: spool.path)
        unlink(spool.path)
        if !last {
            spools += 1
            spool = try EntrySpool.Writer(path: Self.spoolPath(spools, in: generationFolder))
        }
        return reader
    }

    private func check(_ reader: EntrySpool.Reader) throws(DatasetError) {
        if reader.failed { throw DatasetError("cannot read back the entries spooled in '\(generationFolder)'") }
    }

    /// Closes what the run has open and removes its generation folder (given up).
    func abandon() throws(DatasetError) {
        for writer in writers.values { try writer.close() }
        try spool.finish()
        do {
            try FolderAccess.remove(generationFolder)
        } catch {
            throw DatasetError("cannot remove '\(generationFolder)': \(error)")
        }
    }

    private mutating func number(_ partition: HivePartition) -> Int32 {
        if let known = partitionNumbers[partition] { return known }
        let number = Int32(partitions.count)
        partitions.append(partition)
        partitionNumbers[partition] = number
        return number
    }

    private mutating func makeWriter(_ partition: HivePartition) -> PartitionWriter {
        let writer = PartitionWriter(
            folder: generationFolder, partition: partition, formats: export.formats, rowsPerPart: export.rowsPerPart)
        writers[partition] = writer
        return writer
    }

    /// The manifest of this generation, written at `path` from the spool as it is read (see
    /// `DatasetManifest.write`), and the spool removed: the file is flushed with the rest of the
    /// generation, before anything names it.
    mutating func writeManifest(formats: [String], to path: String) throws(DatasetError) {
        let reader = try finishSpool(last: true)
        let file = try BufferedWriter(path: path)
        let partitions = self.partitions
        var forms = 0
        let entries = AnyIterator { () -> DatasetManifest.Entry? in
            guard let record = reader.next() else { return nil }
            forms += 1
            return DatasetManifest.Entry(
                path: record.input.path, size: record.size, modified: record.modified,
                hash: record.hash.map(ContentHash.hex) ?? "", partition: partitions[Int(record.partition)])
        }
        try DatasetManifest.write(formats: formats, entries: entries) { bytes throws(DatasetError) in
            try file.write(bytes)
        }
        try file.finish()
        try check(reader)
        summary.forms = forms
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
        // Partitions of forms whose rows were not written: their parts are linked, not rewritten.
        let kept = Set(keptForms.values.flatMap { $0.filter { $0.value > 0 }.keys }.map { partitions[Int($0)] })
            .subtracting(dirty)
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
