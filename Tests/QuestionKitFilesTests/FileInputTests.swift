import Foundation
import TestSupport
import Testing

@testable import QuestionKitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for what is read as an input: a regular file within the limit, opened without
/// waiting (a FIFO is refused, not waited on), never a device or a file of /proc, /sys or /dev.
@Suite struct FileInputTests {
    /// Why reading `path` was refused; nil when it was read.
    static func refusal(_ path: String, limit: Int = 1 << 20) -> String? {
        do {
            _ = try FileInput.read(path, limit: limit)
            return nil
        } catch {
            return error.reason
        }
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/pipe.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        let refused = returning(unblocking: [fifo]) { Self.refusal(fifo) }
        #expect(refused != nil, "reading a FIFO waited for a writer")
        #expect(refused??.contains("it is a FIFO, not a regular file") == true, "\(String(describing: refused))")
    }

    @Test(arguments: ["/dev/zero", "/dev/null", "/dev/stdin", "/dev/fd/0", "/proc/self/environ", "/proc/self/fd/0"])
    func aSystemFileIsRefused(path: String) {
        // /dev/stdin is the test's own standard input: read, it would wait for a terminal or pipe.
        let refused = returning { Self.refusal(path) }
        #expect(refused != nil, "reading \(path) did not return")
        #expect(refused??.contains("not a regular file") == true, "\(path): \(String(describing: refused))")
    }

    @Test func aLinkToSystemFileIsRefusedAndALinkToARegularFileIsRead() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("real.json", "{}")
        #expect(symlink(file, folder.path + "/link.json") == 0)
        #expect(symlink("/proc/self/environ", folder.path + "/environ.json") == 0)
        #expect(Self.refusal(folder.path + "/link.json") == nil)
        #expect(Self.refusal(folder.path + "/environ.json")?.contains("not a regular file") == true)
    }

    @Test func aFileOverTheLimitIsRefusedBeforeItIsRead() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("big.json", String(repeating: " ", count: 100))
        #expect(Self.refusal(file, limit: 99) == "it is 100 bytes; the limit is 99 bytes")
        #expect(Self.refusal(folder.path)?.contains("it is a directory") == true)
    }
}
