/// The Thrift compact protocol, the encoding of Parquet's metadata (the footer and every page header), as far as
/// Parquet uses it: structs, lists, 32- and 64-bit integers, binary, booleans. Write-only.
///
/// Integers are zigzag varints (ULEB128 of `(n << 1) ^ (n >> 63)`); a field's header is one byte, the id's
/// delta from the field before (1...15) over its type, or the type then the id as a zigzag varint; a struct ends
/// with a zero byte; a boolean field carries its value in its type.
struct ThriftCompactWriter {
    /// The compact protocol's type codes.
    enum FieldType: UInt8 {
        case booleanTrue = 1, booleanFalse = 2, byte = 3, i16 = 4, i32 = 5, i64 = 6, double = 7, binary = 8
        case list = 9, set = 10, map = 11, structure = 12
    }

    private(set) var bytes: [UInt8] = []
    /// The id of the field written last in the open struct, and those of the structs that enclose it.
    private var lastFieldID: Int16 = 0
    private var enclosingFieldIDs: [Int16] = []

    mutating func varint(_ value: UInt64) {
        bytes.appendVarint(value)
    }

    mutating func zigzag(_ value: Int64) {
        varint(UInt64(bitPattern: (value << 1) ^ (value >> 63)))
    }

    mutating func fieldHeader(_ id: Int16, _ type: FieldType) {
        let delta = Int(id) - Int(lastFieldID)
        if (1...15).contains(delta) {
            bytes.append(UInt8(delta) << 4 | type.rawValue)
        } else {
            bytes.append(type.rawValue)
            zigzag(Int64(id))
        }
        lastFieldID = id
    }

    mutating func field(_ id: Int16, _ value: Int32) {
        fieldHeader(id, .i32)
        zigzag(Int64(value))
    }

    mutating func field(_ id: Int16, _ value: Int64) {
        fieldHeader(id, .i64)
        zigzag(value)
    }

    mutating func field(_ id: Int16, _ value: Bool) {
        fieldHeader(id, value ? .booleanTrue : .booleanFalse)
    }

    mutating func field(_ id: Int16, _ value: [UInt8]) {
        fieldHeader(id, .binary)
        binary(value)
    }

    mutating func field(_ id: Int16, _ value: String) {
        field(id, Array(value.utf8))
    }

    mutating func field(_ id: Int16, _ value: some ThriftStruct) {
        fieldHeader(id, .structure)
        structure(value)
    }

    /// A list of structs.
    mutating func field(_ id: Int16, _ values: [some ThriftStruct]) {
        fieldHeader(id, .list)
        listHeader(values.count, .structure)
        for value in values { structure(value) }
    }

    /// A list of 32-bit integers (Parquet's enums).
    mutating func field(_ id: Int16, _ values: [Int32]) {
        fieldHeader(id, .list)
        listHeader(values.count, .i32)
        for value in values { zigzag(Int64(value)) }
    }

    /// A list of strings.
    mutating func field(_ id: Int16, _ values: [String]) {
        fieldHeader(id, .list)
        listHeader(values.count, .binary)
        for value in values { binary(Array(value.utf8)) }
    }

    mutating func binary(_ value: [UInt8]) {
        varint(UInt64(value.count))
        bytes.append(contentsOf: value)
    }

    /// The size and element type in one byte for fewer than 15 elements, else 0xF then the size as a varint.
    mutating func listHeader(_ count: Int, _ elementType: FieldType) {
        if count < 15 {
            bytes.append(UInt8(count) << 4 | elementType.rawValue)
        } else {
            bytes.append(0xF0 | elementType.rawValue)
            varint(UInt64(count))
        }
    }

    /// A struct's fields, whose ids count from zero again, and the stop byte.
    mutating func structure(_ value: some ThriftStruct) {
        enclosingFieldIDs.append(lastFieldID)
        lastFieldID = 0
        value.writeFields(to: &self)
        bytes.append(0)
        lastFieldID = enclosingFieldIDs.removeLast()
    }
}

/// A Thrift struct that writes its fields, in increasing id order, with the writer's `field` methods.
protocol ThriftStruct {
    func writeFields(to writer: inout ThriftCompactWriter)
}

extension ThriftStruct {
    /// The struct alone, as a page header or the footer is stored.
    var compactBytes: [UInt8] {
        var writer = ThriftCompactWriter()
        writer.structure(self)
        return writer.bytes
    }
}

extension [UInt8] {
    /// An unsigned LEB128 varint, seven bits a byte from the lowest, as Thrift and the RLE hybrid write them.
    mutating func appendVarint(_ value: UInt64) {
        var value = value
        while value >= 0x80 {
            append(UInt8(truncatingIfNeeded: value) | 0x80)
            value >>= 7
        }
        append(UInt8(value))
    }
}
