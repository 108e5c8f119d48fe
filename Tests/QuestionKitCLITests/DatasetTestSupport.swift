import FormGenerators
import Foundation
import TestSupport

/// What `questionkit dataset` wrote, read back: every row of each table, by table.
struct DatasetContents {
    /// The rows of each table (`answers`, `forms`, `warnings`), as JSON objects.
    var tables: [String: [[String: Any]]] = [:]
    /// The partition folders of each table, `title=…/revision=…`, sorted.
    var partitions: [String: [String]] = [:]
    /// Every line of every part file, sorted: what two exports of the same forms must share.
    var sortedLines: [String] = []

    /// The dataset at `folder/current`.
    init(_ folder: String) throws {
        let current = folder + "/current"
        for table in ["answers", "forms", "warnings"] {
            let root = current + "/" + table
            var rows: [[String: Any]] = []
            var found: Set<String> = []
            let files = (FileManager.default.enumerator(atPath: root)?.allObjects as? [String] ?? []).sorted()
            for file in files where file.hasSuffix(".ndjson") {
                found.insert(String(file.split(separator: "/").prefix(2).joined(separator: "/")))
                let text = try String(contentsOfFile: root + "/" + file, encoding: .utf8)
                for line in text.split(separator: "\n") {
                    sortedLines.append(table + " " + line)
                    let object = try JSONSerialization.jsonObject(with: Data(line.utf8))
                    rows.append(object as? [String: Any] ?? [:])
                }
            }
            tables[table] = rows
            partitions[table] = found.sorted()
        }
        sortedLines.sort()
    }

    func rows(_ table: String) -> [[String: Any]] { tables[table] ?? [] }
}

/// Generated completed forms in `folder/forms` (see `CompletedFormGenerator`): `count` of them,
/// numbered from `start`.
@discardableResult
func writeGeneratedForms(_ count: Int, from start: Int = 0, in folder: TemporaryFolder) throws -> [String] {
    try FileManager.default.createDirectory(atPath: folder.path + "/forms", withIntermediateDirectories: true)
    return try (start..<start + count).map { index in
        try folder.write("forms/form\(index).json", CompletedFormGenerator.form(index: index))
    }
}
