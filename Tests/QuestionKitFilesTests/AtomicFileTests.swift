import Foundation
import TestSupport
import Testing

@testable import QuestionKitFiles

#if canImport(Glibc)
    import Glibc
#endif

/// The one writer of every file (`AtomicFile`, `PreparedFile`, `OpenFolder`): what a replacement
/// keeps, what it refuses, and what it leaves behind.
@Suite struct AtomicFileTests {
    static func status(_ path: String) -> stat? {
        var status = stat()
        return lstat(path, &status) == 0 ? status : nil
    }

    static func text(_ path: String) -> String? { try? String(contentsOfFile: path, encoding: .utf8) }

    static func names(_ folder: TemporaryFolder) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: folder.path))
    }

    @Test func aReplacementKeepsModeOwnerAndSetIDBits() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("private.json", "old")
        #expect(chmod(path, 0o2700) == 0)
        if geteuid() == 0 { #expect(chown(path, 4321, 4322) == 0) }
        try AtomicFile.write("new", to: path)
        let after = try #require(Self.status(path))
        #expect(Self.text(path) == "new")
        #expect(after.st_mode & 0o7777 == 0o2700)
        if geteuid() == 0 { #expect(after.st_uid == 4321 && after.st_gid == 4322) }
    }

    @Test func atomicWritesReplaceWholeFilesAndLeaveNoTemporaryFile() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/file.json"
        try AtomicFile.write("old", to: path)
        try AtomicFile.write(String(repeating: "new", count: 100_000), to: path)
        #expect(try String(contentsOfFile: path, encoding: .utf8).count == 300_000)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["file.json"])
        let error = try #require(throws: FileSystemError.self) {
            try AtomicFile.write("x", to: folder.path + "/no/such/file")
        }
        #expect(error.message.hasPrefix("cannot open the folder '\(folder.path)/no/such': "))
    }

    @Test func aNewFileGetsTheUsualMode() throws {
        let folder = try TemporaryFolder()
        try AtomicFile.write("new", to: folder.path + "/new.json")
        let mask = umask(0o022)
        umask(mask)
        #expect(Self.status(folder.path + "/new.json").map { $0.st_mode & 0o777 } == 0o644 & ~mask)
    }

    @Test func hardLinksAreRefusedOrSplitAsAsked() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("linked", "old")
        #expect(link(path, folder.path + "/other") == 0)
        #expect(throws: FileSystemError.self) { try AtomicFile.write(Array("new".utf8), to: path, hardLinks: .refuse) }
        #expect(Self.text(path) == "old" && Self.text(folder.path + "/other") == "old")
        try AtomicFile.write(Array("new".utf8), to: path, hardLinks: .split)
        #expect(Self.text(path) == "new" && Self.text(folder.path + "/other") == "old")
        #expect(try Self.names(folder) == ["linked", "other"])
    }

    @Test func aFileSavedByAnotherWriterMeanwhileIsKept() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("template.json", "read")
        let prepared = try AtomicFile.prepare(Array("fixed".utf8), for: path)
        try folder.write("template.json", "saved by someone else")
        #expect(throws: FileSystemError.self) { try prepared.commit(expecting: Array("read".utf8)) }
        #expect(Self.text(path) == "saved by someone else")
        #expect(try Self.names(folder) == ["template.json"])
        try AtomicFile.write(Array("fixed".utf8), to: path, expecting: Array("saved by someone else".utf8))
        #expect(Self.text(path) == "fixed")
    }

    @Test func aPreparedReplacementThatIsDroppedLeavesNothing() throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("file", "old")
        do {
            let prepared = try AtomicFile.prepare(Array("new".utf8), for: path)
            #expect(try Self.names(folder).count == 2)
            _ = prepared
        }
        #expect(try Self.names(folder) == ["file"])
        #expect(Self.text(path) == "old")
    }

    /// A prepared replacement outlives a rename of its folder: it lands in the folder, wherever it went.
    @Test func aPreparedReplacementFollowsItsFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/a", withIntermediateDirectories: false)
        let path = try folder.write("a/file", "old")
        let prepared = try AtomicFile.prepare(Array("new".utf8), for: path)
        #expect(rename(folder.path + "/a", folder.path + "/b") == 0)
        try prepared.commit()
        #expect(Self.text(folder.path + "/b/file") == "new")
        #expect(Set(try FileManager.default.contentsOfDirectory(atPath: folder.path + "/b")) == ["file"])
    }

    @Test func theSweepTakesOnlyUnlockedRegularFilesOfOurNaming() throws {
        let folder = try TemporaryFolder()
        let victim = try folder.write("victim", "victim")
        try folder.write(".qk-dead.tmp", "")
        try folder.write(".qk-alive.tmp", "")
        try folder.write(".qk-other", "")
        #expect(symlink(victim, folder.path + "/.qk-link.tmp") == 0)
        #expect(mkdir(folder.path + "/.qk-folder.tmp", 0o755) == 0)
        let alive = open(folder.path + "/.qk-alive.tmp", O_RDONLY)
        defer { close(alive) }
        #expect(flock(alive, LOCK_EX) == 0)
        let removed = AtomicFile.sweepStaleTemporaries(in: try OpenFolder.open(folder.path))
        #expect(removed == [".qk-dead.tmp"])
        #expect(try Self.names(folder) == ["victim", ".qk-alive.tmp", ".qk-other", ".qk-link.tmp", ".qk-folder.tmp"])
        #expect(Self.text(victim) == "victim")
    }

    @Test func anExclusiveCreationNeverWritesThroughALinkOrOverAFile() throws {
        let folder = try TemporaryFolder()
        let victim = try folder.write("victim", "victim")
        #expect(symlink(victim, folder.path + "/planted") == 0)
        let opened = try OpenFolder.open(folder.path)
        #expect(throws: FileSystemError.self) { try opened.createFile("planted", bytes: Array("new".utf8)) }
        #expect(throws: FileSystemError.self) { try opened.createFile("victim", bytes: Array("new".utf8)) }
        #expect(Self.text(victim) == "victim")
        try opened.createFile("fresh", bytes: Array("new".utf8))
        #expect(Self.text(folder.path + "/fresh") == "new")
    }

    @Test func aFolderOpenedInsideIsNeverALink() throws {
        let folder = try TemporaryFolder()
        let outside = try TemporaryFolder()
        #expect(symlink(outside.path, folder.path + "/Sources") == 0)
        let opened = try OpenFolder.open(folder.path)
        #expect(throws: FileSystemError.self) { try opened.folder("Sources") }
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside.path).isEmpty)
        let made = try opened.folder("Tests")
        try made.createFile("a.swift", bytes: [])
        #expect(FileManager.default.fileExists(atPath: folder.path + "/Tests/a.swift"))
    }
}
