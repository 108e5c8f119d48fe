import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// A replay that keeps no transcript (as `test` runs it) ends in the same session with the same
/// problems, and writes no line.
@Suite struct ReplayTranscriptTests {
    @Test(arguments: [
        #"{"answers": {"1": {"answer": "S-1", "comment": "c", "media": ["image"]}}}"#,
        #"{"answers": {"1": {"answer": "S-1"}}, "steps": ["fill", "nxt", "next", "back", "finish"]}"#,
        #"{"steps": ["next", "complete"], "expect": {"refused": [{"step": 2}]}}"#,
    ])
    func withoutTranscriptTheReplayIsTheSame(json: String) throws {
        let fixture = try #require(QuestionKitForms.Fixture.read(Array(json.utf8)).fixture)
        let template = try SessionFixture.template()
        let full = FixtureReplayer(fixture: fixture, template: template).replay()
        var quiet = FixtureReplayer(fixture: fixture, template: template)
        quiet.keepsTranscript = false
        let result = quiet.replay()
        #expect(!full.transcript.isEmpty)
        #expect(result.transcript.isEmpty)
        #expect(result.diagnostics.map(\.message) == full.diagnostics.map(\.message))
        #expect(result.session.form.flags().map(\.question.number) == full.session.form.flags().map(\.question.number))
        #expect(result.session.phase == full.session.phase)
    }
}
