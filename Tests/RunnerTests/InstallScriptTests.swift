import Foundation
import TestSupport
import Testing

/// Scripts/install.sh into a temporary prefix, with the built tool (`--binary`, so that the test does
/// not start a release build inside `swift test`), then the tool, its manual page and its bash
/// completion used from a new shell, as a newcomer would.
@Suite struct InstallScriptTests {
    static let script = packageRoot + "/Scripts/install.sh"

    /// Runs `command` in a new bash with a clean environment: HOME, and PATH with only the prefix's
    /// bin folder added to the system's.
    static func newShell(_ command: String, prefix: String) throws -> ProgramResult {
        try ExternalProgram.run(
            "env", ["-i", "HOME=\(prefix)", "PATH=\(prefix)/bin:/usr/bin:/bin", "bash", "-c", command], in: prefix)
    }

    @Test func installsTheToolItsCompletionsAndItsManualPage() throws {
        let folder = try TemporaryFolder()
        let prefix = folder.path + "/prefix with space"
        let install = try ExternalProgram.run(Self.script, ["--prefix", prefix, "--binary", ToolProcess.executable])
        #expect(install.status == 0, "\(install.standardError)")
        #expect(install.standardOutput.contains("installed questionkit 0.1.0 in \(prefix)/bin"))
        // The test's PATH lacks the prefix, so the script says what to add.
        #expect(install.standardOutput.contains("export PATH=\"\(prefix)/bin:$PATH\""))
        for shell in ["bash", "zsh", "fish"] {
            let place =
                [
                    "bash": "bash-completion/completions/questionkit", "zsh": "zsh/site-functions/_questionkit",
                    "fish": "fish/vendor_completions.d/questionkit.fish",
                ][shell] ?? ""
            let installed = try String(contentsOfFile: prefix + "/share/" + place, encoding: .utf8)
            #expect(installed == (try ToolProcess.run(["completions", shell]).standardOutput), "\(shell)")
        }
        let page = try String(contentsOfFile: prefix + "/share/man/man1/questionkit.1", encoding: .utf8)
        #expect(page == (try ToolProcess.run(["man"]).standardOutput))
        // Nothing is left of the temporary files the script renames into place.
        let leftovers = FileManager.default.enumerator(atPath: prefix)?.compactMap { $0 as? String }
            .filter { $0.split(separator: "/").last?.hasPrefix(".install.") == true }
        #expect(leftovers == [])

        let version = try Self.newShell("questionkit --version", prefix: prefix)
        #expect(version.status == 0 && version.standardOutput == "0.1.0\n", "\(version.standardError)")
        // bash-completion's loader finds the completion under PREFIX/share when that is in
        // XDG_DATA_DIRS; without bash-completion installed, the file is sourced as the loader would.
        let loader = "/usr/share/bash-completion/bash_completion"
        let load =
            FileManager.default.fileExists(atPath: loader)
            ? "export XDG_DATA_DIRS=\"$HOME/share\"; source \(loader); __load_completion questionkit"
            : "source \"$HOME/share/bash-completion/completions/questionkit\""
        let completion = try Self.newShell(
            load + #"; COMP_WORDS=(questionkit valid); COMP_CWORD=1; _questionkit; echo "${COMPREPLY[*]}""#,
            prefix: prefix)
        #expect(completion.standardOutput == "validate\n", "\(completion.standardError)")
    }

    @Test(.enabled(if: ExternalProgram.find("man") != nil, "man is not installed (apt-get install man-db)"))
    func manFindsThePageFromPath() throws {
        let folder = try TemporaryFolder()
        let install = try ExternalProgram.run(
            Self.script, ["--prefix", folder.path, "--binary", ToolProcess.executable])
        #expect(install.status == 0, "\(install.standardError)")
        // man-db looks in PREFIX/share/man for PREFIX/bin on PATH: no MANPATH needed.
        #expect(!install.standardOutput.contains("MANPATH"))
        let found = try Self.newShell("man -w questionkit", prefix: folder.path)
        #expect(found.standardOutput == folder.path + "/share/man/man1/questionkit.1\n", "\(found.standardError)")
        let shown = try Self.newShell("MANWIDTH=100 man questionkit | head -5", prefix: folder.path)
        #expect(shown.standardOutput.contains("questionkit - validate, replay and print MI question templates"))
    }

    @Test func badUsageExits64AndHelpExits0() throws {
        for arguments in [["--prefix"], ["--bogus"], ["extra"], ["--binary"]] {
            let result = try ExternalProgram.run(Self.script, arguments)
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.contains("usage: Scripts/install.sh [--prefix DIR]"))
        }
        let help = try ExternalProgram.run(Self.script, ["--help"])
        #expect(help.status == 0 && help.standardOutput.contains("share/man/man1/questionkit.1"))
        let missing = try ExternalProgram.run(
            Self.script, ["--binary", "/nonexistent/questionkit", "--prefix", "/tmp/x"])
        #expect(missing.status == 1 && missing.standardError.contains("is not an executable"))
    }
}
