import QuestionKit
import QuestionKitForms

/// `test --coverage --format json`: the `coverage` member of the envelope, one object per template
/// (`template`, `fixtures`, `branches` {covered, total}, `questions` each with `question`, `line`,
/// `asked`, `notAsked` and its `conditions` each with `condition`, `line`, `true`, `false`; and
/// `uncovered`, the branches no fixture reached, each with `question`, `condition` (null for a
/// question's), `line` and `outcome`: "true", "false", "asked" or "notAsked").
enum CoverageReportJSON {
    static func value(_ templates: [TemplateCoverage]) -> JSONWriter.Value {
        .array(templates.map(object))
    }

    private static func object(_ template: TemplateCoverage) -> JSONWriter.Value {
        let coverage = template.coverage
        let (covered, total) = coverage.summary
        let questions = coverage.byQuestion.map { question, conditions -> JSONWriter.Value in
            .object([
                ("question", .integer(question.question)), ("line", .integer(question.line)),
                ("asked", .integer(question.asked)), ("notAsked", .integer(question.notAsked)),
                (
                    "conditions",
                    .array(
                        conditions.map {
                            .object([
                                ("condition", .integer($0.condition)), ("line", .integer($0.line)),
                                ("true", .integer($0.madeTrue)), ("false", .integer($0.madeFalse)),
                            ])
                        })
                ),
            ])
        }
        let uncovered = coverage.branches.filter { !$0.isCovered }.map { branch -> JSONWriter.Value in
            .object([
                ("question", .integer(branch.question)), ("condition", branch.condition.map { .integer($0) } ?? .null),
                ("line", .integer(branch.line)), ("outcome", .string(branch.outcome.rawValue)),
            ])
        }
        return .object([
            ("template", .string(template.path)), ("fixtures", .integer(coverage.fixtures)),
            ("branches", .object([("covered", .integer(covered)), ("total", .integer(total))])),
            ("questions", .array(questions)), ("uncovered", .array(uncovered)),
        ])
    }
}
