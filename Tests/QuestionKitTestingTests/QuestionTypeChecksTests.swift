import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitTesting
import Testing

@Suite struct QuestionTypeChecksTests {
    @Test func typesThatHoldHaveNoFailures() {
        let type = CheckedTestQuestion(answerExamples: [
            .valid("Text", question: CheckedTestQuestion.question, answer: #""ok""#),
            .valid(
                "Bad is flagged", question: CheckedTestQuestion.question, answer: #""bad""#,
                flags: [CheckedTestQuestion.Code.bad]),
        ])
        let checks = QuestionTypeChecks([type])
        #expect(checks.failures() == [])
        #expect(
            checks.checks.map(\.name) == [
                "registration of 1 types", "checked: Plain", "checked: answer 'Text'",
                "checked: answer 'Bad is flagged'",
            ])
    }

    @Test func aFailingExampleSaysWhichTypeWhichExampleWhereAndWhy() {
        let wrong = QuestionExample.invalid(
            "Wrong pointer", #"{"answer-type": "checked", "question": "Q?", "extra": 1}"#,
            .warning(QuestionCode.unknownKey, at: "/other"))
        let failures = QuestionTypeChecks([
            CheckedTestQuestion(examples: [.valid("Plain", CheckedTestQuestion.question), wrong])
        ])
        .failures()
        #expect(
            failures == [
                QuestionTypeFailure(
                    check: .example, type: "CheckedTestQuestion ('checked')", example: "Wrong pointer",
                    location: "/other",
                    reason: "expected warning question.unknown-key at '/other', not produced", source: wrong.source),
                QuestionTypeFailure(
                    check: .example, type: "CheckedTestQuestion ('checked')", example: "Wrong pointer",
                    location: "/extra",
                    reason:
                        "unexpected warning question.unknown-key at '/extra': unknown key 'extra' in a checked question",
                    source: wrong.source),
            ])
        #expect(
            failures.first?.description
                == "CheckedTestQuestion ('checked'): example 'Wrong pointer': expected warning question.unknown-key at "
                + "'/other', not produced")
    }

    @Test func anExampleOfAnotherTypeIsAFailure() {
        let other = QuestionExample.valid("Not mine", #"{"answer-type": "short-answer", "question": "Q?"}"#)
        let failures = QuestionTypeChecks([CheckedTestQuestion(examples: [other])]).failures()
        #expect(failures.map(\.reason).contains("is not read as this type; its 'answer-type' must be 'checked'"))
    }

    @Test func aFailingAnswerExampleIsNamed() {
        let type = CheckedTestQuestion(answerExamples: [
            .valid("Bad but not said", question: CheckedTestQuestion.question, answer: #""bad""#)
        ])
        #expect(
            QuestionTypeChecks([type]).failures().map(\.description) == [
                "CheckedTestQuestion ('checked'): answer example 'Bad but not said': flags [\"checked.bad\"], expected []"
            ])
    }

    @Test func registrationProblemsAreFailuresAndClashesStopTheExamples() {
        let failures = QuestionTypeChecks([CheckedTestQuestion(), CheckedTestQuestion(summary: " ")]).failures()
        #expect(
            failures.map(\.description) == [
                "CheckedTestQuestion ('checked'): 'checked' is already the identifier or alias of CheckedTestQuestion ('checked')"
            ])
        #expect(failures.allSatisfy { $0.check == .registration })
        #expect(QuestionTypeChecks([]).failures().map(\.reason) == ["no types to check"])
    }

    @Test func expectPassRecordsOneIssuePerFailure() {
        let wrong = QuestionExample.invalid(
            "Never rejected", CheckedTestQuestion.question, .error(CheckedTestQuestion.Code.x, at: ""))
        let checks = QuestionTypeChecks([
            CheckedTestQuestion(examples: [.valid("Plain", CheckedTestQuestion.question), wrong])
        ])
        withKnownIssue {
            checks.expectPass()
        } matching: { issue in
            // Recorded at the failing example's own line, not at `expectPass()`.
            issue.comments.map(\.rawValue) == [
                "CheckedTestQuestion ('checked'): example 'Never rejected': expected error checked.x at '', not produced"
            ] && issue.sourceLocation?.line == Int(wrong.source.line)
                && issue.sourceLocation?.fileName == "QuestionTypeChecksTests.swift"
        }
    }
}
