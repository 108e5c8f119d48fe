import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Form session: filling")
struct SessionFillingTests {
    @Test func aNewSessionShowsTheFirstQuestionEmpty() throws {
        let session = try SessionFixture.session()
        #expect(session.phase == .filling)
        #expect(session.current == 0)
        #expect(session.currentQuestion?.text == "Serial number?")
        #expect(session.draft.answer == nil && session.draft.comment.isEmpty && session.draft.media.isEmpty)
        #expect(session.form.entries.count == 3)
        #expect(session.form.technician == "ana")
        #expect(session.form.completedDate == nil)
        #expect(session.unansweredQuestions == [1, 2, 3])
    }

    @Test func nextSavesAnAnswerAndShowsTheNextQuestion() throws {
        var session = try SessionFixture.session()
        #expect(try session.answer(#""SN-1""#).set)
        #expect(session.savedAnswer(1) == nil, "not saved before Next")
        try session.next()
        #expect(session.current == 1)
        #expect(session.savedAnswer(1) == #""SN-1""#)
        #expect(session.draft.answer == nil)
        #expect(session.unansweredQuestions == [2, 3])
    }

    @Test func aCommentAloneLetsNextMoveOn() throws {
        var session = try SessionFixture.session()
        try session.setComment("plate missing")
        try session.next()
        #expect(session.current == 1)
        #expect(session.form.entries[0].comment == "plate missing")
        #expect(session.form.entries[0].answer == nil)
        #expect(session.unansweredQuestions == [2, 3])
    }

    @Test(arguments: ["", "   ", "\n\t"])
    func aBlankCommentDoesNotCount(comment: String) throws {
        var session = try SessionFixture.session()
        try session.setComment(comment)
        #expect(throws: SessionRefusal.unanswered(1, before: "Next")) { try session.next() }
        #expect(session.current == 0)
    }

    @Test func answeredIsTheTypesCall() throws {
        var session = try SessionFixture.session()
        #expect(try session.answer(#""  ""#).set, "blank text reads as an answer")
        let refusal = #expect(throws: SessionRefusal.self) { try session.next() }
        #expect(refusal?.code == "session.unanswered")
        #expect(refusal?.question == 1)
        #expect(refusal?.message == "question 1 needs an answer or a comment before Next")
        #expect(refusal?.hint == "Answer it, or say in a comment why it has no answer.")
        try session.setComment("unreadable plate")
        try session.next()
        #expect(session.current == 1)
        #expect(session.savedAnswer(1) == #""  ""#, "the blank answer is saved along with the comment")
    }

    @Test func backDoesNotSaveAndShowsThePreviousQuestionAsSaved() throws {
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.next()
        try session.answer("true")
        try session.setComment("seen")
        try session.attach(.image)
        try session.back()
        #expect(session.phase == .filling)
        #expect(session.current == 0)
        #expect(session.draftAnswer == #""SN-1""#)
        #expect(session.form.entries[1].answer == nil)
        #expect(session.form.entries[1].comment.isEmpty)
        #expect(session.form.entries[1].media.isEmpty)
    }

    @Test func backOnTheSecondQuestionDiscardsAndTheSavedEntryStays() throws {
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.next()
        try session.answer(#""no""#)
        try session.next()
        try session.back()  // to question 2, as saved
        #expect(session.current == 1)
        #expect(session.draftAnswer == #"["no"]"#)
        try session.answer(#""yes""#)
        try session.back()  // the change to question 2 is discarded
        #expect(session.current == 0)
        #expect(session.savedAnswer(2) == #"["no"]"#)
        try session.next()
        #expect(session.draftAnswer == #"["no"]"#)
    }

    @Test func exitSavesWithoutTheCheckAndResumeContinuesThere() throws {
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.next()
        try session.setComment("  ")
        try session.attach(.voice)
        try session.exit()
        #expect(session.phase == .exited)
        #expect(session.current == 1)
        #expect(session.form.entries[1].comment == "  ")
        #expect(session.form.entries[1].media.map(\.name) == ["Qid1"])
        #expect(session.unansweredQuestions == [2, 3])
        try session.resume()
        #expect(session.phase == .filling)
        #expect(session.current == 1)
        #expect(session.draft.comment == "  ")
        #expect(session.draft.media.map(\.name) == ["Qid1"])
    }

    @Test func anAnswerClearedAndSavedByExitIsUnansweredAgain() throws {
        // Next marks the entry it checked; Exit saves unchecked, so the mark must not outlive it.
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.next()
        try session.back()
        try session.setAnswer(nil)
        try session.exit()
        #expect(session.form.entries[0].answer == nil)
        #expect(session.unansweredQuestions == [1, 2, 3])
    }

    @Test func nextOnTheLastQuestionIsFinishAndOpensTheReview() throws {
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.next()
        try session.answer(#""yes""#)
        try session.next()
        #expect(throws: SessionRefusal.unanswered(3, before: "Finish")) { try session.next() }
        try session.answer("4")
        try session.next()
        #expect(session.phase == .review)
        #expect(session.savedAnswer(3) == #""4""#)
        #expect(session.unansweredQuestions.isEmpty)
    }

    @Test func finishOnTheLastQuestionIsNext() throws {
        var session = try SessionFixture.session()
        try session.setComment("a")
        try session.next()
        try session.setComment("b")
        try session.next()
        #expect(throws: SessionRefusal.unanswered(3, before: "Finish")) { try session.finish() }
        try session.answer("0")
        try session.finish()
        #expect(session.phase == .review)
        #expect(session.savedAnswer(3) == #""0""#)
    }

    @Test func aFormWithoutQuestionsGoesStraightToTheReview() throws {
        var session = try SessionFixture.session([])
        #expect(session.currentQuestion == nil)
        let refusal = #expect(throws: SessionRefusal.self) { try session.setComment("x") }
        #expect(refusal?.code == "session.no-such-question")
        #expect(refusal?.question == nil)
        #expect(refusal?.message == "cannot comment: the form has no questions")
        #expect(refusal?.hint == "Finish opens the review of an empty form.")
        #expect(throws: SessionRefusal.noQuestions("go Back")) { try session.back() }
        try session.finish()
        #expect(session.phase == .review)
        try session.complete(date: "Nov 22, 2026")
        #expect(session.phase == .completed)
    }
}
