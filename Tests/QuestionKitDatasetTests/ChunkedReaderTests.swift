import Foundation
import Testing

@testable import QuestionKitDataset

@Suite("Files read a chunk at a time")
struct ChunkedReaderTests {
    /// Lines longer than a chunk, newlines that are the first byte of a read, empty lines and a last
    /// line without its newline come back as they were written, from a file as from memory.
    @Test func linesComeBackAsWrittenAcrossChunks() throws {
        let chunk = ChunkedReader.chunk
        // "short\n\n" is 7 bytes: the a's newline is then the first byte of the third read, and the
        // b's the first of the fourth (each read a chunk, after what is held moved to the front).
        let lines: [[UInt8]] = [
            Array("short".utf8), [], Array(repeating: UInt8(ascii: "a"), count: chunk * 2 - 7),
            Array(repeating: UInt8(ascii: "b"), count: chunk - 1), [], Array("last, without a newline".utf8),
        ]
        let bytes = Array(lines.joined(separator: [UInt8(ascii: "\n")]))
        let path = FileManager.default.temporaryDirectory.path + "/chunked-\(UUID().uuidString)"
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        defer { try? FileManager.default.removeItem(atPath: path) }
        for reader in [try #require(ChunkedReader(path: path)), ChunkedReader(bytes: bytes)] {
            var read: [[UInt8]] = []
            while let line = reader.nextLine() { read.append(Array(line)) }
            #expect(read == lines)
            #expect(!reader.failed)
        }
    }

    @Test func aFileEndingInANewlineHasNoEmptyLastLine() {
        let reader = ChunkedReader(bytes: Array("one\ntwo\n".utf8))
        #expect(reader.nextLine().map { Array($0) } == Array("one".utf8))
        #expect(reader.nextLine().map { Array($0) } == Array("two".utf8))
        #expect(reader.nextLine() == nil)
    }
}
