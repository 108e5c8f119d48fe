import QuestionKitCLI
import QuestionTypes
import TestSupport
import Testing

/// Colour on a terminal: `--color auto|never|always` and `NO_COLOR`, with the terminal injected
/// (no test opens a real one).
@Suite struct ColorTests {
    static let invalid = packageRoot + "/Tests/Templates/invalid/several-problems.json"
    static let escape = "\u{1B}["

    /// Runs the tool as if both its outputs were terminals (or not), with `NO_COLOR` set (or not).
    func run(_ arguments: [String], terminal: Bool = true, noColor: Bool = false) -> QuestionKitTool.Outcome {
        QuestionKitTool(types: BuiltInQuestionTypes.all).run(
            arguments, isTerminal: { _ in terminal }, noColor: noColor)
    }

    /// The text without its colour codes (`ESC [ … m`).
    func plain(_ text: String) -> String {
        var result = ""
        var inCode = false
        for scalar in text.unicodeScalars {
            if scalar == "\u{1B}" {
                inCode = true
            } else if inCode {
                if scalar == "m" { inCode = false }
            } else {
                result.unicodeScalars.append(scalar)
            }
        }
        return result
    }

    @Test func alwaysColoursSeveritiesAndNothingElse() {
        let coloured = run(["--color", "always", "validate", Self.invalid], terminal: false)
        let uncoloured = run(["validate", Self.invalid], terminal: false)
        #expect(!uncoloured.standardOutput.contains(Self.escape))
        #expect(coloured.standardOutput.contains(": \u{1B}[1;31merror\u{1B}[0m: "))
        #expect(plain(coloured.standardOutput) == uncoloured.standardOutput)
        #expect(coloured.status == uncoloured.status)
        // Every coloured piece is a severity word, or a count of them in the summary line.
        for piece in coloured.standardOutput.split(separator: "\u{1B}[1;").dropFirst() {
            #expect(
                ["31merror", "33mwarning", "36mnote"].contains { piece.hasPrefix($0) }
                    || piece.prefixMatch(of: /3[136]m\d+ (error|warning|note)/) != nil,
                "\(piece)")
        }
    }

    /// The summary's counts and a usage error's word are coloured as the severities are; "no
    /// problems" green where there are only notes (a clean run prints nothing).
    @Test func theSummaryAndUsageErrorsAreColoured() throws {
        let folder = try TemporaryFolder()
        let noted = try folder.write(
            "noted.json",
            #"{"Title": "T", "questions": [{"answer-type": "multiple-choice", "question": "Q?", "answers": ["A", "B", ""]}]}"#
        )
        let passing = run(["--color", "always", "validate", noted], terminal: false)
        #expect(
            passing.standardOutput.contains("checked 1 file: \u{1B}[1;32mno problems\u{1B}[0m, \u{1B}["),
            "\(passing.standardOutput)")
        let failing = run(["--color", "always", "validate", Self.invalid], terminal: false)
        #expect(failing.standardOutput.contains(": \u{1B}[1;31m"))
        let usage = run(["--color", "always", "validate", "--bogus"], terminal: false)
        #expect(usage.standardError.hasPrefix("questionkit validate: \u{1B}[1;31merror\u{1B}[0m: unknown option"))
        #expect(!run(["--color", "never", "validate", "--bogus"]).standardError.contains(Self.escape))
    }

    @Test func autoColoursATerminalOnly() {
        #expect(run(["validate", Self.invalid]).standardOutput.contains(Self.escape))
        #expect(!run(["validate", Self.invalid], terminal: false).standardOutput.contains(Self.escape))
        #expect(!run(["--color=auto", "validate", Self.invalid], terminal: false).standardOutput.contains(Self.escape))
    }

    @Test func noColorAndNeverTurnItOff() {
        #expect(
            !run(["--color", "auto", "validate", Self.invalid], noColor: true).standardOutput.contains(Self.escape))
        #expect(!run(["--color", "never", "validate", Self.invalid]).standardOutput.contains(Self.escape))
        // `--color always` is asked for in so many words: it wins over NO_COLOR.
        #expect(
            run(["--color", "always", "validate", Self.invalid], noColor: true).standardOutput.contains(Self.escape))
    }

    @Test func machineFormatsAreNeverColoured() {
        let json = run(["--color", "always", "validate", "--format", "json", Self.invalid])
        #expect(!json.standardOutput.contains(Self.escape))
        for format in ["json", "junit"] {
            let report = run(["--color", "always", "test", "--format", format, packageRoot + "/Templates/fixtures"])
            #expect(!report.standardOutput.contains(Self.escape))
        }
    }

    @Test func testColoursPassGreenAndFailRed() {
        let passing = run(["--color", "always", "test", packageRoot + "/Templates/fixtures"])
        #expect(passing.standardOutput.hasPrefix("\u{1B}[1;32mPASS\u{1B}[0m "))
        let folder = packageRoot + "/Tests/Templates/broken-fixtures"
        let failing = run(["--color", "always", "test", folder])
        let uncoloured = run(["--color", "never", "test", folder])
        #expect(failing.standardOutput.contains("\n\u{1B}[1;31mFAIL\u{1B}[0m "))
        #expect(!uncoloured.standardOutput.contains(Self.escape))
        #expect(plain(failing.standardOutput) == uncoloured.standardOutput)
    }

    @Test func diagnosticsOnStandardErrorFollowItsTerminal() {
        let template = packageRoot + "/Templates/pump-inspection.json"
        let fixture = packageRoot + "/Tests/Templates/broken-fixtures/misspelled-answer-key.fixture.json"
        let onTerminal = run(["run", template, "--answers", fixture])
        #expect(onTerminal.standardError.contains(Self.escape))
        let piped = QuestionKitTool(types: BuiltInQuestionTypes.all).run(
            ["run", template, "--answers", fixture], isTerminal: { $0 == 1 })
        #expect(!piped.standardError.contains(Self.escape))
        #expect(plain(onTerminal.standardError) == piped.standardError)
    }

    @Test func aWrongColorIsAUsageError() {
        let outcome = run(["--color", "sometimes", "validate", Self.invalid])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("'sometimes' is not a valid value for '--color'"))
        #expect(run(["--color"]).status == 64)
    }

    @Test func runUsageShowsTheRequiredAnswersWithoutBrackets() {
        let help = run(["run", "--help"]).standardOutput
        #expect(help.hasPrefix("USAGE: questionkit run --answers FIXTURE [--user NAME]"))
    }
}
