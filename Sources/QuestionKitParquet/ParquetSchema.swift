/// A column's type, as a reader sees it: each maps to one physical type and its annotation.
package enum ParquetColumnType: String, Sendable, CaseIterable {
    /// UTF-8 text: BYTE_ARRAY annotated STRING (and UTF8).
    case string
    /// A signed 64-bit integer: INT64.
    case int64
    /// An IEEE 754 double: DOUBLE.
    case double
    /// BOOLEAN.
    case boolean
    /// Days since 1970-01-01: INT32 annotated DATE.
    case date
    /// Microseconds since 1970-01-01T00:00:00Z: INT64 annotated TIMESTAMP(isAdjustedToUTC, MICROS).
    case timestamp

    var physicalType: PhysicalType {
        switch self {
        case .string: .byteArray
        case .int64, .timestamp: .int64
        case .double: .double
        case .boolean: .boolean
        case .date: .int32
        }
    }

    var annotation: (converted: ConvertedType?, logical: LogicalType?) {
        switch self {
        case .string: (.utf8, .string)
        case .date: (.date, .date)
        case .timestamp: (.timestampMicros, .timestampMicrosUTC)
        case .int64, .double, .boolean: (nil, nil)
        }
    }
}

/// How a column's values are encoded in its pages.
package enum ParquetEncodingChoice: Sendable {
    /// A dictionary when it makes the chunk smaller (few distinct values), else plain.
    case automatic
    /// Always plain values.
    case plain
    /// Always a dictionary page and RLE_DICTIONARY indices (booleans stay plain: a dictionary cannot shrink them).
    case dictionary
}

/// One column of a flat table: a top-level field, required or optional (nulls allowed).
package struct ParquetColumn: Sendable {
    package var name: String
    package var type: ParquetColumnType
    package var optional: Bool
    package var encoding: ParquetEncodingChoice

    package init(
        _ name: String, _ type: ParquetColumnType, optional: Bool = true, encoding: ParquetEncodingChoice = .automatic
    ) {
        self.name = name
        self.type = type
        self.optional = optional
        self.encoding = encoding
    }

    var schemaElement: SchemaElement {
        SchemaElement(
            type: type.physicalType, repetition: optional ? .optional : .required, name: name,
            convertedType: type.annotation.converted, logicalType: type.annotation.logical)
    }
}

/// One cell of a row.
package enum ParquetValue: Sendable, Equatable {
    case null
    case string(String)
    case int64(Int64)
    case double(Double)
    case boolean(Bool)
    /// Days since 1970-01-01.
    case date(Int32)
    /// Microseconds since 1970-01-01T00:00:00Z.
    case timestamp(Int64)
}

/// The file's compression codec: every page's bytes after its header.
package enum ParquetCompression: Sendable {
    case uncompressed
    /// A gzip member around our own DEFLATE (fixed Huffman codes): the one codec every Parquet reader has that
    /// the product can write without a dependency (Snappy and Zstandard would be new compressors of our own).
    case gzip

    var codec: CompressionCodec {
        switch self {
        case .uncompressed: .uncompressed
        case .gzip: .gzip
        }
    }
}

/// How a file is cut: row groups (the unit readers skip by statistics and the unit of the writer's memory) and
/// the pages within each column chunk.
package struct ParquetOptions: Sendable {
    package var compression: ParquetCompression = .gzip
    /// A row group is written when it holds this many rows…
    package var rowGroupRows = 1_000_000
    /// …or when its buffered values reach about this many bytes (the writer's memory is about twice this).
    package var rowGroupBytes = 64 << 20
    /// A data page ends after this many rows…
    package var pageRows = 20_000
    /// …or this many bytes of values.
    package var pageBytes = 1 << 20
    /// A dictionary larger than this (its plain bytes) gives up for plain values in `.automatic`.
    package var dictionaryBytes = 1 << 20
    /// The footer's `created_by`.
    package var createdBy = "questionkit"

    package init() {}
}

/// A row the writer refuses, with the column that was wrong.
package struct ParquetError: Error, Equatable, CustomStringConvertible {
    package enum Code: String, Sendable {
        /// A value of another type than the column's.
        case wrongType = "parquet.wrong-type"
        /// A null in a required column.
        case nullInRequired = "parquet.null-in-required"
        /// A row with more or fewer values than columns.
        case wrongValueCount = "parquet.wrong-value-count"
        /// A schema without columns, or two columns of one name.
        case badSchema = "parquet.bad-schema"
        /// A string longer than a page can hold (2 GiB).
        case valueTooLarge = "parquet.value-too-large"
    }

    package var code: Code
    package var message: String

    package var description: String { "\(message) [\(code.rawValue)]" }
}
