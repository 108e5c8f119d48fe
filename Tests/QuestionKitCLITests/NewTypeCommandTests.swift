import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitTesting
import QuestionTypes
import TestSupport
import Testing

@testable import QuestionKitCLI

@Suite struct NewTypeCommandTests {
    static let sampleFile = packageRoot + "/Tests/QuestionKitCLITests/NewTypeSkeletonSample.swift"
    static let recording = ProcessInfo.processInfo.environment["QUESTIONKIT_RECORD_GOLDEN"] == "1"

    // NewTypeSkeletonSample.swift is the skeleton of 'sample-kind', compiled into this target: the
    // skeleton compiles, and SampleKindQuestion below is what it gives.
    @Test func theSkeletonIsTheCompiledSample() throws {
        let source = try TypeSkeleton(name: "sample-kind").source
        if Self.recording { try Data(source.utf8).write(to: URL(fileURLWithPath: Self.sampleFile)) }
        let sample = try String(contentsOfFile: Self.sampleFile, encoding: .utf8)
        #expect(
            source == sample,
            "the skeleton differs from NewTypeSkeletonSample.swift; QUESTIONKIT_RECORD_GOLDEN=1 re-records")
    }

    // What the generated package's test reports until the type is filled in: which example of
    // which type, and what to do about it.
    @Test func theSkeletonsPlaceholderExampleFailsUntilFilledIn() throws {
        let failures = QuestionTypeChecks(BuiltInQuestionTypes.all + [SampleKindQuestion()]).failures()
        let title = "TODO: replace with a question sample-kind rejects, and the code and pointer of its error"
        #expect(
            failures.map(\.description) == [
                "SampleKindQuestion ('sample-kind'): example '\(title)': expected error sample-kind.todo at '/TODO', "
                    + "not produced",
                "SampleKindQuestion ('sample-kind'): example '\(title)': unexpected warning question.unknown-key at "
                    + "'/TODO': unknown key 'TODO' in a sample-kind question",
            ])
        #expect(failures.allSatisfy { $0.check == .example && $0.example == title && $0.location == "/TODO" })
    }

    @Test func theSkeletonReadsQuestionsAndAnswersOnceRegistered() throws {
        let registry = try QuestionTypeRegistry(BuiltInQuestionTypes.all + [SampleKindQuestion()])
        let checker = ExampleChecker(registry: registry)
        let type = SampleKindQuestion()
        #expect(type.description.examples.filter(\.isValid).allSatisfy { checker.check($0, of: type).passed })
        #expect(type.description.answerExamples.allSatisfy { checker.check($0, of: type).passed })
    }

    @Test func newTypeWritesTheSkeleton() throws {
        let folder = try TemporaryFolder()
        let outcome = runDocumentationTool(["new-type", "star rating", "--out", folder.path])
        #expect(outcome.status == 0)
        #expect(outcome.standardOutput.hasPrefix("wrote \(folder.path)/StarRatingQuestion.swift\n"))
        let source = try String(contentsOfFile: folder.path + "/StarRatingQuestion.swift", encoding: .utf8)
        #expect(source.contains("public struct StarRatingQuestion: QuestionType {"))
        #expect(source.contains(#"identifier: "star-rating","#))
    }

    @Test func newTypeNeverOverwrites() throws {
        let folder = try TemporaryFolder()
        let existing = try folder.write("StarRatingQuestion.swift", "// mine\n")
        let outcome = runDocumentationTool(["new-type", "star-rating", "--out", folder.path])
        #expect(outcome.status == 1)
        #expect(
            outcome.standardError == "questionkit new-type: error: '\(existing)' already exists; it is left as it is\n")
        #expect(try String(contentsOfFile: existing, encoding: .utf8) == "// mine\n")
    }

    @Test func newTypeRefusesARegisteredIdentifier() {
        let outcome = runDocumentationTool(["new-type", "Short Answer", "--out", "/nonexistent"])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("'short-answer' is already the answer-type of ShortAnswerQuestion"))
    }

    @Test(arguments: [
        ("date", "date", "DateQuestion"), ("star-rating", "star-rating", "StarRatingQuestion"),
        ("StarRating", "star-rating", "StarRatingQuestion"), ("star_rating", "star-rating", "StarRatingQuestion"),
        ("RatingQuestion", "rating", "RatingQuestion"), ("GPS location", "gps-location", "GpsLocationQuestion"),
        ("level2", "level2", "Level2Question"),
    ])
    func namesBecomeAnIdentifierAndATypeName(name: String, identifier: String, typeName: String) throws {
        let skeleton = try TypeSkeleton(name: name)
        #expect(skeleton.identifier == identifier)
        #expect(skeleton.typeName == typeName)
        #expect(skeleton.fileName == typeName + ".swift")
    }

    @Test(arguments: ["", "2fast", "yes/no", "naïve", "_"])
    func badNamesAreUsageErrors(name: String) {
        let outcome = runDocumentationTool(["new-type", name])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.contains("is not a valid type name"))
    }

    @Test func newTypeNeedsAName() {
        let outcome = runDocumentationTool(["new-type"])
        #expect(outcome.status == 64)
        #expect(outcome.standardError.hasPrefix("questionkit new-type: error: no name given"))
    }
}
