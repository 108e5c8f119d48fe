import Foundation
import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// Which template a fixture is checked with, and the fixture's problems in saying so, located at
/// its `"template"`: none named, one that does not exist, or (for `run`) another than the one
/// given on the command line.
enum FixtureTemplate {
    /// The template to use for the fixture at `fixturePath`: `given` when there is one (`run`),
    /// else the one the fixture names, resolved from the fixture's folder; nil when there is none
    /// to use. The problems are located in the fixture. `exists` says whether a file exists (`test`
    /// asks once per template, not once per fixture).
    static func choose(
        for fixture: Fixture, at fixturePath: String, given: String? = nil,
        exists: (String) -> Bool = { FileManager.default.fileExists(atPath: $0) }
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
        let resolved = PathText.resolve(named, from: PathText.parent(of: fixturePath))
        let used = given.map { " (replayed with '\($0)', given on the command line)" } ?? ""
        if !exists(resolved) {
            problems.error(
                "fixture.template-not-found", "the template '\(resolved)' that the fixture names does not exist\(used)",
                at: node, hint: "\"template\" is a path relative to the fixture's folder.")
        } else if let given, !sameFile(given, resolved) {
            problems.error(
                "fixture.template-differs",
                "the fixture is for '\(resolved)', not for '\(given)'; "
                    + "replayed with '\(given)', given on the command line",
                at: node, hint: "Pass the fixture's own template, or correct its \"template\".")
        }
        return (given ?? (problems.hasErrors ? nil : resolved), problems.diagnostics())
    }

    /// Whether two paths name the same file (the same device and inode, through links).
    static func sameFile(_ first: String, _ second: String) -> Bool {
        var a = stat()
        var b = stat()
        guard stat(first, &a) == 0, stat(second, &b) == 0 else { return first == second }
        return a.st_dev == b.st_dev && a.st_ino == b.st_ino
    }

    /// Whether the template at `templatePath` lies in the tree of the fixture's folder or of the
    /// working directory, so that its problems may quote it. A fixture is not the user's own input:
    /// one from a pull request may name any file ("/etc/shadow", "~/.ssh/id_rsa"), and what it names
    /// outside the tree being worked on must never reach a log. The working directory's tree counts
    /// so that the usual layout (`Templates/fixtures/x.fixture.json` naming `../x.json`) is quoted.
    static func isQuotable(_ templatePath: String, forFixtureAt fixturePath: String) -> Bool {
        guard let template = InputRule.realPath(templatePath) else { return false }
        let trees = [PathText.parent(of: fixturePath), FileManager.default.currentDirectoryPath]
        return trees.contains { tree in InputRule.realPath(tree).map { InputRule.contains($0, template) } ?? false }
    }

    /// The template's report as a fixture's run shows it: as it is when the template is quotable,
    /// else each problem named by file, position and code, without the message, hint or excerpt
    /// that would quote the file. A file that could not be read has only the reason, which is ours.
    static func report(_ report: FileDiagnostics, forFixtureAt fixturePath: String) -> FileDiagnostics {
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
    static func problems(of report: FileDiagnostics, for fixture: Fixture, at fixturePath: String) -> [Diagnostic] {
        guard let node = fixture.document.root["template"] else { return [] }
        let shown = Self.report(report, forFixtureAt: fixturePath)
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
