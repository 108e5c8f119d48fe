#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's `read` and `write` on file descriptors, with the loops every caller needs:
/// interrupted calls retried, short writes continued. Shared by the store and the command line.
public enum SystemIO {
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
