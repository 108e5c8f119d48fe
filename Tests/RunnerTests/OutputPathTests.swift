import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Where `-o`, `--pdf` and `--out` write, by what is at the path: standard output for `-`,
/// devices and FIFOs written to in place, links followed, files replaced atomically, and a clear
/// error (exit 1) for a missing folder, a folder, or a read-only file.
@Suite struct OutputPathTests {
    static let completed = packageRoot + "/Tests/Templates/completed/original-system-style.json"
    static let template = packageRoot + "/Templates/pump-inspection.json"
    static let fixture = packageRoot + "/Templates/fixtures/pump-inspection.fixture.json"

    /// The text export as it goes to standard output without `-o`.
    static func expectedText() throws -> String {
        let result = try ToolProcess.run(["export", completed, "--format", "text"])
        #expect(result.status == 0, "\(result.standardError)")
        return result.standardOutput
    }

    static func fileType(_ path: String) -> mode_t? {
        var status = stat()
        return lstat(path, &status) == 0 ? status.st_mode & S_IFMT : nil
    }

    @Test func oneCharacterNamesAreWritten() throws {
        let folder = try TemporaryFolder()
        let export = try ToolProcess.run(["export", Self.completed, "--format", "text", "-o", "a"], in: folder.path)
        #expect(export.status == 0 && !export.terminatedBySignal, "\(export.standardError)")
        #expect(try String(contentsOfFile: folder.path + "/a", encoding: .utf8) == (try Self.expectedText()))
        let run = try ToolProcess.run(
            ["run", Self.template, "--answers", Self.fixture, "--pdf", "b", "--out", "c"], in: folder.path)
        #expect(run.status == 0 && !run.terminatedBySignal, "\(run.standardError)")
        #expect(try Data(contentsOf: URL(fileURLWithPath: folder.path + "/b")).starts(with: Data("%PDF".utf8)))
        #expect(run.standardOutput.contains("wrote c/pump-inspection.completed.json, c/pump-inspection.txt"))
        let test = try ToolProcess.run(["test", "f"], in: folder.path)
        #expect(test.status == 1 && !test.terminatedBySignal)
        #expect(test.standardOutput.contains("FAIL f: cannot read the file"))
    }

