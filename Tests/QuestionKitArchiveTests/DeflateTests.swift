import Foundation
import TestSupport
import Testing

@testable import QuestionKitArchive

/// Whether python3 is there to make or read zlib streams independently of our code.
let hasPython = ExternalProgram.find("python3") != nil

/// Runs a Python script with `input` on standard input; its standard output as bytes (hex on the way out).
func python(_ script: String, input: [UInt8] = []) throws -> (status: Int32, output: String, error: String) {
    let result = try ExternalProgram.run("python3", ["-c", script], input: Data(input))
    return (result.status, result.standardOutput, result.standardError)
}

func bytes(hex: String) -> [UInt8] {
    var result: [UInt8] = []
    var index = hex.startIndex
    while let next = hex.index(index, offsetBy: 2, limitedBy: hex.endIndex), next > index {
        if let byte = UInt8(hex[index..<next], radix: 16) { result.append(byte) }
        index = next
    }
    return result
}

@Suite("DEFLATE and zlib: our compressor and inflater")
struct DeflateTests {
    static let samples: [String: [UInt8]] = {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let content = String(
            repeating: "BT\n/F1 10 Tf 72 700 Td\n(Question 12: Is the pump running?) Tj\nET\n", count: 300)
        return [
            "empty": [], "one byte": [42], "two bytes": [1, 2], "all byte values": Array(0...255),
            "long run": [UInt8](repeating: 0, count: 100_000), "page content": Array(content.utf8),
            "random (stored blocks)": random,
            "runs longer than 258": Array(repeating: Array("abc".utf8), count: 500).flatMap { $0 },
            "distances up to 32 KB": Array((0..<40_000).map { UInt8(truncatingIfNeeded: $0 % 32_771 &* 7) }),
        ]
    }()
    /// The samples' names (the arguments of the tests, so that a failure does not print the data).
    static let names = samples.keys.sorted()

    @Test(arguments: names)
    func inflateUndoesDeflate(name: String) throws {
        let data = Self.samples[name] ?? []
        #expect(try Inflate.zlibDecompress(Deflate.zlibCompress(data), limit: data.count) == data, "\(name)")
        #expect(try Inflate.inflate(Deflate.compress(data)[...], limit: data.count) == data, "\(name)")
        #expect(try Inflate.inflate(Deflate.stored(data)[...], limit: data.count) == data, "\(name)")
    }

    @Test func randomInputsRoundTrip() throws {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<200 {
            let alphabet = UInt8.random(in: 1...255, using: &generator)
            let data = (0..<Int.random(in: 0...5_000, using: &generator)).map { _ in
                UInt8.random(in: 0...alphabet, using: &generator)
            }
            #expect(try Inflate.inflate(Deflate.compress(data)[...], limit: data.count) == data)
        }
    }

    @Test(.enabled(if: hasPython, "python3 is not installed"), arguments: names)
    func pythonZlibDecompressesIt(name: String) throws {
        let data = Self.samples[name] ?? []
        let script = "import sys, zlib; d = zlib.decompress(sys.stdin.buffer.read()); print(len(d), zlib.adler32(d))"
        let result = try python(script, input: Deflate.zlibCompress(data))
        #expect(result.status == 0, "\(name): \(result.error)")
        #expect(result.output == "\(data.count) \(Deflate.adler32(data))\n", "\(name)")
    }

    /// zlib's own streams at every level and strategy (dynamic Huffman blocks above all), made at test time.
    @Test(.enabled(if: hasPython, "python3 is not installed"), arguments: names)
    func itInflatesPythonZlibStreams(name: String) throws {
        let data = Self.samples[name] ?? []
        let script = """
            import sys, zlib
            d = sys.stdin.buffer.read()
            for level in (0, 1, 6, 9):
                for strategy in (zlib.Z_DEFAULT_STRATEGY, zlib.Z_FIXED, zlib.Z_HUFFMAN_ONLY, zlib.Z_RLE):
                    c = zlib.compressobj(level, zlib.DEFLATED, 15, 9, strategy)
                    print((c.compress(d) + c.flush()).hex())
            """
        let result = try python(script, input: data)
        #expect(result.status == 0, "\(result.error)")
        let streams = result.output.split(separator: "\n")
        #expect(streams.count == 16)
        for stream in streams {
            #expect(try Inflate.zlibDecompress(bytes(hex: String(stream)), limit: data.count) == data, "\(name)")
        }
    }

