import Foundation
import Testing

@testable import QuestionKitCLI

/// Issue 9: what the store prints for people quotes its own files, which anyone who can write the
/// root can plant; a control character from there must not reach the terminal.
@Suite struct StoreTerminalTextTests {
    @Test func aPlantedNoticeIsPrintedEscapedAndKeptExactInJSON() throws {
        let work = try StoreWorkspace()
        _ = work.run("start", StoreWorkspace.template, "--user", "ann", "--now", "2026-03-01T10:00:00Z")
        _ = work.run("reminders", "--now", "2026-03-02T11:00:00Z")
        let files = FileManager.default.enumerator(atPath: work.root)?.compactMap { $0 as? String } ?? []
        let noticeFiles = files.map { work.root + "/" + $0 }.filter {
            (try? String(contentsOfFile: $0, encoding: .utf8))?.contains("Reminder: your form") ?? false
        }
        let file = try #require(noticeFiles.first)
        let original = try String(contentsOfFile: file, encoding: .utf8)
        let planted = original.replacingOccurrences(
            of: "Reminder: your form", with: #"Reminder\u001b]0;owned\u0007\u001b[2J: your form"#)
        // `notices` clears what it showed: planted once for the text, once for the JSON.
        try planted.write(toFile: file, atomically: false, encoding: .utf8)
        let text = work.run("notices", "--user", "ann")
        #expect(text.status == 0)
        #expect(text.standardOutput.contains(#"Reminder\u001B]0;owned\u0007\u001B[2J: your form"#))
        #expect(text.standardOutput.unicodeScalars.allSatisfy { $0 == "\n" || !TerminalTextCheck.isControl($0) })

        try planted.write(toFile: file, atomically: false, encoding: .utf8)
        let json = work.run("notices", "--user", "ann", "--format", "json")
        #expect(json.standardOutput.contains(#"Reminder\u001b]0;owned\u0007\u001b[2J"#))
    }
}

enum TerminalTextCheck {
    static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