    @Test func dashIsStandardOutput() throws {
        let folder = try TemporaryFolder()
        let text = try ToolProcess.run(["export", Self.completed, "--format", "text", "-o", "-"], in: folder.path)
        #expect(text.status == 0, "\(text.standardError)")
        #expect(text.standardOutput == (try Self.expectedText()))
        let pdf = try ToolProcess.run(["export", Self.completed, "--format", "pdf", "-o", "-"], in: folder.path)
        #expect(pdf.status == 0, "\(pdf.standardError)")
        #expect(pdf.standardOutput.hasPrefix("%PDF-1.7"))
        #expect(pdf.standardOutput.hasSuffix("%%EOF\n"))
        let run = try ToolProcess.run(["run", Self.template, "--answers", Self.fixture, "--pdf", "-"], in: folder.path)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasPrefix("%PDF-1.7"))
        // The transcript and review go to standard error, out of the PDF's way.
        #expect(run.standardError.contains("Centrifugal Pump Monthly Inspection"))
        #expect(run.standardError.hasSuffix("wrote the PDF to standard output\n"))
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path).isEmpty, "a file named '-' was made")
    }

    @Test func aFIFOIsWrittenToAndStaysAFIFO() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/pipe"
        #expect(mkfifo(fifo, 0o600) == 0)
        // The reading end is open before the tool starts, so neither side waits for the other, and
        // a tool that replaced the FIFO instead would leave it empty rather than hang the test.
        let reader = open(fifo, O_RDONLY | O_NONBLOCK)
        try #require(reader >= 0)
        defer { close(reader) }
        let expected = try Self.expectedText()
        try #require(expected.utf8.count < 65_536, "the text must fit in the FIFO's buffer")
        let result = try ToolProcess.run(["export", Self.completed, "--format", "text", "-o", fifo])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(String(decoding: FileHandle(fileDescriptor: reader).readDataToEndOfFile(), as: UTF8.self) == expected)
        #expect(Self.fileType(fifo) == S_IFIFO)
    }

    /// `makedev(1, 3)`, the numbers of /dev/null (glibc's macro is not visible to Swift).
    static let nullDevice: dev_t = (1 << 8) | 3

    static let canMakeDevices: Bool = {
        let probe = NSTemporaryDirectory() + "questionkit-mknod-probe-" + UUID().uuidString
        defer { unlink(probe) }
        return mknod(probe, S_IFCHR | 0o666, nullDevice) == 0
    }()

    @Test(.enabled(if: canMakeDevices, "mknod of a character device failed (it needs root); not checked"))
    func aDeviceNodeIsWrittenToAndStaysADevice() throws {
        let folder = try TemporaryFolder()
        let device = folder.path + "/null"
        #expect(mknod(device, S_IFCHR | 0o666, Self.nullDevice) == 0)
        let result = try ToolProcess.run(["export", Self.completed, "--format", "pdf", "-o", device])
        #expect(result.status == 0, "\(result.standardError)")
        var status = stat()
        #expect(lstat(device, &status) == 0)
        #expect(status.st_mode & S_IFMT == S_IFCHR)
        #expect(status.st_rdev == Self.nullDevice)
    }

    @Test func aSymbolicLinkIsFollowedAndStays() throws {
        let folder = try TemporaryFolder()
        let target = try folder.write("target.txt", "old")
        let link = folder.path + "/link.txt"
        #expect(symlink("target.txt", link) == 0)
        let result = try ToolProcess.run(["export", Self.completed, "--format", "text", "-o", link])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.fileType(link) == S_IFLNK)
        #expect(try String(contentsOfFile: target, encoding: .utf8) == (try Self.expectedText()))
        // What /dev/stdout is: a link to the process's own standard output (a pipe here).
        let toOutput = folder.path + "/stdout"
        #expect(symlink("/proc/self/fd/1", toOutput) == 0)
        let piped = try ToolProcess.run(["export", Self.completed, "--format", "text", "-o", toOutput])
        #expect(piped.status == 0, "\(piped.standardError)")
        #expect(piped.standardOutput == (try Self.expectedText()))
        #expect(Self.fileType(toOutput) == S_IFLNK)
        let dangling = folder.path + "/dangling"
        #expect(symlink("nowhere", dangling) == 0)
        let refused = try ToolProcess.run(["export", Self.completed, "--format", "text", "-o", dangling])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("cannot write '\(dangling)': it is a symbolic link that leads nowhere"))
    }

    @Test func aMissingFolderOrAFolderIsAClearError() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path + "/missing/form.pdf"
        let result = try ToolProcess.run(["export", Self.completed, "--format", "pdf", "-o", missing])
        #expect(result.status == 1)
        #expect(
            result.standardError.contains(
                "cannot write '\(missing)': the folder '\(folder.path)/missing' does not exist"))
        #expect(Self.fileType(folder.path + "/missing") == nil)
        let onFolder = try ToolProcess.run(["run", Self.template, "--answers", Self.fixture, "--pdf", folder.path])
        #expect(onFolder.status == 1)
        #expect(onFolder.standardError.contains("cannot write '\(folder.path)': it is a folder"))
    }

    @Test func outIsMadeWhereMissingAndRefusedOverAFile() throws {
        let folder = try TemporaryFolder()
        let nested = folder.path + "/a/b/"
        let made = try ToolProcess.run(["run", Self.template, "--answers", Self.fixture, "--out", nested])
        #expect(made.status == 0, "\(made.standardError)")
        #expect(made.standardOutput.contains("wrote \(folder.path)/a/b/pump-inspection.completed.json,"))
        #expect(Self.fileType(folder.path + "/a/b/pump-inspection.flags.txt") == S_IFREG)
        let file = try folder.write("file", "kept")
        let refused = try ToolProcess.run(["run", Self.template, "--answers", Self.fixture, "--out", file])
        #expect(refused.status == 1)
        #expect(refused.standardError.contains("cannot create the folder '\(file)': something other than a folder"))
        let dash = try ToolProcess.run(["run", Self.template, "--answers", Self.fixture, "--out", "-"])
        #expect(dash.status == 64)
    }

    /// Read-only by its permissions, which root's privileges do not override here: the file is
    /// refused, not replaced (a rename would replace it whatever its permissions).
    @Test func aReadOnlyFileIsRefusedAndKept() throws {
        let folder = try TemporaryFolder()
        let file = try folder.write("kept.txt", "old")
        #expect(chmod(file, 0o444) == 0)
        let result = try ToolProcess.run(["export", Self.completed, "--format", "text", "-o", file])
        #expect(result.status == 1)
        #expect(result.standardError.contains("cannot write '\(file)': it is read-only"))
        #expect(try String(contentsOfFile: file, encoding: .utf8) == "old")
        let out = folder.path + "/out"
        try FileManager.default.createDirectory(atPath: out, withIntermediateDirectories: true)
        let flags = try folder.write("out/pump-inspection.flags.txt", "old")
        #expect(chmod(flags, 0o444) == 0)
        let run = try ToolProcess.run(["run", Self.template, "--answers", Self.fixture, "--out", out + "//"])
        #expect(run.status == 1)
        #expect(run.standardError.contains("cannot write '\(flags)': it is read-only"))
    }
}
