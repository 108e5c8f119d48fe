import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Completed form: reading")
struct CompletedFormReaderTests {
    private func read(_ text: String, keys: KeyMap = .mi) throws -> (form: FilledForm?, diagnostics: [Diagnostic]) {
        CompletedFormReader.read(Array(text.utf8), with: try ReviewFixture.reader(keys: keys))
    }

    @Test func writeThenReadThenWriteGivesTheSameBytesAndTheSameReview() throws {
        let form = try ReviewFixture.filledInspection()
        let written = CompletedFormWriter.json(form)
        let read = try self.read(written)
        #expect(read.diagnostics.map(\.code) == ["template.unknown-key"])  // x-editor
        let again = try #require(read.form)
        #expect(CompletedFormWriter.json(again) == written)
        #expect(Review(form: again) == Review(form: form))
        #expect(TextExport.render(Review(form: again)) == TextExport.render(Review(form: form)))
    }

    @Test func anEmptyFormRoundTripsToo() throws {
        let form = FilledForm(template: try ReviewFixture.template(ReviewFixture.inspection))
        let written = CompletedFormWriter.json(form)
        let again = try #require(try read(written).form)
        #expect(CompletedFormWriter.json(again) == written)
        #expect(Review(form: again) == Review(form: form))
    }

    @Test func aRoundTripThroughARenamedKeyMapKeepsEverything() throws {
        let keys = KeyMap(overrides: ["userAnswer": "answer", "checkBoxes": "chosen", "tableAnswer": "cells"])
        let form = try ReviewFixture.filledInspection(keys: keys)
        let written = CompletedFormWriter.json(form)
        #expect(
            written.contains(#""answer": {"#) && written.contains(#""cells": {"#) && !written.contains("user-answer"))
        let again = try #require(try read(written, keys: keys).form)
        #expect(CompletedFormWriter.json(again) == written)
        #expect(Review(form: again) == Review(form: form))
    }

    @Test func aFormOfTheOriginalSystemLoadsAndReviews() throws {
        let text = """
            {
              "Title": "Standby Generator Weekly Test",
              "RevisionNumber": "2",
              "_id": "5c7d2f",
              "questions": [
                {"question": "Control switch in AUTO?", "section": "Weekly Test", "qid": "2",
                 "answers": ["yes", "no"], "acceptedAnswer": "True",
                 "user-answer": {"check-boxes": ["True"], "comment": "", "images": []}},
                {"question": "Hour meter (h)", "qid": "1", "numberInput": true,
                 "user-answer": {"short-answer": "1204.5", "comment": "see photo", "images": ["Qid1"]}},
                {"answer-type": "true/false", "question": "Fuel topped up?", "qid": "2", "acceptedAnswer": "True",
                 "user-answer": {"check-boxes": ["False"], "comment": ""}},
                {"answer-type": "short-answer", "question": "Anything else?", "qid": "1"}
              ],
              "username": "tech1",
              "completedDate": "Mar 4, 2019",
              "SubmittedDate": "Mar 5, 2019",
              "foremanComment": {"comment": "OK", "supervisor": "boss"},
              "media": {"images": {"Qid1": "iVBORw0KGgo="}, "videos": {}, "voice": {}}
            }
            """
        let result = try read(text)
        #expect(!result.diagnostics.containsErrors, "\(result.diagnostics)")
        let form = try #require(result.form)
        let review = Review(form: form)
        #expect(review.rows.map(\.answerSummary) == ["Yes", "1204.5", "No", "(no answer)"])
        #expect(review.rows[1].media == [MediaAttachment(kind: .image, name: "Qid1")])
        #expect(review.flaggedRows.map(\.number) == [3])
        #expect(review.header.technician == "tech1")
        #expect(review.header.completedDate == "Mar 4, 2019")
        #expect(review.header.submittedDate == "Mar 5, 2019")
        #expect(review.header.foreman == "boss")
        #expect(review.header.foremanComment == "OK")
        #expect(ReviewPrinter.text(review).contains("Question 3: chosen No; expected True"))
        // Written back: the embedded media stays, `_id` goes, the empty photo list goes.
        let written = CompletedFormWriter.json(form)
        let document = try #require(JSONParser.parse(Array(written.utf8)).document)
        #expect(document.root["media"]?["images"]?["Qid1"]?.stringValue == "iVBORw0KGgo=")
        #expect(document.root["_id"] == nil)
        #expect(
            document.root["questions"]?.elements.first?["user-answer"]?.members.map(\.key) == [
                "check-boxes", "comment",
            ])
        #expect(CompletedFormWriter.json(try #require(try read(written).form)) == written)
    }

