import Foundation
import TestSupport
import Testing

/// `/dev/stdin` names whatever standard input is: with `validate --fix`, a template redirected into
/// the tool must not be rewritten through it (only `-` reads standard input, and it is never fixed).
@Suite struct StandardInputPathTests {
    @Test func fixOnDevStdinLeavesTheRedirectedFileAlone() throws {
        let folder = try TemporaryFolder()
        let original = try String(
            contentsOfFile: packageRoot + "/Tests/Templates/fixable/early-format.json", encoding: .utf8)
        let template = try folder.write("early.json", original)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: ToolProcess.executable)
        process.arguments = ["validate", "--fix", "/dev/stdin"]
        process.standardInput = try FileHandle(forReadingFrom: URL(fileURLWithPath: template))
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let printed = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(printed.contains("/dev/stdin: error: cannot read the file: "), "\(printed)")
        #expect(printed.contains("not a regular file"), "\(printed)")
        #expect(try String(contentsOfFile: template, encoding: .utf8) == original)
    }
}
