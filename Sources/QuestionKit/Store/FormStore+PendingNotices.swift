import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A notice that must follow a move of a form folder (the previous user of a reassigned form is
/// told): written to `<root>/.pending/` before the move and removed once the notice is given, so that
/// a crash between the move and the notice cannot lose the notice.
///
/// When a change of the store finds one left over (under the lock, before anything else), the
/// notice is given if the move happened (the form is at `to` and no longer at `from`) and dropped
/// if it did not.
extension FormStore {
    /// The folder of pending notices.
    static let pendingFolder = ".pending"

    /// Records that `notice` is due to `user` once the form at `from` is at `to`; returns the
    /// record's path, for `removePendingNotice`.
    func writePendingNotice(
        _ notice: Notice, for user: String, from: FormReference, to: FormReference
    ) throws(StoreError) -> String {
        let folder = try makeFolders(Self.pendingFolder)
        let value = JSONWriter.Value.object([
            ("user", .string(user)), ("from", .string(from.path)), ("to", .string(to.path)), ("notice", notice.json),
        ])
        let path = folder + "/" + StoreNames.safeTitle(notice.id) + ".json"
        try AtomicFile.write(JSONWriter.text(of: value) + "\n", to: path)
        return path
    }

    /// Removes a pending notice once it is given.
    func removePendingNotice(_ path: String) throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .io("remove", path, AtomicFile.systemReason()) }
        try AtomicFile.syncFolder(AtomicFile.parent(of: path))
    }

    /// Gives or drops the pending notices a crash left behind (the caller holds the lock).
    func recoverPendingNotices() {
        let folder = root + "/" + Self.pendingFolder
        for name in (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? [] {
            let path = folder + "/" + name
            guard name.hasSuffix(".json"), let bytes = try? readFile(path),
                let root = JSONParser.parse(bytes).document?.root, let user = root["user"]?.stringValue,
                let from = root["from"]?.stringValue, let to = root["to"]?.stringValue,
                let notice = root["notice"].flatMap(Notice.init(node:))
            else {
                try? removePendingNotice(path)
                continue
            }
            let moved =
                FileStatus.of(self.root + "/" + to) == .folder
                && FileStatus.of(self.root + "/" + from) == .missing
            // Left in place when the notice cannot be written now: the next change tries again.
            if moved { guard (try? addNotice(notice, for: user)) != nil else { continue } }
            try? removePendingNotice(path)
        }
    }
}
