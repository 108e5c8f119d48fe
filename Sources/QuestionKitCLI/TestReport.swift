import QuestionKit
import QuestionKitForms

/// What `test` prints for people: a line per fixture, `PASS` or `FAIL` with the cause first and
/// where it is, then every further problem (warnings included) indented below, then one line for
/// the replay's follow-ons ("and 17 later steps refused because question 3 was never answered"),
/// then the count.
enum TestReport {
    /// The report; `PASS`, `FAIL` and severities coloured when `style` is. What comes from files
    /// (paths, messages) is shown escaped (see `TerminalText`), the colours are not.
    static func text(_ outcomes: [FixtureOutcome], style: TerminalStyle = .plain) -> String {
        var lines: [String] = []
        for outcome in outcomes {
            let listed = outcome.reports.flatMap { report in report.diagnostics.map { (report.path, $0) } }
            if let cause = outcome.cause {
                let more = listed.count(where: { $0.1.severity == .error }) - 1
                lines.append(
                    style.paint("FAIL", .red) + " "
                        + TerminalText.escaped(
                            "\(outcome.path): \(describe(cause.diagnostic, in: cause.path))"
                                + (more > 0 ? " (and \(more) more)" : "")))
            } else {
                lines.append(style.paint("PASS", .green) + " " + TerminalText.escaped(outcome.path))
            }
            for (path, diagnostic) in listed where diagnostic != outcome.cause?.diagnostic {
                lines.append("  " + line(diagnostic, in: path, style: style, shown: TerminalText.escaped))
            }
            if let followOns = outcome.followOns { lines.append("  " + TerminalText.escaped(followOns.summary)) }
        }
        let failed = outcomes.count { !$0.passed }
        lines.append("\(outcomes.count - failed) passed, \(failed) failed")
        return lines.joined(separator: "\n") + "\n"
    }

    /// `message [code] at path:line:column`.
    static func describe(_ diagnostic: Diagnostic, in path: String) -> String {
        "\(diagnostic.message) [\(diagnostic.code)] at \(location(diagnostic, in: path))"
    }

    /// `path:line:column: severity: message [code]`, as compilers print a problem.
    /// `shown` turns what comes from files into what is printed (escaping it for a terminal); the
    /// severity is coloured when `style` is.
    static func line(
        _ diagnostic: Diagnostic, in path: String, style: TerminalStyle = .plain, shown: (String) -> String = { $0 }
    ) -> String {
        "\(shown(location(diagnostic, in: path))): \(style.severity(diagnostic.severity)): "
            + shown("\(diagnostic.message) [\(diagnostic.code)]")
    }

    /// `path:line:column`, or the path alone for a problem of the whole file.
    static func location(_ diagnostic: Diagnostic, in path: String) -> String {
        diagnostic.position.map { "\(path):\($0.line):\($0.column)" } ?? path
    }
}
