import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Completed form: photos")
struct CompletedFormPhotosTests {
    /// A completed form whose one question lists `count` photo names (`Qid1`, `Qid1(2)`, …), one per
    /// line, then the first name again.
    private func form(photos count: Int) throws -> FilledForm {
        let names = ["\"Qid1\""] + (2...max(2, count)).prefix(count - 1).map { "\"Qid1(\($0))\"" } + ["\"Qid1\""]
        let text = """
            {"Title": "Photos", "questions": [
            {"answer-type": "true/false", "question": "Guard fitted?", "qid": "2",
             "user-answer": {"check-boxes": ["True"], "comment": "", "images": [
            \(names.joined(separator: ",\n"))
            ]}}]}
            """
        return try #require(CompletedFormReader.read(Array(text.utf8), with: ReviewFixture.reader()).form)
    }

    @Test func eachPhotoIsLocatedAtItsFirstName() throws {
        let form = try form(photos: 3)
        let photos = CompletedFormPhotos.photos(of: form)
        #expect(photos.map(\.photo.name) == ["Qid1", "Qid1(2)", "Qid1(3)"])
        #expect(photos.map(\.node.pointer) == (0..<3).map { "/questions/0/user-answer/images/\($0)" })
        let warnings = CompletedFormPhotos.embeddable(form) { _ in .absent }.diagnostics
        #expect(warnings.map(\.code) == Array(repeating: "embed.photo-missing", count: 3))
        #expect(warnings.map(\.position?.line) == [4, 5, 6])
    }

    /// A photo that has no name in the form (a form filled by a session) is located at its question.
    @Test func aPhotoWithoutANameInTheFormIsLocatedAtItsQuestion() throws {
        var form = try form(photos: 1)
        form.entries[0].media.append(MediaAttachment(kind: .image, name: "Qid1(9)"))
        let photos = CompletedFormPhotos.photos(of: form)
        #expect(photos.last?.photo.name == "Qid1(9)")
        #expect(photos.last?.node.pointer == "/questions/0")
    }

    /// Issue 24: each photo's name was looked for from the start of its question's list, so N
    /// photos on one question cost N² comparisons (100,000 names: 84 s). Counted, never timed.
    @Test func locatingManyPhotosOnOneQuestionReadsEachNameOnce() throws {
        for count in [1_000, 10_000] {
            let form = try form(photos: count)
            var namesRead = 0
            let photos = CompletedFormPhotos.photos(of: form, namesRead: &namesRead)
            #expect(photos.count == count)
            #expect(photos.last?.node.pointer == "/questions/0/user-answer/images/\(count - 1)")
            // Each of the count + 1 names is read once for the question's index.
            #expect(namesRead <= count + 1, "\(namesRead) names read for \(count) photos")
        }
    }
}
