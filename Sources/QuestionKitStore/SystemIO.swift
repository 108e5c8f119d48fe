#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's `read` and `write` on file descriptors, with the loops every caller needs:
/// interrupted calls retried, short writes continued. Shared by the store and the command line.
package enum SystemIO {
    /// Reads at most `buffer.count` bytes; 0 at the end, -1 on failure (see `lastError`).
    public static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
        while true {
            #if canImport(Glibc)
                let count = Glibc.read(descriptor, buffer.baseAddress, buffer.count)
            #else
                let count = Darwin.read(descriptor, buffer.baseAddress, buffer.count)
            #endif
            if count < 0 && errno == EINTR { continue }
            return count
        }
    }

    /// What `readAll` found.
    public enum ReadOutcome {
        /// Everything up to the end, at most the limit.
        case bytes([UInt8])
        /// There was more than the limit (found after reading at most `limit + 1` bytes).
        case tooLarge
        /// The system's reason for a failed read.
        case failed(String)
    }

    /// Reads `descriptor` to its end, holding it to `limit` bytes: a file that grows while read, or
    /// an endless stream, is refused after one byte past the limit, never read to its end.
    /// `expected` (a file's size, 0 for a stream) sizes the buffer.
    public static func readAll(_ descriptor: Int32, expected: Int, limit: Int) -> ReadOutcome {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(min(expected, limit) + 1)
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let wanted = min(chunk.count, max(limit - bytes.count, 0) + 1)
            let count = chunk.withUnsafeMutableBytes {
                read(descriptor, into: UnsafeMutableRawBufferPointer(rebasing: $0[0..<wanted]))
            }
            if count < 0 { return .failed(lastError) }
            if count == 0 { return .bytes(bytes) }
            if bytes.count + count > limit { return .tooLarge }
            bytes += chunk[0..<count]
        }
    }

    /// Writes all of `buffer`; nil when done, else the system's reason.
    public static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
        var offset = 0
        while offset < buffer.count {
            #if canImport(Glibc)
                let written = Glibc.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            #else
                let written = Darwin.write(descriptor, buffer.baseAddress.map { $0 + offset }, buffer.count - offset)
            #endif
            if written < 0 && errno == EINTR { continue }
            guard written > 0 else { return lastError }
            offset += written
        }
        return nil
    }

    /// The system's words for the last failure (`strerror(errno)`).
    public static var lastError: String { String(cString: strerror(errno)) }
}
