import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Input over the documented 256 MiB limit gets the parser's `json.too-large` at 1:1, from a file
/// (refused by its size, unread) and from standard input (refused after at most limit + 1 bytes).
@Suite struct InputLimitTests {
    static let limit = 256 << 20

    @Test func aFileOverTheLimitIsTooLarge() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("huge.json", "")
        // Sparse: 256 MiB + 1 that take no room on disk.
        #expect(truncate(path, off_t(Self.limit + 1)) == 0)
        let result = try ToolProcess.run(["validate", "--format", "json", path])
        #expect(result.status == 1)
        let entries = try #require(
            JSONReport.diagnostics(result.standardOutput))
        #expect(entries.count == 1)
        let entry = try #require(entries.first)
        #expect(entry["code"] as? String == "json.too-large")
        #expect(entry["line"] as? Int == 1 && entry["column"] as? Int == 1)
        #expect(entry["message"] as? String == "the input is 268435457 bytes; the limit is 268435456 bytes (256 MiB)")
        let export = try ToolProcess.run(["export", path, "--format", "text"])
        #expect(export.status == 1)
        #expect(export.standardError.hasPrefix("\(path):1:1: error: the input is 268435457 bytes"))
        #expect(export.standardError.contains("[json.too-large]"))
    }

    @Test func standardInputStopsAtTheLimit() throws {
        // The tool closing its end must give this process EPIPE, not kill it.
        signal(SIGPIPE, SIG_IGN)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ToolProcess.executable)
        process.arguments = ["validate", "--format", "json", "-"]
        let input = Pipe()
        let output = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        try input.fileHandleForReading.close()
        // An endless stream, cut off only at four times the limit so that a tool that read it all
        // fails this test instead of hanging it.
        let (written, stoppedByReader) = Self.feed(input.fileHandleForWriting.fileDescriptor, upTo: 4 * Self.limit)
        try input.fileHandleForWriting.close()
        let report = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(stoppedByReader, "the tool read \(written) bytes to the end of the stream")
        // What was written beyond limit + 1 can only be sitting in the pipe's buffer.
        #expect(written <= Self.limit + 1 + (1 << 20), "\(written) bytes were taken")
        let entries = try #require(JSONReport.diagnostics(String(decoding: report, as: UTF8.self)))
        #expect(entries.first?["code"] as? String == "json.too-large")
        #expect(
            entries.first?["message"] as? String
                == "the input is more than 268435456 bytes; the limit is 268435456 bytes (256 MiB)")
    }

    /// Writes spaces to `descriptor` until the reader goes away (true) or `cap` bytes are written.
    static func feed(_ descriptor: Int32, upTo cap: Int) -> (written: Int, stoppedByReader: Bool) {
        let chunk = [UInt8](repeating: UInt8(ascii: " "), count: 1 << 16)
        var written = 0
        while written < cap {
            let count = chunk.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            if count < 0 { return (written, errno == EPIPE) }
            written += count
        }
        return (written, false)
    }
}
