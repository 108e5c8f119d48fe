import Foundation
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A font named with `--font` is read by the input rule like every other input: a FIFO or a device
/// is refused with a warning, never waited on or read without end.
@Suite struct PDFOutputTests {
    static let form = packageRoot + "/Tests/Templates/print-sample/tap-changer.completed.json"

    @Test func aFontThatIsNotARegularFileIsRefusedWithAWarning() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path + "/font.ttf"
        try #require(mkfifo(fifo, 0o600) == 0)
        let output = folder.path + "/out.pdf"
        for font in [fifo, "/dev/zero"] {
            let outcome = returning(unblocking: [fifo]) {
                runTool(["export", Self.form, "--format", "pdf", "-o", output, "--font", font])
            }
            let done = try #require(outcome, "export waited on or kept reading the font \(font)")
            #expect(done.status == 0, "\(done.standardError)")
            #expect(done.standardError.contains("warning: font '\(font)' not used: "), "\(done.standardError)")
            #expect(done.standardError.contains("not a regular file"), "\(done.standardError)")
        }
    }
}
