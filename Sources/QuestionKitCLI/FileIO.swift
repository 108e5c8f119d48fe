import Foundation
import QuestionKit
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
    /// Reads the file at `path`. A file larger than `limit` bytes is refused before it is read.
    public static func read(_ path: String, limit: Int) throws(FileAccessError) -> [UInt8] {
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw FileAccessError(path: path, reason: String(cString: strerror(errno))) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            throw FileAccessError(path: path, reason: String(cString: strerror(errno)))
        }
        if (status.st_mode & S_IFMT) == S_IFDIR { throw FileAccessError(path: path, reason: "it is a directory") }
        let size = Int(status.st_size)
        if size > limit { throw .tooLarge(path, size: size, limit: limit) }
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

    /// The `.json` files of a folder and its subfolders, sorted, or `[path]` when it is not a folder
    /// (an empty list for a folder without any). Fixtures (`*.fixture.json`, see `questionkit test`)
    /// are not templates and are left out.
    public static func expand(_ path: String) -> [String] {
        guard path != "-" else { return [path] }
        return files(in: path) { $0.hasSuffix(".json") && !$0.hasSuffix(TestCommand.fixtureSuffix) } ?? [path]
    }

    /// The files under the folder `path` and its subfolders whose relative paths `matches` accepts,
    /// sorted, each as `path/relative`; nil when `path` is not a folder.
    public static func files(in path: String, where matches: (String) -> Bool) -> [String]? {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            return nil
        }
        let found = FileManager.default.enumerator(atPath: path)?.compactMap { $0 as? String } ?? []
        return found.filter(matches).sorted().map { PathText.joined(path, $0) }
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
