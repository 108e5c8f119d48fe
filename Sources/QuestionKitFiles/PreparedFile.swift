#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A replacement of one file, written in full to a temporary file beside it and waiting for the
/// rename that makes it the file (`commit`). Until then nothing the file's readers see has changed;
/// a replacement dropped without `commit` removes its temporary file.
///
/// - The temporary file is `.qk-<random>.tmp` in the same folder, created exclusively and locked
///   (`flock`) while it lives, so that `AtomicFile.sweepStaleTemporaries` can tell one left by a
///   killed process (unlocked) from one being written (locked).
/// - Replacing a regular file keeps its mode (permission, set-id and sticky bits) and its owner and
///   group: they are set on the temporary file before the rename, and a replacement that cannot
///   keep them is refused with nothing changed. A new file gets 0644 less the umask.
/// - A regular file with more than one hard link is refused (`HardLinks.refuse`, the commands'
///   choice: the other names would keep the old content) or replaced by a file of its own
///   (`HardLinks.split`, the store's: a copy made with links, e.g. by a backup, keeps its content).
package final class PreparedFile {
    /// What to do with a file that has other hard links.
    package enum HardLinks: Sendable {
        case refuse, split
    }

    /// The folder the file is in.
    package let folder: OpenFolder
    /// The file's name in `folder`.
    package let name: String
    private let temporary: String
    private var descriptor: Int32

    private init(folder: OpenFolder, name: String, temporary: String, descriptor: Int32) {
        self.folder = folder
        self.name = name
        self.temporary = temporary
        self.descriptor = descriptor
    }

    deinit { discard() }

    /// Writes the replacement of `name` in `folder` with `write` (given the temporary file's
    /// descriptor; it returns the system's reason when it fails) and flushes it.
    package static func prepare(
        _ name: String, in folder: OpenFolder, hardLinks: HardLinks, write: (Int32) -> String?
    ) throws(FileSystemError) -> PreparedFile {
        let existing = folder.entryStatus(name).flatMap { $0.st_mode & S_IFMT == S_IFREG ? $0 : nil }
        if let existing, existing.st_nlink > 1, hardLinks == .refuse {
            throw .io(
                "replace", folder.joined(name),
                "it has \(existing.st_nlink) hard links, which a replacement would split (the other names would "
                    + "keep the old content); nothing was changed. Write to a name with one link")
        }
        let prepared = try createTemporary(for: name, in: folder)
        var failure = write(prepared.descriptor)
        if failure == nil, let existing { failure = prepared.keepOwnerAndMode(of: existing) }
        if failure == nil, fsync(prepared.descriptor) != 0 { failure = SystemIO.lastError }
        if let failure {
            prepared.discard()
            throw .io("write", folder.joined(name), failure)
        }
        return prepared
    }

    /// Renames the temporary file over the name and flushes the folder. With `expecting`, first
    /// checks that the file still holds exactly those bytes (what was read before the change was
    /// made): a file someone else saved meanwhile is left as it is, and the replacement is refused.
    package func commit(expecting: [UInt8]? = nil) throws(FileSystemError) {
        guard descriptor >= 0 else { throw .io("write", folder.joined(name), "the replacement was already used") }
        if let expecting, !folder.holds(expecting, in: name) {
            discard()
            throw .io(
                "replace", folder.joined(name),
                "it changed since it was read (saved by someone else meanwhile); it was left as it is")
        }
        guard renameat(folder.descriptor, temporary, folder.descriptor, name) == 0 else {
            let reason = SystemIO.lastError
            discard()
            throw .io("write", folder.joined(name), reason)
        }
        close(descriptor)
        descriptor = -1
        try folder.sync()
    }

    /// Removes the temporary file; the file keeps its old content.
    package func discard() {
        guard descriptor >= 0 else { return }
        unlinkat(folder.descriptor, temporary, 0)
        close(descriptor)
        descriptor = -1
    }

    private func keepOwnerAndMode(of existing: stat) -> String? {
        var made = stat()
        guard fstat(descriptor, &made) == 0 else { return SystemIO.lastError }
        if made.st_uid != existing.st_uid || made.st_gid != existing.st_gid,
            fchown(descriptor, existing.st_uid, existing.st_gid) != 0
        {
            return "its owner and group (\(existing.st_uid):\(existing.st_gid)) cannot be kept by a replacement "
                + "(\(SystemIO.lastError)); nothing was changed"
        }
        // After fchown, which clears the set-id bits.
        guard fchmod(descriptor, existing.st_mode & 0o7777) == 0 else { return SystemIO.lastError }
        return nil
    }

    private static func createTemporary(for name: String, in folder: OpenFolder) throws(FileSystemError) -> PreparedFile
    {
        for _ in 0..<8 {
            let temporary = AtomicFile.newTemporaryName()
            let file = openat(
                folder.descriptor, temporary, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o644)
            if file < 0 {
                if errno == EEXIST { continue }
                throw .io("write", folder.joined(name), SystemIO.lastError)
            }
            // Between the creation and the lock a sweep may have taken the file for a dead one:
            // keep it only when the name still leads to the file locked.
            let prepared = PreparedFile(folder: folder, name: name, temporary: temporary, descriptor: file)
            var made = stat()
            if flock(file, LOCK_EX) == 0, fstat(file, &made) == 0, let now = folder.entryStatus(temporary),
                now.st_ino == made.st_ino, now.st_dev == made.st_dev
            {
                return prepared
            }
            // Dropped: its deinit removes what is left of it (the random name is no one else's).
        }
        throw .io("write", folder.joined(name), "no free temporary name in '\(folder.path)'")
    }
}

extension OpenFolder {
    /// Whether the regular file `name` holds exactly `bytes` (a link or anything else does not).
    package func holds(_ bytes: [UInt8], in name: String) -> Bool {
        let file = openat(descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, Int(status.st_size) == bytes.count else {
            return false
        }
        guard case .bytes(let found) = SystemIO.readAll(file, expected: bytes.count, limit: bytes.count) else {
            return false
        }
        return found == bytes
    }
}
