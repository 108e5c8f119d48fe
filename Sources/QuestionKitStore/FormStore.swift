import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The original app's form lifecycle on a file system: one folder, the single source of truth.
///
/// ```
/// <root>/.lock                                   the store's lock (see StoreLock)
/// <root>/<user>/<Title dd-MM-yyyy[ (n)]>/        an incomplete form
///     form.json                                  the form so far, as completed-form JSON
///     store.json                                 the store's bookkeeping (StoreRecord)
///     Qid3.jpg, Qid3(2).jpg, Qid5.mov, …         attachments, named as the MI format names them
/// <root>/CompletedMIs/<user>/<name HH-mm-ss>/    completed, awaiting the foreman (same files)
/// <root>/Outbox/<user>/<name>/                   submitted (same files; form.json is final)
/// <root>/Error/<user>                            notices to the user (JSON), until read
/// <root>/.staging/, <root>/.trash/               a form being created or deleted
/// <root>/.pending/                               a notice due after a move (FormStore+PendingNotices)
/// ```
///
/// Every change holds the store's lock and goes through `AtomicFile`: a crash at any moment
/// leaves each form as it was or as it became. Nothing the store derives or reads back leads out
/// of the root, and it follows no symbolic link inside it (`checkInside`, `FolderAccess`; the
/// threat model is in Docs/Store.md).
/// Nothing is removed except by `delete`, `detach` (an attachment's files), `submit` (the working
/// copy, once in the outbox) and `expire`, which return what they removed.
public struct FormStore: Sendable {
    /// The store's folder.
    public let root: String
    /// The store's settings: expiry, reminders, folder names, time zone.
    public let configuration: StoreConfiguration
    /// Reads the stored forms (their question types and key map).
    public let reader: TemplateReader
    /// How long to wait for another process's lock, in seconds.
    public var lockWait: Double = 2

    /// The form's completed-form JSON inside its folder.
    public static let formFile = "form.json"
    /// The store's record inside a form's folder.
    public static let recordFile = "store.json"
    /// Where a new form is built before it is renamed into place.
    static let stagingFolder = ".staging"
    /// Where a form goes on its way out, so that a removal is one rename too.
    static let trashFolder = ".trash"

    /// A store in the folder `root` (`"."` when empty); nothing is read or created until used.
    public init(root: String, configuration: StoreConfiguration = .standard, reader: TemplateReader) {
        // An empty root would make every path absolute ("/ann/…"): it is the current folder.
        let trimmed = root.count > 1 && root.hasSuffix("/") ? String(root.dropLast()) : root
        self.root = trimmed.isEmpty ? "." : trimmed
        self.configuration = configuration
        self.reader = reader
    }

    // MARK: Places

    /// The folder of `reference`.
    public func folder(of reference: FormReference) -> String { root + "/" + reference.path }

    /// The reference of form `name` of `user` in `state`.
    func reference(_ state: FormReference.State, user: String, name: String) -> FormReference {
        FormReference(state: state, user: user, name: name, path: area(state, user: user) + "/" + name)
    }

    /// The folder, under the root, of `user`'s forms in `state`.
    func area(_ state: FormReference.State, user: String) -> String {
        switch state {
        case .incomplete: user
        case .completed: configuration.completedFolder + "/" + user
        case .submitted: configuration.outboxFolder + "/" + user
        }
    }

    /// Checks a user name given to the store (see `StoreNames`).
    public func checkUser(_ user: String) throws(StoreError) -> String {
        try StoreNames.checkUser(user, reserved: configuration.reservedFolders)
    }

    /// Reads a form reference as `list` prints it: `USER/NAME`, `CompletedMIs/USER/NAME` or
    /// `Outbox/USER/NAME`, optionally preceded by the root and followed by `/form.json`.
    public func reference(_ text: String) throws(StoreError) -> FormReference {
        var path = text
        for prefix in [root + "/", root.hasPrefix("./") ? String(root.dropFirst(2)) + "/" : nil].compactMap({ $0 })
        where path.hasPrefix(prefix) {
            path.removeFirst(prefix.count)
            break
        }
        if path.hasSuffix("/" + Self.formFile) { path.removeLast(Self.formFile.count + 1) }
        while path.hasSuffix("/") { path.removeLast() }
        let parts = path.split(separator: "/", omittingEmptySubsequences: false).map { StoreNames.nfc(String($0)) }
        let bad = StoreError(
            code: "store.bad-reference", message: "\(StoreNames.quoted(text)) does not name a form in the store",
            hint: "Name a form as 'questionkit store list' prints it: USER/NAME, "
                + "\(configuration.completedFolder)/USER/NAME or \(configuration.outboxFolder)/USER/NAME.")
        guard parts.allSatisfy(StoreNames.isSafeComponent) else { throw bad }
        let isReserved = configuration.reservedFolders.contains { $0.lowercased() == parts.first?.lowercased() }
        switch (parts.count, parts.first) {
        case (2, _) where !isReserved: return reference(.incomplete, user: parts[0], name: parts[1])
        case (3, configuration.completedFolder): return reference(.completed, user: parts[1], name: parts[2])
        case (3, configuration.outboxFolder): return reference(.submitted, user: parts[1], name: parts[2])
        default: throw bad
        }
    }

