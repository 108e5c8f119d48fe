import Foundation
import QuestionKit
import QuestionKitForms
import QuestionTypes
import TestSupport
import Testing

/// Issue 20: a question whose conditions do not hold is not asked: Next and Back skip it, its
/// entry is dropped when it becomes not asked, it is never flagged, and it never blocks completion.
@Suite("Form session: conditions")
struct SessionLogicTests {
    /// Answers the question shown with `json` (and checks it was read).
    static func answer(_ session: inout FormSession, _ json: String) throws {
        let document = try #require(JSONParser.parse(Array(json.utf8)).document)
        var problems = ProblemCollector(document: document)
        #expect(try session.answer(with: document.root, problems: &problems), "\(problems.diagnostics())")
    }

    static func leakCheck() throws -> FormSession {
        FormSession(template: try TemplateLogicTests.leakCheck(), technician: "ana")
    }

    @Test func nextAndBackSkipTheQuestionsNotAsked() throws {
        var session = try Self.leakCheck()
        try Self.answer(&session, "true")
        try session.next()
        try Self.answer(&session, "false")
        try session.next()
        #expect(session.current == 5, "where, rate and the seal are not asked without a leak")
        try session.back()
        #expect(session.current == 1)
        try session.next()
        try Self.answer(&session, #""80""#)
        #expect(session.isOnLastQuestion, "the top-up record waits for a low level; the last question for no isolation")
        try session.next()
        #expect(session.phase == .review, "the last two questions are not asked with the level at 80")
        #expect(session.form.notAskedNumbers == [3, 4, 5, 7, 8])
        try session.complete(date: nil)
    }

    @Test func anAnswerIsDroppedWhenItsQuestionBecomesNotAsked() throws {
        var session = try Self.leakCheck()
        try Self.answer(&session, "true")
        try session.next()
        try Self.answer(&session, "true")
        try session.next()
        #expect(session.current == 2)
        try Self.answer(&session, #"["Shaft seal"]"#)
        try session.setComment("dripping")
        _ = try session.attach(.image)
        try session.next()
        try Self.answer(&session, #""12""#)
        try session.next()
        #expect(session.current == 4, "the seal is asked: where is the shaft seal")
        #expect(session.form.flags().map(\.question.number) == [2, 4])
        try session.back()
        try session.back()
        try session.back()
        #expect(session.current == 1)
        try Self.answer(&session, "false")
        try session.next()
        #expect(session.current == 5)
        for position in 2...4 {
            let entry = session.form.entries[position]
            #expect(entry.answer == nil && entry.comment.isEmpty && entry.media.isEmpty, "question \(position + 1)")
        }
        #expect(session.form.flags().isEmpty, "a question not asked is never flagged")
        #expect(session.unansweredQuestions == [6])
    }

    @Test func aQuestionNotAskedCannotBeEditedFromTheReview() throws {
        var session = try Self.leakCheck()
        for answer in ["true", "false", #""80""#] {
            try Self.answer(&session, answer)
            try session.next()
        }
        #expect(session.phase == .review)
        #expect(throws: SessionRefusal.self) { try session.edit(question: 3) }
        do {
            try session.edit(question: 3)
        } catch {
            #expect(error.code == "session.not-asked")
        }
        try session.edit(question: 2)
        try Self.answer(&session, "true")
        try session.finish()
        #expect(session.unansweredQuestions == [3, 4], "a leak asks where and the rate")
    }

    /// Filling a chain question by question evaluates each question's conditions a bounded number
    /// of times: the work at 10n is about ten times the work at n.
    @Test func fillingAChainCostsWorkInProportionToItsConditions() throws {
        func fill(_ count: Int) throws -> Int {
            // Each question is asked once the one before it is answered.
            let questions = (0..<count).map { index in
                #"{"linkId": "q\#(index)", "answer-type": "short-answer", "question": "Reading \#(index)""#
                    + (index == 0
                        ? "}"
                        : #", "enableWhen": [{"question": "q\#(index - 1)", "operator": "exists", "answer": true}]}"#)
            }
            let text = #"{"Title": "Chain", "questions": [\#(questions.joined(separator: ",\n"))]}"#
            var session = FormSession(template: try TemplateLogicTests.template(text), technician: "ana")
            let (_, work) = try WorkCounter.counting {
                for _ in 0..<count {
                    try Self.answer(&session, #""1""#)
                    try session.next()
                }
            }
            #expect(session.phase == .review)
            return work[.conditions]
        }
        let small = try fill(200)
        let large = try fill(2_000)
        #expect(small >= 200)
        #expect(large <= 11 * small, "\(small) then \(large)")
    }
}

/// Issue 20: a completed form records which questions were not asked (`notAsked` in `user-answer`),
/// apart from those left unanswered, and our reader reads it back.
@Suite("Completed form: questions not asked")
struct CompletedFormNotAskedTests {
    static func noLeakForm() throws -> FilledForm {
        var session = try SessionLogicTests.leakCheck()
        for answer in ["true", "false", #""80""#] {
            try SessionLogicTests.answer(&session, answer)
            try session.next()
        }
        try session.complete(date: nil)
        return session.form
    }

    static func read(_ json: String) throws -> FilledForm {
        let reader = TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let read = CompletedFormReader.read(Array(json.utf8), with: reader)
        #expect(!read.diagnostics.contains { $0.code.hasPrefix("completed-form.") }, "\(read.diagnostics)")
        return try #require(read.form)
    }

    @Test func theFormRecordsTheQuestionsNotAskedAndReadsThemBack() throws {
        let json = CompletedFormWriter.json(try Self.noLeakForm())
        #expect(json.components(separatedBy: "\"notAsked\": true").count - 1 == 5)
        let form = try Self.read(json)
        #expect(form.notAskedNumbers == [3, 4, 5, 7, 8])
        #expect(CompletedFormWriter.json(form) == json, "read and written back unchanged")
    }

    @Test func theRecordIsReadAsItIsAndAFormWithoutOneIsEvaluated() throws {
        let json = CompletedFormWriter.json(try Self.noLeakForm())
        // Only question 8 recorded: what the form says is what was asked when it was filled.
        var recordedOnce = json
        for _ in 0..<4 {
            let range = try #require(recordedOnce.range(of: ",\n        \"notAsked\": true"))
            recordedOnce.removeSubrange(range)
        }
        #expect(try Self.read(recordedOnce).notAskedNumbers == [8])
        let unrecorded = json.replacingOccurrences(of: ",\n        \"notAsked\": true", with: "")
        #expect(try Self.read(unrecorded).notAskedNumbers == [3, 4, 5, 7, 8])
    }

    @Test func aTemplateWithoutLogicWritesNoNotAsked() throws {
        let template = try TemplateLogicTests.template(
            #"{"Title": "T", "questions": [{"answer-type": "true/false", "question": "Q", "answers": ["Yes", "No"]}]}"#)
        #expect(!CompletedFormWriter.json(FilledForm(template: template)).contains("notAsked"))
    }
}
