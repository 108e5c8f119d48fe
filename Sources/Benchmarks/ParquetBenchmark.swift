import Foundation
import QuestionKitParquet

/// Our Parquet writer from the command line. `Benchmarks parquet-sample FOLDER` writes sample files (every
/// column type, nulls, dictionary and plain columns, several row groups and pages, GZIP and uncompressed) and
/// the rows they hold as JSON, for Scripts/check-parquet.sh; `Benchmarks parquet-write ROWS PATH
/// [--uncompressed] [--rows-only]` writes ROWS rows shaped like the dataset's `answers` table (issue 22), the
/// job that cachegrind counts for the writer's instructions per row (`--rows-only` makes the rows and writes
/// nothing, to subtract).
enum ParquetBenchmark {
    static let sampleOption = "parquet-sample"
    static let writeOption = "parquet-write"

    static func main(_ option: String, _ arguments: [String]) -> Int32 {
        do {
            switch (option, arguments.count) {
            case (sampleOption, 1): try writeSamples(to: arguments[0])
            case (writeOption, 2...4):
                guard let count = Int(arguments[0]) else { fallthrough }
                try writeAnswers(
                    count: count, to: arguments[1], compressed: !arguments.contains("--uncompressed"),
                    rowsOnly: arguments.contains("--rows-only"))
            default:
                print(
                    "usage: Benchmarks \(sampleOption) FOLDER | \(writeOption) ROWS PATH [--uncompressed] [--rows-only]"
                )
                return 64
            }
        } catch {
            print("error: \(error)")
            return 1
        }
        return 0
    }

    // MARK: The sample files

    static let sampleColumns = [
        ParquetColumn("id", .int64, optional: false, encoding: .plain),
        ParquetColumn("name", .string, encoding: .dictionary),
        ParquetColumn("text", .string, encoding: .plain),
        ParquetColumn("count", .int64, encoding: .dictionary),
        ParquetColumn("ratio", .double, encoding: .plain),
        ParquetColumn("ok", .boolean),
        ParquetColumn("day", .date, encoding: .dictionary),
        ParquetColumn("at", .timestamp, encoding: .plain),
        ParquetColumn("label", .string, optional: false),
    ]
    static let sampleRows = 2_500
    static let sampleRowGroupRows = 1_000

    /// Row `index` of the sample: every column's nulls at their own period, text with quotes, accents and emoji,
    /// negative numbers, zeros of both signs, dates before 1970.
    static func sampleRow(_ index: Int) -> [ParquetValue] {
        let names = ["pump", "valve", "meter", "Émoji 😀", "", "tank \"B\""]
        return [
            .int64(Int64(index)),
            index % 7 == 3 ? .null : .string(names[index % names.count]),
            index % 5 == 0 ? .null : .string("answer \(index * 37 % 1_000), line\nnext ü"),
            index % 11 == 0 ? .null : .int64(Int64(index % 13) - 6),
            index % 4 == 1 ? .null : .double(index % 9 == 0 ? (index % 2 == 0 ? 0.0 : -0.0) : Double(index) / 8 - 100),
            index % 3 == 2 ? .null : .boolean(index % 2 == 0),
            index % 6 == 5 ? .null : .date(Int32(index % 400) - 200),
            index % 10 == 9 ? .null : .timestamp(1_700_000_000_000_000 + Int64(index) * 3_600_000_000),
            .string("L\(index / 100)"),
        ]
    }

    static func sampleOptions(_ compression: ParquetCompression) -> ParquetOptions {
        var options = ParquetOptions()
        options.compression = compression
        options.rowGroupRows = sampleRowGroupRows
        options.pageRows = 300
        options.createdBy = "questionkit parquet-sample"
        return options
    }

    private static func writeSamples(to folder: String) throws {
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        for (file, compression) in [("gzip.parquet", ParquetCompression.gzip), ("uncompressed.parquet", .uncompressed)]
        {
            var writer = try ParquetWriter(
                columns: sampleColumns, options: sampleOptions(compression), sink: ParquetBytes())
            for index in 0..<sampleRows { try writer.append(row: sampleRow(index)) }
            try Data(writer.finish().bytes).write(to: URL(fileURLWithPath: folder + "/" + file))
        }
        let rows = (0..<sampleRows).map { index in
            sampleRow(index).map { value -> Any in
                switch value {
                case .null: NSNull()
                case .string(let text): text
                case .int64(let number), .timestamp(let number): number
                case .double(let number): number
                case .boolean(let flag): flag
                case .date(let days): days
                }
            }
        }
        let expected: [String: Any] = [
            "columns": sampleColumns.map {
                ["name": $0.name, "type": $0.type.rawValue, "optional": $0.optional, "encoding": "\($0.encoding)"]
            },
            "rows": rows, "row_group_rows": sampleRowGroupRows, "files": ["gzip.parquet", "uncompressed.parquet"],
        ]
        try JSONSerialization.data(withJSONObject: expected, options: [.sortedKeys])
            .write(to: URL(fileURLWithPath: folder + "/expected.json"))
    }

