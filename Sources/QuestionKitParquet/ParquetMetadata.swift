// The structs of parquet.thrift that we write, with their field ids and enum values as the Parquet format
// specification gives them (apache/parquet-format, src/main/thrift/parquet.thrift). Fields we never set are
// left out; optional fields are written only when they have a value.

/// Parquet's physical types (`Type`).
enum PhysicalType: Int32 {
    case boolean = 0, int32 = 1, int64 = 2, double = 5, byteArray = 6
}

/// `Encoding`: PLAIN values, RLE (the RLE/bit-packed hybrid of levels), RLE_DICTIONARY indices.
enum Encoding: Int32 {
    case plain = 0, rle = 3, rleDictionary = 8
}

/// `CompressionCodec`, as far as we write it.
enum CompressionCodec: Int32 {
    case uncompressed = 0, gzip = 2
}

/// `PageType`.
enum PageType: Int32 {
    case dataPage = 0, dictionaryPage = 2
}

/// `FieldRepetitionType`.
enum Repetition: Int32 {
    case required = 0, optional = 1
}

/// `ConvertedType`, the older annotation that readers before logical types understand.
enum ConvertedType: Int32 {
    case utf8 = 0, date = 6, timestampMicros = 10
}

/// The `LogicalType` union, as far as our columns need it.
enum LogicalType: ThriftStruct {
    case string, date, timestampMicrosUTC

    /// An empty struct (StringType, DateType, MicroSeconds).
    private struct Empty: ThriftStruct {
        func writeFields(to writer: inout ThriftCompactWriter) {}
    }

    /// `TimeUnit`: the union's third member, MICROS.
    private struct Micros: ThriftStruct {
        func writeFields(to writer: inout ThriftCompactWriter) { writer.field(2, Empty()) }
    }

    func writeFields(to writer: inout ThriftCompactWriter) {
        switch self {
        case .string: writer.field(1, Empty())
        case .date: writer.field(6, Empty())
        case .timestampMicrosUTC:
            // TimestampType: isAdjustedToUTC (1), unit (2).
            struct Timestamp: ThriftStruct {
                func writeFields(to writer: inout ThriftCompactWriter) {
                    writer.field(1, true)
                    writer.field(2, Micros())
                }
            }
            writer.field(8, Timestamp())
        }
    }
}

struct SchemaElement: ThriftStruct {
    var type: PhysicalType?
    var repetition: Repetition?
    var name: String
    var childCount: Int32?
    var convertedType: ConvertedType?
    var logicalType: LogicalType?

    func writeFields(to writer: inout ThriftCompactWriter) {
        if let type { writer.field(1, type.rawValue) }
        if let repetition { writer.field(3, repetition.rawValue) }
        writer.field(4, name)
        if let childCount { writer.field(5, childCount) }
        if let convertedType { writer.field(6, convertedType.rawValue) }
        if let logicalType { writer.field(10, logicalType) }
    }
}

/// `Statistics`: the null count and the plain-encoded bounds (`min_value`, `max_value`, in the column's sort
/// order), which readers use to skip row groups and pages.
struct Statistics: ThriftStruct {
    var nullCount: Int64
    var minValue: [UInt8]?
    var maxValue: [UInt8]?

    func writeFields(to writer: inout ThriftCompactWriter) {
        writer.field(3, nullCount)
        if let maxValue { writer.field(5, maxValue) }
        if let minValue { writer.field(6, minValue) }
    }
}

struct DataPageHeader: ThriftStruct {
    var valueCount: Int32
    var encoding: Encoding
    var statistics: Statistics

    func writeFields(to writer: inout ThriftCompactWriter) {
        writer.field(1, valueCount)
        writer.field(2, encoding.rawValue)
        writer.field(3, Encoding.rle.rawValue)  // definition levels
        writer.field(4, Encoding.rle.rawValue)  // repetition levels (none: every column is flat)
        writer.field(5, statistics)
    }
}