    @Test func answerProblemsAreLocatedInTheSameFile() throws {
        let text = Fixture.template([
            #"{"answer-type": "multiple-choice", "question": "Q", "answers": ["A", "B"], "#
                + #""user-answer": {"check-boxes": ["A", "C"], "comment": ""}}"#,
            #"{"answer-type": "short-answer", "question": "Q", "user-answer": {"short-answer": 4, "comment": 5}}"#,
        ])
        let result = try read(text)
        #expect(
            result.diagnostics.seen == [
                Seen(.warning, "choice.unknown-option", "/questions/0/user-answer/check-boxes/1", 2, 113),
                Seen(.warning, "short-answer.answer-not-string", "/questions/1/user-answer/short-answer", 3, 82),
                Seen(.warning, "completed-form.not-a-string", "/questions/1/user-answer/comment", 3, 96),
            ])
        // Reading is lenient: each answer is kept as stored, with its warnings and a flag.
        let form = try #require(result.form)
        #expect(form.entries.allSatisfy { $0.answer?.value is StoredAnswer })
        #expect(
            form.entries.map { $0.answer?.warnings.map(\.code) ?? [] } == [
                ["choice.unknown-option"], ["short-answer.answer-not-string", "completed-form.not-a-string"],
            ])
        #expect(form.template.questions[0].flags(for: form.entries[0]).map(\.code) == ["choice.unknown-option"])
    }

    @Test func badShapesAreReported() throws {
        let text = Fixture.template([
            #"{"answer-type": "true/false", "question": "Q", "user-answer": ["Yes"]}"#,
            #"{"answer-type": "true/false", "question": "Q", "#
                + #""user-answer": {"images": "Qid1", "videos": [3], "x": 1}}"#,
        ]).replacingOccurrences(of: "\"Title\": \"T\"", with: "\"Title\": \"T\", \"foremanComment\": \"fine\"")
        let codes = try read(text).diagnostics.map(\.code)
        #expect(
            codes == [
                "completed-form.foreman-comment-not-object", "completed-form.user-answer-not-object",
                "completed-form.media-not-array", "completed-form.media-name-not-string", "completed-form.unknown-key",
            ])
    }

    @Test func aNotAskedThatIsNotABooleanIsAWarning() throws {
        let text = Fixture.template([
            #"{"answer-type": "true/false", "question": "Q", "user-answer": {"notAsked": "true"}}"#,
            #"{"answer-type": "true/false", "question": "Q", "user-answer": {"notAsked": true}}"#,
        ])
        // Read as asked, and said so: `"true"` is not `true`.
        #expect(
            try read(text).diagnostics.seen == [
                Seen(.warning, "completed-form.not-asked-not-boolean", "/questions/0/user-answer/notAsked", 2, 76)
            ])
    }

    @Test func mediaAreInTheOrderAttachedAcrossKinds() throws {
        let text = Fixture.template([
            #"{"answer-type": "true/false", "question": "Q", "user-answer": {"comment": "", "#
                + #""images": ["Qid0(3)", "photo", "Qid0"], "videos": ["Qid0(10)"], "voice": ["Qid0(2)"]}}"#
        ])
        let form = try #require(try read(text).form)
        #expect(form.entries[0].media.map(\.name) == ["Qid0", "Qid0(2)", "Qid0(3)", "Qid0(10)", "photo"])
    }

    @Test func anUnreadableTemplateGivesNoForm() throws {
        let result = try read("{\"questions\": [")
        #expect(result.form == nil)
        #expect(result.diagnostics.containsErrors)
    }
}

extension String {
    fileprivate func replacingOccurrences(of target: String, with replacement: String) -> String {
        split(separator: target, omittingEmptySubsequences: false).joined(separator: replacement)
    }
}
