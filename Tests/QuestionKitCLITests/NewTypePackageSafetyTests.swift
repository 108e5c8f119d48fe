import Foundation
import TestSupport
import Testing

@testable import QuestionKitCLI

#if canImport(Glibc)
    import Glibc
#endif

/// `new-type --package DIR` against someone who can write in DIR while the package is written.
@Suite struct NewTypePackageSafetyTests {
    /// Plants links in `folder` as soon as the first file of the package appears there.
    final class Planter: @unchecked Sendable {
        private let lock = NSLock()
        private var stopped = false
        var isStopped: Bool { lock.withLock { stopped } }
        func stop() { lock.withLock { stopped = true } }

        func start(in folder: String, linkingTo victims: (folder: String, file: String)) {
            Thread {
                while !self.isStopped {
                    guard ((try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []).isEmpty else {
                        symlink(victims.folder, folder + "/Sources")
                        symlink(victims.file, folder + "/README.md")
                        return
                    }
                }
            }.start()
        }
    }

    /// Before the fix the package's files went through the planted links (the victim folder got the
    /// sources, the victim file became the README); now a planted link is an error, never followed.
    @Test func linksPlantedWhileThePackageIsWrittenAreNeverFollowed() throws {
        let parent = try TemporaryFolder()
        let victims = (folder: parent.path + "/victim-folder", file: try parent.write("victim.txt", "victim\n"))
        try FileManager.default.createDirectory(atPath: victims.folder, withIntermediateDirectories: false)
        var refused = 0
        for round in 0..<10 {
            let folder = parent.path + "/kit\(round)"
            #expect(mkdir(folder, 0o755) == 0)
            let planter = Planter()
            planter.start(in: folder, linkingTo: victims)
            let outcome = runDocumentationTool(["new-type", "sample-kind", "--package", folder])
            planter.stop()
            if outcome.status != 0 { refused += 1 }
            #expect(try FileManager.default.contentsOfDirectory(atPath: victims.folder).isEmpty)
            #expect(try String(contentsOfFile: victims.file, encoding: .utf8) == "victim\n")
        }
        // The links must really have been planted in time, or the test proves nothing.
        #expect(refused >= 5, "the links came too late in \(10 - refused) of 10 rounds")
    }

    @Test(.enabled(if: geteuid() == 0, "needs root, to give the folder to another user"))
    func anEmptyFolderOfAnotherUserIsRefused() throws {
        let parent = try TemporaryFolder()
        let folder = parent.path + "/kit"
        #expect(mkdir(folder, 0o777) == 0 && chown(folder, 4321, 4321) == 0)
        let outcome = runDocumentationTool(["new-type", "sample-kind", "--package", folder])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError == "questionkit new-type: error: '\(folder)' belongs to another user (uid 4321); "
                + "the package goes into a folder of yours, and nothing was written\n")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder).isEmpty)
    }

    @Test func theSkeletonIsNeverWrittenThroughALink() throws {
        let folder = try TemporaryFolder()
        let victim = try folder.write("victim.txt", "victim\n")
        #expect(symlink(victim, folder.path + "/SampleKindQuestion.swift") == 0)
        let outcome = runDocumentationTool(["new-type", "sample-kind", "--out", folder.path])
        #expect(outcome.status == 1)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "victim\n")
    }
}
