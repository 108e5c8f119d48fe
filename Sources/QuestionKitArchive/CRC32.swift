/// The CRC-32 of zip entries and PNG chunks (ISO 3309, as zlib computes it).
package enum CRC32 {
    /// Eight tables of 256 entries: the first is the byte-at-a-time table; table `k` gives the CRC of a
    /// byte followed by `k` zero bytes, so that eight bytes are folded in with eight look-ups and no
    /// dependency between them ("slicing-by-8").
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 8 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
            }
            tables[index] = value
        }
        for slice in 1..<8 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    /// The checksum of `bytes`: eight bytes at a time, the last few one by one.
    package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        tables.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                guard let base = bytes.baseAddress else { return }
                let raw = UnsafeRawPointer(base)
                var index = 0
                while index + 8 <= bytes.count {
                    let low = crc ^ UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                    let high = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                    crc =
                        table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
                        ^ table[5 * 256 + Int(low >> 16 & 0xFF)] ^ table[4 * 256 + Int(low >> 24)]
                        ^ table[3 * 256 + Int(high & 0xFF)] ^ table[2 * 256 + Int(high >> 8 & 0xFF)]
                        ^ table[256 + Int(high >> 16 & 0xFF)] ^ table[Int(high >> 24)]
                    index += 8
                }
                while index < bytes.count {
                    crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                    index += 1
                }
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
