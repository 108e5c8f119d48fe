import TestSupport
import Testing

@testable import QuestionKitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's reading of a file (`FolderAccess.read`, through `BoundedRead` as the input rule's):
/// a regular file within the limit, never through a link, in the store's words.
@Suite struct FolderAccessTests {
    /// The message of the failure to read `path`; nil when it was read.
    static func failure(_ path: String, limit: Int = 1 << 20) -> String? {
        do {
            _ = try FolderAccess.read(path, limit: limit)
            return nil
        } catch {
            return error.message
        }
    }

    @Test func aRegularFileWithinTheLimitIsRead() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("form.json", "{}")
        #expect(try FolderAccess.read(file, limit: 2) == Array("{}".utf8))
    }

    @Test func aLinkIsRefusedAsUnsafeNotFollowed() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("real.json", "{}")
        #expect(symlink(file, folder.path + "/link.json") == 0)
        #expect(throws: FileSystemError.self) { try FolderAccess.read(folder.path + "/link.json", limit: 10) }
        #expect(Self.failure(folder.path + "/link.json")?.hasSuffix("is a symbolic link; " + Self.unsafeEnd) == true)
    }

    @Test func whatIsNotAReadableRegularFileIsSaidSo() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("big.json", String(repeating: " ", count: 100))
        let fifo = folder.path + "/pipe.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(Self.failure(file, limit: 99) == "cannot read '\(file)': it is larger than 99 bytes")
        #expect(Self.failure(folder.path + "/none") == "cannot read '\(folder.path)/none': it is missing")
        #expect(Self.failure(folder.path) == "cannot read '\(folder.path)': it is not a regular file")
        let refused = returning(unblocking: [fifo]) { Self.failure(fifo) }
        #expect(refused == "cannot read '\(fifo)': it is not a regular file")
    }

    static let unsafeEnd = "the store follows no link and uses nothing there it did not make"
}
