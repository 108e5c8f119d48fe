import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A message to a user, shown at their next login in the original app: their form was deleted by
/// expiry or reassigned, or a reminder that a form is still open.
public struct Notice: Sendable, Equatable {
    /// What the notice is about: a form deleted by expiry, a form reassigned, or a reminder.
    public enum Kind: String, Sendable, CaseIterable {
        /// A form was deleted by expiry, a form was reassigned away, or a reminder fell due.
        case expired, reassigned, reminder
    }

    /// Says which event the notice is about (the form's id and the event), so that it is given once.
    public var id: String
    /// When the notice was given.
    public var date: Date
    /// What the notice is about.
    public var kind: Kind
    /// The form's place when the notice was given.
    public var form: String
    /// What the user is told, e.g. "Your form 'Pump 01-03-2026' was reassigned to bob."
    public var message: String

    /// A notice with the given fields.
    public init(id: String, date: Date, kind: Kind, form: String, message: String) {
        self.id = id
        self.date = date
        self.kind = kind
        self.form = form
        self.message = message
    }

    /// A notice as written by `json`; nil when a field is missing or malformed.
    init?(node: JSONNode) {
        let utc = TimeZone(identifier: "UTC") ?? .current
        guard let id = node["id"]?.stringValue, let kind = node["kind"]?.stringValue.flatMap(Notice.Kind.init),
            let date = node["date"]?.stringValue.flatMap({ StoreDates.parse($0, timeZone: utc) })
        else { return nil }
        self.init(
            id: id, date: date, kind: kind, form: node["form"]?.stringValue ?? "",
            message: node["message"]?.stringValue ?? "")
    }

    var json: JSONWriter.Value {
        .object([
            ("id", .string(id)), ("date", .string(StoreDates.iso(date))), ("kind", .string(kind.rawValue)),
            ("form", .string(form)), ("message", .string(message)),
        ])
    }
}

extension FormStore {
    /// The notices file of `user`: `<root>/Error/<user>`, after checking that it stays inside the
    /// store (a real notices folder, a user name that is one safe name).
    func noticesPath(_ user: String) throws(StoreError) -> String {
        try checkInside(configuration.noticesFolder)
        guard StoreNames.isSafeComponent(user) else {
            throw StoreError(
                code: "store.unsafe-path", message: "\(StoreNames.quoted(user)) cannot name a notices file",
                hint: "User names are single folder names (see 'questionkit store help start').")
        }
        return root + "/" + configuration.noticesFolder + "/" + user
    }

    /// The notices waiting for `user`, oldest first; they stay.
    public func notices(for user: String) throws(StoreError) -> [Notice] {
        let user = try checkUser(user)
        return try reading { () throws(StoreError) in try readNotices(user) }
    }

    /// The notices waiting for `user`, oldest first, removed from the store: each is shown once.
    /// A caller that shows them somewhere it could still fail should rather read them with
    /// `notices(for:)`, show them, and then `clearNotices(_:for:)` the ones shown.
    public func takeNotices(for user: String) throws(StoreError) -> [Notice] {
        let user = try checkUser(user)
        return try writing { () throws(StoreError) in
            let notices = try readNotices(user)
            try keepNotices([], of: user)
            return notices
        }
    }

    /// Removes the given notices of `user` (by id), once they have been shown; notices that arrived
    /// since stay.
    public func clearNotices(_ shown: [Notice], for user: String) throws(StoreError) {
        let user = try checkUser(user)
        let ids = Set(shown.map(\.id))
        try writing { () throws(StoreError) in
            try keepNotices(try readNotices(user).filter { !ids.contains($0.id) }, of: user)
        }
    }

    /// Leaves exactly `notices` for `user`: the file is rewritten atomically, or removed when none is left.
    private func keepNotices(_ notices: [Notice], of user: String) throws(StoreError) {
        let path = try noticesPath(user)
        guard notices.isEmpty else {
            let text = JSONWriter.text(of: .object([("notices", .array(notices.map(\.json)))])) + "\n"
            return try StoreError.converting(try AtomicFile.write(text, to: path))
        }
        if FileStatus.of(path) == .file {
            guard unlink(path) == 0 else { throw .io("remove", path, SystemIO.lastError) }
            try StoreError.converting(try AtomicFile.syncFolder(PathText.parent(of: path)))
        }
    }

    /// Adds `notice` for `user` unless a notice with its id is there already (the caller holds the lock).
    func addNotice(_ notice: Notice, for user: String) throws(StoreError) {
        var notices = try readNotices(user)
        guard !notices.contains(where: { $0.id == notice.id }) else { return }
        notices.append(notice)
        _ = try makeFolders(configuration.noticesFolder)
        try keepNotices(notices, of: user)
    }

    /// The notices of `user` (the caller holds the lock); also how a change that must end with a
    /// notice checks, before it changes anything, that the notice can be given.
    func readNotices(_ user: String) throws(StoreError) -> [Notice] {
        let path = try noticesPath(user)
        switch FileStatus.of(path) {
        case .missing: return []
        case .file: break
        case let status: throw .unsafe(path, status)
        }
        let parsed = JSONParser.parse(try readFile(path))
        let list = parsed.document?.root["notices"]
        guard let list, list.kind == .array else {
            throw StoreError(
                code: "store.unreadable-notices", message: "the notices of '\(user)' cannot be read: '\(path)'",
                hint: "Repair the file (an object with a \"notices\" list), or move it away.",
                diagnostics: parsed.diagnostics, path: path)
        }
        return list.elements.compactMap(Notice.init(node:))
    }
}
