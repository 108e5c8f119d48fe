#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The next manifest's entries while a run makes them, on disk in path order rather than in
/// memory: a run of a million forms holds none of them. Each entry says, beside what the manifest
/// will say, where the form was found (to read it again) and whether its rows are written yet: a
/// form kept from the last export is read again only when its partition is rewritten, which is
/// known once every form has been seen (see `ExportRun`). A spool is a file in the generation
/// folder, read once front to back into the next spool or the manifest, and removed.
enum EntrySpool {
    /// One form of the next manifest.
    struct Record: Sendable {
        /// What became of the form's rows in this run.
        enum State: UInt8, Sendable {
            /// Written into this generation.
            case written = 0
            /// Not read: its size and time are the last export's (its rows are where they were).
            case kept = 1
            /// Read, and its bytes and partition are the last export's (its rows are where they were).
            case touched = 2
        }

        var input: DatasetExport.Input
        var size: Int64
        var modified: Int64
        /// The content hash; nil for a file that could not be read.
        var hash: UInt64?
        /// The partition of its rows: its place in the run's list of partitions.
        var partition: Int32
        var state: State
    }

    /// A spool written record by record.
    final class Writer {
        private let file: BufferedWriter
        private var bytes: [UInt8] = []
        /// The records written.
        private(set) var count = 0

        /// A new spool at `path` (there must be no file there).
        init(path: String) throws(DatasetError) {
            file = try BufferedWriter(path: path)
        }

        var path: String { file.path }

        func append(_ record: Record) throws(DatasetError) {
            bytes.removeAll(keepingCapacity: true)
            bytes.append(record.state.rawValue)
            bytes.append(record.hash == nil ? 0 : 1)
            Self.append(UInt32(bitPattern: record.partition), to: &bytes)
            Self.append(UInt64(bitPattern: record.size), to: &bytes)
            Self.append(UInt64(bitPattern: record.modified), to: &bytes)
            Self.append(record.hash ?? 0, to: &bytes)
            let path = record.input.path.utf8
            Self.append(UInt32(path.count), to: &bytes)
            bytes += path
            // A form named itself has no folder: a length of all ones.
            Self.append(record.input.folder.map { UInt32($0.utf8.count) } ?? .max, to: &bytes)
            if let folder = record.input.folder { bytes += folder.utf8 }
            var length: [UInt8] = []
            Self.append(UInt32(bytes.count), to: &length)
            try file.write(length)
            try file.write(bytes)
            count += 1
        }

        /// Writes out the last records and closes the file.
        func finish() throws(DatasetError) {
            try file.finish()
        }

        private static func append<Value: FixedWidthInteger>(_ value: Value, to bytes: inout [UInt8]) {
            withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
        }
    }

    /// A spool read record by record, front to back: a `Sequence` to stream through `ParallelMap`.
    final class Reader: Sequence, IteratorProtocol {
        private let file: ChunkedReader
        /// Set when the spool could not be read to its end as it was written.
        private(set) var failed = false

        init(path: String) throws(DatasetError) {
            guard let file = ChunkedReader(path: path) else {
                throw DatasetError("cannot read '\(path)': \(String(cString: strerror(errno)))")
            }
            self.file = file
        }

        func next() -> Record? {
            guard !failed, file.fill(4) else {
                if file.failed { failed = true }
                return nil
            }
            let length = Int(Self.integer(UInt32.self, file.take(4)))
            guard file.fill(length), length >= 38 else {
                failed = true
                return nil
            }
            let bytes = file.take(length)
            var at = bytes.startIndex
            func take<Value: FixedWidthInteger>(_: Value.Type) -> Value {
                defer { at += MemoryLayout<Value>.size }
                return Self.integer(Value.self, bytes[at..<at + MemoryLayout<Value>.size])
            }
            guard let state = Record.State(rawValue: take(UInt8.self)) else {
                failed = true
                return nil
            }
            let hasHash = take(UInt8.self) == 1
            let partition = Int32(bitPattern: take(UInt32.self))
            let size = Int64(bitPattern: take(UInt64.self))
            let modified = Int64(bitPattern: take(UInt64.self))
            let hash = take(UInt64.self)
            let pathCount = Int(take(UInt32.self))
            guard pathCount <= bytes.endIndex - at - 4 else {
                failed = true
                return nil
            }
            let path = String(decoding: bytes[at..<at + pathCount], as: UTF8.self)
            at += pathCount
            let folderCount = take(UInt32.self)
            guard folderCount == .max || Int(folderCount) <= bytes.endIndex - at else {
                failed = true
                return nil
            }
            let folder = folderCount == .max ? nil : String(decoding: bytes[at..<at + Int(folderCount)], as: UTF8.self)
            return Record(
                input: DatasetExport.Input(path: path, folder: folder), size: size, modified: modified,
                hash: hasHash ? hash : nil, partition: partition, state: state)
        }

        private static func integer<Value: FixedWidthInteger>(_: Value.Type, _ bytes: ArraySlice<UInt8>) -> Value {
            var value = Value.zero
            withUnsafeMutableBytes(of: &value) { $0.copyBytes(from: bytes) }
            return Value(littleEndian: value)
        }
    }
}
