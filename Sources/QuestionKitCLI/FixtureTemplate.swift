import Foundation
import QuestionKit
import QuestionKitStore

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
}
