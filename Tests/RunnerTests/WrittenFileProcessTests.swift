import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Issue 24: what a command does to a file it replaces (`validate --fix`, `-o`, `--pdf`, `--out`):
/// mode and owner kept, hard links refused, a killed fix's leftovers removed by the next one; and
/// the store's changes at a full disk (simulated by a file-size limit: writes past it fail).
@Suite struct WrittenFileProcessTests {
    static let fixable = packageRoot + "/Tests/Templates/fixable/early-format.json"
    static let completed = packageRoot + "/Tests/Templates/completed/original-system-style.json"
    static let template = packageRoot + "/Templates/pump-inspection.json"
    static let answers = packageRoot + "/Templates/fixtures/pump-inspection.fixture.json"
    static let form = "ann/Centrifugal Pump Monthly Inspection 01-03-2026"
    /// An owner and group no one has, given to files when the tests run as root.
    static let stranger = (uid: uid_t(4321), gid: gid_t(4322))

    static func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    /// Runs a command that replaces `file` (given the folder and the file's path).
    static func replace(_ command: String, _ file: String, in folder: String) throws -> ProgramResult {
        switch command {
        case "fix": try ToolProcess.run(["validate", "--fix", file])
        case "-o": try ToolProcess.run(["export", completed, "--format", "text", "-o", file])
        case "--pdf": try ToolProcess.run(["run", template, "--answers", answers, "--pdf", file])
        default: try ToolProcess.run(["run", template, "--answers", answers, "--out", folder])
        }
    }

    /// The file each command replaces, made with old content.
    static func oldFile(for command: String, in folder: String) throws -> String {
        let path = folder + "/" + (command == "--out" ? "pump-inspection.txt" : "target")
        let old = command == "fix" ? try String(contentsOfFile: fixable, encoding: .utf8) : "old\n"
        try old.write(toFile: path, atomically: false, encoding: .utf8)
        return path
    }

