import Foundation
import Testing

@testable import QuestionKitArchive

@Suite("gzip members: our DEFLATE in RFC 1952's wrapper")
struct GzipTests {
    @Test("the header is fixed, the data inflates back, the trailer holds its CRC-32 and length")
    func member() throws {
        for (name, data) in DeflateTests.samples {
            var heads = LZ77Heads()
            let member = Gzip.member(data, heads: &heads)
            #expect(Array(member.prefix(10)) == [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF], "\(name)")
            // The DEFLATE data ends where the trailer's 8 bytes start (inflate refuses a stream cut short).
            #expect(try Inflate.inflate(member[10..<member.count - 8], limit: data.count + 1) == data, "\(name)")
            let trailer = member.suffix(8)
            let words = stride(from: trailer.startIndex, to: trailer.endIndex, by: 4).map { start in
                trailer[start..<start + 4].reversed().reduce(UInt32(0)) { $0 << 8 | UInt32($1) }
            }
            #expect(words == [CRC32.checksum(data[...]), UInt32(data.count)], "\(name)")
        }
    }

    @Test("python's gzip module reads the member", .enabled(if: hasPython))
    func pythonReads() throws {
        let data = Array(String(repeating: "pump running, valve closed; ", count: 200).utf8)
        var heads = LZ77Heads()
        let result = try python(
            "import sys, gzip; data = gzip.decompress(sys.stdin.buffer.read()); print(len(data), data[:4].decode())",
            input: Gzip.member(data, heads: &heads))
        #expect(result.status == 0, "\(result.error)")
        #expect(result.output.trimmingCharacters(in: .whitespacesAndNewlines) == "\(data.count) pump")
    }
}