struct DictionaryPageHeader: ThriftStruct {
    var valueCount: Int32

    func writeFields(to writer: inout ThriftCompactWriter) {
        writer.field(1, valueCount)
        writer.field(2, Encoding.plain.rawValue)
    }
}

struct PageHeader: ThriftStruct {
    var type: PageType
    var uncompressedSize: Int32
    var compressedSize: Int32
    var dataPage: DataPageHeader?
    var dictionaryPage: DictionaryPageHeader?

    func writeFields(to writer: inout ThriftCompactWriter) {
        writer.field(1, type.rawValue)
        writer.field(2, uncompressedSize)
        writer.field(3, compressedSize)
        if let dataPage { writer.field(5, dataPage) }
        if let dictionaryPage { writer.field(7, dictionaryPage) }
    }
}

struct ColumnMetaData: ThriftStruct {
    var type: PhysicalType
    var encodings: [Encoding]
    var path: [String]
    var codec: CompressionCodec
    var valueCount: Int64
    var uncompressedSize: Int64
    var compressedSize: Int64
    var dataPageOffset: Int64
    var dictionaryPageOffset: Int64?
    var statistics: Statistics

    func writeFields(to writer: inout ThriftCompactWriter) {
        writer.field(1, type.rawValue)
        writer.field(2, encodings.map(\.rawValue))
        writer.field(3, path)
        writer.field(4, codec.rawValue)
        writer.field(5, valueCount)
        writer.field(6, uncompressedSize)
        writer.field(7, compressedSize)
        writer.field(9, dataPageOffset)
        if let dictionaryPageOffset { writer.field(11, dictionaryPageOffset) }
        writer.field(12, statistics)
    }
}

struct ColumnChunk: ThriftStruct {
    var metaData: ColumnMetaData

    /// Where the chunk's first page starts (the dictionary page when there is one).
    var firstPageOffset: Int64 { metaData.dictionaryPageOffset ?? metaData.dataPageOffset }

    func writeFields(to writer: inout ThriftCompactWriter) {
        writer.field(2, firstPageOffset)  // file_offset
        writer.field(3, metaData)
    }
}

struct RowGroup: ThriftStruct {
    var columns: [ColumnChunk]
    var rowCount: Int64
    /// The group's place in the file, when it fits the field's 16 bits.
    var ordinal: Int16?

    func writeFields(to writer: inout ThriftCompactWriter) {
        writer.field(1, columns)
        writer.field(2, columns.reduce(0) { $0 + $1.metaData.uncompressedSize })  // total_byte_size
        writer.field(3, rowCount)
        writer.field(5, columns.first?.firstPageOffset ?? 0)  // file_offset
        writer.field(6, columns.reduce(0) { $0 + $1.metaData.compressedSize })  // total_compressed_size
        if let ordinal {
            writer.fieldHeader(7, .i16)
            writer.zigzag(Int64(ordinal))
        }
    }
}

struct FileMetaData: ThriftStruct {
    var schema: [SchemaElement]
    var rowCount: Int64
    var rowGroups: [RowGroup]
    var createdBy: String
    var columnCount: Int

    /// `ColumnOrder` with its one member, TYPE_ORDER: min_value and max_value follow the type's own order
    /// (signed integers, unsigned bytes), without which readers distrust string bounds.
    private struct TypeDefinedOrder: ThriftStruct {
        struct Empty: ThriftStruct {
            func writeFields(to writer: inout ThriftCompactWriter) {}
        }
        func writeFields(to writer: inout ThriftCompactWriter) { writer.field(1, Empty()) }
    }

    func writeFields(to writer: inout ThriftCompactWriter) {
        writer.field(1, Int32(1))  // version
        writer.field(2, schema)
        writer.field(3, rowCount)
        writer.field(4, rowGroups)
        writer.field(6, createdBy)
        writer.field(7, Array(repeating: TypeDefinedOrder(), count: columnCount))
    }
}
