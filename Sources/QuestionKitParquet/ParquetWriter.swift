import QuestionKitArchive

/// Where a Parquet file's bytes go, in order, as the writer makes them.
package protocol ParquetSink {
    mutating func write(_ bytes: [UInt8]) throws
}

/// A file kept in memory (tests, small files).
package struct ParquetBytes: ParquetSink {
    package private(set) var bytes: [UInt8] = []

    package init() {}

    package mutating func write(_ bytes: [UInt8]) throws {
        self.bytes.append(contentsOf: bytes)
    }
}

/// Writes a flat table as a Parquet file, streaming: rows go into per-column buffers, and each row group is
/// encoded and handed to the sink when it reaches `rowGroupRows` rows or about `rowGroupBytes` bytes, so memory
/// is bounded by the row group, not the table. `finish()` writes the footer (the schema, every row group's
/// column chunks with their offsets and statistics) and returns the sink.
///
/// The layout (parquet-format, "File Format"): `PAR1`, the column chunks of each row group in order, each a
/// dictionary page or none then data pages; the footer's FileMetaData in the Thrift compact protocol, its
/// length (4 bytes, little-endian) and `PAR1` again.
package struct ParquetWriter<Sink: ParquetSink> {
    package let columns: [ParquetColumn]
    package let options: ParquetOptions
    private var sink: Sink
    private var buffers: [ColumnBuffer]
    /// The column the next `append(_:)` fills.
    private var nextColumn = 0
    private var bufferedBytes = 0
    /// Bytes written so far: where the next column chunk starts.
    private var offset: Int64 = 0
    private var rowGroups: [RowGroup] = []
    private var rowCount: Int64 = 0
    /// The DEFLATE hash table, kept from page to page so that it is allocated once.
    private var heads = LZ77Heads()

    package init(columns: [ParquetColumn], options: ParquetOptions = ParquetOptions(), sink: Sink) throws {
        guard !columns.isEmpty else { throw ParquetError(code: .badSchema, message: "a table needs a column") }
        var names = Set<String>()
        for column in columns where !names.insert(column.name).inserted || column.name.isEmpty {
            throw ParquetError(
                code: .badSchema, message: "column names must be non-empty and distinct: '\(column.name)'")
        }
        self.columns = columns
        self.options = options
        self.sink = sink
        buffers = columns.map(ColumnBuffer.init)
        try emit(parquetMagic)
    }

    /// The rows written or buffered so far.
    package var rows: Int64 { rowCount + Int64(buffers[0].rowCount) }

    /// Appends the next cell of the current row (columns in schema order); the row ends with its last column.
    /// A value that does not fit its column throws and leaves the row where it was.
    package mutating func append(_ value: ParquetValue) throws {
        bufferedBytes += try buffers[nextColumn].append(value)
        nextColumn += 1
        if nextColumn == columns.count {
            nextColumn = 0
            if buffers[0].rowCount >= options.rowGroupRows || bufferedBytes >= options.rowGroupBytes {
                try flushRowGroup()
            }
        }
    }

    /// Appends a whole row, one value a column in schema order.
    package mutating func append(row: [ParquetValue]) throws {
        guard nextColumn == 0, row.count == columns.count else {
            throw ParquetError(
                code: .wrongValueCount, message: "a row has \(columns.count) values: \(row.count) given")
        }
        for value in row { try append(value) }
    }

    /// Writes the buffered rows as a row group now (the writer also does it by itself at the bounds).
    package mutating func flushRowGroup() throws {
        guard nextColumn == 0 else {
            throw ParquetError(code: .wrongValueCount, message: "a row group cannot end inside a row")
        }
        let count = buffers[0].rowCount
        guard count > 0 else { return }
        var chunks: [ColumnChunk] = []
        for index in buffers.indices {
            var output: [UInt8] = []
            let encoder = ColumnChunkEncoder(buffer: buffers[index], options: options)
            chunks.append(encoder.encode(at: offset, into: &output, heads: &heads))
            try emit(output)
            buffers[index].removeAll()
        }
        rowGroups.append(
            RowGroup(columns: chunks, rowCount: Int64(count), ordinal: Int16(exactly: rowGroups.count)))
        rowCount += Int64(count)
        bufferedBytes = 0
    }

    /// Writes what is buffered and the footer; the sink then holds the whole file.
    package consuming func finish() throws -> Sink {
        try flushRowGroup()
        let metadata = FileMetaData(
            schema: [SchemaElement(name: "schema", childCount: Int32(columns.count))] + columns.map(\.schemaElement),
            rowCount: rowCount, rowGroups: rowGroups, createdBy: options.createdBy, columnCount: columns.count)
        var footer = metadata.compactBytes
        appendLittleEndian(UInt64(footer.count), bytes: 4, to: &footer)
        footer.append(contentsOf: parquetMagic)
        try emit(footer)
        return sink
    }

    private mutating func emit(_ bytes: [UInt8]) throws {
        try sink.write(bytes)
        offset += Int64(bytes.count)
    }
}

/// The four bytes that open and close a Parquet file.
private let parquetMagic = Array("PAR1".utf8)
