#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading, listing and removing inside the store without ever following a symbolic link: folders are
/// opened with `O_NOFOLLOW | O_DIRECTORY` and everything below is reached relative to an open
/// folder (`openat`, `unlinkat`), so a link planted anywhere is removed as a link, never entered.
package enum FolderAccess {
    /// The names in the real folder `path` (not `.` and `..`); empty when nothing is there.
    /// A symbolic link or a file at `path` is refused (`FileSystemError.unsafe`), unless `followingLink`
    /// (the store's root, which its user chose, may be a link).
    package static func names(in path: String, followingLink: Bool = false) throws(FileSystemError) -> [String] {
        guard let folder = try openFolder(path, followingLink: followingLink) else { return [] }
        defer { close(folder) }
        return try names(of: folder, path: path)
    }

    /// Removes everything inside the real folder `path`, keeping the folder; links are removed, not followed.
    package static func removeContents(of path: String) throws(FileSystemError) {
        guard let folder = try openFolder(path) else { return }
        defer { close(folder) }
        for name in try names(of: folder, path: path) { try removeEntry(name, in: folder, path: path) }
    }

    /// Removes `path` (a file, a link or a whole folder) without following any link; its parent
    /// must be a real folder.
    package static func remove(_ path: String) throws(FileSystemError) {
        guard let parent = try openFolder(PathText.parent(of: path)) else { return }
        defer { close(parent) }
        try removeEntry(PathText.lastComponent(of: path), in: parent, path: PathText.parent(of: path))
    }

    /// The bytes of the regular file at `path`, at most `limit` of them; a symbolic link is
    /// refused, not followed.
    package static func read(_ path: String, limit: Int) throws(FileSystemError) -> [UInt8] {
        do {
            return try BoundedRead.read(path, flags: O_NOFOLLOW, limit: limit)
        } catch {
            switch error {
            case .cannotOpen(ELOOP, _): throw .unsafe(path, .link)
            case .cannotOpen(ENOENT, _): throw .io("read", path, "it is missing")
            case .cannotOpen(_, let reason), .failedRead(let reason): throw .io("read", path, reason)
            case .cannotStat, .notRegular: throw .io("read", path, "it is not a regular file")
            case .tooLarge: throw .io("read", path, "it is larger than \(limit) bytes")
            }
        }
    }

    /// The folder at `path` opened for reading; nil when nothing is there.
    private static func openFolder(_ path: String, followingLink: Bool = false) throws(FileSystemError) -> Int32? {
        let folder = open(path, O_RDONLY | O_DIRECTORY | (followingLink ? 0 : O_NOFOLLOW) | O_CLOEXEC)
        if folder >= 0 { return folder }
        switch errno {
        case ENOENT: return nil
        case ELOOP, ENOTDIR: throw .unsafe(path, FileStatus.of(path))
        default: throw .io("open the folder", path, SystemIO.lastError)
        }
    }

    package static func names(of folder: Int32, path: String) throws(FileSystemError) -> [String] {
        // fdopendir takes over the descriptor it is given, so it gets its own.
        let copy = dup(folder)
        guard copy >= 0, let stream = fdopendir(copy) else {
            if copy >= 0 { close(copy) }
            throw .io("list", path, SystemIO.lastError)
        }
        defer { closedir(stream) }
        var names: [String] = []
        while let entry = readdir(stream) {
            let name = withUnsafeBytes(of: entry.pointee.d_name) { bytes in
                String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
            }
            if name != "." && name != ".." { names.append(name) }
        }
        return names
    }

    private static func removeEntry(_ name: String, in parent: Int32, path: String) throws(FileSystemError) {
        let entryPath = path + "/" + name
        var status = stat()
        guard fstatat(parent, name, &status, AT_SYMLINK_NOFOLLOW) == 0 else {
            if errno == ENOENT { return }
            throw .io("remove", entryPath, SystemIO.lastError)
        }
        if (status.st_mode & S_IFMT) == S_IFDIR {
            let folder = openat(parent, name, O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC)
            guard folder >= 0 else { throw .io("remove", entryPath, SystemIO.lastError) }
            defer { close(folder) }
            for inner in try names(of: folder, path: entryPath) { try removeEntry(inner, in: folder, path: entryPath) }
        }
        let flags = (status.st_mode & S_IFMT) == S_IFDIR ? AT_REMOVEDIR : 0
        guard unlinkat(parent, name, flags) == 0 || errno == ENOENT else {
            throw .io("remove", entryPath, SystemIO.lastError)
        }
    }
}
