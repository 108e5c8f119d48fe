import QuestionTypes
import Testing

@testable import QuestionKitCLI

@Suite struct ToolTests {
    @Test func typesListsTheBuiltInTypes() {
        let outcome = runTool(["types"])
        #expect(outcome.status == 0)
        let identifiers = outcome.standardOutput.split(separator: "\n").map { $0.split(separator: " ").first ?? "" }
        // Derived from the registration list, so that adding a type stays one file and one line.
        #expect(identifiers.map(String.init) == BuiltInQuestionTypes.all.map(\.description.identifier))
        #expect(Set(identifiers).isSuperset(of: ["short-answer", "true/false", "table-answer", "multiple-choice"]))
        for (line, type) in zip(outcome.standardOutput.split(separator: "\n"), BuiltInQuestionTypes.all) {
            #expect(line.contains("qid ") == (type.description.legacyTypeCode != nil))
        }
    }

    @Test func typesAsJSON() {
        let outcome = runTool(["types", "--format=json"])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.contains("\"identifier\": \"multiple-choice\""))
        #expect(outcome.standardOutput.contains("\"qid\": \"4\""))
    }

    @Test func unknownCommandSuggestsTheNearest() {
        let outcome = runTool(["valdate", "x.json"])
        #expect(outcome.status == 64)
        #expect(
            outcome.standardError == """
                questionkit: unknown command 'valdate'. Did you mean 'validate'?
                Run 'questionkit --help' for the list of commands.

                """)
    }

    @Test func noArgumentsPrintsTheOverviewAsUsageError() {
        let outcome = runTool([])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("OVERVIEW: "))
    }

    @Test func overviewHelp() {
        let outcome = runTool(["--help"])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == """
                OVERVIEW: Validate, replay and print MI question templates.

                USAGE: questionkit [--color auto|never|always] <command> [options] [arguments]

                COMMANDS:
                  validate     Check MI templates and report every problem with its location.
                  run          Replay a form from fixture answers: transcript, review, flags, completed form.
                  test         Replay every fixture (*.fixture.json) in the folders as a test of its template.
                  review       Print the review of a completed form, with its flags.
                  export       Export a completed form as PDF, plain text or completed-form JSON.
                  types        List the registered question types.
                  docs         Write a Markdown page for each question type, from its description and examples.
                  schema       Print a JSON Schema (draft 2020-12) of templates, for editors.
                  new-type     Write a new question type's skeleton, or a whole package around it (--package).
                  store        Keep forms in a folder through their life: start, fill, complete, submit, expire.
                  templates    List the templates of a folder by title, with their revisions and the latest.
                  convert      Convert a form between our template format and FHIR Questionnaire; import SurveyJS; XLSForm both ways.
                  dataset      Export completed forms as a partitioned dataset (answers, forms, warnings).
                  lsp          Run the language server (LSP) for templates and fixtures on standard input and output.
                  completions  Print a shell completion script (bash, zsh or fish) for the commands and their options.
                  man          Print the manual page (roff), made from the commands' own help.

                --color WHEN: Colour errors, warnings, notes, PASS and FAIL: on a terminal (auto, unless NO_COLOR is set), never or always.
                Run 'questionkit <command> --help' for a command's options.
                Version \(QuestionKitTool.version).

                """)
    }

    @Test func validateHelpIsExact() {
        let outcome = runTool(["validate", "--help"])
        #expect(outcome.status == 0)
        #expect(
            outcome.standardOutput == """
                USAGE: questionkit validate [--format text|json] [--keys FILE] [--strict] [--quiet] [--fix] [--watch] FILE...

                Checks each template (a JSON file, '-' for standard input, or a folder of .json files) and
                each fixture named (*.fixture.json, or a file shaped like one) against its template without
                replaying it, and prints every problem as 'path:line:column: severity: message [code]' followed by a hint.
                A syntax error hides nothing: the checks run on what the reader recovers past it (a note says so).
                Exits 0 when no file has errors (warnings allowed), 1 when any has or a folder holds no
                template, 64 for bad usage.
                With --fix, the safe fixes (early keys, misspelled keys, padded options, a type qid gives
                away, ...) are applied to each template file in place, atomically, keeping everything else
                as written; what changed is listed on standard error, then what is left is reported.
                Fixing goes round by round (a fix can reveal the next); after 8 rounds it
                stops, and if safe fixes are still left, that is an error (fix.unfinished) of the file.
                Standard input cannot be fixed in place, so '-' with --fix is a usage error.
                With --watch, the files are checked again whenever one changes (looked at twice a second),
                each run after a separator line, until Ctrl-C; the exit status is that of the last run.
                --quiet leaves notes out (warnings and errors are still reported and counted).
                --format json lists each problem's fixes: title, whether --fix applies it, and its edits
                (UTF-8 byte offsets).
                Limits: files up to 256 MiB, nesting up to 512 levels.

                OPTIONS:
                  --format FORMAT  Output for people (text) or machines (json).
                  --keys FILE      A key map (JSON or property list) that renames MI keys.
                  --strict         Treat warnings (not notes) as errors for the exit status.
                  -q, --quiet      Leave notes out; warnings and errors are still reported.
                  --fix            Apply the safe fixes to the template files in place, then report what is left.
                  --watch          Check again whenever a file changes, until Ctrl-C.
                  -h, --help       Show this help.

                """)
        #expect(runTool(["help", "validate"]).standardOutput == outcome.standardOutput)
    }

    /// Issue 24: `help bogus` printed the overview and exited 0, so a script's typo passed.
    @Test func anUnknownHelpTopicIsAUsageError() {
        for arguments in [["help", "bogus"], ["--help", "bogus"], ["-h", "bogus"]] {
            let outcome = runTool(arguments)
            #expect(outcome.status == 64)
            #expect(outcome.standardOutput.isEmpty)
            #expect(
                outcome.standardError == """
                    questionkit: unknown help topic 'bogus'.
                    The topics are the commands: 'validate', 'run', 'test', 'review', 'export', 'types', 'docs', \
                    'schema', 'new-type', 'store', 'templates', 'convert', 'dataset', 'lsp', 'completions' or 'man'.
                    Run 'questionkit --help' for the list of commands.

                    """)
        }
        #expect(
            runTool(["help", "valdate"]).standardError.hasPrefix(
                "questionkit: unknown help topic 'valdate'. Did you mean 'validate'?"))
        #expect(runTool(["help"]).status == 0)
        #expect(runTool(["help"]).standardOutput == runTool(["--help"]).standardOutput)
    }

    @Test func versionIsPrinted() {
        #expect(runTool(["--version"]).standardOutput == QuestionKitTool.version + "\n")
    }
}
