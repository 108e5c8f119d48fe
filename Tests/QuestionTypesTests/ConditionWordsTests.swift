import QuestionKit
import Testing

@testable import QuestionKitForms

/// Issue 20: conditions in words, as the review, the text export and the PDF show them.
@Suite("Conditions in words")
struct ConditionWordsTests {
    static let text = #"""
        {"Title": "T", "questions": [
        {"linkId": "leak", "answer-type": "true/false", "question": "Any leaks at hoses, fittings or the pump shaft seal?", "answers": ["Yes", "No"]},
        {"linkId": "where", "answer-type": "multiple-choice", "question": "Where?", "answers": ["Hose", "Seal"], "max-answers": "0"},
        {"linkId": "rate", "answer-type": "short-answer", "numberInput": true, "question": "Rate"},
        {"linkId": "note", "answer-type": "short-answer", "question": "Note"},
        {"answer-type": "short-answer", "question": "A", "enableWhen": [{"question": "rate", "operator": ">=", "answer": 5}, {"question": "note", "operator": "exists", "answer": true}]},
        {"answer-type": "short-answer", "question": "B", "enableBehavior": "any", "enableWhen": [{"question": "where", "operator": "=", "answer": "Seal"}, {"question": "where", "operator": "!=", "answer": "Hose"}, {"question": "rate", "operator": "<", "answer": 2.5}]},
        {"answer-type": "short-answer", "question": "C", "enableWhen": [{"question": "leak", "operator": "!=", "answer": false}, {"question": "note", "operator": "=", "answer": "x"}]}
        ]}
        """#

    @Test func eachOperatorReadsAsASentence() throws {
        let template = try TemplateLogicTests.template(Self.text)
        #expect(ConditionWords.askedWhen(0, in: template) == nil)
        #expect(ConditionWords.askedWhen(4, in: template) == "Asked when 'Rate' is at least 5 and 'Note' is answered")
        #expect(
            ConditionWords.askedWhen(5, in: template)
                == "Asked when Seal is among the answers to 'Where?' or Hose is not among the answers to 'Where?' "
                + "or 'Rate' is less than 2.5")
        #expect(
            ConditionWords.askedWhen(6, in: template)
                == "Asked when 'Any leaks at hoses…?' is not No and 'Note' is \"x\"")
    }

    @Test func theReasonSaysWhatTheReferredQuestionHolds() throws {
        let template = try TemplateLogicTests.template(Self.text)
        var form = FilledForm(template: template)
        #expect(ConditionWords.notAsked(4, in: form) == "Not asked: 'Rate' is not answered")
        form.entries[2].answer = try TemplateLogicTests.answers(template, [3: #""3""#])[2]
        form.evaluateConditions()
        #expect(!form.isAsked(4))
        #expect(ConditionWords.notAsked(4, in: form) == "Not asked: 'Rate' is 3")
    }
}

/// Issue 20: the review (text and JSON) shows each condition under its question, and a question
/// not asked as such, with the reason; a template without logic reviews as before.
@Suite("Review of a template with logic")
struct ReviewLogicTests {
    @Test func theReviewShowsConditionsAndWhyAQuestionWasNotAsked() throws {
        let review = Review(form: try CompletedFormNotAskedTests.noLeakForm())
        #expect(review.rows[0].logic == ReviewRow.Logic(askedWhen: nil, notAsked: nil))
        #expect(review.rows[2].logic?.askedWhen == "Asked when 'Any leaks at hoses…?' is Yes")
        #expect(review.rows[2].logic?.notAsked == "Not asked: 'Any leaks at hoses…?' is No")
        #expect(review.rows[2].answerSummary == "(not asked)")
        let json = JSONWriter.text(of: ReviewPrinter.json(review))
        #expect(json.contains(#""notAsked": "Not asked: 'Any leaks at hoses…?' is No""#))
        #expect(json.contains(#""askedWhen": null"#))
        let text = ReviewPrinter.text(review)
        #expect(text.contains("Asked when 'Any leaks at"))
        #expect(TextExport.render(review).contains("Not asked: 'Any leaks at hoses…?' is No"))
    }

    @Test func aTemplateWithoutLogicReviewsAsBefore() throws {
        let template = try TemplateLogicTests.template(
            #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "Q", "answers": ["Yes", "No"]}]}"#)
        let review = Review(form: FilledForm(template: template))
        #expect(review.rows[0].logic == nil)
        #expect(!JSONWriter.text(of: ReviewPrinter.json(review)).contains("askedWhen"))
    }
}
