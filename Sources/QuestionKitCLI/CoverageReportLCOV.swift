import QuestionKitForms

/// `test --coverage-file F`: the coverage as an LCOV tracefile, the format of `lcov`'s `geninfo`
/// that `genhtml` turns into a report and CI services read. One record per template with
/// conditions, its source the template (`SF`, the path as the fixtures named it): a branch record
/// (`BRDA:line,block,branch,taken`) per branch, at its line, with the fixtures that reached it;
/// the block is the question's number, its branches numbered asked 0, not asked 1, then each
/// condition's true and false (condition k: 2k, 2k + 1). Line records (`DA`) for the lines with
/// branches, each run by every fixture (every condition is evaluated on each fixture's answers),
/// give `genhtml` lines to show the branches on. A template without conditions has no record.
enum CoverageReportLCOV {
    static func text(_ templates: [TemplateCoverage]) -> String {
        var text = ""
        for template in templates where !template.coverage.isEmpty {
            let coverage = template.coverage
            // LCOV is line-based: a path with a line break would end the record early.
            text += "TN:\nSF:\(template.path.filter { !$0.isNewline })\n"
            var covered = 0
            let branches = coverage.branches
            for branch in branches {
                let number =
                    branch.condition.map { 2 * $0 + (branch.outcome == .madeTrue ? 0 : 1) }
                    ?? (branch.outcome == .asked ? 0 : 1)
                text += "BRDA:\(branch.line),\(branch.question),\(number),\(branch.fixtures)\n"
                if branch.isCovered { covered += 1 }
            }
            text += "BRF:\(branches.count)\nBRH:\(covered)\n"
            var lines = Set(coverage.questions.map(\.line))
            lines.formUnion(coverage.conditions.map(\.line))
            for line in lines.sorted() { text += "DA:\(line),\(coverage.fixtures)\n" }
            text += "LF:\(lines.count)\nLH:\(coverage.fixtures > 0 ? lines.count : 0)\nend_of_record\n"
        }
        return text
    }
}
