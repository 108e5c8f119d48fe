import Foundation
import Testing

@testable import QuestionKit
@testable import QuestionKitForms
@testable import QuestionKitStore

@Suite struct StoreConfigurationTests {
    private func load(_ text: String) -> (configuration: StoreConfiguration?, diagnostics: [Diagnostic]) {
        StoreConfiguration.load(Array(text.utf8))
    }

    @Test func theDefaultsAreTheOriginalApps() {
        let standard = StoreConfiguration.standard
        #expect(standard.deleteAfterDays == 7 && standard.sendNotificationAfterDays == [1, 2])
        #expect(standard.maxPendingReminders == 64)
        #expect(standard.reservedFolders == ["CompletedMIs", "Error", "Outbox"])
        #expect(load("{}").configuration == standard)
    }

    @Test func aJSONFileSetsEveryKeyWithFractions() throws {
        let (loaded, diagnostics) = load(
            """
            {"DeleteAfterDays": 3.5, "SendNotificationAfterDays": [0.25, 1], "MaxPendingReminders": 10,
             "CompletedFolder": "Done", "NoticesFolder": "Messages", "OutboxFolder": "Sent", "TimeZone": "Europe/Oslo"}
            """)
        #expect(diagnostics.isEmpty)
        let configuration = try #require(loaded)
        #expect(configuration.deleteAfterDays == 3.5 && configuration.sendNotificationAfterDays == [0.25, 1])
        #expect(configuration.maxPendingReminders == 10 && configuration.timeZone.identifier == "Europe/Oslo")
        #expect(configuration.reservedFolders == ["Done", "Messages", "Sent"])
        #expect(load(#"{"SendNotificationAfterDays": 2}"#).configuration?.sendNotificationAfterDays == [2])
    }

    @Test func theOriginalsNamesAndNumericTextAreRead() throws {
        let (loaded, diagnostics) = load(
            """
            {"DeleteAfterDays": "3.5", "SendNotificationAfterDays": [6, "0.0002", "0.5"],
             "CompletedMIFolderName": "Done", "ErrorFolderName": "Messages"}
            """)
        #expect(diagnostics.isEmpty)
        let configuration = try #require(loaded)
        #expect(configuration.deleteAfterDays == 3.5 && configuration.sendNotificationAfterDays == [6, 0.0002, 0.5])
        #expect(configuration.reservedFolders == ["Done", "Messages", "Outbox"])
        #expect(load(#"{"SendNotificationAfterDays": ["soon"]}"#).diagnostics.map(\.code) == ["store-config.bad-days"])
        #expect(load(#"{"ErrorFolderName": "CompletedMIs"}"#).diagnostics.map(\.code) == ["store-config.same-folder"])
    }

    @Test func theOriginalsOtherInfoEntriesAreIgnoredOnlyInItsInfoPlist() {
        let info = #"{"TemplateKeys": {}, "CFBundleName": "MI", "BCHUrls": {}, "DeleteAfterDays": 7}"#
        #expect(load(info).diagnostics.isEmpty)
        let other = load(#"{"CFBundleName": "MI"}"#).diagnostics
        #expect(other.map(\.code) == ["store-config.unknown-key"])
    }

    @Test func aPropertyListReadsLikeTheOriginals() throws {
        let plist = """
            <?xml version="1.0" encoding="UTF-8"?>
            <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
            <plist version="1.0"><dict>
              <key>DeleteAfterDays</key><integer>5</integer>
              <key>SendNotificationAfterDays</key><array><real>0.5</real><integer>3</integer></array>
              <key>ServerURL</key><string>https://example.com</string>
            </dict></plist>
            """
        let (loaded, diagnostics) = load(plist)
        let configuration = try #require(loaded)
        #expect(configuration.deleteAfterDays == 5 && configuration.sendNotificationAfterDays == [0.5, 3])
        #expect(diagnostics.map(\.code) == ["store-config.unknown-key"])
        #expect(diagnostics.first?.pointer == "/ServerURL" && diagnostics.first?.severity == .warning)
    }

    @Test func everyProblemIsReportedWhereItIs() {
        let (configuration, diagnostics) = load(
            """
            {
              "DeleteAfterDays": -1,
              "SendNotificationAfterDays": [1, "two"],
              "CompletedFolder": "../x",
              "TimeZone": "Mars/Olympus",
              "DeleteAfterDay": 3
            }
            """)
        #expect(configuration == nil)
        #expect(
            diagnostics.map { "\($0.line):\($0.column) \($0.code)" } == [
                "2:22 store-config.bad-days", "3:32 store-config.bad-days", "4:22 store-config.bad-folder",
                "5:15 store-config.bad-time-zone", "6:3 store-config.unknown-key",
            ])
        #expect(diagnostics[0].message == "'DeleteAfterDays' must be a number of days greater than 0, not -1")
        #expect(diagnostics[4].hint?.hasPrefix("Did you mean 'DeleteAfterDays'?") == true)
    }

    @Test func theStoresFoldersMustDiffer() {
        let (configuration, diagnostics) = load(#"{"NoticesFolder": "outbox"}"#)
        #expect(configuration == nil)
        #expect(diagnostics.map(\.code) == ["store-config.same-folder"])
    }

    @Test func somethingElseIsNotAConfiguration() {
        #expect(load("DeleteAfterDays = 7").diagnostics.map(\.code) == ["store-config.unreadable"])
        #expect(load("[1]").diagnostics.map(\.code) == ["store-config.not-an-object"])
        #expect(load("{\"DeleteAfterDays\": }").configuration == nil)
    }

    @Test func datesReadAsISO8601() throws {
        let utc = try #require(TimeZone(identifier: "UTC"))
        let expected = Date(timeIntervalSince1970: 1_772_962_200)  // 2026-03-08T09:30:00Z
        for text in ["2026-03-08T09:30:00Z", "2026-03-08T10:30:00+01:00", "2026-03-08T09:30Z", "2026-03-08T09:30:00"] {
            #expect(StoreDates.parse(text, timeZone: utc) == expected, "\(text)")
        }
        #expect(StoreDates.parse("2026-03-08", timeZone: utc) == expected.addingTimeInterval(-34_200))
        for text in ["2026-13-01", "2026-02-30", "tomorrow", "08-03-2026", ""] {
            #expect(StoreDates.parse(text, timeZone: utc) == nil, "\(text)")
        }
        #expect(StoreDates.iso(expected) == "2026-03-08T09:30:00Z")
        #expect(StoreDates.folderDate(expected, timeZone: utc) == "08-03-2026")
        #expect(StoreDates.folderTime(expected, timeZone: utc) == "09-30-00")
        #expect(StoreDates.formDate(expected, timeZone: utc) == "Mar 8, 2026")
    }
}
