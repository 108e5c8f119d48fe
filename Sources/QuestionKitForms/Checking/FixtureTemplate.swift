import QuestionKit

/// Which template a fixture is checked with, and the fixture's problems in saying so, located at
/// its `"template"`: none named, one that does not exist, or (for `run`) another than the one
/// given on the command line. Also how the template's problems are shown for the fixture.
package struct FixtureTemplate: Sendable {
    package let files: any SourceFiles

    package init(files: any SourceFiles) {
        self.files = files
    }

    /// The template to use for the fixture at `fixturePath`: `given` when there is one (`run`),
    /// else the one the fixture names, resolved from the fixture's folder; nil when there is none
    /// to use. The problems are located in the fixture. `exists` says whether a file exists (`test`
    /// asks once per template, not once per fixture); the files' own by default.
    package func choose(
        for fixture: Fixture, at fixturePath: String, given: String? = nil, exists: ((String) -> Bool)? = nil
    ) -> (path: String?, problems: [Diagnostic]) {
        let root = fixture.document.root
        var problems = ProblemCollector(document: fixture.document)
        guard let named = fixture.templatePath, let node = root["template"] else {
            if given == nil {
                problems.error(
                    "fixture.no-template", "the fixture names no template", at: root,
                    hint: "Add \"template\": \"form.json\" (the path relative to the fixture).")
            }
            return (given, problems.diagnostics())
        }
        let resolved = files.resolve(named, from: files.folder(of: fixturePath))
        let used = given.map { " (replayed with '\($0)', given on the command line)" } ?? ""
        if !(exists ?? files.exists)(resolved) {
            problems.error(
                "fixture.template-not-found", "the template '\(resolved)' that the fixture names does not exist\(used)",
                at: node, hint: "\"template\" is a path relative to the fixture's folder.")
        } else if let given, !files.isSameFile(given, resolved) {
            problems.error(
                "fixture.template-differs",
                "the fixture is for '\(resolved)', not for '\(given)'; "
                    + "replayed with '\(given)', given on the command line",
                at: node, hint: "Pass the fixture's own template, or correct its \"template\".")
        }
        return (given ?? (problems.hasErrors ? nil : resolved), problems.diagnostics())
    }

    /// Whether the template at `templatePath` lies in the tree of the fixture's folder or of the
    /// working directory, so that its problems may quote it. A fixture is not the user's own input:
    /// one from a pull request may name any file ("/etc/shadow", "~/.ssh/id_rsa"), and what it names
    /// outside the tree being worked on must never reach a log. The working directory's tree counts
    /// so that the usual layout (`Templates/fixtures/x.fixture.json` naming `../x.json`) is quoted.
    package func isQuotable(_ templatePath: String, forFixtureAt fixturePath: String) -> Bool {
        // "." is the working directory.
        [files.folder(of: fixturePath), "."].contains { files.lies(templatePath, inTreeOf: $0) }
    }

    /// The template's report as a fixture's run shows it: as it is when the template is quotable,
    /// else each problem named by file, position and code, without the message, hint or excerpt
    /// that would quote the file. A file that could not be read has only the reason, which is ours.
    package func report(_ report: FileDiagnostics, forFixtureAt fixturePath: String) -> FileDiagnostics {
        guard report.source != nil, !isQuotable(report.path, forFixtureAt: fixturePath) else { return report }
        let named = report.diagnostics.map { problem in
            Diagnostic(
                severity: problem.severity, code: problem.code,
                message: "not quoted: the template lies outside the fixture's folder and the working directory",
                position: problem.position,
                hint: "Run 'validate' on the template itself to see the problem.")
        }
        return FileDiagnostics(path: report.path, diagnostics: named, source: nil)
    }

    /// The template's errors as problems of the fixture, located on its `"template"` (an editor
    /// shows one file's problems), each naming the template's file and position; quoted as `report`
    /// quotes them.
    package func problems(of report: FileDiagnostics, for fixture: Fixture, at fixturePath: String) -> [Diagnostic] {
        guard let node = fixture.document.root["template"] else { return [] }
        let shown = self.report(report, forFixtureAt: fixturePath)
        var problems = ProblemCollector(document: fixture.document)
        for problem in shown.diagnostics where problem.severity == .error {
            let place = problem.position.map { ":\($0.line):\($0.column)" } ?? ""
            problems.error(
                problem.code, "the template has an error: \(shown.path)\(place): \(problem.message)", at: node,
                hint: problem.hint)
        }
        return problems.diagnostics()
    }
}
