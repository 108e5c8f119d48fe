import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitPDF

@Suite("PDF compression: DEFLATE and zlib")
struct PDFDeflateTests {
    static let samples: [(String, [UInt8])] = {
        var generator = SystemRandomNumberGenerator()
        let random = (0..<70_000).map { _ in UInt8.random(in: 0...255, using: &generator) }
        let content = String(
            repeating: "BT\n/F1 10 Tf 72 700 Td\n(Question 12: Is the pump running?) Tj\nET\n", count: 300)
        return [
            ("empty", []), ("one byte", [42]), ("two bytes", [1, 2]), ("all byte values", Array(0...255)),
            ("long run", [UInt8](repeating: 0, count: 100_000)), ("page content", Array(content.utf8)),
            ("random (stored blocks)", random),
            ("runs longer than 258", Array(repeating: Array("abc".utf8), count: 500).flatMap { $0 }),
            ("distances up to 32 KB", Array((0..<40_000).map { UInt8(truncatingIfNeeded: $0 % 32_771 &* 7) })),
        ]
    }()

    @Test(arguments: samples)
    func roundTripsThroughAnIndependentInflater(name: String, data: [UInt8]) throws {
        let compressed = Deflate.zlibCompress(data)
        #expect(try PDFTestInflater.zlibDecompress(compressed) == data, "\(name)")
    }

    @Test(.enabled(if: PDFTools.has("python3"), "python3 is not installed"), arguments: samples)
    func pythonZlibDecompressesIt(name: String, data: [UInt8]) throws {
        let script = "import sys, zlib; d = zlib.decompress(sys.stdin.buffer.read()); print(len(d), zlib.adler32(d))"
        let result = try PDFTools.run("python3", ["-c", script], input: Deflate.zlibCompress(data))
        #expect(result.status == 0, "\(name): \(result.error)")
        #expect(result.output == "\(data.count) \(Deflate.adler32(data))\n", "\(name)")
    }

    @Test func streamsSharingOneHashTableComeOutAsEachAlone() {
        // The table keeps the positions of earlier streams; none of them may be taken for a match.
        var heads = LZ77Heads()
        for (name, data) in Self.samples + Self.samples.reversed() {
            #expect(Deflate.zlibCompress(data, heads: &heads) == Deflate.zlibCompress(data), "\(name)")
        }
    }

    @Test func adler32MatchesTheKnownValue() {
        #expect(Deflate.adler32(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Deflate.adler32([]) == 1)
    }

    @Test func textShrinksAndIncompressibleDataGrowsOnlyByTheBlockHeaders() throws {
        let content = Self.samples.first { $0.0 == "page content" }?.1 ?? []
        #expect(Deflate.zlibCompress(content).count * 20 < content.count)
        let random = Self.samples.first { $0.0 == "random (stored blocks)" }?.1 ?? []
        #expect(Deflate.zlibCompress(random).count == random.count + 2 * 5 + 6)
    }
}
