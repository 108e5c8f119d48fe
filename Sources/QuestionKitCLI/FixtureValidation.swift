import QuestionKit

/// `validate` on a fixture: every problem `test` would report that needs no replay (the
/// fixture's keys, steps, media kinds, outcomes and refusal codes, its template, question numbers
/// and each answer as its question's type reads it), located in the fixture.
enum FixtureValidation {
    /// Whether the file is a fixture rather than a template: named `*.fixture.json`, or a JSON
    /// object with `answers`, `steps` or `expect` and no `questions`.
    static func isFixture(path: String, bytes: [UInt8], keys: KeyMap) -> Bool {
        if path.hasSuffix(TestCommand.fixtureSuffix) { return true }
        guard let root = JSONParser.parse(bytes).document?.root, root.kind == .object else { return false }
        return root[keys.spelling(of: .questions)] == nil
            && (root["answers"] != nil || root["steps"] != nil || root["expect"] != nil)
    }

    /// The template's problems when it has errors (quoted only when it lies in the fixture's folder
    /// tree, see `FixtureTemplate.report`), then the fixture's, cause first. With
    /// `templateOnFixture` (an editor's one file), the template's errors are the fixture's own,
    /// located on its `"template"`.
    static func diagnose(
        _ bytes: [UInt8], path: String, displayPath: String, files: FormFiles, templateOnFixture: Bool = false
    ) -> [FileDiagnostics] {
        let read = Fixture.read(bytes)
        var diagnostics = read.diagnostics
        var reports: [FileDiagnostics] = []
        if let fixture = read.fixture {
            let fixturePath = path == "-" ? "./-" : path
            let chosen = FixtureTemplate.choose(for: fixture, at: fixturePath)
            diagnostics += chosen.problems
            if let templatePath = chosen.path {
                let template = files.template(at: templatePath)
                if template.report.diagnostics.containsErrors {
                    if templateOnFixture {
                        diagnostics += FixtureTemplate.problems(of: template.report, for: fixture, at: fixturePath)
                    } else {
                        reports.append(FixtureTemplate.report(template.report, forFixtureAt: fixturePath))
                    }
                }
                if let usable = template.value {
                    var problems = ProblemCollector(document: fixture.document)
                    FixtureChecks.check(fixture, against: usable, readingAnswers: true, into: &problems)
                    diagnostics += problems.diagnostics()
                }
            }
        }
        let own = FileDiagnostics(path: displayPath, diagnostics: FixtureChecks.causeFirst(diagnostics), source: bytes)
        return reports + [own]
    }
}
