import Foundation
import QuestionKit
import QuestionKitForms

/// The store's bookkeeping of one form, kept in `store.json` beside the form's `form.json` (which
/// stays the original completed-form format, untouched by anything of the store's own):
///
/// ```json
/// {"formatVersion": 1, "id": "k3v9…", "created": "2026-03-01T09:30:00Z",
///  "completed": null, "remindersSent": [1], "previousUsers": ["bob"]}
/// ```
///
/// Where a form is (which user, incomplete or completed) is not recorded: the folder it is in
/// says so, and a move of the folder is the one step that changes it.
public struct StoreRecord: Sendable, Equatable {
    /// The version of this file's layout.
    public static let formatVersion = 1

    /// Stays with the form through every move; notices about the form carry it so that each is given once.
    public var id: String
    /// When the form was started.
    public var created: Date
    /// When the technician completed it.
    public var completed: Date?
    /// The entries of `SendNotificationAfterDays` whose reminder has been given.
    public var remindersSent: [Double]
    /// The users the form was reassigned from, oldest first.
    public var previousUsers: [String]

    /// A record of a form started at `created`; a fresh id unless one is given.
    public init(
        id: String = StoreRecord.newID(), created: Date, completed: Date? = nil, remindersSent: [Double] = [],
        previousUsers: [String] = []
    ) {
        self.id = id
        self.created = created
        self.completed = completed
        self.remindersSent = remindersSent
        self.previousUsers = previousUsers
    }

    /// A fresh random id.
    public static func newID() -> String {
        String(UInt64.random(in: 0...UInt64.max), radix: 36) + String(UInt64.random(in: 0...UInt64.max), radix: 36)
    }

    /// The record as JSON text.
    public var json: String {
        let value = JSONWriter.Value.object([
            ("formatVersion", .integer(Self.formatVersion)),
            ("id", .string(id)),
            ("created", .string(StoreDates.iso(created))),
            ("completed", completed.map { .string(StoreDates.iso($0)) } ?? .null),
            ("remindersSent", .array(remindersSent.map { .number($0) })),
            ("previousUsers", .array(previousUsers.map { .string($0) })),
        ])
        return JSONWriter.text(of: value) + "\n"
    }

    /// Reads a record; nil with the problems, located, when it cannot be used.
    public static func read(_ bytes: [UInt8]) -> (record: StoreRecord?, diagnostics: [Diagnostic]) {
        let parsed = JSONParser.parse(bytes)
        guard let document = parsed.document else { return (nil, parsed.diagnostics) }
        var problems = ProblemCollector(document: document)
        let root = document.root
        guard root.kind == .object else {
            problems.error("store-record.not-an-object", "a store record must be an object", at: root)
            return (nil, problems.diagnostics())
        }
        guard let id = root["id"]?.stringValue, !id.isEmpty else {
            problems.error("store-record.no-id", "the record has no 'id'", at: root)
            return (nil, problems.diagnostics())
        }
        guard let createdNode = root["created"], let created = createdNode.stringValue.flatMap(isoDate) else {
            problems.error(
                "store-record.bad-date", "'created' must be a date such as \"2026-03-01T09:30:00Z\"",
                at: root["created"] ?? root)
            return (nil, problems.diagnostics())
        }
        let completed = root["completed"]?.stringValue.flatMap(isoDate)
        let sent = root["remindersSent"].map { $0.elements.compactMap(\.numberValue) } ?? []
        let previous = root["previousUsers"].map { $0.elements.compactMap(\.stringValue) } ?? []
        let record = StoreRecord(
            id: id, created: created, completed: completed, remindersSent: sent, previousUsers: previous)
        return (record, problems.diagnostics())
    }

    private static func isoDate(_ text: String) -> Date? {
        StoreDates.parse(text, timeZone: TimeZone(identifier: "UTC") ?? .current)
    }
}

/// Where a form is in the store: its state, its user and its folder's name.
public struct FormReference: Sendable, Hashable, CustomStringConvertible {
    /// Which part of the store the form is in.
    public enum State: String, Sendable, CaseIterable {
        /// `<root>/<user>/<name>`: being filled.
        case incomplete
        /// `<root>/CompletedMIs/<user>/<name>`: completed, awaiting the foreman.
        case completed
        /// `<root>/Outbox/<user>/<name>`: submitted; read only.
        case submitted
    }

    /// Incomplete, completed or submitted: which part of the store the form is in.
    public let state: State
    /// The user whose folder the form is in.
    public let user: String
    /// The form's folder name: `Title dd-MM-yyyy[ (n)]`, completed ` HH-mm-ss` added.
    public let name: String
    /// The folder's path under the root; this is how commands name a form.
    public let path: String

    public var description: String { path }
}
