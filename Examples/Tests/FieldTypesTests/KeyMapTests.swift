import FieldTypes
import QuestionKit
import QuestionKitForms
import Testing

/// The new types read their keys through the key map, like the built-in ones.
@Suite struct KeyMapTests {
    @Test func renamedKeysAreReadAndReportedUnderTheirNewNames() throws {
        let registry = try FieldRegistry.make()
        let file = #"{"earliest": "notBefore", "scale": "points"}"#
        let (keys, diagnostics) = KeyMap.load(
            Array(file.utf8), knownKeys: registry.allKeys, scopes: registry.keyScopes)
        #expect(diagnostics.isEmpty, "\(diagnostics)")
        let checker = ExampleChecker(registry: registry, keys: keys)
        let date = try #require(registry.type(for: "date"))
        let rating = try #require(registry.type(for: "rating"))
        let renamedDate = QuestionExample.invalid(
            "renamed bound", #"{"answer-type": "date", "question": "Q", "notBefore": "today"}"#,
            .error(DateQuestion.Code.boundMalformed, at: "/notBefore"))
        let renamedScale = QuestionExample.invalid(
            "renamed scale", #"{"answer-type": "rating", "question": "Q", "points": 11}"#,
            .error(RatingQuestion.Code.scaleOutOfRange, at: "/points"))
        let oldSpelling = QuestionExample.invalid(
            "old spelling", #"{"answer-type": "rating", "question": "Q", "scale": 5}"#,
            .error(RatingQuestion.Code.scaleMissing, at: ""), .warning(QuestionCode.unknownKey, at: "/scale"))
        for (example, type) in [(renamedDate, date), (renamedScale, rating), (oldSpelling, rating)] {
            let outcome = checker.check(example, of: type)
            #expect(outcome.passed, Comment(rawValue: outcome.failureDescription))
        }
        let message = checker.check(renamedScale, of: rating).diagnostics.first?.message
        #expect(message == "'points' is 11; it must be from 2 to 10 (ratings run from 1 to 'points')")
    }
}
