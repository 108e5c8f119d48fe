import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitStore

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Why a file could not be read or written.
public struct FileAccessError: Error, CustomStringConvertible {
    public let path: String
    public let reason: String
    /// `read` or `write`.
    public let verb: String

    /// The limit in bytes that the input exceeded, when that is why it was refused.
    public var exceededLimit: Int?
    /// The input's size in bytes when it was refused for its size and the size is known (a
    /// stream is not read beyond the limit, so its size is not).
    public var size: Int?

    /// Why the input rule (see `InputRule`) refused the file, when it did.
    package var refusal: Refusal?

    /// What about a file made the input rule refuse it.
    package enum Refusal: Sendable {
        /// A FIFO, a device, a socket, or a file of /dev, /proc or /sys.
        case notRegular
        /// It leads out of the folder it was to be read in, to `target`.
        case outside(target: String)
        /// A link that leads nowhere.
        case dangling
    }

    public init(path: String, reason: String, verb: String = "read") {
        self.path = path
        self.reason = reason
        self.verb = verb
    }

    /// The input at `path` is larger than `limit` bytes.
    static func tooLarge(_ path: String, size: Int?, limit: Int) -> FileAccessError {
        let measured = size.map { "it is \($0) bytes" } ?? "it is more than \(limit) bytes"
        var error = FileAccessError(path: path, reason: "\(measured); the limit is \(limit) bytes")
        error.exceededLimit = limit
        error.size = size
        return error
    }

    public var description: String { "cannot \(verb) '\(path)': \(reason)" }
}

/// Reading input files and standard input with a size limit, without going through `Data`.
public enum FileInput {
    /// Reads the file at `path` by the input rule (see `InputRule`): a regular file of at most
    /// `limit` bytes, never a FIFO, a device or a file of /dev, /proc or /sys.
    public static func read(_ path: String, limit: Int) throws(FileAccessError) -> [UInt8] {
        try read(path, limit: limit, within: nil)
    }

    /// Reads the file at `path` by the input rule; with `folder`, only when it stays in that
    /// folder's tree through links.
    package static func read(_ path: String, limit: Int, within folder: String?) throws(FileAccessError) -> [UInt8] {
        let (descriptor, size) = try InputRule.openFile(path, limit: limit, within: folder)
        defer { close(descriptor) }
        return try readAll(descriptor, path: path, expected: size, limit: limit)
    }

    /// Reads all of standard input; more than `limit` bytes is an error, found after reading at
    /// most `limit + 1` bytes (an endless stream is refused, not read to its end).
    @Sendable public static func readStandardInput(limit: Int) throws -> [UInt8] {
        try readAll(STDIN_FILENO, path: "<stdin>", expected: 0, limit: limit)
    }

    private static func readAll(
        _ descriptor: Int32, path: String, expected: Int, limit: Int
    ) throws(FileAccessError) -> [UInt8] {
        switch SystemIO.readAll(descriptor, expected: expected, limit: limit) {
        case .bytes(let bytes): return bytes
        case .tooLarge: throw .tooLarge(path, size: nil, limit: limit)
        case .failed(let reason): throw FileAccessError(path: path, reason: reason)
        }
    }

    /// The `.json` files of a folder and its subfolders, sorted, and what the walk skipped (see
    /// `FolderWalk`), or `[path]` when it is not a folder (an empty list for a folder without any).
    /// Fixtures (`*.fixture.json`, see `questionkit test`) are not templates and are left out.
    package static func expand(_ path: String) -> FolderWalk {
        let isTemplate = { (name: String) in name.hasSuffix(".json") && !name.hasSuffix(TestCommand.fixtureSuffix) }
        guard path != "-", let walk = FolderWalk(path, where: isTemplate) else { return FolderWalk(paths: [path]) }
        return walk
    }

    /// The files under the folder `path` and its subfolders whose relative paths `matches` accepts,
    /// sorted, each as `path/relative`; nil when `path` is not a folder. What is not a regular file,
    /// or a link leading out of the folder, is left out (see `FolderWalk` for the notes that say so).
    public static func files(in path: String, where matches: (String) -> Bool) -> [String]? {
        FolderWalk(path, where: matches)?.paths
    }
}

extension PathText {
    /// `name` inside `folder`, with one slash between them however many `folder` ends with.
    static func joined(_ folder: String, _ name: String) -> String {
        var base = Substring(folder)
        while base.count > 1, base.hasSuffix("/") { base = base.dropLast() }
        return base == "/" ? "/" + name : base + "/" + name
    }
}

/// Writing to standard output and standard error.
package enum FileOutput {
    /// Writes all of `text` to a file descriptor, retrying short writes.
    public static func write(_ text: String, to descriptor: Int32) {
        var text = text
        // Standard output or error that cannot be written (a closed pipe) has no one to tell.
        _ = text.withUTF8 { SystemIO.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
