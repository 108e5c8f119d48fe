import Foundation
import TestSupport
import Testing

/// The original system's Info.plist given to the built tool as it is: a key map and a store configuration.
@Suite struct ReferenceDataProcessTests {
    static let plist = referenceFile("MIApp-Info.plist")
    static let template = referenceFile("data.json")

    @Test(.enabled(if: plist != nil && template != nil, "../shared/refdata/mi/ is absent"))
    func keysFromTheOriginalsInfoPlistAreAccepted() throws {
        let plist = try #require(Self.plist)
        let result = try ToolProcess.run(["validate", "--strict", "--keys", plist, try #require(Self.template)])
        #expect(result.status == 0, "\(result.standardOutput)\(result.standardError)")
        #expect(result.standardError.isEmpty)
        #expect(result.standardOutput.hasSuffix("checked 1 file: no problems, 2 notes\n"))
    }

    @Test(.enabled(if: plist != nil, "../shared/refdata/mi/MIApp-Info.plist is absent"))
    func theStoreRunsWithTheOriginalsInfoPlistAsItsConfiguration() throws {
        let folder = try TemporaryFolder()
        let root = folder.path + "/forms"
        let configured = ["store", "--root", root, "--config", try #require(Self.plist)]
        let started = try ToolProcess.run(
            configured + [
                "--user", "moe", "--now", "2026-03-08T09:30:00Z", "start",
                packageRoot + "/Templates/pump-inspection.json",
            ])
        #expect(started.status == 0, "\(started.standardError)")
        #expect(started.standardError.isEmpty, "\(started.standardError)")
        // The plist's "0.0002" days is a reminder some 17 seconds after the start.
        let reminders = try ToolProcess.run(configured + ["--now", "2026-03-08T09:31:00Z", "reminders"])
        #expect(reminders.status == 0, "\(reminders.standardError)")
        #expect(reminders.standardError.isEmpty, "\(reminders.standardError)")
        #expect(reminders.standardOutput.contains("moe"), "\(reminders.standardOutput)")
    }
}
