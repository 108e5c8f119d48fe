import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

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
        let text = JSONWriter.text(of: value) + "\n"
        try StoreError.converting(try AtomicFile.write(text, to: path))
        return path
    }

    /// Removes a pending notice once it is given.
    func removePendingNotice(_ path: String) throws(StoreError) {
        guard unlink(path) == 0 || errno == ENOENT else { throw .io("remove", path, SystemIO.lastError) }
        try StoreError.converting(try AtomicFile.syncFolder(PathText.parent(of: path)))
    }

    /// Gives or drops the pending notices a crash left behind (the caller holds the lock). Each is
    /// read and checked before any is acted on: one that is malformed, or names a user or a place
    /// outside the store, refuses the command (`store.unreadable-pending`) and stays for a person.
    func recoverPendingNotices() throws(StoreError) {
        let pendingFolder = root + "/" + Self.pendingFolder
        let names = try entries(Self.pendingFolder).filter { !AtomicFile.isTemporaryName($0) }.sorted()
        let pending = try names.map { (name) throws(StoreError) in try readPendingNotice(pendingFolder + "/" + name) }
        for (path, user, from, to, notice) in pending {
            let moved = FileStatus.of(folder(of: to)) == .folder && FileStatus.of(folder(of: from)) == .missing
            // Left in place when the notice cannot be written now: the next change tries again.
            if moved { guard (try? addNotice(notice, for: user)) != nil else { continue } }
            try? removePendingNotice(path)
        }
    }

    private func readPendingNotice(_ path: String) throws(StoreError) -> (
        path: String, user: String, from: FormReference, to: FormReference, notice: Notice
    ) {
        func refuse(_ why: String, _ diagnostics: [Diagnostic] = []) -> StoreError {
            StoreError(
                code: "store.unreadable-pending", message: "the pending notice '\(path)' cannot be used: \(why)",
                hint: "It is the store's journal of a notice due after a reassignment, and was not written by it "
                    + "like this; nothing was changed. A person should look at it and remove it.",
                diagnostics: diagnostics, path: path)
        }
        guard path.hasSuffix(".json") else { throw refuse("it is not a notice the store wrote (no '.json')") }
        let parsed = JSONParser.parse(try readFile(path))
        guard let root = parsed.document?.root, let user = root["user"]?.stringValue,
            let from = root["from"]?.stringValue, let to = root["to"]?.stringValue,
            let notice = root["notice"].flatMap(Notice.init(node:))
        else { throw refuse("it is not an object with 'user', 'from', 'to' and 'notice'", parsed.diagnostics) }
        do throws(StoreError) {
            let checked = try checkUser(user)
            let (source, target) = (try reference(from), try reference(to))
            guard checked == user, source.state == .incomplete, target.state == .incomplete else {
                throw refuse("it names \(StoreNames.quoted(user)), '\(from)' and '\(to)', not a reassignment")
            }
            return (path, checked, source, target, notice)
        } catch {
            throw error.code == "store.unreadable-pending" ? error : refuse(error.message)
        }
    }
}
