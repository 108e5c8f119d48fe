/// The gzip member of RFC 1952 around our DEFLATE data: what Parquet's `GZIP` codec and `gzip -d` read.
package enum Gzip {
    /// One member: a fixed 10-byte header (no name, no time, so that the same data gives the same bytes),
    /// the raw DEFLATE data, then the CRC-32 and the length modulo 2^32 of `data`, little-endian.
    package static func member(_ data: [UInt8], heads: inout LZ77Heads) -> [UInt8] {
        let deflated = Deflate.compress(data, heads: &heads)
        var output: [UInt8] = []
        output.reserveCapacity(deflated.count + 18)
        // ID1 ID2, CM 8 (deflate), FLG 0, MTIME 0 (none), XFL 0, OS 255 (unknown).
        output.append(contentsOf: [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF])
        output.append(contentsOf: deflated)
        for word in [CRC32.checksum(data[...]), UInt32(truncatingIfNeeded: data.count)] {
            output.append(contentsOf: [0, 8, 16, 24].map { UInt8(truncatingIfNeeded: word >> $0) })
        }
        return output
    }
}
