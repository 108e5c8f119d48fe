#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The one rule for what a command may read as an input file (templates, fixtures, forms, key
/// maps, photos, logos): a regular file, within the size limit, reached by a path that never passes
/// through /dev, /proc or /sys (there `/dev/stdin` is the tool's own input and `/proc` files claim a
/// size of 0). It is opened without waiting (`O_NONBLOCK`: a FIFO is refused, not waited on), then
/// checked on the open descriptor, so nothing can be swapped in between (see `BoundedRead`). Standard input is read
/// only through `-`, where a command takes it.
package enum InputRule {
    /// The system's folders of special files, never read as input.
    package static let systemFolders = ["/dev", "/proc", "/sys"]

    /// The bytes of the regular file at `path`, at most `limit` of them (see `BoundedRead`). With
    /// `folder`, the file must stay inside that folder's tree, through links (a photo beside a form).
    package static func read(
        _ path: String, limit: Int, within folder: String? = nil
    ) throws(FileAccessError) -> [UInt8] {
        var target = path
        var flags = O_NOCTTY
        if let folder {
            target = try inside(path, folder: folder)
            flags |= O_NOFOLLOW
        } else if let system = systemFolder(of: path) {
            throw refused(path, "it is under \(system), not a regular file (use '-' for standard input)")
        }
        do {
            return try BoundedRead.read(target, flags: flags, limit: limit)
        } catch {
            switch error {
            case .cannotOpen(_, let reason), .cannotStat(let reason), .failedRead(let reason):
                throw FileAccessError(path: path, reason: reason)
            case .notRegular(S_IFDIR): throw FileAccessError(path: path, reason: "it is a directory")
            case .notRegular(let kind): throw refused(path, "it is \(kindName(kind)), not a regular file")
            case .tooLarge(let size): throw .tooLarge(path, size: size, limit: limit)
            }
        }
    }

    /// The real path of `path`, refused unless it lies inside the real folder `folder`.
    package static func inside(_ path: String, folder: String) throws(FileAccessError) -> String {
        var status = stat()
        guard lstat(path, &status) == 0 else { throw FileAccessError(path: path, reason: SystemIO.lastError) }
        guard let target = realPath(path) else { throw refused(path, "it is a link that leads nowhere", .dangling) }
        guard let root = realPath(folder), contains(root, target) else {
            throw refused(path, "it leads out of '\(folder)' (to \(target))", .outside(target: target))
        }
        return target
    }

    /// Whether `path` lies in the tree of the real folder `root` (`path` real as well).
    package static func contains(_ root: String, _ path: String) -> Bool {
        root == "/" || path == root || path.hasPrefix(root + "/")
    }

    /// The system folder `path` reaches, link after link (`/dev/stdin`, a link to `/proc/self/environ`,
    /// `/dev/fd/0` through the link `/dev/fd`); nil when it reaches none.
    package static func systemFolder(of path: String) -> String? {
        var current = path
        for _ in 0..<40 {
            guard let parent = realPath(PathText.parent(of: current)) else { return nil }
            let absolute = PathText.joined(parent, PathText.lastComponent(of: current))
            if let system = systemFolders.first(where: { contains($0, absolute) }) { return system }
            guard let link = readLink(absolute) else { return nil }
            current = PathText.resolve(link, from: parent)
        }
        return nil
    }

    package static func realPath(_ path: String) -> String? {
        guard let resolved = realpath(path, nil) else { return nil }
        defer { free(resolved) }
        return String(cString: resolved)
    }

    // Asked of every input file (most are not links): the buffer is not zeroed first, since
    // readlink says how many bytes it wrote and only those are read.
    private static func readLink(_ path: String) -> String? {
        let capacity = Int(PATH_MAX)
        let bytes = [UInt8](unsafeUninitializedCapacity: capacity) { buffer, initialized in
            let count = buffer.baseAddress.map { readlink(path, $0, capacity) } ?? -1
            initialized = max(0, count)
        }
        guard !bytes.isEmpty else { return nil }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// "a FIFO", "a character device", ... for the kind bits of a file's mode.
    package static func kindName(_ kind: mode_t) -> String {
        switch kind {
        case S_IFIFO: "a FIFO"
        case S_IFCHR: "a character device"
        case S_IFBLK: "a block device"
        case S_IFSOCK: "a socket"
        case S_IFDIR: "a directory"
        case S_IFLNK: "a symbolic link"
        default: "a special file"
        }
    }

    private static func refused(
        _ path: String, _ reason: String, _ refusal: FileAccessError.Refusal = .notRegular
    ) -> FileAccessError {
        var error = FileAccessError(path: path, reason: reason)
        error.refusal = refusal
        return error
    }
}