    @Test(arguments: ["fix", "-o", "--pdf", "--out"], [0o600, 0o755, 0o640])
    func aReplacedFileKeepsItsModeAndOwner(command: String, mode: Int) throws {
        let folder = try TemporaryFolder()
        let path = try Self.oldFile(for: command, in: folder.path)
        let before = try #require(Self.text(path))
        #expect(chmod(path, mode_t(mode)) == 0)
        let asRoot = geteuid() == 0
        if asRoot { #expect(chown(path, Self.stranger.uid, Self.stranger.gid) == 0) }
        let result = try Self.replace(command, path, in: folder.path)
        #expect(!result.terminatedBySignal, "\(result.standardError)")
        #expect(Self.text(path) != before, "not replaced: \(result.standardError)")
        let after = try #require(Self.status(path))
        #expect(Int(after.st_mode & 0o7777) == mode)
        if asRoot { #expect(after.st_uid == Self.stranger.uid && after.st_gid == Self.stranger.gid) }
    }

    @Test(arguments: ["fix", "-o", "--pdf", "--out"])
    func aHardLinkedFileIsRefusedAndEveryNameKeepsItsContent(command: String) throws {
        let folder = try TemporaryFolder()
        let path = try Self.oldFile(for: command, in: folder.path)
        let before = try #require(Self.text(path))
        let other = folder.path + "/other-link"
        #expect(link(path, other) == 0)
        let result = try Self.replace(command, path, in: folder.path)
        #expect(!result.terminatedBySignal)
        #expect(result.standardError.contains("hard links"), "\(result.standardError)")
        #expect(Self.text(path) == before && Self.text(other) == before)
        #expect(Self.status(path)?.st_nlink == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).allSatisfy { !$0.hasPrefix(".") })
    }

    /// A fix killed while it wrote leaves `.qk-*.tmp`: the next fix removes what is its own (a
    /// regular file no living writer holds locked) and nothing else.
    @Test func aFixRemovesOnlyTheStaleTemporariesOfItsOwnNaming() throws {
        let folder = try TemporaryFolder()
        let path = try Self.oldFile(for: "fix", in: folder.path)
        let victim = try folder.write("victim.txt", "victim\n")
        try folder.write(".qk-stale.tmp", "half a template")
        try folder.write(".qk-writing.tmp", "another fix, alive")
        try folder.write(".qk-notes.txt", "not a temporary name")
        try folder.write("notes.tmp", "not ours")
        #expect(mkdir(folder.path + "/.qk-folder.tmp", 0o755) == 0)
        #expect(symlink(victim, folder.path + "/.qk-link.tmp") == 0)
        // A living writer holds its temporary file locked.
        let writing = open(folder.path + "/.qk-writing.tmp", O_RDONLY)
        defer { close(writing) }
        #expect(flock(writing, LOCK_EX) == 0)

        let result = try ToolProcess.run(["validate", "--fix", path])
        #expect(result.standardError.contains("removed '.qk-stale.tmp'"), "\(result.standardError)")
        let left = Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
        #expect(
            left == [
                "target", "victim.txt", ".qk-writing.tmp", ".qk-notes.txt", "notes.tmp", ".qk-folder.tmp",
                ".qk-link.tmp",
            ])
        #expect(Self.text(victim) == "victim\n")
    }

    // MARK: The store at a full disk

    /// Runs a store command whose writes fail past `bytes` bytes per file (`ulimit -f`, with
    /// SIGXFSZ ignored so that a write past the limit fails with EFBIG as a full disk fails one).
    static func store(_ arguments: [String], root: String, limit bytes: Int) throws -> ProgramResult {
        let script = "trap '' XFSZ; ulimit -f \(bytes / 512); exec \"$0\" \"$@\""
        return try ExternalProgram.run(
            "/bin/sh", ["-c", script, ToolProcess.executable, "store"] + arguments + ["--root", root])
    }

    static func startedStore(in folder: TemporaryFolder) throws -> String {
        let root = folder.path + "/forms"
        let start = try ToolProcess.run(
            ["store", "start", template, "--user", "ann", "--now", "2026-03-01", "--root", root])
        try #require(start.status == 0, "\(start.standardError)")
        let size = try #require(status(root + "/" + form + "/form.json")).st_size
        try #require(size > 2048, "form.json must be larger than the limit")
        return root
    }

    @Test func aReassignmentThatCannotWriteTheFormDoesNotMoveIt() throws {
        let folder = try TemporaryFolder()
        let root = try Self.startedStore(in: folder)
        let before = FolderSnapshot.of(root)
        let result = try Self.store(["reassign", Self.form, "--to", "bob"], root: root, limit: 1024)
        #expect(result.status == 1 && !result.terminatedBySignal, "\(result.standardError)")
        #expect(result.standardError.contains("File too large"), "\(result.standardError)")
        // Refused means unchanged: the form is still ann's, and nothing is pending or left over.
        #expect(FolderSnapshot.of(root) == before, "\(result.standardError)")
        let again = try ToolProcess.run(["store", "reassign", Self.form, "--to", "bob", "--root", root])
        #expect(again.status == 0, "\(again.standardError)")
    }

    @Test func anAttachmentThatCannotBeRecordedLeavesNoOrphanPhoto() throws {
        let folder = try TemporaryFolder()
        let root = try Self.startedStore(in: folder)
        let photo = folder.path + "/photo.jpg"
        try Data(repeating: 0xAB, count: 300).write(to: URL(fileURLWithPath: photo))
        let before = FolderSnapshot.of(root)
        let result = try Self.store(["attach", Self.form, "--question", "1", photo], root: root, limit: 1024)
        #expect(result.status == 1 && !result.terminatedBySignal, "\(result.standardError)")
        #expect(FolderSnapshot.of(root) == before, "\(result.standardError)")
    }
}
