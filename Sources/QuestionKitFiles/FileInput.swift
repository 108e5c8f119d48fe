#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

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
        try InputRule.read(path, limit: limit, within: folder)
    }

    /// Reads all of standard input; more than `limit` bytes is an error, found after reading at
    /// most `limit + 1` bytes (an endless stream is refused, not read to its end).
    @Sendable public static func readStandardInput(limit: Int) throws -> [UInt8] {
        switch SystemIO.readAll(STDIN_FILENO, expected: 0, limit: limit) {
        case .bytes(let bytes): return bytes
        case .tooLarge: throw FileAccessError.tooLarge("<stdin>", size: nil, limit: limit)
        case .failed(let reason): throw FileAccessError(path: "<stdin>", reason: reason)
        }
    }
}

/// Writing to standard output and standard error.
package enum FileOutput {
    /// Writes all of `text` to a file descriptor, retrying short writes.
    package static func write(_ text: String, to descriptor: Int32) {
        var text = text
        // Standard output or error that cannot be written (a closed pipe) has no one to tell.
        _ = text.withUTF8 { SystemIO.writeAll(UnsafeRawBufferPointer($0), to: descriptor) }
    }
}
