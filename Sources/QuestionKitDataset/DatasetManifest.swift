import QuestionKit

/// What a dataset holds: one entry per form exported, with what tells a changed file from an
/// unchanged one and the partition its rows are in. Kept as `manifest.json` in the dataset's
/// generation folder, one entry per line.
struct DatasetManifest {
    /// One exported form.
    struct Entry: Equatable, Sendable {
        /// The path as found (a file named, or a folder's path joined with the file's).
        var path: String
        /// The file's size in bytes when it was read.
        var size: Int64
        /// Its modification time, nanoseconds since 1970 (UTC).
        var modified: Int64
        /// FNV-1a of its bytes, 16 hex digits (see `ContentHash`); empty when it could not be read.
        var hash: String
        /// The partition holding its rows.
        var partition: HivePartition
    }

    /// The entries, by path (a manifest read whole, as tests read one; an export reads it with `Reader`).
    var entries: [String: Entry] = [:]
    /// The formats of the part files (`ndjson`, `parquet`), in the order written. A manifest
    /// written before Parquet parts existed has none named: its parts are NDJSON.
    var formats: [String] = []

    /// The manifest's file name in a generation folder.
    static let fileName = "manifest.json"

    /// The manifest as JSON: `{"version": 1, "formats": [...], "forms": [` then one entry per
    /// line, sorted by path.
    func text() -> [UInt8] {
        var bytes: [UInt8] = []
        Self.write(formats: formats, entries: entries.values.sorted(by: { $0.path < $1.path })) { bytes += $0 }
        return bytes
    }

    /// Hands `output` the manifest of `entries` (each path once, in path order) piece by piece, so
    /// that a manifest of a million forms is written out as it is made, never held whole.
    static func write<Failure: Error>(
        formats: [String], entries: some Sequence<Entry>, to output: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        var bytes = Array("{\"version\":1,\"formats\":".utf8)
        JSONWriter.append(.array(formats.map(JSONWriter.Value.string)), indent: 0, to: &bytes)
        bytes += Array(",\"forms\":[\n".utf8)
        var first = true
        for entry in entries {
            if !first { bytes += Array(",\n".utf8) }
            first = false
            let value = JSONWriter.Value.object([
                ("path", .string(entry.path)), ("size", .integer(Int(entry.size))),
                ("modified", .integer(Int(entry.modified))), ("hash", .string(entry.hash)),
                ("partition", .string(entry.partition.path)),
            ])
            JSONWriter.append(value, indent: 0, to: &bytes)
            if bytes.count >= 1 << 16 {
                try output(bytes)
                bytes.removeAll(keepingCapacity: true)
            }
        }
        bytes += Array("\n]}\n".utf8)
        try output(bytes)
    }

    /// The manifest in `bytes`; nil when it is not one (see `Reader`).
    static func read(_ bytes: [UInt8]) -> DatasetManifest? {
        guard let reader = Reader(ChunkedReader(bytes: bytes)) else { return nil }
        var manifest = DatasetManifest()
        manifest.formats = reader.formats
        while let entry = reader.next() { manifest.entries[entry.path] = entry }
        return reader.isValid ? manifest : nil
    }

    /// A manifest read entry by entry, in path order, as `write` lays it out (a line for the
    /// header, a line per entry, `]}` last), so that a manifest of a million forms is never held
    /// whole. What is not a manifest so laid out is not one (the dataset is then exported afresh),
    /// and neither is an entry out of path order: the export merges the entries with the forms
    /// found, both in path order. An entry whose partition is not `title=…/revision=…` (two plain
    /// folder names) is not one either: the export links and removes files by it.
    final class Reader {
        /// The formats of the part files (a manifest from before Parquet parts names none: NDJSON).
        let formats: [String]
        /// Whether everything read so far was a manifest's, and, once `next()` said nil, whether
        /// it ended as one does.
        private(set) var isValid = true
        private let lines: ChunkedReader
        private var last: String?
        private var ended = false

        /// The manifest at `path`; nil when there is none or its first line is not a manifest's.
        convenience init?(path: String) {
            guard let lines = ChunkedReader(path: path) else { return nil }
            self.init(lines)
        }

        init?(_ lines: ChunkedReader) {
            // The header line is the object's start: closed here to be read as JSON.
            guard let header = lines.nextLine(), header.last == UInt8(ascii: "["),
                let root = DatasetManifest.parse(header + Array("]}".utf8)), root["version"]?.integerValue == 1
            else { return nil }
            if let formats = root["formats"] {
                guard formats.kind == .array else { return nil }
                self.formats = formats.elements.compactMap(\.stringValue)
            } else {
                self.formats = [NDJSONFormat().name]
            }
            self.lines = lines
        }

        /// The next entry; nil at the end, or at what is not an entry (then `isValid` is false).
        func next() -> Entry? {
            guard !ended else { return nil }
            while var line = lines.nextLine() {
                if line.isEmpty { continue }
                // The end of the list, and of the file.
                if line.elementsEqual("]}".utf8) { return stop(valid: lines.nextLine() == nil && !lines.failed) }
                if line.last == UInt8(ascii: ",") { line.removeLast() }
                guard let entry = DatasetManifest.parse(line).flatMap(DatasetManifest.entry),
                    last.map({ $0 < entry.path }) ?? true
                else { return stop(valid: false) }
                last = entry.path
                return entry
            }
            return stop(valid: false)
        }

        private func stop(valid: Bool) -> Entry? {
            ended = true
            if !valid { isValid = false }
            return nil
        }
    }

    /// The JSON object in `bytes`; nil when it is not one.
    private static func parse(_ bytes: some Collection<UInt8>) -> JSONNode? {
        let bytes = Array(bytes)
        let limits = JSONParser.Limits(maxBytes: max(bytes.count, 1), maxDepth: 8)
        guard let root = JSONParser.parse(bytes, limits: limits).document?.root, root.kind == .object else {
            return nil
        }
        return root
    }

    /// The entry that `node` is; nil when it is not one.
    private static func entry(_ node: JSONNode) -> Entry? {
        // Nanoseconds pass 2^53: read as the integers they are written as, not through a Double.
        guard let path = node["path"]?.stringValue, let size = node["size"]?.numberText.flatMap({ Int64($0) }),
            let modified = node["modified"]?.numberText.flatMap({ Int64($0) }),
            let hash = node["hash"]?.stringValue, hash.isEmpty || ContentHash.value(ofHex: hash) != nil,
            let partition = node["partition"]?.stringValue, isPartitionPath(partition)
        else { return nil }
        return Entry(path: path, size: size, modified: modified, hash: hash, partition: HivePartition(path: partition))
    }

    private static func isPartitionPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].hasPrefix("title=") && parts[1].hasPrefix("revision=")
            && !parts.contains { $0 == "." || $0 == ".." || $0.contains("\0") }
    }
}
