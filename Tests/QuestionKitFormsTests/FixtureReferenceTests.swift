import Foundation
import TestSupport
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// The fixture reference in Docs/Fixtures.md is `FixtureVocabulary.referenceMarkdown`, word for word; with
/// `QUESTIONKIT_RECORD_README=1` (the variable its marker names) or `QUESTIONKIT_RECORD_DOCS=1` (the one
/// the command reference takes) this test writes it there anew (read the diff before committing).
@Suite struct FixtureReferenceTests {
    static let pagePath = packageRoot + "/Docs/Fixtures.md"

    @Test func theFixturesPageListsEveryWordOfTheFixtureLanguage() throws {
        var page = try String(contentsOfFile: Self.pagePath, encoding: .utf8)
        let start = try #require(
            page.range(of: FixtureVocabulary.referenceStart), "Docs/Fixtures.md has no fixture reference")
        let end = try #require(
            page.range(of: FixtureVocabulary.referenceEnd, range: start.upperBound..<page.endIndex))
        let section = String(page[start.lowerBound..<end.upperBound])
        let environment = ProcessInfo.processInfo.environment
        if environment["QUESTIONKIT_RECORD_README"] == "1" || environment["QUESTIONKIT_RECORD_DOCS"] == "1" {
            page.replaceSubrange(start.lowerBound..<end.upperBound, with: FixtureVocabulary.referenceMarkdown)
            try page.write(toFile: Self.pagePath, atomically: true, encoding: .utf8)
            return
        }
        #expect(section == FixtureVocabulary.referenceMarkdown, "re-record with QUESTIONKIT_RECORD_DOCS=1")
    }

    @Test func theReferenceNamesEveryWordTheReaderKnows() {
        let reference = FixtureVocabulary.referenceMarkdown
        let words =
            QuestionKitForms.Fixture.topLevelKeys + QuestionKitForms.Fixture.wordSteps.keys.sorted()
            + QuestionKitForms.Fixture.outcomes
            + MediaAttachment.Kind.allCases.map(\.rawValue)
        for word in words { #expect(reference.contains("| `\(word)` |"), "\(word)") }
    }
}
