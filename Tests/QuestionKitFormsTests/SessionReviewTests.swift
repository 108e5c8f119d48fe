import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Form session: review, completion and the foreman")
struct SessionReviewTests {
    @Test func editingFromTheReviewThenBackDiscardsTheEdit() throws {
        var session = try SessionFixture.reviewed()
        try session.edit(question: 2)
        #expect(session.phase == .editing(from: .technician))
        #expect(session.current == 1)
        #expect(session.draftAnswer == #"["yes"]"#)
        try session.answer(#""no""#)
        try session.setComment("stuck open")
        try session.attach(.image)
        try session.back()
        #expect(session.phase == .review)
        #expect(session.savedAnswer(2) == #"["yes"]"#)
        #expect(session.form.entries[1].comment.isEmpty)
        #expect(session.form.entries[1].media.isEmpty)
        #expect(session.draft.media.isEmpty, "the draft is the saved entry again")
    }

    @Test func editingFromTheReviewThenFinishSavesTheEdit() throws {
        var session = try SessionFixture.reviewed()
        try session.edit(question: 2)
        try session.answer(#""no""#)
        try session.setComment("stuck open")
        try session.finish()
        #expect(session.phase == .review)
        #expect(session.savedAnswer(2) == #"["no"]"#)
        #expect(session.form.entries[1].comment == "stuck open")
        #expect(session.form.flags().map(\.question.number) == [2])
    }

    @Test func finishingAnEditNeedsAnAnswerOrAComment() throws {
        var session = try SessionFixture.reviewed()
        try session.edit(question: 1)
        try session.answer(#""""#)
        let before = session.snapshot
        #expect(throws: SessionRefusal.unanswered(1, before: "Finish")) { try session.finish() }
        #expect(session.snapshot == before)
        try session.setComment("plate gone")
        try session.finish()
        #expect(session.savedAnswer(1) == #""""#)
        #expect(session.form.entries[0].comment == "plate gone")
    }

    @Test func completeRecordsTheTechnicianAndTheDate() throws {
        var session = try SessionFixture.reviewed()
        try session.complete(date: "Nov 22, 2026")
        #expect(session.phase == .completed)
        #expect(session.form.technician == "ana")
        #expect(session.form.completedDate == "Nov 22, 2026")
        #expect(session.form.submittedDate == nil)
    }

    // Every Next checks, and resuming starts at the first open question, so no step reaches the
    // review with an open question; the check in complete is a safeguard, reached here directly.
    @Test func completeIsRefusedWhileAQuestionIsNeitherAnsweredNorCommented() throws {
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.next()
        session.enter(.review)
        let before = session.snapshot
        let refusal = #expect(throws: SessionRefusal.self) { try session.complete(date: "Nov 22, 2026") }
        #expect(refusal?.code == "session.unanswered")
        #expect(refusal?.question == 2)
        #expect(
            refusal?.message
                == "the form cannot be completed: question 2 is neither answered nor commented (unanswered: 2, 3)")
        #expect(refusal?.hint == "Edit question 2 from the review and answer or comment it.")
        #expect(session.snapshot == before)
        try session.edit(question: 2)
        try session.setComment("n/a")
        try session.finish()
        let last = #expect(throws: SessionRefusal.self) { try session.complete(date: "Nov 22, 2026") }
        #expect(last?.message == "the form cannot be completed: question 3 is neither answered nor commented")
        try session.edit(question: 3)
        try session.answer("5")
        try session.finish()
        try session.complete(date: "Nov 22, 2026")
        #expect(session.phase == .completed)
    }

    @Test func theForemanReviewsEditsCommentsAndSubmits() throws {
        var session = try SessionFixture.reviewed()
        try session.complete(date: "Nov 22, 2026")
        try session.beginForemanReview(foreman: "ben")
        #expect(session.phase == .foremanReview)
        #expect(session.form.foreman == "ben")
        try session.edit(question: 3)
        #expect(session.phase == .editing(from: .foreman))
        try session.answer("2")
        try session.back()
        #expect(session.phase == .foremanReview)
        #expect(session.savedAnswer(3) == #""4""#)
        try session.edit(question: 3)
        try session.answer("2")
        try session.finish()
        #expect(session.phase == .foremanReview)
        #expect(session.savedAnswer(3) == #""2""#)
        try session.setForemanComment("check the seal")
        try session.setForemanComment("seal replaced")
        #expect(session.form.foremanComment == "seal replaced")
        try session.submit(date: "Nov 23, 2026")
        #expect(session.phase == .submitted)
        #expect(session.form.submittedDate == "Nov 23, 2026")
        #expect(session.form.completedDate == "Nov 22, 2026")
        #expect(session.form.technician == "ana")
    }

    @Test func aSubmittedFormChangesNoMore() throws {
        var session = try SessionFixture.reviewed()
        try session.complete(date: "Nov 22, 2026")
        try session.beginForemanReview(foreman: "ben")
        try session.submit(date: "Nov 23, 2026")
        let before = session.snapshot
        #expect(throws: SessionRefusal.self) { try session.edit(question: 1) }
        #expect(throws: SessionRefusal.self) { try session.setForemanComment("late") }
        #expect(throws: SessionRefusal.self) { try session.submit(date: "Nov 24, 2026") }
        #expect(throws: SessionRefusal.self) { try session.setComment("late") }
        #expect(session.snapshot == before)
    }
}

@Suite("Form session: resuming a saved form")
struct SessionResumingTests {
    @Test func resumesAtTheFirstQuestionNeitherAnsweredNorCommented() throws {
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.next()
        try session.setComment("later")
        try session.next()
        try session.back()
        try session.back()
        try session.exit()  // at question 1
        let resumed = FormSession(resuming: session.form)
        #expect(resumed.phase == .filling)
        #expect(resumed.current == 2)
        #expect(resumed.form.technician == "ana")
        #expect(resumed.form.entries[1].comment == "later")
    }

    @Test func aFullyAnsweredFormResumesAtTheLastQuestion() throws {
        let session = try SessionFixture.reviewed()
        let resumed = FormSession(resuming: session.form)
        #expect(resumed.phase == .filling)
        #expect(resumed.current == 2)
        #expect(resumed.draftAnswer == #""4""#)
    }

    @Test func completedAndSubmittedFormsResumeInTheirPhase() throws {
        var session = try SessionFixture.reviewed()
        try session.complete(date: "Nov 22, 2026")
        #expect(FormSession(resuming: session.form).phase == .completed)
        try session.beginForemanReview(foreman: "ben")
        try session.submit(date: "Nov 23, 2026")
        #expect(FormSession(resuming: session.form).phase == .submitted)
    }

    @Test func entriesThatDoNotMatchTheQuestionsAreMadeToMatch() throws {
        var form = FilledForm(template: try SessionFixture.template())
        form.entries = [QuestionEntry(comment: "only one")]
        let short = FormSession(resuming: form)
        #expect(short.form.entries.count == 3)
        #expect(short.current == 1)
        form.entries = Array(repeating: QuestionEntry(comment: "c"), count: 5)
        let long = FormSession(resuming: form)
        #expect(long.form.entries.count == 3)
        #expect(long.current == 2)
    }
}
