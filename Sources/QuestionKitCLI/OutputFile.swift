import QuestionKitFiles

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writing a command's output to a path the user named, by what is already there:
///
/// - nothing yet, or a regular file: written atomically (a temporary file in the same folder,
///   flushed, renamed over the name), so the file is either fully old or fully new. A replaced
///   file keeps its mode, owner and group (one whose owner this process cannot give to a new
///   file, someone else's file that is writable by its group, is refused rather than taken over);
///   a new one gets 0644 less the umask. A file whose
///   permissions make it read-only for everyone is refused rather than replaced, and so is a file
///   with more than one hard link (a replacement would split them: the other names would keep
///   the old content). See `AtomicFile` and `PreparedFile`, the one writer of every file.
/// - a character device (`/dev/null`, a terminal) or a FIFO: opened for writing and written to,
///   never replaced; a FIFO waits for its reader as a shell's `>` does.
/// - a symbolic link: followed; what it leads to is written by these rules and the link stays. A
///   link that leads nowhere is refused.
/// - a folder, a name in a missing folder, anything else: an error with the path and the reason.
///
/// `-` (standard output) is the command context's business: see `CommandContext.writeOutput`.
package enum OutputFile {
    /// The output name that means standard output.
    package static let standardOutput = "-"

    /// The rules above in brief, for the help of commands that write files.
    static let rulesHelp = """
        Output files: a file is replaced atomically, keeping its mode and owner (a read-only one, or
        one with other hard links, is refused); a device or FIFO is written to, never replaced; a
        symbolic link is followed and what it leads to is written (the link stays); a folder or a
        missing folder is an error.
        """

    /// Writes `text` as UTF-8 to `path` (see above).
    package static func write(_ text: String, to path: String) throws(FileAccessError) {
        try write(Array(text.utf8), to: path)
    }

    /// Writes `bytes` to `path` (see above). With `expecting`, a regular file is replaced only if
    /// it still holds those bytes (what was read before the change was made).
    package static func write(_ bytes: [UInt8], to path: String, expecting: [UInt8]? = nil) throws(FileAccessError) {
        var status = stat()
        guard lstat(path, &status) == 0 else {
            guard errno == ENOENT || errno == ENOTDIR else { throw failure(path, SystemIO.lastError) }
            return try create(bytes, at: path)
        }
        let isLink = status.st_mode & S_IFMT == S_IFLNK
        if isLink, stat(path, &status) != 0 {
            throw failure(path, "it is a symbolic link that leads nowhere (\(SystemIO.lastError))")
        }
        switch status.st_mode & S_IFMT {
        case S_IFREG:
            let target = isLink ? try resolved(path) : path
            if status.st_mode & 0o222 == 0 || access(target, W_OK) != 0 {
                throw failure(path, "it is read-only; make it writable or choose another name")
            }
            try replace(bytes, at: target, named: path, expecting: expecting)
        case S_IFCHR, S_IFIFO: try writeInPlace(bytes, to: path)
        case S_IFDIR: throw failure(path, "it is a folder; name a file inside it")
        default: throw failure(path, "it is not a regular file, a character device or a FIFO")
        }
    }

    /// Creates the folder `path` and the missing folders above it; an existing folder is fine,
    /// anything else there is an error.
    package static func makeFolder(_ path: String) throws(FileAccessError) {
        _ = try openMakingFolders(path)
    }

    /// The folder `path` opened, made first when missing: each missing folder is created relative
    /// to the one above it, opened just before (`mkdirat`, then `openat` with `O_NOFOLLOW`), so a
    /// link put in the way meanwhile is an error, never followed. Existing folders of the path
    /// (links among them) are the user's and are followed.
    static func openMakingFolders(_ path: String) throws(FileAccessError) -> OpenFolder {
        var status = stat()
        let found = stat(path, &status) == 0
        let failure = errno
        if found {
            guard status.st_mode & S_IFMT == S_IFDIR else {
                throw FileAccessError(
                    path: path, reason: "something other than a folder is there", verb: "create the folder")
            }
            do {
                return try OpenFolder.open(path)
            } catch {
                throw folderFailure(path, error, at: path)
            }
        }
        let parent = PathText.parent(of: path)
        guard parent != path, failure == ENOENT else {
            throw FileAccessError(path: path, reason: String(cString: strerror(failure)), verb: "create the folder")
        }
        let above = try openMakingFolders(parent)
        let name = PathText.lastComponent(of: path)
        do {
            return try above.folder(name)
        } catch {
            throw folderFailure(path, error, at: above.joined(name))
        }
    }

    /// `error`, about the folder at `opened` (the path it was reached by), as a failure to make `path`.
    private static func folderFailure(_ path: String, _ error: FileSystemError, at opened: String) -> FileAccessError {
        var reason = reason(of: error, at: opened)
        if case .unsafe = error { reason = "something other than a folder is there" }
        return FileAccessError(path: path, reason: reason, verb: "create the folder")
    }

    /// A new file at `path`, whose folder must exist.
    private static func create(_ bytes: [UInt8], at path: String) throws(FileAccessError) {
        if path.hasSuffix("/") { throw failure(path, "a file name cannot end with '/'") }
        let folder = PathText.parent(of: path)
        var status = stat()
        guard stat(folder, &status) == 0 else {
            throw failure(path, "the folder '\(folder)' does not exist (\(SystemIO.lastError))")
        }
        guard status.st_mode & S_IFMT == S_IFDIR else { throw failure(path, "'\(folder)' is not a folder") }
        try replace(bytes, at: path, named: path)
    }

    private static func replace(
        _ bytes: [UInt8], at target: String, named path: String, expecting: [UInt8]? = nil
    ) throws(FileAccessError) {
        do {
            try AtomicFile.write(bytes, to: target, hardLinks: .refuse, expecting: expecting)
        } catch {
            throw failure(path, reason(of: error, at: target))
        }
    }

    /// Creates the new file `name` in `folder`, never replacing anything: a file or a link there
    /// (even one planted while the command runs) is an error, and nothing is written through it.
    package static func create(_ bytes: [UInt8], named name: String, in folder: OpenFolder) throws(FileAccessError) {
        do {
            try folder.createFile(name, bytes: bytes)
        } catch {
            throw failure(folder.joined(name), reason(of: error, at: folder.joined(name)))
        }
    }

    /// Removes the temporary files a killed writer left in the folder of `path` (of the file a
    /// link there leads to, where its replacements are written; see
    /// `AtomicFile.sweepStaleTemporaries`); returns their names.
    @discardableResult
    package static func sweepStaleTemporaries(besides path: String) -> [String] {
        let target = (try? resolved(path)) ?? path
        guard let folder = try? OpenFolder.open(PathText.parent(of: target)) else { return [] }
        return AtomicFile.sweepStaleTemporaries(in: folder)
    }

    /// A file helper's failure in words that follow the caller's "cannot ... 'path':": its reason
    /// alone when it is about `path`, else its whole message (it names another path).
    static func reason(of error: FileSystemError, at path: String) -> String {
        if case .io(_, path, let reason) = error { return reason }
        return error.message
    }

    /// Writes to a device or FIFO where it is: no creation, no truncation, no rename.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) throws(FileAccessError) {
        let descriptor = open(path, O_WRONLY | O_NOCTTY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(path, SystemIO.lastError) }
        defer { close(descriptor) }
        var status = stat()
        // Something else may have been put there since it was looked at: write only to what was checked.
        guard fstat(descriptor, &status) == 0, [S_IFCHR, S_IFIFO].contains(status.st_mode & S_IFMT) else {
            throw failure(path, "it changed while it was being opened")
        }
        if let reason = bytes.withUnsafeBytes({ SystemIO.writeAll($0, to: descriptor) }) {
            throw failure(path, reason)
        }
    }

    /// The real path a symbolic link leads to, so that the file there is replaced, not the link.
    private static func resolved(_ path: String) throws(FileAccessError) -> String {
        guard let real = realpath(path, nil) else { throw failure(path, SystemIO.lastError) }
        defer { free(real) }
        return String(cString: real)
    }

    private static func failure(_ path: String, _ reason: String) -> FileAccessError {
        FileAccessError(path: path, reason: reason, verb: "write")
    }
}
