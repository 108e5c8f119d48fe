import Foundation
import QuestionKit
import QuestionKitForms

extension StoreConfiguration {
    /// Reads a settings file: a JSON object or a property-list dictionary (see the table of keys).
    ///
    /// Every problem is reported in one go, located in a JSON file (a property list has no
    /// positions; its pointer names the key). The configuration is nil when there are errors:
    /// a store run with a half-read configuration could delete forms too early.
    public static func load(_ bytes: [UInt8]) -> (configuration: StoreConfiguration?, diagnostics: [Diagnostic]) {
        var report = SettingsReport()
        let settings: [Setting]
        let parsed = JSONParser.parse(bytes)
        if let document = parsed.document {
            report.problems = ProblemCollector(document: document)
            settings = jsonSettings(document.root, report: &report)
        } else if let read = PropertyListReader.read(bytes) {
            guard case .success(.dictionary(let members)) = read else { return (nil, [propertyListProblem(read)]) }
            settings = members.map { Setting(key: $0.key, value: value(of: $0.value)) }
        } else {
            let notJSON = Diagnostic(
                severity: .error, code: "store-config.unreadable",
                message: "a store configuration must be a JSON object or a property-list dictionary",
                hint: "Write for example {\"DeleteAfterDays\": 7, \"SendNotificationAfterDays\": [1, 2]}.")
            let first = bytes.first { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }
            return (nil, first == UInt8(ascii: "{") ? parsed.diagnostics : [notJSON])
        }
        var configuration = StoreConfiguration()
        // The original app's Info.plist (it has the key list) holds much more than store settings.
        let isOriginalInfo = settings.contains { $0.key == KeyMap.originalKeyList }
        for setting in settings where !(isOriginalInfo && originalInfoKeys.contains(setting.key)) {
            configuration.apply(setting, report: &report)
        }
        configuration.checkFolders(settings, report: &report)
        let diagnostics = report.diagnostics()
        return (diagnostics.containsErrors ? nil : configuration, diagnostics)
    }

    /// One key of a settings file with its value and, in JSON, its node.
    struct Setting {
        indirect enum Value {
            case number(Double), string(String), array([Value]), other(String)
        }
        var key: String
        var value: Value
        var node: JSONNode?
    }

    private static func jsonSettings(_ root: JSONNode, report: inout SettingsReport) -> [Setting] {
        guard root.kind == .object else {
            report.add(
                .error, "store-config.not-an-object", "a store configuration must be an object, not \(root.kind)",
                hint: "Write for example {\"DeleteAfterDays\": 7}.", at: Setting(key: "", value: .other(""), node: root)
            )
            return []
        }
        return root.members.map { Setting(key: $0.key, value: value(of: $0.value), node: $0.value) }
    }

    private static func value(of node: JSONNode) -> Setting.Value {
        switch node.kind {
        case .number: node.numberValue.map(Setting.Value.number) ?? .other("a number out of range")
        case .string: .string(node.stringValue ?? "")
        case .array: .array(node.elements.map(value(of:)))
        default: .other("\(node.kind)")
        }
    }

    private static func value(of value: PropertyListValue) -> Setting.Value {
        switch value {
        case .string(let text): .string(text)
        case .number(let number): .number(number)
        case .array(let elements): .array(elements.map(self.value(of:)))
        default: .other(value.kind)
        }
    }

    /// A property list that cannot be read, or whose top is not a dictionary.
    private static func propertyListProblem(_ read: Result<PropertyListValue, PropertyListError>) -> Diagnostic {
        switch read {
        case .failure(let error):
            Diagnostic(
                severity: .error, code: "store-config.unreadable",
                message: "the store configuration's property list cannot be read: \(error.message)",
                pointer: error.pointer)
        case .success(let value):
            Diagnostic(
                severity: .error, code: "store-config.not-an-object",
                message: "a store configuration must be a dictionary, not \(value.kind)",
                hint: "Write for example <dict><key>DeleteAfterDays</key><integer>7</integer></dict>.")
        }
    }

    private mutating func apply(_ setting: Setting, report: inout SettingsReport) {
        switch setting.key {
        case "DeleteAfterDays":
            if let days = report.days(setting) { deleteAfterDays = days }
        case "SendNotificationAfterDays":
            let items: [Setting.Value]
            if case .array(let elements) = setting.value { items = elements } else { items = [setting.value] }
            let days = items.map { report.days(Setting(key: setting.key, value: $0, node: setting.node)) }
            if days.allSatisfy({ $0 != nil }) { sendNotificationAfterDays = days.compactMap { $0 } }
        case "MaxPendingReminders":
            if let count = report.count(setting) { maxPendingReminders = count }
        case "CompletedFolder", "NoticesFolder", "OutboxFolder", "CompletedMIFolderName", "ErrorFolderName":
            guard let name = report.folderName(setting) else { return }
            switch setting.key {
            case "CompletedFolder", "CompletedMIFolderName": completedFolder = name
            case "NoticesFolder", "ErrorFolderName": noticesFolder = name
            default: outboxFolder = name
            }
        case "TimeZone":
            if let zone = report.timeZone(setting) { timeZone = zone }
        default:
            let suggestion = Suggestion.nearest(to: setting.key, in: Self.keys).map { "Did you mean '\($0)'? " }
            report.add(
                .warning, "store-config.unknown-key", "'\(setting.key)' is not a store setting; it is ignored",
                hint: (suggestion ?? "") + "Settings: \(Self.keys.joined(separator: ", ")).", at: setting, atKey: true)
        }
    }

    /// The entries of the original app's Info.plist that are not store settings: ignored there.
    /// (`CompletedMIFolderName` and `ErrorFolderName` are its names of `CompletedFolder` and
    /// `NoticesFolder` and are read in any file.)
    static let originalInfoKeys: Set<String> = [
        "TemplateKeys", "TemplateListKeys", "LDAPLoginDetails", "DeletedMisErrorFileKey", "ReassignedMisErrorFileKey",
        "BCHUrls", "TableHeaders", "usernames", "CFBundleDevelopmentRegion", "CFBundleDisplayName",
        "CFBundleExecutable",
        "CFBundleIcons", "CFBundleIcons~ipad", "CFBundleIdentifier", "CFBundleInfoDictionaryVersion", "CFBundleName",
        "CFBundlePackageType", "CFBundleShortVersionString", "CFBundleSignature", "CFBundleVersion",
        "LSRequiresIPhoneOS", "UIMainStoryboardFile", "UIRequiredDeviceCapabilities",
        "UISupportedInterfaceOrientations~ipad", "UIViewControllerBasedStatusBarAppearance",
    ]

    private func checkFolders(_ settings: [Setting], report: inout SettingsReport) {
        let folders = reservedFolders
        guard Set(folders.map { $0.lowercased() }).count < folders.count else { return }
        let anchor =
            settings.first { $0.key.hasSuffix("Folder") || $0.key.hasSuffix("FolderName") }
            ?? Setting(key: "", value: .other(""))
        report.add(
            .error, "store-config.same-folder",
            "the completed, notices and outbox folders must differ (even ignoring case), not "
                + Suggestion.quotedList(folders, conjunction: "and"),
            hint: "Give each folder its own name.", at: anchor)
    }
}
