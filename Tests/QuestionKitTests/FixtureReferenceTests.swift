import Foundation
import TestSupport
import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

/// The README's fixture reference is `FixtureVocabulary.referenceMarkdown`, word for word; with
/// `QUESTIONKIT_RECORD_README=1` this test writes it there anew (read the diff before committing).
@Suite struct FixtureReferenceTests {
    @Test func theReadmeListsEveryWordOfTheFixtureLanguage() throws {
        let path = packageRoot + "/README.md"
        var readme = try String(contentsOfFile: path, encoding: .utf8)
        let start = try #require(readme.range(of: FixtureVocabulary.referenceStart), "README has no fixture reference")
        let end = try #require(
            readme.range(of: FixtureVocabulary.referenceEnd, range: start.upperBound..<readme.endIndex))
        let section = String(readme[start.lowerBound..<end.upperBound])
        if ProcessInfo.processInfo.environment["QUESTIONKIT_RECORD_README"] == "1" {
            readme.replaceSubrange(start.lowerBound..<end.upperBound, with: FixtureVocabulary.referenceMarkdown)
            try readme.write(toFile: path, atomically: true, encoding: .utf8)
            return
        }
        #expect(section == FixtureVocabulary.referenceMarkdown, "re-record with QUESTIONKIT_RECORD_README=1")
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
