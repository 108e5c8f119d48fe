/// Parquet's RLE/bit-packed hybrid encoding, of definition levels and of dictionary indices: runs of one
/// repeated value (a varint header `count << 1`, then the value in ceil(width / 8) bytes), and literal groups of
/// eight values bit-packed from the least significant bit (a varint header `groups << 1 | 1`).
enum RLEHybrid {
    /// The bit width that holds every value up to `maximum` (at least 1, which every reader accepts).
    static func bitWidth(holding maximum: UInt32) -> Int {
        max(1, UInt32.bitWidth - maximum.leadingZeroBitCount)
    }

    /// Appends `values` encoded at `bitWidth` (1...32) to `output`. A repeat of eight or more becomes a run; the
    /// rest is packed, each literal stretch a whole number of groups of eight, so that a reader counting
    /// values never meets padding before the end (where the last group is padded with zeros).
    static func encode<Value: FixedWidthInteger & UnsignedInteger>(
        _ values: UnsafeBufferPointer<Value>, bitWidth: Int, into output: inout [UInt8]
    ) {
        let count = values.count
        var literalStart = 0
        var index = 0
        while index < count {
            let value = values[index]
            var end = index + 1
            while end < count && values[end] == value { end += 1 }
            // The run's first values fill the literal stretch before it up to a whole group.
            let pending = (index - literalStart) % 8
            let runStart = pending == 0 ? index : min(end, index + 8 - pending)
            if end - runStart >= 8 {
                packLiterals(values, literalStart..<runStart, bitWidth: bitWidth, into: &output)
                output.appendVarint(UInt64(end - runStart) << 1)
                for shift in stride(from: 0, to: bitWidth, by: 8) {
                    output.append(UInt8(truncatingIfNeeded: UInt64(value) >> UInt64(shift)))
                }
                literalStart = end
            }
            index = end
        }
        packLiterals(values, literalStart..<count, bitWidth: bitWidth, into: &output)
    }

    private static func packLiterals<Value: FixedWidthInteger & UnsignedInteger>(
        _ values: UnsafeBufferPointer<Value>, _ range: Range<Int>, bitWidth: Int, into output: inout [UInt8]
    ) {
        guard !range.isEmpty else { return }
        let groups = (range.count + 7) / 8
        output.appendVarint(UInt64(groups) << 1 | 1)
        output.reserveCapacity(output.count + groups * bitWidth)
        var buffer: UInt64 = 0
        var bits = 0
        for index in range.lowerBound..<range.lowerBound + groups * 8 {
            let value = index < range.upperBound ? UInt64(values[index]) : 0
            buffer |= value << UInt64(bits)
            bits += bitWidth
            while bits >= 8 {
                output.append(UInt8(truncatingIfNeeded: buffer))
                buffer >>= 8
                bits -= 8
            }
        }
        // Eight values of any width fill whole bytes, so nothing is left over.
    }
}
