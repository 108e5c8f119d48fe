import Foundation
import QuestionKit
import QuestionKitForms
import Testing

/// The bundled site visit, replayed in-process: its date and rating answers survive writing the
/// completed form and reading it back, and raise the fixture's flags.
@Suite struct CompletedFormRoundTripTests {
    let reader: TemplateReader

    init() throws {
        reader = TemplateReader(registry: try FieldRegistry.make())
    }

    @Test func answersSurviveTheCompletedFormRoundTrip() throws {
        let replayed = try replaySiteVisit()
        let json = CompletedFormWriter.json(replayed.form)
        let reread = CompletedFormReader.read(Array(json.utf8), with: reader)
        // Only the note on the template's padded option list (the web editor's, valid as written).
        #expect(reread.diagnostics.map(\.code) == ["multiple-choice.blank-options"], "\(reread.diagnostics)")
        let form = try #require(reread.form)
        #expect(Review(form: form) == replayed.review)
        #expect(replayed.review.flaggedRows.map(\.number) == [3, 5])
    }

    @Test func datesAndRatingsAreStoredAsShortAnswerText() throws {
        let review = try replaySiteVisit().review
        let stored = review.rows.map { $0.answer.map { JSONWriter.text(of: $0, indent: 0) } }
        #expect(stored[0] == #""2026-03-12""#)
        #expect(stored[4] == #""2""#)
        // The fixture writes question 9's rating as the JSON number 7; it is stored as text.
        #expect(stored[8] == #""7""#)
        #expect(review.rows[4].answerSummary == "2 of 5")
    }

    private func replaySiteVisit() throws -> (form: FilledForm, review: Review) {
        let folder = FieldRegistry.packageRoot + "/Templates/"
        let templateBytes = try Array(Data(contentsOf: URL(fileURLWithPath: folder + "site-visit.json")))
        let fixtureBytes = try Array(
            Data(contentsOf: URL(fileURLWithPath: folder + "fixtures/site-visit.fixture.json")))
        let template = try #require(reader.read(templateBytes).template)
        let fixture = try #require(Fixture.read(fixtureBytes).fixture)
        let result = FixtureReplayer(fixture: fixture, template: template).replay()
        #expect(result.passed, "\(result.diagnostics)")
        return (result.session.form, Review(form: result.session.form))
    }
}
