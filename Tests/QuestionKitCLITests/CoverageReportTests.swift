import QuestionKitForms
import Testing

@testable import QuestionKitCLI

/// The coverage reports of `test`: LCOV as genhtml reads it, text, JSON, and the floor.
@Suite struct CoverageReportTests {
    /// Question 3 with one condition on line 10, question 5 with two on lines 20 and 21; two fixtures.
    static func sample() -> TemplateCoverage {
        var coverage = LogicCoverage(
            conditions: [
                .init(question: 3, condition: 1, line: 10),
                .init(question: 5, condition: 1, line: 20), .init(question: 5, condition: 2, line: 21),
            ],
            questions: [.init(question: 3, line: 10), .init(question: 5, line: 19)])
        coverage.record(truths: [true, true, false], asked: [true, true])
        coverage.record(truths: [false, false, false], asked: [false, false])
        return TemplateCoverage(path: "forms/leak.json", coverage: coverage)
    }

    @Test func lcovHasABranchRecordPerBranchAndALineRecordPerLine() {
        #expect(
            CoverageReportLCOV.text([Self.sample()]) == """
                TN:
                SF:forms/leak.json
                BRDA:10,3,0,1
                BRDA:10,3,1,1
                BRDA:10,3,2,1
                BRDA:10,3,3,1
                BRDA:19,5,0,1
                BRDA:19,5,1,1
                BRDA:20,5,2,1
                BRDA:20,5,3,1
                BRDA:21,5,4,0
                BRDA:21,5,5,2
                BRF:10
                BRH:9
                DA:10,2
                DA:19,2
                DA:20,2
                DA:21,2
                LF:4
                LH:4
                end_of_record

                """)
    }

    @Test func lcovLeavesOutTemplatesWithoutConditionsAndLineBreaksInPaths() {
        let plain = TemplateCoverage(path: "plain.json", coverage: LogicCoverage(conditions: [], questions: []))
        var odd = Self.sample()
        odd.path = "odd\nname.json"
        let text = CoverageReportLCOV.text([plain, odd])
        #expect(!text.contains("plain.json"))
        #expect(text.hasPrefix("TN:\nSF:oddname.json\n"))
        #expect(CoverageReportLCOV.text([plain]).isEmpty)
    }

    @Test func textGivesTheSummaryEachCountAndTheUncoveredBranchesAtTheirLines() {
        #expect(
            CoverageReport.text([Self.sample()]) == """
                coverage of forms/leak.json by 2 fixtures: branches 9/10 covered (90%)
                  question 3, line 10: asked 1, not asked 1
                    condition 1, line 10: true 1, false 1
                  question 5, line 19: asked 1, not asked 1
                    condition 1, line 20: true 1, false 1
                    condition 2, line 21: true 0, false 2
                  forms/leak.json:21: not covered: condition 2 of question 5 made true

                """)
    }

    @Test func jsonListsTheCountsAndTheUncoveredBranches() {
        let text = TestReportJSON.text([], coverage: [Self.sample()])
        #expect(text.contains(#""branches": {"#))
        #expect(text.contains(#""covered": 9,"#))
        #expect(text.contains(#""notAsked": 1,"#))
        #expect(text.contains(#""outcome": "true""#))
        #expect(!TestReportJSON.text([]).contains("coverage"))
    }

    @Test func percentIsRoundedDownSoThatAlmostAllIsNotAll() {
        var coverage = LogicCoverage(conditions: [], questions: (1...1000).map { .init(question: $0, line: $0) })
        coverage.record(truths: [], asked: (1...1000).map { _ in true })
        coverage.record(truths: [], asked: (1...1000).map { $0 == 1 })
        let template = TemplateCoverage(path: "t.json", coverage: coverage)
        #expect(template.coverage.summary == (covered: 1999, total: 2000))
        #expect(template.percentText == "99.9%")
    }
}
