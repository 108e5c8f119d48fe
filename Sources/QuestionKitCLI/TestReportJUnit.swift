import QuestionKit
import QuestionKitFiles
import QuestionKitForms

/// `test --format junit`: JUnit XML as GitHub Actions, GitLab and Jenkins read it. One
/// `testsuite` named after the command; one `testcase` per fixture (its `classname` the folder,
/// its `name` the file, its `file` the path, its `line` the cause's when the cause is located in the
/// fixture, `time` in seconds); a failing fixture has one
/// `failure` whose `message` is the cause at its line and column and whose text lists every
/// problem but the replay's follow-ons, which it sums up in one line; warnings go to `system-out`.
enum TestReportJUnit {
    static func text(_ outcomes: [FixtureOutcome]) -> String {
        let failed = outcomes.count { !$0.passed }
        let total = outcomes.reduce(0) { $0 + $1.duration }
        var lines = [
            #"<?xml version="1.0" encoding="UTF-8"?>"#,
            "<testsuites name=\"questionkit test\" tests=\"\(outcomes.count)\" failures=\"\(failed)\" "
                + "errors=\"0\" time=\"\(seconds(total))\">",
            "  <testsuite name=\"fixtures\" tests=\"\(outcomes.count)\" failures=\"\(failed)\" errors=\"0\" "
                + "skipped=\"0\" time=\"\(seconds(total))\">",
        ]
        for outcome in outcomes { lines += testCase(outcome) }
        lines += ["  </testsuite>", "</testsuites>"]
        return lines.joined(separator: "\n") + "\n"
    }

    private static func testCase(_ outcome: FixtureOutcome) -> [String] {
        // `line` where the cause is located in the fixture itself (the file `file` names).
        let line = outcome.cause.flatMap { $0.path == outcome.path ? $0.diagnostic.position?.line : nil }
        let attributes =
            "classname=\"\(escape(PathText.parent(of: outcome.path)))\" "
            + "name=\"\(escape(PathText.lastComponent(of: outcome.path)))\" file=\"\(escape(outcome.path))\" "
            + (line.map { "line=\"\($0)\" " } ?? "") + "time=\"\(seconds(outcome.duration))\""
        let listed =
            outcome.reports.flatMap { report in
                report.diagnostics.map { diagnostic in
                    TestReport.line(diagnostic, in: report.path) + (diagnostic.hint.map { "\n  hint: \($0)" } ?? "")
                }
            } + (outcome.followOns.map { [$0.summary] } ?? [])
        guard !listed.isEmpty else { return ["    <testcase \(attributes)/>"] }
        var lines = ["    <testcase \(attributes)>"]
        if let cause = outcome.cause {
            let message = TestReport.describe(cause.diagnostic, in: cause.path)
            lines.append(
                "      <failure message=\"\(escape(message))\" type=\"\(escape(cause.diagnostic.code))\">"
                    + escape(listed.joined(separator: "\n"), attribute: false) + "</failure>")
        } else {
            let text = escape(listed.joined(separator: "\n"), attribute: false)
            lines.append("      <system-out>" + text + "</system-out>")
        }
        lines.append("    </testcase>")
        return lines
    }

    private static func seconds(_ value: Double) -> String {
        let millis = Int((value * 1000).rounded())
        let fraction = String(millis % 1000)
        return "\(millis / 1000)." + String(repeating: "0", count: 3 - fraction.count) + fraction
    }

    /// `text` as XML 1.0 attribute or element text: markup characters as entities, characters XML
    /// cannot hold at all (most control characters) as `\uXXXX`, line breaks in attributes as `&#10;`
    /// (kept in element text).
    static func escape(_ text: String, attribute: Bool = true) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&apos;"
            case "\n": result += attribute ? "&#10;" : "\n"
            case "\t": result += "&#9;"
            case "\r": result += "&#13;"
            default:
                let allowed = scalar.value >= 0x20 && !(0xFFFE...0xFFFF).contains(scalar.value)
                result += allowed ? String(scalar) : TerminalText.shown(scalar)
            }
        }
        return result
    }
}
