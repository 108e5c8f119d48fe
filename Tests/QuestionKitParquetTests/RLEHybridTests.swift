import Testing

@testable import QuestionKitParquet

@Suite("The RLE/bit-packed hybrid: runs and literal groups")
struct RLEHybridTests {
    private func encode(_ values: [UInt32], bitWidth: Int) -> [UInt8] {
        var output: [UInt8] = []
        values.withUnsafeBufferPointer { RLEHybrid.encode($0, bitWidth: bitWidth, into: &output) }
        return output
    }

    @Test("known vectors")
    func vectors() {
        // Eight zeros: one run, header 8 << 1, the value in one byte.
        #expect(encode([UInt32](repeating: 0, count: 8), bitWidth: 1) == [0x10, 0x00])
        // A run of 300 at width 9: header 600 as a varint, the value in two bytes.
        #expect(encode([UInt32](repeating: 257, count: 300), bitWidth: 9) == [0xD8, 0x04, 0x01, 0x01])
        // Alternating bits: one literal group, LSB first.
        #expect(encode([1, 0, 1, 0, 1, 0, 1, 0], bitWidth: 1) == [0x03, 0x55])
        // The specification's example: 0...7 bit-packed at width 3.
        #expect(encode(Array(0...7), bitWidth: 3) == [0x03, 0x88, 0xC6, 0xFA])
        // Three values: one group, padded with zeros.
        #expect(encode([1, 1, 1], bitWidth: 2) == [0x03, 0x15, 0x00])
        // Three literals, then a run of 13: five of the run fill the group, eight remain a run.
        #expect(encode([1, 2, 3] + [UInt32](repeating: 2, count: 13), bitWidth: 2) == [0x03, 0xB9, 0xAA, 0x10, 0x02])
        #expect(encode([], bitWidth: 1) == [])
    }

    @Test("round trip through a decoder, every width, runs and noise mixed")
    func roundTrip() throws {
        var generator = SplitMix(seed: 7)
        for bitWidth in 1...32 {
            let maximum = bitWidth == 32 ? UInt32.max : (1 << UInt32(bitWidth)) - 1
            var values: [UInt32] = []
            while values.count < 2_000 {
                let value = UInt32(truncatingIfNeeded: generator.next()) & maximum
                values.append(
                    contentsOf: repeatElement(value, count: Int(generator.next() % 3 == 0 ? generator.next() % 40 : 1)))
            }
            let bytes = encode(values, bitWidth: bitWidth)
            #expect(try decodeHybrid(bytes, bitWidth: bitWidth, count: values.count) == values, "width \(bitWidth)")
        }
    }

    @Test("bit widths: the smallest that holds the largest index, at least 1")
    func bitWidths() {
        #expect(RLEHybrid.bitWidth(holding: 0) == 1)
        #expect(RLEHybrid.bitWidth(holding: 1) == 1)
        #expect(RLEHybrid.bitWidth(holding: 2) == 2)
        #expect(RLEHybrid.bitWidth(holding: 255) == 8)
        #expect(RLEHybrid.bitWidth(holding: 256) == 9)
        #expect(RLEHybrid.bitWidth(holding: .max) == 32)
    }
}

/// A small deterministic generator, so that a failure repeats.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
