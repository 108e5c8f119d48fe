import QuestionKit
import QuestionKitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The open part files of one partition in one generation: per table and format, the current
/// part's sink, rolled over to `part-<n+1>` after `rowsPerPart` rows. A table's folder is made on
/// its first row, so a partition without warnings has no `warnings` folder.
final class PartitionWriter {
    private let folder: String
    private let partition: HivePartition
    private let formats: [any TableFormat]
    private let rowsPerPart: Int
    private var parts: [String: Part] = [:]

    private struct Part {
        var sinks: [any TableSink]
        var rows: Int
        var number: Int
    }

    /// A writer of `partition` under the generation folder `folder`.
    init(folder: String, partition: HivePartition, formats: [any TableFormat], rowsPerPart: Int) {
        self.folder = folder
        self.partition = partition
        self.formats = formats
        self.rowsPerPart = max(1, rowsPerPart)
    }

    /// Adds `row` to `table`'s current part, opening the next part first when this one is full.
    func add(_ row: [DatasetValue], to table: DatasetTable) throws(DatasetError) {
        var part: Part
        if let open = parts[table.name], open.rows < rowsPerPart {
            part = open
        } else {
            let number = parts[table.name].map { $0.number + 1 } ?? 0
            for sink in parts[table.name]?.sinks ?? [] { try sink.close() }
            part = Part(sinks: try open(table, part: number), rows: 0, number: number)
        }
        for sink in part.sinks { try sink.write(row) }
        part.rows += 1
        parts[table.name] = part
    }

    /// Closes every open part: their files are whole and on disk when this returns.
    func close() throws(DatasetError) {
        for part in parts.values {
            for sink in part.sinks { try sink.close() }
        }
        parts = [:]
    }

    private func open(_ table: DatasetTable, part number: Int) throws(DatasetError) -> [any TableSink] {
        let place = PathText.joined(PathText.joined(folder, table.name), partition.path)
        try DatasetFolders.make(place)
        var sinks: [any TableSink] = []
        for format in formats {
            sinks.append(try format.makeSink(for: table, at: place + "/part-\(number).\(format.fileExtension)"))
        }
        return sinks
    }
}

/// Folders and files of a dataset reaching the disk.
enum DatasetFolders {
    /// Makes `path` and the folders above it that are missing; an existing folder is fine,
    /// anything else there (a file, a link) is an error. Not flushed: see `flush(_:)`.
    static func make(_ path: String) throws(DatasetError) {
        if FileStatus.of(path) == .folder { return }
        let parent = PathText.parent(of: path)
        if parent != path && !parent.isEmpty && FileStatus.of(parent) != .folder { try make(parent) }
        guard mkdir(path, 0o755) == 0 || (errno == EEXIST && FileStatus.of(path) == .folder) else {
            throw DatasetError("cannot create the folder '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    /// Flushes to disk every file and folder written in the file system of `folder`: one call
    /// before the dataset points at a new generation, instead of one `fsync` per part file and
    /// folder (dozens of waits on the disk per run, most of a small export's time).
    static func flush(_ folder: String) throws(DatasetError) {
        let descriptor = open(folder, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw DatasetError("cannot open the folder '\(folder)'") }
        defer { close(descriptor) }
        if let syncfs = Self.syncfs {
            guard syncfs(descriptor) == 0 else { throw DatasetError("cannot flush '\(folder)' to disk") }
        } else {
            sync()
        }
    }

    /// Linux's `syncfs(2)`, which Swift's C library module does not declare (it is a GNU
    /// extension); nil elsewhere, where `sync(2)` flushes every file system instead.
    private static let syncfs: (@convention(c) (Int32) -> Int32)? = {
        guard let symbol = dlsym(nil, "syncfs") else { return nil }
        return unsafeBitCast(symbol, to: (@convention(c) (Int32) -> Int32).self)
    }()
}
