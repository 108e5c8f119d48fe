#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The C library's `read` and `write` on file descriptors, with the loops every caller needs:
/// interrupted calls retried, short writes continued. Shared by the store and the command line.
package enum SystemIO {
    /// Reads at most `buffer.count` bytes; 0 at the end, -1 on failure (see `lastError`).
    package static func read(_ descriptor: Int32, into buffer: UnsafeMutableRawBufferPointer) -> Int {
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
    package enum ReadOutcome {
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
    package static func readAll(_ descriptor: Int32, expected: Int, limit: Int) -> ReadOutcome {
        // Read straight into the result's uninitialized room, never into a zeroed chunk copied over:
        // `test` reads ten thousand small files, and zeroing 64 KB for each was 7% of its work. The
        // room is one byte past what is expected, so a file of that size ends with no second buffer;
        // a stream or a file that grew doubles it, never past one byte over the limit.
        var room = min(expected, limit) + 1
        var bytes: [UInt8] = []
        while true {
            var failure: String?
            var ended = false
            let old = bytes
            bytes = [UInt8](unsafeUninitializedCapacity: room) { buffer, count in
                count = buffer.initialize(fromContentsOf: old)
                while count < room {
                    let free = UnsafeMutableBufferPointer(rebasing: buffer[count..<room])
                    let got = read(descriptor, into: UnsafeMutableRawBufferPointer(free))
                    if got < 0 { failure = lastError; return }
                    if got == 0 { ended = true; return }
                    count += got
                }
            }
            if let failure { return .failed(failure) }
            if bytes.count > limit { return .tooLarge }
            if ended { return .bytes(bytes) }
            room = min(max(room * 2, 1 << 16), limit + 1)
        }
    }

    /// Writes all of `buffer`; nil when done, else the system's reason.
    package static func writeAll(_ buffer: UnsafeRawBufferPointer, to descriptor: Int32) -> String? {
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
    package static var lastError: String { String(cString: strerror(errno)) }
}