    /// A dynamic-Huffman block made by Python's zlib (`zlib.compress(PANGRAMS * 3, 9)`), kept here so that
    /// dynamic blocks are tested without python3 too.
    @Test func itInflatesACommittedDynamicStream() throws {
        let stream = bytes(
            hex: "78dad58c570180201445abdc0416b0860540590e1e1b21bdaf86df676c562156b75f9089ba87a617677d420635955018df"
                + "620e1c645604c1de332059eaae5868d714a3a93c6e172b256e4d5eb0fde8fa0139705d22")
        let pangrams = "The quick brown fox jumps over the lazy dog; pack my box with five dozen liquor jugs. "
        let expected = Array(String(repeating: pangrams, count: 3).utf8)
        #expect(try Inflate.zlibDecompress(stream, limit: 1 << 20) == expected)
    }

    @Test func malformedStreamsAreErrorsWithTheirOffset() {
        let good = Deflate.compress(Array(String(repeating: "inspection ", count: 50).utf8))
        // Every truncation is an error, never a crash or a read past the end.
        for length in 0..<good.count {
            #expect(throws: InflateError.self) { try Inflate.inflate(good[0..<length], limit: 1 << 20) }
        }
        #expect(throws: InflateError(offset: 0, reason: "block type 3 is reserved")) {
            try Inflate.inflate([0x07][...], limit: 10)
        }
        // A stored block whose length's complement is wrong.
        #expect(throws: InflateError.self) { try Inflate.inflate([0x01, 0x05, 0x00, 0x00, 0x00][...], limit: 10) }
        // A fixed block with a distance before the start: literal? no, a match first (length 3, distance 1).
        #expect(throws: InflateError.self) { try Inflate.inflate([0x03, 0x02, 0x00][...], limit: 10) }
        // Every single-bit change of a stream either inflates to something or is an error.
        for index in good.indices {
            for bit in 0..<8 {
                var changed = good
                changed[index] ^= 1 << bit
                _ = try? Inflate.inflate(changed[...], limit: 1 << 20)
            }
        }
    }

    @Test func aBombStopsAtTheLimit() throws {
        let bomb = Deflate.compress([UInt8](repeating: 0, count: 10_000_000))
        #expect(bomb.count < 100_000)
        #expect(throws: InflateError.self) { try Inflate.inflate(bomb[...], limit: 1_000_000) }
        do {
            _ = try Inflate.inflate(bomb[...], limit: 1_000_000)
        } catch {
            #expect(error.reason == "the data inflates to more than the limit of 1000000 bytes")
        }
        #expect(try Inflate.inflate(bomb[...], limit: 10_000_000).count == 10_000_000)
    }

    @Test func streamsSharingOneHashTableComeOutAsEachAlone() {
        // The table keeps the positions of earlier streams; none of them may be taken for a match.
        var heads = LZ77Heads()
        for name in Self.names + Self.names.reversed() {
            let data = Self.samples[name] ?? []
            #expect(Deflate.zlibCompress(data, heads: &heads) == Deflate.zlibCompress(data), "\(name)")
        }
    }

    @Test func adler32AndCRC32MatchTheKnownValues() {
        #expect(Deflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Deflate.adler32([]) == 1)
        #expect(CRC32.checksum(Array("123456789".utf8)[...]) == 0xCBF4_3926)
    }

    @Test func crc32TakenEightBytesAtATimeIsTheBitwiseOneAtEveryLengthAndOffset() {
        func bitwise(_ bytes: ArraySlice<UInt8>) -> UInt32 {
            var crc: UInt32 = 0xFFFF_FFFF
            for byte in bytes {
                crc ^= UInt32(byte)
                for _ in 0..<8 { crc = crc & 1 == 1 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
            }
            return crc ^ 0xFFFF_FFFF
        }
        let data = (0..<64).map { UInt8(truncatingIfNeeded: $0 &* 151 &+ 7) }
        for start in 0..<9 {
            for end in start...data.count {
                #expect(CRC32.checksum(data[start..<end]) == bitwise(data[start..<end]), "\(start)..<\(end)")
            }
        }
    }

    @Test func textShrinksAndIncompressibleDataGrowsOnlyByTheBlockHeaders() throws {
        let content = Self.samples["page content"] ?? []
        #expect(Deflate.zlibCompress(content).count * 20 < content.count)
        let random = Self.samples["random (stored blocks)"] ?? []
        #expect(Deflate.zlibCompress(random).count == random.count + 2 * 5 + 6)
    }
}
