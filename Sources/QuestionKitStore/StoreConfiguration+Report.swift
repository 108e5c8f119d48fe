import Foundation
import QuestionKit
import QuestionKitForms

/// The problems of a settings file: located through its JSON nodes, or by key in a property list.
struct SettingsReport {
    typealias Setting = StoreConfiguration.Setting

    /// Set for a JSON file.
    var problems: ProblemCollector?
    /// The problems of a property list, which has no positions.
    private var unlocated: [Diagnostic] = []

    mutating func add(
        _ severity: Severity, _ code: String, _ message: String, hint: String?, at setting: Setting,
        atKey: Bool = false
    ) {
        if let node = setting.node, problems != nil {
            problems?.report(severity, code, message, at: node, hint: hint, atKey: atKey)
        } else {
            let pointer = setting.key.isEmpty ? "" : "/" + JSONPointer.escape(setting.key)
            unlocated.append(Diagnostic(severity: severity, code: code, message: message, pointer: pointer, hint: hint))
        }
    }

    func diagnostics() -> [Diagnostic] {
        (problems?.diagnostics() ?? []) + unlocated
    }

    /// A positive, finite number of days: a number, or numeric text as in the original's plist (`"0.0002"`).
    mutating func days(_ setting: Setting) -> Double? {
        var number: Double?
        switch setting.value {
        case .number(let value): number = value
        case .string(let text): number = DecimalText.parse(text)
        default: number = nil
        }
        guard let days = number, days.isFinite, days > 0 else {
            add(
                .error, "store-config.bad-days",
                "'\(setting.key)' must be a number of days greater than 0, not \(describe(setting.value))",
                hint: "Write for example \"\(setting.key)\": \(setting.key.hasPrefix("Send") ? "[1, 2.5]" : "7").",
                at: setting)
            return nil
        }
        return days
    }

    /// A whole number ≥ 0.
    mutating func count(_ setting: Setting) -> Int? {
        guard case .number(let value) = setting.value, value >= 0, value <= 1_000_000, value == value.rounded()
        else {
            add(
                .error, "store-config.bad-count",
                "'\(setting.key)' must be a whole number from 0, not \(describe(setting.value))",
                hint: "Write for example \"\(setting.key)\": 64.", at: setting)
            return nil
        }
        return Int(value)
    }

    /// A name that can be one folder directly under the root.
    mutating func folderName(_ setting: Setting) -> String? {
        guard case .string(let name) = setting.value, StoreNames.isSafeComponent(name),
            name.utf8.count <= StoreNames.maxUserBytes
        else {
            add(
                .error, "store-config.bad-folder",
                "'\(setting.key)' must be one folder name (not empty, no '/', not starting with '.'), "
                    + "not \(describe(setting.value))",
                hint: "Write for example \"\(setting.key)\": \"CompletedMIs\".", at: setting)
            return nil
        }
        return name
    }

    /// A time-zone identifier such as `UTC` or `Europe/Oslo`.
    mutating func timeZone(_ setting: Setting) -> TimeZone? {
        guard case .string(let name) = setting.value, let zone = TimeZone(identifier: name) else {
            add(
                .error, "store-config.bad-time-zone",
                "'\(setting.key)' must name a time zone, not \(describe(setting.value))",
                hint: "Write for example \"TimeZone\": \"UTC\" or \"Europe/Oslo\".", at: setting)
            return nil
        }
        return zone
    }

    private func describe(_ value: Setting.Value) -> String {
        switch value {
        case .number(let number): String(format: "%g", number)
        case .string(let text): StoreNames.quoted(text)
        case .array: "a list"
        case .other(let kind): kind
        }
    }
}
