import QuestionKit

/// The diagnostics of one file, given its bytes and path: whether it is a template or a fixture,
/// and its problems, a fixture's checked against its template. The one home of that decision for
/// `validate`, `test`, `run` and the language server; the file system is the caller's `files`.
package struct SourceCheck: Sendable {
    /// A fixture's file name ends so, whatever it holds.
    package static let fixtureSuffix = ".fixture.json"

    package let reader: TemplateReader
    package let files: any SourceFiles
    /// What reads a template of another format (a FHIR Questionnaire, a SurveyJS survey); none, only ours.
    package let foreign: (any ForeignTemplateReader)?

    package init(reader: TemplateReader, files: any SourceFiles, foreign: (any ForeignTemplateReader)? = nil) {
        self.reader = reader
        self.files = files
        self.foreign = foreign
    }

    /// How a fixture's template is chosen and its problems shown.
    package var fixtureTemplate: FixtureTemplate { FixtureTemplate(files: files) }

    /// What one parse of a file says it is: a fixture, checked, or a template, to be read.
    package enum Reading {
        /// A fixture's problems, checked against its template, notes kept as for a template.
        case fixture([FileDiagnostics])
        /// A template's reading by `JSONParser.parseRecovering`, for `TemplateReader.diagnose`.
        case template(JSONParseResult)
        /// A template of another format: every problem of converting it and of checking what it
        /// converts to, located in it.
        case foreign([Diagnostic])
    }

    /// The problems of a document open in an editor, as one list: a fixture's template errors are
    /// located on its `"template"` (see `FixtureTemplate.problems`), not dropped. A template's
    /// check is kept for the editor to re-check an edit in part; a fixture's is done whole again.
    package func documentCheck(_ bytes: [UInt8], path: String) -> DocumentCheck {
        switch read(bytes, path: path, displayPath: path, templateOnFixture: true) {
        case .fixture(let files): .whole(files.flatMap(\.diagnostics))
        case .template(let parsed): .template(TemplateCheck(parsed, reader: reader))
        case .foreign(let diagnostics): .whole(diagnostics)
        }
    }

    /// Parses the bytes once and tells a fixture from a template by that parse; a fixture is
    /// checked at once, a template handed back with its parse (`validate` streams its problems).
    /// With `templateOnFixture`, a fixture's template errors are located on the fixture (see
    /// `diagnoseFixture`).
    package func read(_ bytes: [UInt8], path: String, displayPath: String, templateOnFixture: Bool = false) -> Reading {
        let named = Self.isNamedFixture(path)
        // A fixture is read strictly; a template past syntax errors (the strict parse is then the first pass).
        let limits = reader.limits
        let parsed = named ? JSONParser.parse(bytes, limits: limits) : JSONParser.parseRecovering(bytes, limits: limits)
        guard named || Self.isFixture(parsed, keys: reader.keys) else {
            return foreignReading(bytes, parsed: parsed, path: path).map { .foreign($0.diagnostics) }
                ?? .template(parsed)
        }
        let checked = diagnoseFixture(
            bytes, parsed: parsed, path: path, displayPath: displayPath, templateOnFixture: templateOnFixture)
        return .fixture(checked)
    }

    /// The file read as a template of another format, when `foreign` reads it. Only a JSON object
    /// without our `questions` is asked about (one with them is ours): templates of ours pay a key's look-up.
    /// A file whose root is no object (a workbook, an XLSForm's `.csv`/`.md` text) is asked too: `foreign`
    /// tells it by its bytes, and a broken template of ours keeps its JSON errors when it is none of those.
    private func foreignReading(_ bytes: [UInt8], parsed: JSONParseResult, path: String) -> ForeignTemplateReading? {
        guard let foreign else { return nil }
        guard let root = parsed.document?.root, root.kind == .object else {
            return foreign.read(bytes, root: nil, path: Self.file(path), reader: reader)
        }
        guard root[reader.keys.spelling(of: .questions)] == nil else { return nil }
        return foreign.read(bytes, root: root, path: Self.file(path), reader: reader)
    }

    /// The file `path` names, nil for standard input (`-`, as the commands take it): the one place a
    /// source's path is told from standard input.
    package static func file(_ path: String) -> String? {
        path == "-" ? nil : path
    }

    /// Whether the file is named as a fixture (`*.fixture.json`), whatever it holds.
    package static func isNamedFixture(_ path: String) -> Bool {
        path.hasSuffix(fixtureSuffix)
    }

    /// Whether a file not named as a fixture is shaped like one: a JSON object that parsed
    /// without syntax errors, with `answers`, `steps` or `expect` and no `questions`.
    package static func isFixture(_ parsed: JSONParseResult, keys: KeyMap) -> Bool {
        guard !parsed.isRecovered, let root = parsed.document?.root, root.kind == .object else { return false }
        return root[keys.spelling(of: .questions)] == nil
            && (root["answers"] != nil || root["steps"] != nil || root["expect"] != nil)
    }

    /// A fixture's problems that need no replay (its keys, steps, media kinds, outcomes and refusal
    /// codes, its template, question numbers and each answer as its question's type reads it): the
    /// template's problems when it has errors (quoted only when it lies in the fixture's folder tree
    /// or the working directory's, see `FixtureTemplate.report`), then the fixture's, cause first.
    /// `parsed` is the bytes' strict parse (`JSONParser.parse`). With `templateOnFixture` (an
    /// editor's one file), the template's errors are the fixture's own, located on its `"template"`.
    package func diagnoseFixture(
        _ bytes: [UInt8], parsed: JSONParseResult, path: String, displayPath: String, templateOnFixture: Bool = false
    ) -> [FileDiagnostics] {
        let read = Fixture.read(parsed)
        var diagnostics = read.diagnostics
        var reports: [FileDiagnostics] = []
        if let fixture = read.fixture {
            let fixturePath = Self.file(path) ?? "./-"
            let chosen = fixtureTemplate.choose(for: fixture, at: fixturePath)
            diagnostics += chosen.problems
            if let templatePath = chosen.path {
                let template = self.template(at: templatePath, keepingNotes: true)
                if template.report.diagnostics.containsErrors {
                    if templateOnFixture {
                        diagnostics += fixtureTemplate.problems(of: template.report, for: fixture, at: fixturePath)
                    } else {
                        reports.append(fixtureTemplate.report(template.report, forFixtureAt: fixturePath))
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

    /// The template at `path`, read from `files`; usable when it has no errors. Notes are advice to
    /// its author (an early spelling, the web editor's padding; see `Severity.note`): `validate`
    /// keeps them, while the commands that use a template leave them out, since every template of
    /// the original system has some. A template of another format that `foreign` reads is the
    /// template it converts to, its problems located in it.
    package func template(at path: String, keepingNotes: Bool) -> LoadedFile<Template> {
        LoadedFile.load(
            path, bytes: { () throws(UnreadableFile) in try files.read(path, limit: reader.limits.maxBytes) }
        ) {
            bytes in
            let result = reader.read(bytes)
            // Only a file that is not a usable template is looked at again: templates of ours pay nothing.
            let read = result.isUsable ? nil : foreign?.read(bytes, root: nil, path: path, reader: reader)
            let template = read.map(\.template) ?? (result.isUsable ? result.template : nil)
            let diagnostics = read?.diagnostics ?? result.diagnostics
            return (template, keepingNotes ? diagnostics : diagnostics.filter { $0.severity != .note })
        }
    }
}
