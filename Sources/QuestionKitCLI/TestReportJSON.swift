import QuestionKit
import QuestionKitForms

/// `test --format json`: the envelope `validate --format json` prints too (see
/// `DiagnosticPrinter.json`), `{"files": [...], "summary": {...}}`. One object in `files` per
/// fixture (file, template, status, duration in seconds, flags found and expected, every
/// diagnostic, cause first, with its file and location, and `followOn` true for those that only
/// follow from the cause, after the others; `followOns`, the line that sums them up, or null); the
/// summary counts the fixtures as files, their diagnostics by severity, and those passed and failed.
/// With `--coverage`, a third member, `coverage`: see `CoverageReportJSON`.
enum TestReportJSON {
    static func text(_ outcomes: [FixtureOutcome], coverage: [TemplateCoverage]? = nil) -> String {
        let failed = outcomes.count { !$0.passed }
        var tally = DiagnosticTally()
        for outcome in outcomes {
            tally.count(outcome.reports.flatMap(\.diagnostics) + (outcome.followOns?.diagnostics ?? []))
        }
        let summary = DiagnosticPrinter.jsonSummary(
            tally, more: [("passed", .integer(outcomes.count - failed)), ("failed", .integer(failed))])
        let value = JSONWriter.Value.object(
            [("files", .array(outcomes.map(object))), ("summary", summary)]
                + (coverage.map { [("coverage", CoverageReportJSON.value($0))] } ?? []))
        return JSONWriter.text(of: value) + "\n"
    }

    private static func object(_ outcome: FixtureOutcome) -> JSONWriter.Value {
        let numbers: ([Int]?) -> JSONWriter.Value = { list in list.map { .array($0.map { .integer($0) }) } ?? .null }
        let causes = outcome.reports.flatMap { report in
            report.diagnostics.map {
                DiagnosticPrinter.jsonObject($0, file: report.path, more: [("followOn", .bool(false))])
            }
        }
        let followOns = (outcome.followOns?.diagnostics ?? []).map {
            DiagnosticPrinter.jsonObject($0, file: outcome.path, more: [("followOn", .bool(true))])
        }
        return .object([
            ("file", .string(outcome.path)),
            ("template", outcome.templatePath.map { .string($0) } ?? .null),
            ("status", .string(outcome.passed ? "passed" : "failed")),
            ("duration", .number(outcome.duration)),
            ("flags", .object([("found", numbers(outcome.flagsFound)), ("expected", numbers(outcome.flagsExpected))])),
            ("diagnostics", .array(causes + followOns)),
            ("followOns", outcome.followOns.map { .string($0.summary) } ?? .null),
        ])
    }
}
