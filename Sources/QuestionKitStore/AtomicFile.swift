import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The store's only ways of changing files, each safe against a crash at any moment.
///
/// - A file is written to a temporary file in the same folder (`.qk-<random>.tmp`, created
///   exclusively), flushed with `fsync`, renamed over its final name, and then the folder itself
///   is flushed so that the rename survives a power cut. A reader sees the old file or the new
///   one, never a part.
/// - A folder (a form with its media) changes place by one `rename` of the whole folder, after
///   which both parent folders are flushed. A new form is built in a hidden staging folder and
///   renamed into place, so a form folder appears complete or not at all.
/// - Temporary names start with a dot; the store never takes a dot name for a form, a user or a
///   notice, so a file left by a killed process is never mistaken for one.
///   `sweepTemporaryFiles(in:)` removes such leftovers (only the store's own temporary names).
package enum AtomicFile {
    /// The start of every temporary name.
    public static let temporaryPrefix = ".qk-"
    /// The end of every temporary file name.
    public static let temporarySuffix = ".tmp"

    /// Writes `bytes` to `path` atomically (see above).
    public static func write(_ bytes: [UInt8], to path: String) throws(StoreError) {
        let folder = parent(of: path)
        let (descriptor, temporary) = try createTemporary(in: folder, for: path)
        var failure = bytes.withUnsafeBytes { SystemIO.writeAll($0, to: descriptor) }
        if failure == nil, fsync(descriptor) != 0 { failure = systemReason() }
        close(descriptor)
        if failure == nil, rename(temporary, path) != 0 { failure = systemReason() }
        if let failure {
            unlink(temporary)
            throw .io("write", path, failure)
        }
        try syncFolder(folder)
    }

    /// Writes `text` as UTF-8 to `path` atomically.
    public static func write(_ text: String, to path: String) throws(StoreError) {
        try write(Array(text.utf8), to: path)
    }

    /// Copies the regular file at `source` to `path` atomically: the copy appears whole or not at all.
    public static func copy(from source: String, to path: String) throws(StoreError) {
        let input = open(source, O_RDONLY | O_CLOEXEC)
        guard input >= 0 else { throw .io("read", source, systemReason()) }
        defer { close(input) }
        var status = stat()
        guard fstat(input, &status) == 0 else { throw .io("read", source, systemReason()) }
        guard (status.st_mode & S_IFMT) == S_IFREG else { throw .io("read", source, "it is not a regular file") }
        let folder = parent(of: path)
        let (output, temporary) = try createTemporary(in: folder, for: path)
        var failure = copyAll(from: input, to: output)
        if failure == nil, fsync(output) != 0 { failure = systemReason() }
        close(output)
        if failure == nil, rename(temporary, path) != 0 { failure = systemReason() }
        if let failure {
            unlink(temporary)
            throw .io("copy '\(source)' to", path, failure)
        }
        try syncFolder(folder)
    }

    /// Renames the file or folder `source` to `destination` (same file system), then flushes
    /// both parent folders. A folder is never renamed over a non-empty folder.
    public static func move(_ source: String, to destination: String) throws(StoreError) {
        guard rename(source, destination) == 0 else { throw .io("move '\(source)' to", destination, systemReason()) }
        try syncFolder(parent(of: destination))
        if parent(of: source) != parent(of: destination) { try syncFolder(parent(of: source)) }
    }

    /// Creates the folder `path` (its parent must exist) and flushes the parent; an existing
    /// folder is fine, anything else there (a file, a symbolic link) is an error.
    public static func makeFolder(_ path: String) throws(StoreError) {
        if mkdir(path, 0o755) == 0 { return try syncFolder(parent(of: path)) }
        let reason = systemReason()
        let status = FileStatus.of(path)
        guard errno == EEXIST, status == .folder else {
            throw status == .missing ? .io("create the folder", path, reason) : .unsafe(path, status)
        }
    }

    /// Flushes a folder's entries (creations, renames, removals) to disk.
    public static func syncFolder(_ path: String) throws(StoreError) {
        let descriptor = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC)
        guard descriptor >= 0 else { throw .io("open the folder", path, systemReason()) }
        defer { close(descriptor) }
        // Some file systems cannot flush a folder (EINVAL); their renames are as durable as they get.
        if fsync(descriptor) != 0 && errno != EINVAL { throw .io("flush the folder", path, systemReason()) }
    }

    /// Removes the store's temporary files left in `folder` by a process that was killed while
    /// writing; returns their names. Call it only while holding the store's lock. A folder that is
    /// a symbolic link is not entered.
    @discardableResult
    public static func sweepTemporaryFiles(in folder: String) -> [String] {
        let names = (try? FolderAccess.names(in: folder)) ?? []
        return names.filter(isTemporaryName).filter { unlink(folder + "/" + $0) == 0 }
    }

    /// Whether `name` is one of this type's temporary names.
    public static func isTemporaryName(_ name: String) -> Bool {
        name.hasPrefix(temporaryPrefix) && name.hasSuffix(temporarySuffix)
    }

    // MARK: Helpers

    static func parent(of path: String) -> String { PathText.parent(of: path) }

    static func systemReason() -> String { SystemIO.lastError }

    private static func createTemporary(in folder: String, for path: String) throws(StoreError) -> (Int32, String) {
        for _ in 0..<8 {
            let name = temporaryPrefix + String(UInt64.random(in: 0...UInt64.max), radix: 36) + temporarySuffix
            let temporary = folder + "/" + name
            let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 { return (descriptor, temporary) }
            if errno != EEXIST { throw .io("write", path, systemReason()) }
        }
        throw .io("write", path, "no free temporary name in '\(folder)'")
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

/// What is at a path, without following a symbolic link there.
enum FileStatus: Equatable {
    case missing, file, folder, link, other

    /// With `following`, a symbolic link counts as what it points to.
    static func of(_ path: String, following: Bool = false) -> FileStatus {
        var status = stat()
        guard (following ? stat(path, &status) : lstat(path, &status)) == 0 else { return .missing }
        switch status.st_mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
