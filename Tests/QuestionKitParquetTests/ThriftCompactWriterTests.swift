import Testing

@testable import QuestionKitParquet

@Suite("Thrift compact protocol: the encodings of known values")
struct ThriftCompactWriterTests {
    private struct Fields: ThriftStruct {
        var write: (inout ThriftCompactWriter) -> Void
        func writeFields(to writer: inout ThriftCompactWriter) { write(&writer) }
    }

    private func encoded(_ write: @escaping (inout ThriftCompactWriter) -> Void) -> [UInt8] {
        Fields(write: write).compactBytes
    }

    @Test("varints: seven bits a byte, lowest first")
    func varints() {
        let cases: [(UInt64, [UInt8])] = [
            (0, [0]), (1, [1]), (127, [0x7F]), (128, [0x80, 0x01]), (300, [0xAC, 0x02]),
            (16_384, [0x80, 0x80, 0x01]), (.max, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
        ]
        for (value, bytes) in cases {
            var writer = ThriftCompactWriter()
            writer.varint(value)
            #expect(writer.bytes == bytes, "\(value)")
        }
    }

    @Test("zigzag: small magnitudes of either sign stay small")
    func zigzag() {
        let cases: [(Int64, [UInt8])] = [
            (0, [0]), (-1, [1]), (1, [2]), (-2, [3]), (2, [4]), (-64, [0x7F]), (64, [0x80, 0x01]),
            (.max, [0xFE, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
            (.min, [0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]),
        ]
        for (value, bytes) in cases {
            var writer = ThriftCompactWriter()
            writer.zigzag(value)
            #expect(writer.bytes == bytes, "\(value)")
        }
    }

    @Test("field headers: a delta of 1...15 in the high nibble, else the type then the id")
    func fieldDeltas() {
        // i32 field 1 = 5: header 0x15 (delta 1, type 5), zigzag 10; field 2 = -1: delta 1 again, zigzag 1.
        #expect(encoded { $0.field(1, Int32(5)) } == [0x15, 0x0A, 0x00])
        #expect(
            encoded {
                $0.field(1, Int32(5)); $0.field(2, Int32(-1))
            } == [0x15, 0x0A, 0x15, 0x01, 0x00])
        // A jump of 15 fits; 16 does not (type 6, then id 17 as zigzag 34).
        #expect(encoded { $0.field(15, Int64(1)) } == [0xF6, 0x02, 0x00])
        #expect(
            encoded {
                $0.field(1, Int64(1)); $0.field(17, Int64(1))
            } == [0x16, 0x02, 0x06, 0x22, 0x02, 0x00])
        // Booleans are their type: 1 true, 2 false.
        #expect(
            encoded {
                $0.field(1, true); $0.field(2, false)
            } == [0x11, 0x12, 0x00])
        // Binary: length then bytes.
        #expect(encoded { $0.field(4, "ab") } == [0x48, 0x02, 0x61, 0x62, 0x00])
    }

    @Test("lists: size and type in one byte below 15, else 0xF and a varint")
    func lists() {
        #expect(encoded { $0.field(2, [Int32(0), 3, 8]) } == [0x29, 0x35, 0x00, 0x06, 0x10, 0x00])
        let fifteen = [Int32](repeating: 1, count: 15)
        #expect(encoded { $0.field(1, fifteen) } == [0x19, 0xF5, 0x0F] + [UInt8](repeating: 2, count: 15) + [0x00])
        #expect(encoded { $0.field(3, ["x", ""]) } == [0x39, 0x28, 0x01, 0x78, 0x00, 0x00])
    }

    @Test("structs: field ids count from zero inside, and resume outside")
    func nestedStructs() throws {
        let inner = Fields { $0.field(1, Int32(1)) }
        let bytes = encoded {
            $0.field(1, inner)
            $0.field(2, Int32(2))
            $0.field(3, [inner, inner])
        }
        #expect(bytes == [0x1C, 0x15, 0x02, 0x00, 0x15, 0x04, 0x19, 0x2C, 0x15, 0x02, 0x00, 0x15, 0x02, 0x00, 0x00])
        var reader = CompactReader(bytes)
        #expect(
            try reader.structure()
                == .fields([
                    1: .fields([1: .int(1)]), 2: .int(2), 3: .list([.fields([1: .int(1)]), .fields([1: .int(1)])]),
                ]))
    }

    @Test("the logical types and the footer's column order, as the specification's unions")
    func unions() {
        #expect(LogicalType.string.compactBytes == [0x1C, 0x00, 0x00])
        #expect(LogicalType.date.compactBytes == [0x6C, 0x00, 0x00])
        // TIMESTAMP (8): isAdjustedToUTC true (1), unit (2) = MICROS (2, empty).
        #expect(LogicalType.timestampMicrosUTC.compactBytes == [0x8C, 0x11, 0x1C, 0x2C, 0x00, 0x00, 0x00, 0x00])
    }
}
