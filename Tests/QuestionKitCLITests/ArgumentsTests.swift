import Testing

@testable import QuestionKitCLI

@Suite struct ArgumentsTests {
    let options: [OptionSpec] = [
        OptionSpec("format", value: "FORMAT", choices: ["text", "json"], help: ""),
        OptionSpec("keys", value: "FILE", help: ""),
        OptionSpec("strict", help: ""),
        OptionSpec("output", short: "o", value: "FILE", help: ""),
        .help,
    ]

    @Test func splitsOptionsFlagsAndPositionals() throws {
        let parsed = try ParsedArguments.parse(
            ["a.json", "--format", "json", "--strict", "--keys=k.plist", "-", "b.json"], options: options)
        #expect(parsed.positionals == ["a.json", "-", "b.json"])
        #expect(parsed.values == ["format": "json", "keys": "k.plist"])
        #expect(parsed.flags == ["strict"])
    }

    @Test func doubleDashEndsOptions() throws {
        let parsed = try ParsedArguments.parse(["--", "--strict", "-h"], options: options)
        #expect(parsed.positionals == ["--strict", "-h"])
        #expect(parsed.flags.isEmpty)
    }

    @Test func shortOptionTakesTheNextArgument() throws {
        let parsed = try ParsedArguments.parse(["-o", "out.txt", "-h"], options: options)
        #expect(parsed.values["output"] == "out.txt")
        #expect(parsed.flags == ["help"])
    }

    @Test func unknownOptionSuggestsTheNearest() {
        #expect(throws: UsageError("unknown option '--fromat'; did you mean '--format'?")) {
            try ParsedArguments.parse(["--fromat", "json"], options: options)
        }
        #expect(throws: UsageError("unknown option '-x'")) {
            try ParsedArguments.parse(["-x"], options: options)
        }
    }

    @Test func choiceValuesAreChecked() {
        #expect(
            throws: UsageError("'jsn' is not a valid value for '--format': use 'text' or 'json'; did you mean 'json'?")
        ) {
            try ParsedArguments.parse(["--format", "jsn"], options: options)
        }
    }

    @Test func missingAndUnexpectedValues() {
        #expect(throws: UsageError("option '--keys' needs a value (FILE)")) {
            try ParsedArguments.parse(["--keys"], options: options)
        }
        #expect(throws: UsageError("option '--strict' takes no value")) {
            try ParsedArguments.parse(["--strict=yes"], options: options)
        }
    }
}
