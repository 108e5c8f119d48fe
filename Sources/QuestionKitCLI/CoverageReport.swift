import QuestionKit
import QuestionKitForms

/// The coverage of one template's logic by the fixtures that `test` replayed with it.
struct TemplateCoverage: Sendable {
    /// The template's path, as the fixtures named it.
    var path: String
    /// Its conditions and questions, and what the fixtures made of them.
    var coverage: LogicCoverage

    /// The share of branches covered, in tenths of a percent, rounded down (so that 99.96% never
    /// reads as 100%).
    var permille: Int {
        let (covered, total) = coverage.summary
        return total == 0 ? 1000 : covered * 1000 / total
    }

    /// `91.6%`, `100%`.
    var percentText: String {
        permille % 10 == 0 ? "\(permille / 10)%" : "\(permille / 10).\(permille % 10)%"
    }
}

/// What `test --coverage` prints for people, after the fixtures' lines: per template, the branches
/// covered, each question with conditions (asked, not asked) and each of its conditions (made true,
/// made false) with its line, then the branches no fixture reached, one a line, located as
/// compilers locate a problem (`path:line: …`) so that an editor opens the line.
enum CoverageReport {
    static func text(_ templates: [TemplateCoverage]) -> String {
        var lines: [String] = []
        for template in templates {
            let coverage = template.coverage
            let fixtures = coverage.fixtures == 1 ? "1 fixture" : "\(coverage.fixtures) fixtures"
            let head = "coverage of \(TerminalText.escaped(template.path)) by \(fixtures): "
            guard !coverage.isEmpty else {
                lines.append(head + "no conditions")
                continue
            }
            let (covered, total) = coverage.summary
            lines.append(head + "branches \(covered)/\(total) covered (\(template.percentText))")
            for (question, conditions) in coverage.byQuestion {
                lines.append(
                    "  question \(question.question), line \(question.line): "
                        + "asked \(question.asked), not asked \(question.notAsked)")
                for condition in conditions {
                    lines.append(
                        "    condition \(condition.condition), line \(condition.line): "
                            + "true \(condition.madeTrue), false \(condition.madeFalse)")
                }
            }
            for branch in coverage.branches where !branch.isCovered {
                lines.append(
                    "  \(TerminalText.escaped(template.path)):\(branch.line): not covered: \(branch.description)")
            }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }
}
