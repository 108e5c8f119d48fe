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
    /// The list of what `FolderWalk.Steps` finds one by one.
    package init?(_ path: String, where matches: (String) -> Bool) {
        let walk = withoutActuallyEscaping(matches) { matches -> FolderWalk? in
            guard var steps = Steps(path, where: matches) else { return nil }
            var walk = FolderWalk(paths: [])
            walk.folder = path
            while let step = steps.next() {
                switch step {
                case .file(let path): walk.paths.append(path)
                case .skipped(let note): walk.skipped.append(note)
                }
            }
            return walk
        }
        guard let walk else { return nil }
        self = walk
    }

    /// A folder walked one entry at a time, in the sorted order of `FolderWalk.paths` (each folder's
    /// entries listed and sorted, subfolders entered in their place), so that only the listings of
    /// the folders open on the way down are held, whatever the number of files (`dataset` walks a
    /// million forms with it). Each step is a file found or a skipped entry's note.
    package struct Steps: IteratorProtocol {
        /// What a step met.
        package enum Step {
            /// A file found, as `folder/relative`.
            case file(String)
            /// One `file.skipped` note for an entry left out.
            case skipped(FileDiagnostics)
        }

        /// The folder walked.
        package let folder: String
        private let root: String
        private let prefix: String
        private let matches: (String) -> Bool
        /// The folders open on the way down: each one's sorted entries and the next to take.
        private var open: [Listing] = []

        private struct Listing {
            var relative: String
            var entries: [(name: String, kind: mode_t)]
            var next = 0
        }

        /// A walk of the folder `path`; nil when it is not a folder.
        package init?(_ path: String, where matches: @escaping (String) -> Bool) {
            var status = stat()
            guard stat(path, &status) == 0, status.st_mode & S_IFMT == S_IFDIR, let root = InputRule.realPath(path)
            else { return nil }
            folder = path
            self.root = root
            self.matches = matches
            // Every entry's path begins alike: joined once, not once per file (the walk is serial work).
            prefix = PathText.joined(path, "")
            open = [listing(of: "")]
        }

        package mutating func next() -> Step? {
            while let last = open.indices.last {
                guard open[last].next < open[last].entries.count else {
                    open.removeLast()
                    continue
                }
                let (name, kind) = open[last].entries[open[last].next]
                open[last].next += 1
                let relative = open[last].relative.isEmpty ? name : open[last].relative + "/" + name
                if kind == S_IFDIR {
                    open.append(listing(of: relative))
                } else if matches(relative) {
                    let entry = prefix + relative
                    guard let reason = FolderWalk.reasonToSkip(entry, kind: kind, root: root, folder: folder) else {
                        return .file(entry)
                    }
                    return .skipped(FileDiagnostics(path: entry, diagnostics: [FolderWalk.note(reason)], source: nil))
                }
            }
            return nil
        }

        /// The entries of the folder `relative` (what `lstat` says each is), sorted as their paths
        /// sort: a subfolder by its name and a `/`, since every path inside it continues so (`a/x`
        /// comes after `a-b`, as `/` comes after `-`).
        private func listing(of relative: String) -> Listing {
            let full = relative.isEmpty ? folder : PathText.joined(folder, relative)
            // Below the folder named, only real folders are entered (a link to one is an entry).
            let names = (try? FolderAccess.names(in: full, followingLink: relative.isEmpty)) ?? []
            var status = stat()
            var entries: [(key: String, name: String, kind: mode_t)] = []
            entries.reserveCapacity(names.count)
            for name in names {
                let entry = prefix + (relative.isEmpty ? name : relative + "/" + name)
                guard lstat(entry, &status) == 0 else { continue }
                let kind = status.st_mode & S_IFMT
                entries.append((kind == S_IFDIR ? name + "/" : name, name, kind))
            }
            entries.sort { $0.key < $1.key }
            return Listing(relative: relative, entries: entries.map { ($0.name, $0.kind) })
        }
    }

    /// Why the entry at `entry` (of `kind`, as `lstat` says) is not read; nil when it is a regular
    /// file, or a link to one inside the folder's real path `root`.
    fileprivate static func reasonToSkip(_ entry: String, kind: mode_t, root: String, folder: String) -> String? {
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
