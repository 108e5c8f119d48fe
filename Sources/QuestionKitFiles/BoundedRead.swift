#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading a whole regular file held to a size limit: opened without waiting (`O_NONBLOCK`), checked
/// on the open descriptor (nothing can be swapped in between), refused by its size before a byte is
/// read, and never read past one byte over the limit if it grows. The one reader of an input file
/// for the commands (`InputRule`) and the store (`FolderAccess.read`), which word its failures each
/// in their own way.
package enum BoundedRead {
    /// Why nothing was read.
    package enum Failure: Error {
        /// `open` failed: the system's `errno` and its words.
        case cannotOpen(errno: Int32, reason: String)
        /// The open file's status could not be read.
        case cannotStat(reason: String)
        /// It is not a regular file; `kind` holds the kind bits of its mode (`S_IFDIR`, `S_IFIFO`, ...).
        case notRegular(kind: mode_t)
        /// It is larger than the limit: `size` when its status said so, nil when found while reading.
        case tooLarge(size: Int?)
        /// Reading failed, for the system's `reason`.
        case failedRead(reason: String)
    }

    /// The bytes of the regular file at `path`, opened with `flags` (added to `O_RDONLY | O_NONBLOCK
    /// | O_CLOEXEC`; `O_NOFOLLOW` refuses a link), at most `limit` of them.
    package static func read(_ path: String, flags: Int32 = 0, limit: Int) throws(Failure) -> [UInt8] {
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC | flags)
        guard descriptor >= 0 else { throw .cannotOpen(errno: errno, reason: SystemIO.lastError) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw .cannotStat(reason: SystemIO.lastError) }
        guard status.st_mode & S_IFMT == S_IFREG else { throw .notRegular(kind: status.st_mode & S_IFMT) }
        let size = Int(status.st_size)
        guard size <= limit else { throw .tooLarge(size: size) }
        switch SystemIO.readAll(descriptor, expected: size, limit: limit) {
        case .bytes(let bytes): return bytes
        case .tooLarge: throw .tooLarge(size: nil)
        case .failed(let reason): throw .failedRead(reason: reason)
        }
    }
}