    // MARK: Locking

    /// Runs `body` holding the store's lock exclusively, after finishing what a killed process left.
    func writing<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try requireRoot()
        let lock = try StoreLock(root: root, exclusive: true, wait: lockWait)
        defer { lock.unlock() }
        try recoverLeftovers()
        try recoverPendingNotices()
        return try body()
    }

    /// Runs `body` holding the store's lock shared: no change happens meanwhile. What a killed
    /// writer left is cleared first (no writer runs while the lock is shared, so none owns it).
    func reading<Result>(_ body: () throws(StoreError) -> Result) throws(StoreError) -> Result {
        try requireRoot()
        let lock = try StoreLock(root: root, exclusive: false, wait: lockWait)
        defer { lock.unlock() }
        try recoverLeftovers()
        return try body()
    }

    func requireRoot() throws(StoreError) {
        // The root itself may be a symbolic link: the user chose it. Nothing inside may be.
        guard FileStatus.of(root, following: true) == .folder else {
            throw StoreError(
                code: "store.no-store", message: "there is no store at '\(root)'",
                hint: "Check --root; 'questionkit store start' creates the store with its first form.")
        }
    }

    // MARK: Files

    /// The bytes of the regular file at `path`, within the reader's size limit; a symbolic link is
    /// refused, not followed.
    func readFile(_ path: String) throws(StoreError) -> [UInt8] {
        try StoreError.converting(try FolderAccess.read(path, limit: reader.limits.maxBytes))
    }

    /// Creates `relative` (folders separated by `/`) under the root, each level checked.
    func makeFolders(_ relative: String) throws(StoreError) -> String {
        try checkInside(relative)
        var path = root
        for part in relative.split(separator: "/") {
            path += "/" + part
            try StoreError.converting(try AtomicFile.makeFolder(path))
        }
        return path
    }

    /// The store's own folders at the root, whose names start with a dot.
    static var ownFolders: [String] { [stagingFolder, trashFolder, pendingFolder] }

    /// Refuses unless `relative` (a path under the root) stays inside the root and every folder of
    /// it is a real folder, not a symbolic link that could lead out of the store; a missing one is
    /// fine (nothing is there). Each part must be one safe name (`StoreNames.isSafeComponent`), or
    /// the first one of the store's own folders.
    func checkInside(_ relative: String) throws(StoreError) {
        let parts = relative.split(separator: "/", omittingEmptySubsequences: false).map(String.init)
        for (index, part) in parts.enumerated()
        where !StoreNames.isSafeComponent(part) && !(index == 0 && Self.ownFolders.contains(part)) {
            throw StoreError(
                code: "store.unsafe-path", message: "\(StoreNames.quoted(relative)) is not a place inside the store",
                hint: "Names in the store are single folder names: no '/', '..', or leading '.'.")
        }
        var path = root
        for part in parts {
            path += "/" + part
            switch FileStatus.of(path) {
            case .folder: continue
            case .missing: return
            case let status: throw .unsafe(path, status)
            }
        }
    }

    /// The names in the folder `relative` under the root, after `checkInside`; empty when it is missing.
    func entries(_ relative: String) throws(StoreError) -> [String] {
        try checkInside(relative)
        return try StoreError.converting(try FolderAccess.names(in: root + "/" + relative))
    }

    /// Removes the folder `relative` if it is empty (a user's folder after their last form left).
    func removeIfEmpty(_ relative: String) {
        let path = root + "/" + relative
        if rmdir(path) == 0 { try? AtomicFile.syncFolder(PathText.parent(of: path)) }
    }
}
