import Foundation
import TestSupport
import Testing

@testable import QuestionKitCLI

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Folder walks (`validate DIR`, `templates DIR`, `store start --title`, `test DIR`) read only the
/// regular files that stay in the folder; anything else is skipped with a note naming it.
@Suite struct FolderWalkTests {
    static let pump = packageRoot + "/Templates/pump-inspection.json"

    /// A folder with the pump template, a FIFO named like a template, and a link to a file outside.
    final class Library {
        let folder: TemporaryFolder
        let outside: TemporaryFolder
        let secret: String

        init() throws {
            folder = try TemporaryFolder()
            outside = try TemporaryFolder()
            try FileManager.default.copyItem(atPath: FolderWalkTests.pump, toPath: folder.path + "/pump.json")
            secret = try outside.write("secret.json", "SECRETTOKEN-4711 = 1\n")
            try #require(mkfifo(fifo, 0o600) == 0)
            try #require(symlink(secret, folder.path + "/leak.json") == 0)
        }

        var fifo: String { folder.path + "/pipe.json" }
    }

    static func run(_ arguments: [String], unblocking library: Library) throws -> QuestionKitTool.Outcome {
        try #require(returning(unblocking: [library.fifo]) { runTool(arguments) }, "\(arguments) waited on a FIFO")
    }

    static func expectSkipped(_ text: String, _ library: Library) {
        #expect(text.contains("\(library.fifo): note: skipped: it is a FIFO, not a regular file"), "\(text)")
        #expect(
            text.contains("\(library.folder.path)/leak.json: note: skipped: it is a link that leads out of"), "\(text)")
        #expect(!text.contains("SECRETTOKEN"), "\(text)")
    }

    @Test(arguments: [("validate", "checked 1 file"), ("templates", "1 title in 1 template of 1 file")])
    func aFolderWalkSkipsWhatIsNotARegularFileInTheFolder(command: String, summary: String) throws {
        let library = try Library()
        let outcome = try Self.run([command, library.folder.path], unblocking: library)
        #expect(outcome.status == 0, "\(outcome.standardError)")
        let text = outcome.standardOutput + outcome.standardError
        Self.expectSkipped(text, library)
        #expect(text.contains(summary), "\(text)")
    }

    @Test func storeStartByTitleSkipsWhatIsNotARegularFileInTheFolder() throws {
        let library = try Library()
        let work = try StoreWorkspace()
        let title = "Centrifugal Pump Monthly Inspection"
        let arguments = [
            "start", "--title", title, "--templates", library.folder.path, "--user", "ann", "--root", work.root,
            "--config", work.config,
        ]
        let started = try #require(returning(unblocking: [library.fifo]) { runStore(arguments) }, "start waited")
        #expect(started.status == 0, "\(started.standardError)")
        #expect(!started.standardError.contains("SECRETTOKEN"))
    }

    @Test func fixInAFolderLeavesWhatALinkLeadsToOutsideIt() throws {
        let library = try Library()
        let fixable = try String(
            contentsOfFile: packageRoot + "/Tests/Templates/fixable/early-format.json", encoding: .utf8)
        let outsideTemplate = try library.outside.write("early.json", fixable)
        #expect(symlink(outsideTemplate, library.folder.path + "/early.json") == 0)
        let outcome = try Self.run(["validate", "--fix", library.folder.path], unblocking: library)
        #expect(try String(contentsOfFile: outsideTemplate, encoding: .utf8) == fixable)
        #expect(!outcome.standardError.contains("early.json: fixed:"), "\(outcome.standardError)")
        #expect(outcome.standardOutput.contains("early.json: note: skipped: it is a link that leads out of"))
    }

    @Test func fixRefusesAFIFONamedOnTheCommandLine() throws {
        let library = try Library()
        let outcome = try Self.run(["validate", "--fix", library.fifo], unblocking: library)
        #expect(outcome.status == 1)
        #expect(outcome.standardOutput.contains("it is a FIFO, not a regular file"), "\(outcome.standardOutput)")
        var status = stat()
        #expect(lstat(library.fifo, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func testSkipsAFIFONamedLikeAFixture() throws {
        let library = try Library()
        let fifo = library.folder.path + "/b.fixture.json"
        try #require(mkfifo(fifo, 0o600) == 0)
        try library.folder.write("a.fixture.json", #"{"template": "pump.json", "answers": {}}"#)
        let path = library.folder.path
        let outcome = try #require(returning(unblocking: [fifo]) { runTool(["test", path]) })
        #expect(outcome.standardError.contains("\(fifo): note: skipped: it is a FIFO, not a regular file"))
        #expect(!outcome.standardOutput.contains("b.fixture.json"), "\(outcome.standardOutput)")
    }

    /// A folder is walked step by step in the order of its sorted paths (each folder's entries
    /// sorted, a subfolder in its place as its name and a `/`), so that a walk holds only the
    /// listings of the folders it is in: `a/x` after `a-b` and `a.json`, `a b/` before `a/`.
    @Test func aWalkStepByStepGivesThePathsSorted() throws {
        let folder = try TemporaryFolder()
        let files = [
            "a-b.json", "a.json", "a/x.json", "a/y/z.json", "a b/c.json", "ab/d.json", "a0.json", "b.json",
            "a/y.json", "a/y-1.json", "é/f.json", "e\u{301}.json", "Z.json", "deep/1/2/3/4.json",
        ]
        for file in files {
            let path = folder.path + "/" + file
            try FileManager.default.createDirectory(
                atPath: (path as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try folder.write(file, "{}")
        }
        let walk = try #require(FolderWalk(folder.path) { $0.hasSuffix(".json") })
        let expected = files.map { folder.path + "/" + $0 }.sorted()
        #expect(walk.paths == expected)
        var steps = try #require(FolderWalk.Steps(folder.path) { $0.hasSuffix(".json") })
        var stepped: [String] = []
        while case .file(let path)? = steps.next() { stepped.append(path) }
        #expect(stepped == expected)
    }
}
