#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What is at a path, without following a symbolic link there.
package enum FileStatus: Equatable, Sendable {
    case missing, file, folder, link, other

    /// With `following`, a symbolic link counts as what it points to.
    package static func of(_ path: String, following: Bool = false) -> FileStatus {
        var status = stat()
        guard (following ? stat(path, &status) : lstat(path, &status)) == 0 else { return .missing }
        return of(mode: status.st_mode)
    }

    /// What a file of `mode` (`st_mode`) is; missing when there is none.
    package static func of(mode: mode_t?) -> FileStatus {
        guard let mode else { return .missing }
        switch mode & S_IFMT {
        case S_IFREG: return .file
        case S_IFDIR: return .folder
        case S_IFLNK: return .link
        default: return .other
        }
    }
}
