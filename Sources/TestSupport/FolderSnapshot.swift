import Foundation

/// Everything under a folder, for tests that assert a folder did not change: each entry's path
/// relative to the folder, mapped to `folder`, `link -> DESTINATION` or the file's contents.
/// Symbolic links are recorded, never followed.
public enum FolderSnapshot {
    /// The snapshot of `path`; empty when nothing is there. Entries named in `excluding` (relative paths) are left out.
    public static func of(_ path: String, excluding: Set<String> = []) -> [String: String] {
        var entries: [String: String] = [:]
        add(path, relative: "", into: &entries, excluding: excluding)
        return entries
    }

    private static func add(
        _ path: String, relative: String, into entries: inout [String: String], excluding: Set<String>
    ) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        for name in names {
            let inner = relative.isEmpty ? name : relative + "/" + name
            guard !excluding.contains(inner) else { continue }
            let full = path + "/" + name
            let type = (try? FileManager.default.attributesOfItem(atPath: full))?[.type] as? FileAttributeType
            switch type {
            case .typeSymbolicLink?:
                entries[inner] =
                    "link -> " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: full)) ?? "?")
            case .typeDirectory?:
                entries[inner] = "folder"
                add(full, relative: inner, into: &entries, excluding: excluding)
            default:
                entries[inner] = (try? String(contentsOfFile: full, encoding: .utf8)) ?? "(unreadable)"
            }
        }
    }
}
