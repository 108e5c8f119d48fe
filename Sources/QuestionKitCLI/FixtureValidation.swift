import QuestionKit
import QuestionKitForms

/// `validate` on a fixture: every problem `test` would report that needs no replay (the
/// fixture's keys, steps, media kinds, outcomes and refusal codes, its template, question numbers
/// and each answer as its question's type reads it), located in the fixture.
enum FixtureValidation {
    /// Whether the file is named as a fixture (`*.fixture.json`), whatever it holds.
    static func isNamedFixture(_ path: String) -> Bool {
        path.hasSuffix(TestCommand.fixtureSuffix)
    }

    /// Whether a file not named as a fixture is shaped like one: a JSON object that parsed
    /// without syntax errors, with `answers`, `steps` or `expect` and no `questions`.
    static func isFixture(_ parsed: JSONParseResult, keys: KeyMap) -> Bool {
        guard !parsed.isRecovered, let root = parsed.document?.root, root.kind == .object else { return false }
        return root[keys.spelling(of: .questions)] == nil
            && (root["answers"] != nil || root["steps"] != nil || root["expect"] != nil)
    }

    /// The template's problems when it has errors (quoted only when it lies in the fixture's folder
    /// tree or the working directory's, see `FixtureTemplate.report`), then the fixture's, cause
    /// first. `parsed` is the bytes' strict parse (`JSONParser.parse`). With `templateOnFixture` (an
    /// editor's one file), the template's errors are the fixture's own, located on its `"template"`.
    static func diagnose(
        _ bytes: [UInt8], parsed: JSONParseResult, path: String, displayPath: String, files: FormFiles,
        templateOnFixture: Bool = false
    ) -> [FileDiagnostics] {
        let read = Fixture.read(parsed)
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
