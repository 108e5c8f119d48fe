#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A folder opened once, everything in it reached relative to its descriptor (`openat`, `mkdirat`,
/// `renameat`): what is written lands in this folder even when its path is changed, or a link is
/// planted in it, while the writing goes on. Every file the store and the commands write goes
/// through here (see `AtomicFile`).
package final class OpenFolder {
    /// The folder's descriptor, open for as long as this value lives.
    package let descriptor: Int32
    /// The path it was opened by, for messages.
    package let path: String

    private init(descriptor: Int32, path: String) {
        self.descriptor = descriptor
        self.path = path
    }

    deinit { close(descriptor) }

    /// Opens the folder at `path`. A symbolic link there is followed only with `followingLink`
    /// (a path the user named may be a link; one met inside a folder being written never is).
    package static func open(_ path: String, followingLink: Bool = true) throws(FileSystemError) -> OpenFolder {
        guard !path.isEmpty else { throw .io("open the folder", path, "the path is empty") }
        let flags = O_RDONLY | O_DIRECTORY | O_CLOEXEC | (followingLink ? 0 : O_NOFOLLOW)
        let descriptor = openPath(path, flags)
        guard descriptor >= 0 else {
            if errno == ELOOP || errno == ENOTDIR { throw .unsafe(path, FileStatus.of(path)) }
            throw .io("open the folder", path, errno == ENOENT ? "it does not exist" : SystemIO.lastError)
        }
        return OpenFolder(descriptor: descriptor, path: path)
    }

    /// The folder `name` in this one, created (mode 0755 less the umask) when missing. A link or
    /// anything else there is refused, never followed.
    package func folder(_ name: String, creating: Bool = true) throws(FileSystemError) -> OpenFolder {
        let inner = joined(name)
        if creating, mkdirat(descriptor, name, 0o755) != 0, errno != EEXIST {
            throw .io("create the folder", inner, SystemIO.lastError)
        }
        let opened = openat(descriptor, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
        guard opened >= 0 else {
            if errno == ELOOP || errno == ENOTDIR { throw .unsafe(inner, status(of: name)) }
            throw .io("open the folder", inner, SystemIO.lastError)
        }
        return OpenFolder(descriptor: opened, path: inner)
    }

    /// Creates the file `name`, which must not exist (`O_CREAT | O_EXCL | O_NOFOLLOW`: a file or
    /// link put there first is an error, never written through), writes `bytes` and flushes them.
    package func createFile(_ name: String, bytes: [UInt8]) throws(FileSystemError) {
        let file = openat(descriptor, name, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
        guard file >= 0 else {
            let reason = errno == EEXIST ? "something is already there; nothing was written" : SystemIO.lastError
            throw .io("create", joined(name), reason)
        }
        defer { close(file) }
        var failure = bytes.withUnsafeBytes { SystemIO.writeAll($0, to: file) }
        if failure == nil, fsync(file) != 0 { failure = SystemIO.lastError }
        if let failure {
            unlinkat(descriptor, name, 0)
            throw .io("write", joined(name), failure)
        }
    }

    /// The owner of the folder (its user id).
    package var owner: uid_t? {
        var status = stat()
        return fstat(descriptor, &status) == 0 ? status.st_uid : nil
    }

    /// The names in the folder, not `.` and `..`.
    package func names() throws(FileSystemError) -> [String] { try FolderAccess.names(of: descriptor, path: path) }

    /// Flushes the folder's entries (creations, renames, removals) to disk.
    package func sync() throws(FileSystemError) {
        // Some file systems cannot flush a folder (EINVAL); their renames are as durable as they get.
        if fsync(descriptor) != 0 && errno != EINVAL { throw .io("flush the folder", path, SystemIO.lastError) }
    }

    /// The entry `name`, not following a link; nil when nothing is there.
    package func entryStatus(_ name: String) -> stat? {
        var status = stat()
        return fstatat(descriptor, name, &status, AT_SYMLINK_NOFOLLOW) == 0 ? status : nil
    }

    package func status(of name: String) -> FileStatus { FileStatus.of(mode: entryStatus(name)?.st_mode) }

    package func joined(_ name: String) -> String {
        path == "." ? name : path.hasSuffix("/") ? path + name : path + "/" + name
    }
}

// `open` is shadowed inside the type by its static `open(_:followingLink:)`.
private func openPath(_ path: String, _ flags: Int32) -> Int32 {
    open(path, flags)
}
