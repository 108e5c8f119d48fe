import Foundation
import QuestionKit
import QuestionKitForms
import TestSupport
import Testing

@testable import QuestionKitCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A fixture's `template` is read by the input rule, and quoted only when it lies in the fixture's
/// folder tree: one outside (in a pull request, "/proc/self/environ" or "/etc/shadow") is named, not
/// quoted, so that its bytes never reach a log.
@Suite struct FixtureTemplateReadingTests {
    static let secret = "SECRETTOKEN-4711"

    /// A fixture in its own folder that names `template`.
    static func fixture(naming template: String, in folder: TemporaryFolder) throws -> String {
        try folder.write("a.fixture.json", #"{"template": "\#(template)", "answers": {}}"#)
    }

    /// Everything `validate` and `test` print for the fixture, each within the hang check's bound.
    static func outputs(_ fixture: String, unblocking fifos: [String] = []) -> [String?] {
        [["validate", fixture], ["test", fixture], ["validate", "--format", "json", fixture]].map { arguments in
            returning(unblocking: fifos) {
                let outcome = runTool(arguments)
                return outcome.standardOutput + outcome.standardError
            }
        }
    }

    @Test func aTemplateOutsideTheFixturesFolderIsNamedNotQuoted() throws {
        let elsewhere = try TemporaryFolder()
        let template = try elsewhere.write("secret.json", "\(Self.secret) = 1\n{\"Title\": \"\(Self.secret)\"}\n")
        let folder = try TemporaryFolder()
        let fixture = try Self.fixture(naming: template, in: folder)
        for output in Self.outputs(fixture) {
            let text = try #require(output)
            #expect(text.contains(template), "\(text)")
            #expect(!text.contains("SECRETTOKEN"), "\(text)")
            #expect(text.contains("outside the fixture's folder"), "\(text)")
        }
    }

    @Test func theEnvironmentIsNeverQuoted() throws {
        let environment = try #require(FileManager.default.contents(atPath: "/proc/self/environ"))
        // The first entry whole ("_=/usr/bin/swift", "HOME=/root"): a name alone can be one
        // character, short enough to appear in any output.
        let firstEntry = String(decoding: environment.prefix { $0 != 0 }.prefix(40), as: UTF8.self)
        try #require(firstEntry.count >= 3, "the first environment entry is too short to look for: \(firstEntry)")
        let folder = try TemporaryFolder()
        let fixture = try Self.fixture(naming: "/proc/self/environ", in: folder)
        for output in Self.outputs(fixture) {
            let text = try #require(output)
            #expect(!text.contains(firstEntry), "\(text)")
            #expect(text.contains("not a regular file"), "\(text)")
        }
    }

    @Test func aTemplateInTheFixturesFolderTreeIsQuoted() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/forms", withIntermediateDirectories: true)
        try folder.write("forms/form.json", "\(Self.secret) = 1\n")
        let fixture = try Self.fixture(naming: "forms/form.json", in: folder)
        let validated = runTool(["validate", fixture])
        #expect(validated.standardOutput.contains("forms/form.json:1:1: error: "), "\(validated.standardOutput)")
        #expect(validated.standardOutput.contains("    \(Self.secret) = 1\n"), "\(validated.standardOutput)")
    }

    @Test func aFIFOAsTheTemplateIsRefusedWithoutWaiting() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/form.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        let fixture = try Self.fixture(naming: "form.json", in: folder)
        for output in Self.outputs(fixture, unblocking: [fifo]) {
            let text = try #require(output, "validate or test waited on the FIFO")
            #expect(text.contains("it is a FIFO, not a regular file"), "\(text)")
        }
    }

    @Test(arguments: ["/dev/zero", "/dev/stdin"])
    func aDeviceAsTheTemplateIsRefusedWithoutReadingIt(device: String) throws {
        let folder = try TemporaryFolder()
        let fixture = try Self.fixture(naming: device, in: folder)
        for output in Self.outputs(fixture) {
            let text = try #require(output, "validate or test read \(device) without end")
            #expect(text.contains("not a regular file"), "\(text)")
        }
    }
}
