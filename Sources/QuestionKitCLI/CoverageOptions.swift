/// What `test` was asked about coverage: `--coverage` (a report with the fixtures' report),
/// `--coverage-file` (an LCOV file) and `--coverage-min` (a floor that sets the exit status).
struct CoverageOptions {
    /// Whether the report shows the coverage (`--coverage`).
    var isReported: Bool
    /// Where the LCOV file goes (`--coverage-file`); `-` is standard output.
    var file: String?
    /// The least share of each template's branches that must be covered, in tenths of a percent,
    /// and as it was given.
    var minimum: (permille: Int, text: String)?

    /// Whether coverage is counted at all.
    var isWanted: Bool { isReported || file != nil || minimum != nil }

    init(_ arguments: ParsedArguments, format: String) throws(UsageError) {
        isReported = arguments.flags.contains("coverage")
        file = arguments.values["coverage-file"]
        if isReported, format == "junit" {
            throw UsageError(
                "--coverage reports with --format text or json; for JUnit, write LCOV with --coverage-file")
        }
        if let text = arguments.values["coverage-min"] {
            guard let percent = Double(text), percent >= 0, percent <= 100 else {
                throw UsageError("--coverage-min takes a percentage from 0 to 100, not '\(text)'")
            }
            minimum = (Int((percent * 10).rounded(.up)), text)
        }
    }

    /// Writes the LCOV file and checks the floor, reporting to standard error; false when the
    /// file could not be written or a template is below the floor.
    func finish(_ templates: [TemplateCoverage], context: inout CommandContext) -> Bool {
        var isFine = true
        if let file {
            do {
                try context.writeOutput(Array(CoverageReportLCOV.text(templates).utf8), to: file)
            } catch {
                context.printError("\(context.toolName) test: error: \(error)")
                isFine = false
            }
        }
        if let minimum {
            for template in templates where template.permille < minimum.permille {
                let (covered, total) = template.coverage.summary
                context.printError(
                    "\(context.toolName) test: error: \(template.path): branches \(covered)/\(total) covered "
                        + "(\(template.percentText)), below --coverage-min \(minimum.text)")
                isFine = false
            }
        }
        return isFine
    }
}
