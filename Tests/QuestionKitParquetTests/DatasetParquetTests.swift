import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitDataset
@testable import QuestionKitParquet

/// The dataset's Parquet parts (`ParquetFormat`), read back by this target's own footer reader: the
/// schema is the table model's, and each part holds the rows its NDJSON twin holds (counted, and
/// every column's nulls and bounds alike). Values themselves are compared by pyarrow, DuckDB and
/// Spark (Scripts/check-dataset-engines.sh, Scripts/check-dataset-spark.sh).
@Suite("The dataset's Parquet parts")
struct DatasetParquetTests {
    /// The built-in types, which register without a conflict.
    static let registry: QuestionTypeRegistry = {
        guard let registry = try? QuestionTypeRegistry(BuiltInQuestionTypes.all) else {
            preconditionFailure("the built-in types do not register")
        }
        return registry
    }()

    /// Completed forms in `folder/forms`: generated ones of four templates in two revisions (see
    /// `Benchmarks completed-forms`), and the completed forms of the test templates, ours and the
    /// original system's (conditions not met, rule-breaking answers read leniently, warnings).
    static func forms(_ count: Int, in folder: TemporaryFolder) throws -> [String] {
        try FileManager.default.createDirectory(atPath: folder.path + "/forms", withIntermediateDirectories: true)
        var paths: [String] = []
        for index in 0..<count {
            paths.append(try folder.write("forms/form\(index).json", generatedForm(index)))
        }
        for name in ["completed/original-system-style.json", "original-forms/rule-breaking-answers.completed.json"] {
            let text = try String(contentsOfFile: packageRoot + "/Tests/Templates/" + name, encoding: .utf8)
            paths.append(try folder.write("forms/" + name.replacingOccurrences(of: "/", with: "-"), text))
        }
        paths.append(try folder.write("forms/broken.json", "{\"Title\": \"Broken\",\n  \"questions\": [oops]}"))
        return paths
    }

    /// A generated completed form (as `CompletedFormGenerator` writes them), kept small here.
    static func generatedForm(_ index: Int) -> String {
        let reading = index % 5 == 0 ? 120 : 20 + index
        return """
            {"Title": "Generated fleet MI \(index % 2)", "RevisionNumber": "\(index / 2 % 2 + 1)",
             "username": "Technician \(index % 3)", "completedDate": "Mar \(index % 28 + 1), 2026",
             "SubmittedDate": "\(index % 3 == 0 ? "2026-03-09T10:15:00Z" : "")",
             "questions": [
              {"answer-type": "short-answer", "question": "Bearing temperature (°C)", "numberInput": true,
               "acceptedAnswer": {"from": "-20", "to": "95"},
               "user-answer": {"short-answer": "\(reading)", "comment": "", "images": []}},
              {"answer-type": "multiple-choice", "question": "Belt condition", "max-answers": "2",
               "answers": ["Good", "Worn", "Cracked"], "acceptedAnswer": ["Good"],
               "user-answer": {"check-boxes": \(index % 4 == 0 ? #"["Worn", "Cracked"]"# : #"["Good"]"#),
                               "comment": "\(index % 3 == 0 ? "Seen" : "")", "images": []}}
             ]}
            """
    }

    @discardableResult
    static func export(_ paths: [String], to folder: String, formats: [any TableFormat]) throws -> DatasetExport.Summary
    {
        let reader = TemplateReader(registry: registry)
        let export = DatasetExport(folder: folder, registry: registry, formats: formats) { path, _ in
            LoadedFile.load(path, bytes: { Array(FileManager.default.contents(atPath: path) ?? Data()) }) { bytes in
                let result = CompletedFormReader.read(bytes, with: reader)
                return (result.diagnostics.containsErrors ? nil : result.form, result.diagnostics)
            }
        }
        return try export.run(paths.map { DatasetExport.Input(path: $0) })
    }