    // MARK: The answers-shaped table

    static let answerColumns = [
        ParquetColumn("form_id", .string, optional: false),
        ParquetColumn("title", .string, optional: false),
        ParquetColumn("revision", .int64, optional: false),
        ParquetColumn("question", .int64, optional: false),
        ParquetColumn("link_id", .string, optional: false),
        ParquetColumn("type", .string, optional: false),
        ParquetColumn("section", .string),
        ParquetColumn("answer_text", .string),
        ParquetColumn("answer_number", .double),
        ParquetColumn("option", .string),
        ParquetColumn("flagged", .boolean, optional: false),
        ParquetColumn("flag", .string),
        ParquetColumn("comment", .string),
        ParquetColumn("media_count", .int64, optional: false),
        ParquetColumn("technician", .string),
        ParquetColumn("foreman", .string),
        ParquetColumn("completed", .timestamp),
        ParquetColumn("completed_date", .date),
        ParquetColumn("source", .string, optional: false),
    ]

    /// Row `index` of a table of forms of 25 questions: the form's values repeat over its 25 rows, the
    /// question's over the forms, as the dataset's `answers` rows do.
    static func answerRow(_ index: Int) -> [ParquetValue] {
        let form = index / 25
        let question = index % 25
        let types = ["text", "yes-no", "number", "multiple-choice", "date"]
        let type = types[question % types.count]
        let number = type == "number" ? Double(form % 997) / 10 : nil
        let flagged = question == 7 && form % 13 == 0
        let completed = 1_700_000_000_000_000 + Int64(form) * 600_000_000
        return [
            .string("form-\(form)"), .string(form % 3 == 0 ? "Pump inspection" : "Valve check"),
            .int64(Int64(1 + form % 4)), .int64(Int64(question + 1)), .string("q\(question + 1)"), .string(type),
            .string("Section \(question / 5 + 1)"),
            number.map { .string(String($0)) } ?? .string(type == "yes-no" ? (form % 5 == 0 ? "no" : "yes") : "ok"),
            number.map { .double($0) } ?? .null, type == "multiple-choice" ? .string("option \(form % 4)") : .null,
            .boolean(flagged), flagged ? .string("out of range") : .null,
            form % 17 == 0 && question == 3 ? .string("checked twice") : .null, .int64(question == 9 ? 1 : 0),
            .string("tech-\(form % 250)"), form % 2 == 0 ? .string("foreman-\(form % 20)") : .null,
            .timestamp(completed), .date(Int32(completed / 86_400_000_000)),
            .string("forms/2026/\(form % 12 + 1)/form-\(form).json"),
        ]
    }

    private static func writeAnswers(count: Int, to path: String, compressed: Bool, rowsOnly: Bool) throws {
        if rowsOnly {
            var cells = 0
            for index in 0..<count { cells += answerRow(index).count }
            print("\(count) rows, \(cells) cells made, nothing written")
            return
        }
        guard FileManager.default.createFile(atPath: path, contents: nil),
            let handle = FileHandle(forWritingAtPath: path)
        else {
            throw CocoaError(.fileWriteNoPermission, userInfo: [NSFilePathErrorKey: path])
        }
        var options = ParquetOptions()
        options.compression = compressed ? .gzip : .uncompressed
        var writer = try ParquetWriter(columns: answerColumns, options: options, sink: FileSink(handle: handle))
        for index in 0..<count { try writer.append(row: answerRow(index)) }
        _ = try writer.finish()
        try handle.close()
        let size = (try? FileManager.default.attributesOfItem(atPath: path)[.size] as? Int) ?? 0
        print("\(count) rows, \(size) bytes")
    }

    private struct FileSink: ParquetSink {
        let handle: FileHandle
        mutating func write(_ bytes: [UInt8]) throws { try handle.write(contentsOf: bytes) }
    }
}
