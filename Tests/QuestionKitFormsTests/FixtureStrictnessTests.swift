import Foundation
import TestSupport
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// A fixture says exactly what it means: what it gets wrong is an error at its place, steps keep
/// their numbers, the cause comes before what follows from it, and no date is invented.
@Suite struct FixtureStrictnessTests {
    private func replay(_ json: String) throws -> (reading: [Diagnostic], result: ReplayResult) {
        let read = QuestionKitForms.Fixture.read(Array(json.utf8))
        let fixture = try #require(read.fixture)
        return (read.diagnostics, FixtureReplayer(fixture: fixture, template: try SessionFixture.template()).replay())
    }

    @Test func unknownKeysAnywhereAreErrorsWithDidYouMean() throws {
        let (reading, _) = try replay(
            #"""
            {"technican": "A", "answers": {"1": {"answer": "x", "coment": "c"}},
             "steps": [{"atach": "image"}], "expect": {"flaged": [], "refused": [{"step": 1, "cod": "x"}]}}
            """#)
        let unknown = reading.filter { $0.severity == .error && $0.message.hasPrefix("unknown key") }
        #expect(
            unknown.map(\.message) == [
                "unknown key 'technican' in the fixture", "unknown key 'coment' in an answer entry",
                "unknown key 'atach' in a step",
                "unknown key 'flaged' in 'expect'", "unknown key 'cod' in a 'refused' entry",
            ])
        #expect(
            unknown.map(\.hint) == [
                "Did you mean 'technician'?", "Did you mean 'comment'?", "Did you mean 'attach'?",
                "Did you mean 'flagged'?", "Did you mean 'code'?",
            ])
        #expect(reading.contains { $0.code == "fixture.unknown-step" && $0.message == "unknown key 'atach' in a step" })
    }

    @Test func stepsAfterAnUnknownStepKeepTheirNumbers() throws {
        let (reading, result) = try replay(
            #"{"answers": {"1": {"answer": "S-1"}}, "steps": ["fill", "nxt", "next", "next"], "#
                + #""expect": {"refused": [{"step": 4, "code": "session.unanswered"}], "outcome": "filling"}}"#)
        #expect(reading.map(\.code) == ["fixture.unknown-step"])
        #expect(reading.first?.hint?.hasPrefix("Did you mean 'next'?") == true)
        #expect(result.transcript[1] == "2. skipped: not a step (see the fixture's error)")
        #expect(result.transcript[3].hasPrefix("4. question 2: next: refused as expected"))
        #expect(result.diagnostics.isEmpty, "\(result.diagnostics)")
    }

    @Test func anExpectedCodeThatDoesNotExistIsQuotedWithTheRealOnes() throws {
        let (reading, result) = try replay(
            #"{"steps": ["next"], "expect": {"refused": [{"step": 1, "code": "session.unanswerd"}], "#
                + #""outcome": "filling"}}"#)
        let problem = try #require(reading.first)
        #expect(problem.code == "fixture.unknown-refusal-code")
        #expect(problem.message == "'session.unanswerd' is not a code the form session refuses a step with")
        #expect(problem.hint?.hasPrefix("Did you mean 'session.unanswered'? Codes: 'session.unanswered', ") == true)
        // The step is still expected to be refused: the misspelt code is the one error.
        #expect(result.diagnostics.isEmpty)
    }

    @Test func questionNumbersOutsideTheTemplateAreErrors() throws {
        let (_, result) = try replay(
            #"{"answers": {"1": {"answer": "S"}, "2": {"answer": "yes"}, "3": {"answer": "4"}, "#
                + #""30": {"answer": "x"}}, "steps": [{"edit": 9}], "expect": {"flagged": [31], "outcome": "filling"}}"#
        )
        let messages = result.diagnostics.filter { $0.code == "fixture.no-such-question" }.map(\.message)
        #expect(
            messages == [
                "there is no question 30; the template has 3", "there is no question 9; the template has 3",
                "there is no question 31; the template has 3",
            ])
    }

    @Test func theCauseComesBeforeWhatFollowsFromIt() {
        let diagnostic = { (code: String, severity: Severity) in
            Diagnostic(severity: severity, code: code, message: code)
        }
        let ordered = FixtureChecks.causeFirst([
            diagnostic("fixture.outcome-differs", .error), diagnostic("fixture.step-refused", .error),
            diagnostic("fixture.unknown-key", .warning), diagnostic("fixture.unknown-step", .error),
            diagnostic("fixture.answers-do-not-fit", .error), diagnostic("fixture.unknown-step", .error),
        ])
        #expect(
            ordered.map(\.code) == [
                "fixture.answers-do-not-fit", "fixture.unknown-step", "fixture.step-refused", "fixture.outcome-differs",
                "fixture.unknown-key",
            ])
    }

    /// Issue 25, item 13: a date not given is absent, not a text standing in for one, so that the
    /// printed form leaves a blank line to write the date on.
    @Test func withoutDatesTheFormRecordsNone() throws {
        let (_, result) = try replay(
            #"{"answers": {"1": {"answer": "S"}, "2": {"answer": "yes"}, "3": {"answer": "4"}}}"#)
        #expect(result.passed, "\(result.diagnostics)")
        #expect(result.session.phase == .submitted)
        #expect(result.session.form.completedDate == nil)
        #expect(result.session.form.submittedDate == nil)
    }

    /// The refusal codes a fixture may expect are exactly those the session's source can produce.
    @Test func theRefusalCodesAreTheSessionsOwn() throws {
        let source = try String(
            contentsOfFile: packageRoot + "/Sources/QuestionKitForms/Session/SessionRefusal.swift", encoding: .utf8)
        let pattern = try NSRegularExpression(pattern: #"code: "(session\.[a-z-]+)""#)
        let range = NSRange(source.startIndex..., in: source)
        let codes = Set(
            pattern.matches(in: source, range: range).compactMap { match in
                Range(match.range(at: 1), in: source).map { String(source[$0]) }
            })
        #expect(codes == Set(FixtureVocabulary.words(FixtureVocabulary.refusalCodes)))
    }
}