    /// The part files of `dataset/current` with `suffix`, by their path under it.
    static func parts(_ dataset: String, _ suffix: String) throws -> [String: String] {
        let current = dataset + "/" + (try FileManager.default.destinationOfSymbolicLink(atPath: dataset + "/current"))
        let names = FileManager.default.enumerator(atPath: current)?.allObjects as? [String] ?? []
        var parts: [String: String] = [:]
        for name in names where name.hasSuffix(suffix) {
            parts[String(name.dropLast(suffix.count))] = current + "/" + name
        }
        return parts
    }

    /// What a part says of each column, order aside: rows, nulls, and the bounds of an INT64 column.
    struct ColumnSummary: Equatable {
        var rows = 0
        var nulls = 0
        var bounds: ClosedRange<Int64>?
    }

    /// Each column's summary from the Parquet footer, summed over the row groups; bounds of `int64Columns`.
    static func summary(ofParquet path: String, int64Columns: Set<String>) throws -> [String: ColumnSummary] {
        let metadata = try footer(of: Array(try #require(FileManager.default.contents(atPath: path))))
        let names = (metadata[2]?.list ?? []).dropFirst().map { $0[4]?.string ?? "" }
        var summaries: [String: ColumnSummary] = [:]
        for group in metadata[4]?.list ?? [] {
            for (name, chunk) in zip(names, group[1]?.list ?? []) {
                let meta = chunk[3]
                #expect(meta?[4]?.int == 2, "\(path) \(name): GZIP")
                var summary = summaries[name] ?? ColumnSummary()
                summary.rows += Int(group[3]?.int ?? 0)
                summary.nulls += Int(meta?[12]?[3]?.int ?? 0)
                if int64Columns.contains(name), let low = meta?[12]?[6]?.bytes, let high = meta?[12]?[5]?.bytes {
                    let bounds = littleEndian(low)...littleEndian(high)
                    let old = summary.bounds ?? bounds
                    summary.bounds = min(old.lowerBound, bounds.lowerBound)...max(old.upperBound, bounds.upperBound)
                }
                summaries[name] = summary
            }
        }
        return summaries
    }

    /// The same from an NDJSON part: `int64Columns` are those whose bounds count.
    static func summary(ofNDJSON path: String, int64Columns: Set<String>) throws -> [String: ColumnSummary] {
        let text = try String(contentsOfFile: path, encoding: .utf8)
        var summaries: [String: ColumnSummary] = [:]
        for line in text.split(separator: "\n") {
            let row = try #require(try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any])
            for (name, value) in row {
                var summary = summaries[name] ?? ColumnSummary()
                summary.rows += 1
                if value is NSNull {
                    summary.nulls += 1
                } else if int64Columns.contains(name), let number = value as? Int64 {
                    summary.bounds =
                        min(
                            summary.bounds?.lowerBound ?? number, number)...max(
                            summary.bounds?.upperBound ?? number, number)
                }
                summaries[name] = summary
            }
        }
        return summaries
    }

    static func littleEndian(_ bytes: [UInt8]) -> Int64 {
        Int64(bitPattern: bytes.reversed().reduce(UInt64(0)) { $0 << 8 | UInt64($1) })
    }

    /// The INT64 columns of the table whose part is at `part` (`answers/title=…`).
    static func int64Columns(ofPart part: String) -> Set<String> {
        let table = DatasetTables(registry: registry).all.first { part.hasPrefix($0.name + "/") }
        return Set((table?.columns ?? []).filter { $0.type == .int64 }.map(\.name))
    }

    @Test("a part's schema is its table's columns, typed, OPTIONAL where nullable")
    func theSchemaIsTheTableModel() throws {
        let folder = try TemporaryFolder()
        try Self.export(try Self.forms(6, in: folder), to: folder.path + "/out", formats: [ParquetFormat()])
        let tables = DatasetTables(registry: Self.registry)
        let parts = try Self.parts(folder.path + "/out", ".parquet")
        for table in tables.all {
            let part = try #require(parts.first { $0.key.hasPrefix(table.name + "/") }?.value, "\(table.name)")
            let schema = try footer(of: Array(try #require(FileManager.default.contents(atPath: part))))[2]?.list ?? []
            #expect(schema.dropFirst().map { $0[4]?.string } == table.columns.map(\.name))
            for (element, column) in zip(schema.dropFirst(), table.columns) {
                let type = ParquetColumnType(rawValue: column.type.rawValue)
                #expect(type != nil, "\(column.type) has a Parquet type of the same name")
                #expect(element[1]?.int == type.map { Int64($0.physicalType.rawValue) }, "\(column.name)")
                #expect(element[3]?.int == (column.isNullable ? 1 : 0), "\(column.name)")
            }
        }
        #expect(parts.keys.contains { $0.hasPrefix("answers/title=Generated fleet MI 0/revision=1/part-0") })
    }

    @Test("each Parquet part holds its NDJSON twin's rows: counts, nulls and INT64 bounds per column")
    func bothFormatsHoldTheSameRows() throws {
        let folder = try TemporaryFolder()
        let summary = try Self.export(
            try Self.forms(40, in: folder), to: folder.path + "/out", formats: [ParquetFormat(), NDJSONFormat()])
        #expect(summary.forms == 43 && summary.warnings > 0)
        let parquet = try Self.parts(folder.path + "/out", ".parquet")
        let ndjson = try Self.parts(folder.path + "/out", ".ndjson")
        #expect(parquet.count > 10 && Set(parquet.keys) == Set(ndjson.keys))
        for (part, path) in parquet {
            let twin = try #require(ndjson[part])
            let fromParquet = try Self.summary(ofParquet: path, int64Columns: Self.int64Columns(ofPart: part))
            let fromNDJSON = try Self.summary(ofNDJSON: twin, int64Columns: Self.int64Columns(ofPart: part))
            #expect(fromParquet == fromNDJSON, "\(part): \(fromParquet.filter { fromNDJSON[$0.key] != $0.value })")
        }
    }

    @Test("a second Parquet run after changes holds what a fresh one does; another format's dataset is redone")
    func incrementalRunsWithParquet() throws {
        let folder = try TemporaryFolder()
        let paths = try Self.forms(24, in: folder)
        let output = folder.path + "/out"
        let first = try Self.export(paths, to: output, formats: [NDJSONFormat()])
        // The NDJSON dataset is no base for Parquet parts: every form is read again, no partition kept.
        let switched = try Self.export(paths, to: output, formats: [ParquetFormat()])
        #expect(switched.formsRead == first.forms && switched.partitionsKept == 0)
        #expect(try Self.parts(output, ".ndjson").isEmpty)
        let unchanged = try Self.export(paths, to: output, formats: [ParquetFormat()])
        #expect(unchanged.formsRead == 0 && unchanged.partitionsWritten == 0)
        try FileManager.default.removeItem(atPath: paths[1])
        try Self.generatedForm(100).write(toFile: paths[2], atomically: false, encoding: .utf8)
        let added = try folder.write("forms/added.json", Self.generatedForm(101))
        let inputs = paths.filter { $0 != paths[1] } + [added]
        let again = try Self.export(inputs, to: output, formats: [ParquetFormat()])
        #expect(again.formsChanged == 2 && again.formsRemoved == 1 && again.partitionsKept > 0)
        try Self.export(inputs, to: folder.path + "/fresh", formats: [ParquetFormat()])
        let summaries = { (dataset: String) in
            Dictionary(
                uniqueKeysWithValues: try Self.parts(dataset, ".parquet").map { part, path in
                    (part, try Self.summary(ofParquet: path, int64Columns: Self.int64Columns(ofPart: part)))
                })
        }
        let incremental = try summaries(output)
        let fresh = try summaries(folder.path + "/fresh")
        #expect(incremental.count > 10 && incremental == fresh)
    }
}
