import QuestionKit
import QuestionKitFiles
import QuestionKitForms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The files a walk through a folder found, and what it skipped: an entry that is not a regular
/// file (a FIFO would hang its reader, a device never ends) or a link that leads out of the folder
/// (or nowhere). Each skipped entry has a note that names it.
package struct FolderWalk: Sendable {
    /// The files found, sorted, each as `folder/relative`.
    package var paths: [String] = []
    /// One `file.skipped` note per entry left out.
    package var skipped: [FileDiagnostics] = []
    /// The folder walked, which the files are read within (see `FileInput.read(_:limit:within:)`,
    /// so that a file swapped for a link after the walk is not followed out); nil for a file named.
    package var folder: String?

    /// A walk that found `paths` and skipped nothing (a file named on the command line).
    package init(paths: [String]) {
        self.paths = paths
    }

    /// Walks the folder `path` and its subfolders (real ones; a link to a folder is not entered)
    /// for the entries whose relative paths `matches` accepts; nil when `path` is not a folder.
    package init?(_ path: String, where matches: (String) -> Bool) {
        var status = stat()
        guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, let root = InputRule.realPath(path) else {
            return nil
        }
        folder = path
        // Every entry's path begins alike: joined once, not once per file (the walk is serial work).
        let prefix = PathText.joined(path, "")
        var found: [String] = []
        var left: [(relative: String, reason: String)] = []
        var folders = [""]
        while let folder = folders.popLast() {
            let full = folder.isEmpty ? path : PathText.joined(path, folder)
            // Below the folder named, only real folders are entered (a link to one is an entry).
            let names = (try? FolderAccess.names(in: full, followingLink: folder.isEmpty)) ?? []
            for name in names {
                let relative = folder.isEmpty ? name : folder + "/" + name
                let entry = prefix + relative
                guard lstat(entry, &status) == 0 else { continue }
                let kind = status.st_mode & S_IFMT
                if kind == S_IFDIR {
                    folders.append(relative)
                } else if matches(relative) {
                    if let reason = Self.reasonToSkip(entry, kind: kind, root: root, folder: path) {
                        left.append((relative, reason))
                    } else {
                        found.append(relative)
                    }
                }
            }
        }
        paths = found.sorted().map { prefix + $0 }
        skipped = left.sorted { $0.relative < $1.relative }.map {
            FileDiagnostics(path: prefix + $0.relative, diagnostics: [Self.note($0.reason)], source: nil)
        }
    }

    /// Why the entry at `entry` (of `kind`, as `lstat` says) is not read; nil when it is a regular
    /// file, or a link to one inside the folder's real path `root`.
    private static func reasonToSkip(_ entry: String, kind: mode_t, root: String, folder: String) -> String? {
        if kind == S_IFREG { return nil }
        guard kind == S_IFLNK else { return "it is \(InputRule.kindName(kind)), not a regular file" }
        guard let target = InputRule.realPath(entry) else { return "it is a link that leads nowhere" }
        guard InputRule.contains(root, target) else {
            return "it is a link that leads out of '\(folder)' (to \(target))"
        }
        var status = stat()
        guard stat(target, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            return "it is a link to \(InputRule.kindName(status.st_mode & S_IFMT)), not to a regular file"
        }
        return nil
    }

    static func note(_ reason: String) -> Diagnostic {
        Diagnostic(
            severity: .note, code: "file.skipped", message: "skipped: \(reason)",
            // Said of every walk (templates, fixtures, completed forms), so it names none of them.
            hint: "A folder is read as the regular files inside it (links included when they stay inside); "
                + "name a file on the command line to read it.")
    }
}

extension FileInput {
    /// The `.json` files of a folder and its subfolders, sorted, and what the walk skipped (see
    /// `FolderWalk`), or `[path]` when it is not a folder (an empty list for a folder without any).
    /// Fixtures (`*.fixture.json`, see `questionkit test`) are not templates and are left out.
    package static func expand(_ path: String) -> FolderWalk {
        let isTemplate = { (name: String) in name.hasSuffix(".json") && !name.hasSuffix(TestCommand.fixtureSuffix) }
        guard path != "-", let walk = FolderWalk(path, where: isTemplate) else { return FolderWalk(paths: [path]) }
        return walk
    }

    /// The files under the folder `path` and its subfolders whose relative paths `matches` accepts,
    /// sorted, each as `path/relative`; nil when `path` is not a folder. What is not a regular file,
    /// or a link leading out of the folder, is left out (see `FolderWalk` for the notes that say so).
    public static func files(in path: String, where matches: (String) -> Bool) -> [String]? {
        FolderWalk(path, where: matches)?.paths
    }
}
