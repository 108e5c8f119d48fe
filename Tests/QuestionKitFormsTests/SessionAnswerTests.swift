import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Form session: answers and media")
struct SessionAnswerTests {
    @Test func anUnreadableValueReportsLocatedProblemsAndKeepsTheDraft() throws {
        var session = try SessionFixture.session()
        try session.answer(#""SN-1""#)
        try session.next()
        try session.answer(#""yes""#)
        let (set, diagnostics) = try session.answer(#"["maybe"]"#)
        #expect(!set)
        #expect(diagnostics.seen == [Seen(.error, "yes-no.not-yes-or-no", "/0", 1, 2)])
        #expect(diagnostics.first?.message == "the answer must be yes or no, not 'maybe'")
        #expect(session.draftAnswer == #"["yes"]"#)
    }

    @Test func setAnswerTakesTheQuestionsOwnAnswerAndNilClearsIt() throws {
        var session = try SessionFixture.session()
        try session.setAnswer(QuestionAnswer("SN-9"))
        #expect(session.draftAnswer == #""SN-9""#)
        try session.setAnswer(nil)
        #expect(session.draft.answer == nil)
    }

    @Test func setAnswerRefusesAnAnswerOfAnotherType() throws {
        var session = try SessionFixture.session()
        let before = session.snapshot
        let refusal = #expect(throws: SessionRefusal.self) { try session.setAnswer(QuestionAnswer(true)) }
        #expect(refusal?.code == "session.foreign-answer")
        #expect(refusal?.question == 1)
        #expect(refusal?.message == "the answer is not a text answer, so question 1 cannot take it")
        #expect(session.snapshot == before)
    }

    @Test func flagsComeFromTheSavedAnswers() throws {
        var session = try SessionFixture.session()
        try session.setComment("c")
        try session.next()
        try session.answer(#""no""#)
        #expect(session.form.flags().isEmpty, "the draft is not saved yet")
        try session.next()
        #expect(session.form.flags().map(\.question.number) == [2])
        #expect(session.form.flags().first?.flags.map(\.code) == ["yes-no.differs"])
    }

    @Test func mediaShareOneCounterPerQuestionAcrossKinds() throws {
        var session = try SessionFixture.session()
        let names = try [MediaAttachment.Kind.image, .video, .voice, .image].map { kind in
            try session.attach(kind)
        }
        #expect(names.map(\.name) == ["Qid0", "Qid0(2)", "Qid0(3)", "Qid0(4)"])
        #expect(names.map(\.fileName) == ["Qid0.jpg", "Qid0(2).mov", "Qid0(3).m4a", "Qid0(4).jpg"])
        #expect(session.draft.media == names)
        try session.setComment("photos")
        try session.next()
        #expect(session.form.entries[0].media == names)
        #expect(try session.attach(.video).name == "Qid1")
    }

    @Test func theCounterCountsSavedAndDraftMedia() throws {
        var session = try SessionFixture.session()
        try session.attach(.image)
        try session.setComment("c")
        try session.next()
        try session.back()
        #expect(try session.attach(.voice).name == "Qid0(2)")
        #expect(throws: SessionRefusal.firstQuestion(1)) { try session.back() }
        #expect(session.draft.media.map(\.name) == ["Qid0", "Qid0(2)"])
        #expect(session.form.entries[0].media.map(\.name) == ["Qid0"])
    }

    @Test func aDiscardedAttachmentsNameIsGivenAgain() throws {
        var session = try SessionFixture.reviewed()
        try session.edit(question: 1)
        #expect(try session.attach(.image).name == "Qid0")
        try session.back()
        try session.edit(question: 1)
        #expect(try session.attach(.video).name == "Qid0")
        try session.finish()
        try session.edit(question: 1)
        #expect(try session.attach(.voice).name == "Qid0(2)")
    }

    @Test func namesMatchExactlySoQid1IsNotCountedByQid10() throws {
        var session = try FormSession(template: SessionFixture.textTemplate(11), technician: "ana")
        for _ in 0..<10 {
            try session.setComment("c")
            try session.next()
        }
        #expect(session.current == 10)
        #expect(try session.attach(.image).name == "Qid10")
        #expect(try session.attach(.image).name == "Qid10(2)")
        try session.setComment("c")
        try session.finish()
        try session.edit(question: 2)
        #expect(try session.attach(.image).name == "Qid1")
        try session.finish()
        #expect(session.form.entries[1].media.map(\.name) == ["Qid1"])
        #expect(session.form.entries[10].media.map(\.name) == ["Qid10", "Qid10(2)"])
    }

    @Test func namesSkipEveryTakenNameAsIfCountingAgainEachTime() throws {
        // Taken: Qid0(3) to Qid0(6) and Qid0(9); each new name is the first free count after the
        // number of names taken, as if the taken names were counted again for every attachment.
        let taken = [3, 4, 5, 6, 9].map { MediaAttachment.name(questionIndex: 0, count: $0) }
        let saved = taken.map { MediaAttachment(kind: .image, name: $0) }
        var namer = MediaNamer()
        let names = (0..<6).map { _ in namer.nextName(position: 0, questionIndex: 0, savedMedia: saved) }
        #expect(names == ["Qid0(7)", "Qid0(8)", "Qid0(10)", "Qid0(11)", "Qid0(12)", "Qid0(13)"])
        namer.discardDraft()
        #expect(
            namer.nextName(position: 0, questionIndex: 0, savedMedia: saved) == "Qid0(7)", "discarded names are free")
        var counted = Set(taken)
        let recounted = (0..<6).map { _ -> String in
            var count = counted.count + 1
            while counted.contains(MediaAttachment.name(questionIndex: 0, count: count)) { count += 1 }
            let name = MediaAttachment.name(questionIndex: 0, count: count)
            counted.insert(name)
            return name
        }
        #expect(names == recounted)
    }

    @Test func tenThousandMediaOnOneQuestionAreNamedInOrder() throws {
        var session = try SessionFixture.session()
        for _ in 0..<10_000 {
            try session.attach(.image)
        }
        #expect(session.draft.media.count == 10_000)
        #expect(session.draft.media.first?.name == "Qid0")
        #expect(session.draft.media.last?.name == "Qid0(10000)")
        #expect(Set(session.draft.media.map(\.name)).count == 10_000)
    }

    @Test func savedNamesStayTakenAndDiscardedOnesAreGivenAgain() throws {
        var session = try SessionFixture.session()
        try session.setComment("c")
        #expect(try session.attach(.image).name == "Qid0")
        try session.exit()
        try session.resume()
        #expect(try session.attach(.image).name == "Qid0(2)")
        #expect(session.draft.media.map(\.name) == ["Qid0", "Qid0(2)"])
        #expect(session.form.entries[0].media.map(\.name) == ["Qid0"], "the draft is not saved yet")
        try session.next()
        try session.back()
        #expect(session.draft.media.map(\.name) == ["Qid0", "Qid0(2)"])
        #expect(try session.attach(.voice).name == "Qid0(3)")
        try session.next()
        #expect(try session.attach(.video).name == "Qid1")
        try session.back()
        #expect(session.draft.media.map(\.name) == ["Qid0", "Qid0(2)", "Qid0(3)"])
        #expect(try session.attach(.video).name == "Qid0(4)")
        try session.next()
        #expect(session.draft.media.isEmpty, "Back dropped the draft of question 2")
        #expect(try session.attach(.video).name == "Qid1")
    }

    @Test func aNameAlreadyTakenInALoadedFormIsSkipped() throws {
        var form = FilledForm(template: try SessionFixture.template())
        form.entries[0] = QuestionEntry(media: [MediaAttachment(kind: .image, name: "Qid0(2)")])
        var session = FormSession(resuming: form)
        #expect(try session.attach(.image).name == "Qid0(3)")
        #expect(try session.attach(.image).name == "Qid0(4)")
    }

    @Test func theTestTypesAnswerExamplesHold() throws {
        let outcomes = try ExampleChecker(registry: SessionFixture.registry()).checkAllAnswers()
        #expect(outcomes.count == 8)
        for (_, outcome) in outcomes {
            #expect(outcome.passed, "\(outcome.failureDescription)")
        }
    }
}
