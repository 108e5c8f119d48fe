import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's only ways of changing files, each safe against a crash at any moment.
///
/// - A file is written to a temporary file in the same folder (`.qk-<random>.tmp`, created
///   exclusively and locked while written), flushed with `fsync`, renamed over its final name, and
///   then the folder itself is flushed so that the rename survives a power cut. A reader sees the
///   old file or the new one, never a part. A replaced file keeps its mode and owner (see `PreparedFile`).
/// - A folder (a form with its media) changes place by one `rename` of the whole folder, after
///   which both parent folders are flushed. A new form is built in a hidden staging folder and
///   renamed into place, so a form folder appears complete or not at all.
/// - Temporary names start with a dot; the store never takes a dot name for a form, a user or a
///   notice, so a file left by a killed process is never mistaken for one.
///   `sweepTemporaryFiles(in:)` removes such leftovers (only our own temporary names, only regular
///   files no living writer holds locked).
package enum AtomicFile {
    /// The start of every temporary name.
    package static let temporaryPrefix = ".qk-"
    /// The end of every temporary file name.
    package static let temporarySuffix = ".tmp"

    /// Writes `bytes` to `path` atomically (see above and `PreparedFile`); a file with other hard
    /// links is replaced by one of its own unless `hardLinks` says to refuse. With `expecting`,
    /// the file is replaced only if it still holds those bytes.
    package static func write(
        _ bytes: [UInt8], to path: String, hardLinks: PreparedFile.HardLinks = .split, expecting: [UInt8]? = nil
    ) throws(FileSystemError) {
        try prepare(bytes, for: path, hardLinks: hardLinks).commit(expecting: expecting)
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    package static func write(_ text: String, to path: String) throws(FileSystemError) {
        try write(Array(text.utf8), to: path)
    }

    /// The replacement of `path` by `bytes`, written and flushed, waiting for its `commit`.
    package static func prepare(
        _ bytes: [UInt8], for path: String, hardLinks: PreparedFile.HardLinks = .split
    ) throws(FileSystemError) -> PreparedFile {
        let folder = try OpenFolder.open(parent(of: path))
        return try PreparedFile.prepare(PathText.lastComponent(of: path), in: folder, hardLinks: hardLinks) { file in
            bytes.withUnsafeBytes { SystemIO.writeAll($0, to: file) }
        }
    }

    /// Copies the regular file at `source` to `path` atomically: the copy appears whole or not at all.
    package static func copy(from source: String, to path: String) throws(FileSystemError) {
        let input = open(source, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard input >= 0 else { throw .io("read", source, systemReason()) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw .io("read", source, systemReason()) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .io("read", source, "it is not a regular file") }
        let folder = try OpenFolder.open(parent(of: path))
        try PreparedFile.prepare(PathText.lastComponent(of: path), in: folder, hardLinks: .split) {
            copyAll(from: input, to: $0)
        }.commit()
    }

    /// Renames the file or folder `source` to `destination` (same file system), then flushes
    /// both parent folders. A folder is never renamed over a non-empty folder.
    package static func move(_ source: String, to destination: String) throws(FileSystemError) {
        guard rename(source, destination) == 0 else { throw .io("move '\(source)' to", destination, systemReason()) }
        try syncFolder(parent(of: destination))
        if parent(of: source) != parent(of: destination) { try syncFolder(parent(of: source)) }
    }

    /// Creates the folder `path` (its parent must exist) and flushes the parent; an existing
    /// folder is fine, anything else there (a file, a symbolic link) is an error.
    package static func makeFolder(_ path: String) throws(FileSystemError) {
        if mkdir(path, 0o755) == 0 { return try syncFolder(parent(of: path)) }
        let reason = systemReason()
        let status = FileStatus.of(path)
        guard errno == EEXIST, status == .folder else {
            throw status == .missing ? .io("create the folder", path, reason) : .unsafe(path, status)
        }
    }

    /// Flushes a folder's entries (creations, renames, removals) to disk.
    package static func syncFolder(_ path: String) throws(FileSystemError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("open the folder", path, systemReason()) }
        defer { close(descriptor) }
        // Some file systems cannot flush a folder (EINVAL); their renames are as durable as they get.
        if fsync(descriptor) != 0 && errno != EINVAL { throw .io("flush the folder", path, systemReason()) }
    }

    /// Removes the store's temporary files left in `folder` by a process that was killed while
    /// writing; returns their names. A folder that is a symbolic link is not entered.
    @discardableResult
    package static func sweepTemporaryFiles(in folder: String) -> [String] {
        guard let opened = try? OpenFolder.open(folder, followingLink: false) else { return [] }
        return sweepStaleTemporaries(in: opened)
    }

    /// Removes the temporary files a killed writer left in `folder` and returns their names: only
    /// names of ours (`.qk-*.tmp`), only regular files, and only those no living writer holds
    /// locked, so a concurrent writer's file is never taken.
    @discardableResult
    package static func sweepStaleTemporaries(in folder: OpenFolder) -> [String] {
        let names = (try? folder.names()) ?? []
        return names.filter(isTemporaryName).filter {
            isStale($0, in: folder) && unlinkat(folder.descriptor, $0, 0) == 0
        }
    }

    /// Whether `name` is one of this type's temporary names.
    package static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix) && name.hasSuffix(temporarySuffix)
    }

    // MARK: Helpers

    static func parent(of path: String) -> String { PathText.parent(of: path) }

    static func systemReason() -> String { SystemIO.lastError }

    /// A fresh temporary name (`.qk-<random>.tmp`).
    static func newTemporaryName() -> String {
        temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36) + temporarySuffix
    }

    /// Whether the temporary file `name` is a regular file no process holds locked (its writer died).
    private static func isStale(_ name: String, in folder: OpenFolder) -> Bool {
        let file = openat(folder.descriptor, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC)
        guard file >= 0 else { return false }
        defer { close(file) }
        var status = stat()
        guard fstat(file, &status) == 0, status.st_mode & S_IFMT == S_IFREG, flock(file, LOCK_EX | LOCK_NB) == 0,
            let now = folder.entryStatus(name)
        else { return false }
        // The name must still lead to the file checked, not to one put there since.
        return now.st_ino == status.st_ino && now.st_dev == status.st_dev
    }

    private static func copyAll(from input: Int32, to output: Int32) -> String? {
        var chunk = [UInt8](repeating: 0, count: 1 << 16)
        while true {
            let count = chunk.withUnsafeMutableBytes { SystemIO.read(input, into: $0) }
            if count < 0 { return systemReason() }
            if count == 0 { return nil }
            if let failure = chunk.withUnsafeBytes({
                SystemIO.writeAll(UnsafeRawBufferPointer(rebasing: $0[0..<count]), to: output)
            }) {
                return failure
            }
        }
    }
}
