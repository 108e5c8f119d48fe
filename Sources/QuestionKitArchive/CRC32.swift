/// The CRC-32 of zip entries and PNG chunks (ISO 3309, as zlib computes it).
package enum CRC32 {
    /// Sixteen tables of 256 entries: the first is the byte-at-a-time table; table `k` gives the CRC of a
    /// byte followed by `k` zero bytes, so that sixteen bytes are folded in with sixteen look-ups and no
    /// dependency between them ("slicing-by-16": half the loop's bookkeeping of slicing-by-8 per byte).
    private static let tables: [UInt32] = {
        var tables = [UInt32](repeating: 0, count: 16 * 256)
        for index in 0..<256 {
            var value = UInt32(index)
            for _ in 0..<8 {
                value = value & 1 == 1 ? 0xEDB8_8320 ^ (value >> 1) : value >> 1
            }
            tables[index] = value
        }
        for slice in 1..<16 {
            for index in 0..<256 {
                let previous = tables[(slice - 1) * 256 + index]
                tables[slice * 256 + index] = tables[Int(previous & 0xFF)] ^ (previous >> 8)
            }
        }
        return tables
    }()

    /// The checksum of `bytes`: sixteen bytes at a time, the last few one by one.
    package static func checksum(_ bytes: ArraySlice<UInt8>) -> UInt32 {
        let crc = tables.withUnsafeBufferPointer { table in
            bytes.withUnsafeBufferPointer { bytes in
                // Held in a local of the closure: a variable of the function it captures was stored each step.
                var crc: UInt32 = 0xFFFF_FFFF
                guard let base = bytes.baseAddress, let table = table.baseAddress else { return crc }
                let raw = UnsafeRawPointer(base)
                var index = 0
                while index &+ 16 <= bytes.count {
                    let first = crc ^ UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index, as: UInt32.self))
                    let second = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index + 4, as: UInt32.self))
                    let third = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index + 8, as: UInt32.self))
                    let fourth = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: index + 12, as: UInt32.self))
                    let a =
                        table[15 * 256 + Int(first & 0xFF)] ^ table[14 * 256 + Int(first >> 8 & 0xFF)]
                        ^ table[13 * 256 + Int(first >> 16 & 0xFF)] ^ table[12 * 256 + Int(first >> 24)]
                    let b =
                        table[11 * 256 + Int(second & 0xFF)] ^ table[10 * 256 + Int(second >> 8 & 0xFF)]
                        ^ table[9 * 256 + Int(second >> 16 & 0xFF)] ^ table[8 * 256 + Int(second >> 24)]
                    let c =
                        table[7 * 256 + Int(third & 0xFF)] ^ table[6 * 256 + Int(third >> 8 & 0xFF)]
                        ^ table[5 * 256 + Int(third >> 16 & 0xFF)] ^ table[4 * 256 + Int(third >> 24)]
                    let d =
                        table[3 * 256 + Int(fourth & 0xFF)] ^ table[2 * 256 + Int(fourth >> 8 & 0xFF)]
                        ^ table[256 + Int(fourth >> 16 & 0xFF)] ^ table[Int(fourth >> 24)]
                    crc = a ^ b ^ c ^ d
                    index &+= 16
                }
                while index < bytes.count {
                    crc = table[Int((crc ^ UInt32(bytes[index])) & 0xFF)] ^ (crc >> 8)
                    index += 1
                }
                return crc
            }
        }
        return crc ^ 0xFFFF_FFFF
    }
}
