import QuestionKit
import QuestionKitFiles
import QuestionKitParquet

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Parquet part files, written by our own writer (`QuestionKitParquet`): a column per table column,
/// typed as the table says (a nullable column OPTIONAL, the others REQUIRED), pages compressed as
/// GZIP, row groups as the writer bounds them. pyarrow, DuckDB and Spark read them
/// (Scripts/check-dataset-engines.sh, Scripts/check-dataset-spark.sh).
public struct ParquetFormat: TableFormat {
    /// The format.
    public init() {}

    /// `parquet`.
    public var name: String { "parquet" }
    /// `parquet`.
    public var fileExtension: String { "parquet" }

    /// A sink writing a Parquet file at `path`.
    public func makeSink(for table: DatasetTable, at path: String) throws(DatasetError) -> any TableSink {
        try ParquetTableSink(table: table, path: path)
    }
}

/// Rows into a new Parquet file: the writer buffers a row group and hands its bytes to the file.
final class ParquetTableSink: TableSink {
    private let path: String
    /// The file's descriptor, closed by `close()`, or here when the sink goes before it (an export that failed).
    private let descriptor: Int32
    private var writer: ParquetWriter<ParquetFile>?

    init(table: DatasetTable, path: String) throws(DatasetError) {
        self.path = path
        let columns = table.columns.map { ParquetColumn($0.name, Self.parquetType($0.type), optional: $0.isNullable) }
        let file = try ParquetFile(path: path)
        descriptor = file.descriptor
        do {
            writer = try ParquetWriter(columns: columns, options: Self.options, sink: file)
        } catch {
            closeFile(descriptor)
            throw DatasetError("cannot write '\(path)': \(error)")
        }
    }

    /// The writer's options but for the row group's bound: every open part (a table of a partition)
    /// buffers one row group, so 8 MiB rather than 64 keeps an export of many partitions in some
    /// hundred megabytes (10,000 generated forms, 8 partitions: 181 MB at 64 MiB); a group of 8 MiB
    /// still holds tens of thousands of answers, each with its statistics for engines to skip by.
    static let options: ParquetOptions = {
        var options = ParquetOptions()
        options.rowGroupBytes = 8 << 20
        return options
    }()

    deinit {
        if writer != nil { closeFile(descriptor) }
    }

    func write(_ row: [DatasetValue]) throws(DatasetError) {
        guard var open = writer.take() else { throw DatasetError("cannot write '\(path)': the file is closed") }
        defer { writer = open }
        do {
            // Value by value into the column buffers: no array of Parquet values made for each row.
            guard row.count == open.columns.count else {
                throw DatasetError("a row of \(row.count) values for \(open.columns.count) columns")
            }
            for value in row { try open.append(Self.parquetValue(value)) }
        } catch {
            throw DatasetError("cannot write '\(path)': \(error)")
        }
    }

    func close() throws(DatasetError) {
        guard let open = writer.take() else { return }
        let file: ParquetFile
        do {
            file = try open.finish()
        } catch {
            closeFile(descriptor)
            throw DatasetError("cannot write '\(path)': \(error)")
        }
        try file.close()
    }

    /// Each table type's Parquet type: the same cases by the same names (a test checks every one).
    static func parquetType(_ type: DatasetColumnType) -> ParquetColumnType {
        ParquetColumnType(rawValue: type.rawValue) ?? .string
    }

    private static func parquetValue(_ value: DatasetValue) -> ParquetValue {
        switch value {
        case .null: .null
        case .string(let text): .string(text)
        case .int64(let number): .int64(number)
        case .double(let number): .double(number)
        case .boolean(let flag): .boolean(flag)
        case .date(let days): .date(days)
        case .timestamp(let micros): .timestamp(micros)
        }
    }
}

/// A new file the writer's bytes go to as it makes them (a column chunk at a time); closed once.
private struct ParquetFile: ParquetSink {
    let path: String
    let descriptor: Int32

    init(path: String) throws(DatasetError) {
        self.path = path
        descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC | O_NOFOLLOW, 0o644)
        guard descriptor >= 0 else {
            throw DatasetError("cannot create '\(path)': \(String(cString: strerror(errno)))")
        }
    }

    mutating func write(_ bytes: [UInt8]) throws {
        if let failure = bytes.withUnsafeBytes({ SystemIO.writeAll($0, to: descriptor) }) {
            throw DatasetError("cannot write '\(path)': \(failure)")
        }
    }

    func close() throws(DatasetError) {
        guard closeFile(descriptor) == 0 else {
            throw DatasetError("cannot write '\(path)': \(String(cString: strerror(errno)))")
        }
    }
}

/// `close(2)`, out of the sink and the file, whose own `close()` hides it.
@discardableResult
private func closeFile(_ descriptor: Int32) -> Int32 { close(descriptor) }
