/// A Thrift compact protocol reader for the tests alone: decodes what the writer made into a tree, so that the
/// footer and page headers can be checked field by field without trusting the writer's own encoder.
indirect enum Thrift: Equatable {
    case int(Int64)
    case binary([UInt8])
    case bool(Bool)
    case double(Double)
    case list([Thrift])
    case fields([Int16: Thrift])

    subscript(_ id: Int16) -> Thrift? {
        if case .fields(let fields) = self { return fields[id] }
        return nil
    }

    var int: Int64? {
        if case .int(let value) = self { return value }
        return nil
    }

    var bytes: [UInt8]? {
        if case .binary(let value) = self { return value }
        return nil
    }

    var string: String? { bytes.map { String(decoding: $0, as: UTF8.self) } }

    var list: [Thrift] {
        if case .list(let values) = self { return values }
        return []
    }
}

struct CompactReaderError: Error {
    var position: Int
    var reason: String
}

struct CompactReader {
    let bytes: [UInt8]
    var position: Int

    init(_ bytes: [UInt8], at position: Int = 0) {
        self.bytes = bytes
        self.position = position
    }

    mutating func byte() throws -> UInt8 {
        guard position < bytes.count else { throw CompactReaderError(position: position, reason: "end of data") }
        defer { position += 1 }
        return bytes[position]
    }

    mutating func varint() throws -> UInt64 {
        var result: UInt64 = 0
        var shift: UInt64 = 0
        while true {
            let byte = try byte()
            result |= UInt64(byte & 0x7F) << shift
            if byte < 0x80 { return result }
            shift += 7
            guard shift < 64 else { throw CompactReaderError(position: position, reason: "varint too long") }
        }
    }

    mutating func zigzag() throws -> Int64 {
        let value = try varint()
        return Int64(bitPattern: value >> 1) ^ -Int64(bitPattern: value & 1)
    }

    mutating func structure() throws -> Thrift {
        var fields: [Int16: Thrift] = [:]
        var last: Int16 = 0
        while true {
            let header = try byte()
            if header == 0 { return .fields(fields) }
            let delta = Int16(header >> 4)
            let id = delta == 0 ? Int16(try zigzag()) : last + delta
            last = id
            let type = header & 0x0F
            fields[id] = type == 1 || type == 2 ? .bool(type == 1) : try value(type)
        }
    }

    mutating func value(_ type: UInt8) throws -> Thrift {
        switch type {
        case 1, 2: return .bool(try byte() == 1)  // a boolean list element: one byte
        case 3: return .int(Int64(Int8(bitPattern: try byte())))
        case 4, 5, 6: return .int(try zigzag())
        case 7:
            var bits: UInt64 = 0
            for shift in stride(from: 0, to: 64, by: 8) { bits |= UInt64(try byte()) << UInt64(shift) }
            return .double(Double(bitPattern: bits))
        case 8:
            let count = Int(try varint())
            guard position + count <= bytes.count else {
                throw CompactReaderError(position: position, reason: "binary past the end")
            }
            defer { position += count }
            return .binary(Array(bytes[position..<position + count]))
        case 9, 10:
            let header = try byte()
            let count = header >> 4 == 15 ? Int(try varint()) : Int(header >> 4)
            return .list(try (0..<count).map { _ in try value(header & 0x0F) })
        case 12: return try structure()
        default: throw CompactReaderError(position: position, reason: "type \(type)")
        }
    }
}

/// The footer of a Parquet file: FileMetaData before its length and the closing magic.
func footer(of file: [UInt8]) throws -> Thrift {
    guard file.count >= 12, Array(file.prefix(4)) == Array("PAR1".utf8), Array(file.suffix(4)) == Array("PAR1".utf8)
    else { throw CompactReaderError(position: 0, reason: "no PAR1 at both ends") }
    let length = file[file.count - 8..<file.count - 4].reversed().reduce(0) { $0 << 8 | Int($1) }
    var reader = CompactReader(file, at: file.count - 8 - length)
    let metadata = try reader.structure()
    guard reader.position == file.count - 8 else {
        throw CompactReaderError(position: reader.position, reason: "the footer's length is not what it holds")
    }
    return metadata
}

/// Decodes the RLE/bit-packed hybrid: `count` values of `bitWidth` bits.
func decodeHybrid(_ bytes: [UInt8], bitWidth: Int, count: Int) throws -> [UInt32] {
    var reader = CompactReader(bytes)
    var values: [UInt32] = []
    while values.count < count {
        let header = try reader.varint()
        if header & 1 == 0 {
            var value: UInt32 = 0
            for shift in stride(from: 0, to: bitWidth, by: 8) { value |= UInt32(try reader.byte()) << UInt32(shift) }
            values.append(contentsOf: repeatElement(value, count: Int(header >> 1)))
        } else {
            var buffer: UInt64 = 0
            var bits = 0
            for _ in 0..<Int(header >> 1) * 8 {
                while bits < bitWidth {
                    buffer |= UInt64(try reader.byte()) << UInt64(bits)
                    bits += 8
                }
                values.append(UInt32(truncatingIfNeeded: buffer & (1 << UInt64(bitWidth) - 1)))
                buffer >>= UInt64(bitWidth)
                bits -= bitWidth
            }
        }
    }
    guard reader.position == bytes.count else {
        throw CompactReaderError(position: reader.position, reason: "bytes after the values")
    }
    return Array(values.prefix(count))
}
