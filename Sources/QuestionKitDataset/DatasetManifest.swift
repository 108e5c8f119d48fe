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

    /// The entries, by path.
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

    /// The manifest in `bytes`; nil when it is not one (then the dataset is exported afresh). An
    /// entry whose partition is not `title=…/revision=…` (two plain folder names) is not one: the
    /// export links and removes files by it.
    static func read(_ bytes: [UInt8]) -> DatasetManifest? {
        let limits = JSONParser.Limits(maxBytes: max(bytes.count, 1), maxDepth: 8)
        guard let root = JSONParser.parse(bytes, limits: limits).document?.root,
            root["version"]?.integerValue == 1, let forms = root["forms"], forms.kind == .array
        else { return nil }
        var manifest = DatasetManifest()
        if let formats = root["formats"] {
            guard formats.kind == .array else { return nil }
            manifest.formats = formats.elements.compactMap(\.stringValue)
        } else {
            manifest.formats = [NDJSONFormat().name]
        }
        for node in forms.elements {
            // Nanoseconds pass 2^53: read as the integers they are written as, not through a Double.
            guard let path = node["path"]?.stringValue, let size = node["size"]?.numberText.flatMap({ Int64($0) }),
                let modified = node["modified"]?.numberText.flatMap({ Int64($0) }),
                let hash = node["hash"]?.stringValue, hash.isEmpty || ContentHash.value(ofHex: hash) != nil,
                let partition = node["partition"]?.stringValue, isPartitionPath(partition)
            else { return nil }
            manifest.entries[path] = Entry(
                path: path, size: size, modified: modified, hash: hash,
                partition: HivePartition(path: partition))
        }
        return manifest
    }

    private static func isPartitionPath(_ path: String) -> Bool {
        let parts = path.split(separator: "/", omittingEmptySubsequences: false)
        return parts.count == 2 && parts[0].hasPrefix("title=") && parts[1].hasPrefix("revision=")
            && !parts.contains { $0 == "." || $0 == ".." || $0.contains("\0") }
    }
}
