import Foundation

/// The store's settings, like the original app's property list.
///
/// A settings file is a JSON object or a property-list dictionary; every key is optional:
///
/// | key | default | meaning |
/// | --- | --- | --- |
/// | `DeleteAfterDays` | `7` | incomplete forms older than this (days, fractions allowed) are deleted by `expire` |
/// | `SendNotificationAfterDays` | `[1, 2]` | one reminder per entry, days after a form's start (fractions allowed) |
/// | `MaxPendingReminders` | `64` | the most reminders pending at once, the earliest kept (the original's limit) |
/// | `CompletedFolder` | `CompletedMIs` | the folder of completed forms awaiting the foreman |
/// | `NoticesFolder` | `Error` | the folder of notices to users |
/// | `OutboxFolder` | `Outbox` | the folder of submitted forms |
/// | `TimeZone` | the system's | the zone of folder names and form dates, e.g. `Europe/Oslo` or `UTC` |
///
/// Numbers of days may be numeric strings (`"0.0002"`); a single one for
/// `SendNotificationAfterDays` is a list of one. The original app's names `CompletedMIFolderName`
/// and `ErrorFolderName` set `CompletedFolder` and `NoticesFolder`, so its Info.plist serves as it
/// is (its other entries are ignored there). Other keys are reported as warnings and ignored.
public struct StoreConfiguration: Sendable, Equatable {
    /// Days after which `expire` deletes an incomplete form.
    public var deleteAfterDays: Double
    /// Days after a form's start at which its technician is reminded, in order.
    public var sendNotificationAfterDays: [Double]
    /// The most reminders pending at once.
    public var maxPendingReminders: Int
    /// The folder (under the root) of completed forms: `CompletedMIs`.
    public var completedFolder: String
    /// The folder (under the root) of notices: `Error`.
    public var noticesFolder: String
    /// The folder (under the root) of submitted forms: `Outbox`.
    public var outboxFolder: String
    /// The zone of folder names (`dd-MM-yyyy`, `HH-mm-ss`) and form dates.
    public var timeZone: TimeZone

    /// A configuration with the given settings; each defaults to the original app's.
    public init(
        deleteAfterDays: Double = 7, sendNotificationAfterDays: [Double] = [1, 2], maxPendingReminders: Int = 64,
        completedFolder: String = "CompletedMIs", noticesFolder: String = "Error", outboxFolder: String = "Outbox",
        timeZone: TimeZone = .current
    ) {
        self.deleteAfterDays = deleteAfterDays
        self.sendNotificationAfterDays = sendNotificationAfterDays
        self.maxPendingReminders = maxPendingReminders
        self.completedFolder = completedFolder
        self.noticesFolder = noticesFolder
        self.outboxFolder = outboxFolder
        self.timeZone = timeZone
    }

    /// The defaults: the original app's.
    public static let standard = StoreConfiguration()

    /// The store's own folders, which no user may be named after.
    public var reservedFolders: [String] { [completedFolder, noticesFolder, outboxFolder] }

    /// The keys of a settings file.
    public static let keys = [
        "DeleteAfterDays", "SendNotificationAfterDays", "MaxPendingReminders", "CompletedFolder", "NoticesFolder",
        "OutboxFolder", "TimeZone",
    ]
}
