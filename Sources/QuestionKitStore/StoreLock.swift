import Foundation
import QuestionKitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One lock per store: `flock` on `<root>/.lock`. Every operation that changes the store holds it
/// exclusively from its first read to its last write, so two processes never interleave their
/// read-modify-write of a form; listing and reviewing hold it shared, so they never see a form
/// half way through a move.
///
/// The lock is taken without blocking and retried for a short while; a store still busy after
/// that is reported (`store.busy`) rather than waited on. The operating system releases the lock
/// when its process ends, however it ends, so a killed process never leaves the store locked. The
/// lock file itself is empty and never removed; a `.lock` that is a symbolic link or not a regular
/// file is refused (`store.unsafe-path`), never followed.
final class StoreLock {
    /// The lock file's name inside the root.
    static let fileName = ".lock"

    private var descriptor: Int32

    /// Takes the lock of the store at `root`, retrying every 20 ms for up to `wait` seconds.
    init(root: String, exclusive: Bool, wait: Double) throws(StoreError) {
        let path = root + "/" + Self.fileName
        let descriptor = try Self.openLockFile(path, exclusive: exclusive)
        let operation = (exclusive ? LOCK_EX : LOCK_SH) | LOCK_NB
        let deadline = Date().addingTimeInterval(max(0, wait))
        while flock(descriptor, operation) != 0 {
            let failure = errno
            guard failure == EWOULDBLOCK || failure == EINTR, Date() < deadline else {
                let reason = failure == EWOULDBLOCK ? nil : String(cString: strerror(failure))
                close(descriptor)
                throw reason.map { .io("lock", path, $0) } ?? Self.busy(root: root, path: path, wait: wait)
            }
            usleep(20_000)
        }
        self.descriptor = descriptor
    }

    /// Releases the lock (closing the descriptor does).
    func unlock() {
        if descriptor >= 0 { close(descriptor) }
        descriptor = -1
    }

    deinit { unlock() }

    /// The lock file, never through a symbolic link (`O_NOFOLLOW`) and only a regular file: a link
    /// planted as `.lock` could otherwise make the store create or lock a file outside it.
    private static func openLockFile(_ path: String, exclusive: Bool) throws(StoreError) -> Int32 {
        let flags = O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC
        var descriptor = open(path, O_RDWR | O_CREAT | flags, 0o644)
        // A store that may only be read (an archive) is read under a shared lock on a read-only descriptor.
        if descriptor < 0 && !exclusive && errno != ELOOP { descriptor = open(path, O_RDONLY | flags) }
        guard descriptor >= 0 else {
            if errno == ELOOP { throw .unsafe(path, .link) }
            throw .io("open the lock file", path, SystemIO.lastError)
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, (status.st_mode & S_IFMT) == S_IFREG else {
            close(descriptor)
            throw .unsafe(path, FileStatus.of(path))
        }
        return descriptor
    }

    private static func busy(root: String, path: String, wait: Double) -> StoreError {
        StoreError(
            code: "store.busy",
            message: "the store '\(root)' is busy: another questionkit process is changing it "
                + "(it held '\(path)' for more than \(String(format: "%g", wait)) s)",
            hint: "Try again in a moment; nothing was changed.")
    }
}
