/// The fixed Huffman codes and the length and distance tables of RFC 1951 §3.2.5–3.2.6, with every code
/// already bit-reversed, since DEFLATE sends Huffman codes most significant bit first into an
/// otherwise least-significant-first stream.
enum FixedHuffman {
    struct Code {
        var bits: UInt16
        var length: UInt8
    }

    /// Codes of the literal/length alphabet 0…287.
    static let literalCodes: [Code] = (0..<288).map { symbol in
        switch symbol {
        case 0...143: Code(bits: reversed(0x30 + symbol, length: 8), length: 8)
        case 144...255: Code(bits: reversed(0x190 + symbol - 144, length: 9), length: 9)
        case 256...279: Code(bits: reversed(symbol - 256, length: 7), length: 7)
        default: Code(bits: reversed(0xC0 + symbol - 280, length: 8), length: 8)
        }
    }

    static let lengthBase = [
        3, 4, 5, 6, 7, 8, 9, 10, 11, 13, 15, 17, 19, 23, 27, 31, 35, 43, 51, 59, 67, 83, 99, 115, 131, 163, 195, 227,
        258,
    ]
    static let lengthExtra = [0, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1, 1, 2, 2, 2, 2, 3, 3, 3, 3, 4, 4, 4, 4, 5, 5, 5, 5, 0]

    /// For each match length 0…258 (entries below 3 unused): its symbol's code and its extra bits after it,
    /// as one run of bits.
    static let matchLengthCodes: [Code] = {
        var codes = [Code](repeating: Code(bits: 0, length: 0), count: 259)
        for index in lengthBase.indices.reversed() {
            let end = index == lengthBase.count - 1 ? 258 : lengthBase[index + 1] - 1
            let symbol = literalCodes[257 + index]
            for length in lengthBase[index]...end where codes[length].length == 0 {
                let extra = UInt16(length - lengthBase[index]) << symbol.length
                codes[length] = Code(bits: symbol.bits | extra, length: symbol.length + UInt8(lengthExtra[index]))
            }
        }
        return codes
    }()

    static let distanceBase = [
        1, 2, 3, 4, 5, 7, 9, 13, 17, 25, 33, 49, 65, 97, 129, 193, 257, 385, 513, 769, 1025, 1537, 2049, 3073, 4097,
        6145, 8193, 12_289, 16_385, 24_577,
    ]
    static let distanceExtra = [
        0, 0, 0, 0, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 6, 7, 7, 8, 8, 9, 9, 10, 10, 11, 11, 12, 12, 13, 13,
    ]
    /// Fixed distance codes are five bits, the symbol itself.
    static let distanceCodes: [UInt16] = (0..<30).map { reversed($0, length: 5) }

    /// Symbols by `distance - 1` for distances up to 256, then by `(distance - 1) >> 7` (as zlib does).
    static let distanceSymbols: [UInt8] = {
        var table = [UInt8](repeating: 0, count: 512)
        for symbol in distanceBase.indices {
            let first = distanceBase[symbol]
            let last = first + (1 << distanceExtra[symbol]) - 1
            for distance in first...last {
                let zeroBased = distance - 1
                if zeroBased < 256 {
                    table[zeroBased] = UInt8(symbol)
                } else {
                    table[256 + (zeroBased >> 7)] = UInt8(symbol)
                }
            }
        }
        return table
    }()

    /// For each distance 1…32,768 (by `distance - 1`): its symbol's code and its extra bits after it as
    /// one run of bits (the low 24 bits), and the run's length (the high 8 bits): one look-up for a match's
    /// distance, where the symbol, its code, base and extra bits took four.
    static let distanceRuns: [UInt32] = (0..<32_768).map { zeroBased in
        let symbol = Int(zeroBased < 256 ? distanceSymbols[zeroBased] : distanceSymbols[256 + (zeroBased >> 7)])
        let bits = UInt32(distanceCodes[symbol]) | UInt32(zeroBased + 1 - distanceBase[symbol]) << 5
        return bits | UInt32(5 + distanceExtra[symbol]) << 24
    }

    private static func reversed(_ code: Int, length: Int) -> UInt16 {
        var result = 0
        for bit in 0..<length where code & (1 << bit) != 0 {
            result |= 1 << (length - 1 - bit)
        }
        return UInt16(result)
    }
}
