import QuestionKit

/// Where the rows of one part of a table go, in one file format. A sink is made for a file path,
/// takes rows one at a time (one value per column of its table, in order), and is closed once:
/// the file is whole only when `close` returns (the export flushes every file to disk at once
/// before the dataset points at them). Memory is bounded by the format's buffer (a row group for
/// Parquet), never by the number of rows.
public protocol TableSink: AnyObject {
    /// Adds a row: one value per column of the table.
    func write(_ row: [DatasetValue]) throws(DatasetError)
    /// Writes what is buffered and the file's end, and closes the file.
    func close() throws(DatasetError)
}

/// A file format of a dataset: the extension of its part files and how to open a part.
public protocol TableFormat: Sendable {
    /// The format's name on the command line (`ndjson`).
    var name: String { get }
    /// The extension of its part files, without the dot (`ndjson`).
    var fileExtension: String { get }
    /// A sink writing a new file at `path` (its folder exists) for rows of `table`.
    func makeSink(for table: DatasetTable, at path: String) throws(DatasetError) -> any TableSink
}

/// What stops an export: a file or folder of the dataset that cannot be written or read.
public struct DatasetError: Error, Sendable, CustomStringConvertible {
    /// What went wrong, naming the path.
    public var description: String

    /// An error saying `description`.
    public init(_ description: String) {
        self.description = description
    }
}
