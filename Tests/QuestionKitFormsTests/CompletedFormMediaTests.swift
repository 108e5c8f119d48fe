import Testing

@testable import CoreTestSupport
@testable import QuestionKit
@testable import QuestionKitForms

@Suite("Completed form: media")
struct CompletedFormMediaTests {
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
        let photos = CompletedFormMedia.photos(of: form)
        #expect(photos.map(\.attachment.name) == ["Qid1", "Qid1(2)", "Qid1(3)"])
        #expect(photos.map(\.node.pointer) == (0..<3).map { "/questions/0/user-answer/images/\($0)" })
        let warnings = CompletedFormMedia.embeddable(form) { _ in .absent }.diagnostics
        #expect(warnings.map(\.code) == Array(repeating: "embed.media-missing", count: 3))
        #expect(warnings.map(\.position?.line) == [4, 5, 6])
    }

    /// A photo that has no name in the form (a form filled by a session) is located at its question.
    @Test func aPhotoWithoutANameInTheFormIsLocatedAtItsQuestion() throws {
        var form = try form(photos: 1)
        form.entries[0].media.append(MediaAttachment(kind: .image, name: "Qid1(9)"))
        let photos = CompletedFormMedia.photos(of: form)
        #expect(photos.last?.attachment.name == "Qid1(9)")
        #expect(photos.last?.node.pointer == "/questions/0")
    }

    /// Issue 24: each photo's name was looked for from the start of its question's list, so N
    /// photos on one question cost N² comparisons (100,000 names: 84 s). Counted, never timed.
    @Test func locatingManyPhotosOnOneQuestionReadsEachNameOnce() throws {
        for count in [1_000, 10_000] {
            let form = try form(photos: count)
            var namesRead = 0
            let photos = CompletedFormMedia.photos(of: form, namesRead: &namesRead)
            #expect(photos.count == count)
            #expect(photos.last?.node.pointer == "/questions/0/user-answer/images/\(count - 1)")
            // Each of the count + 1 names is read once for the question's index.
            #expect(namesRead <= count + 1, "\(namesRead) names read for \(count) photos")
        }
    }

    /// Issue 23: the original app uploaded every attachment embedded, so `--embed-media` and the
    /// store's outbox copy embed videos and voice notes too, each from its kind's file.
    @Test func everyKindIsEmbeddableFromItsOwnFile() throws {
        let text = """
            {"questions": [{"answer-type": "short-answer", "question": "Seal?",
             "user-answer": {"short-answer": "Worn", "comment": "", "images": ["Qid0"], "videos": ["Qid0(2)"],
              "voice": ["Qid0(3)", "Qid0(4)"]}}]}
            """
        let form = try #require(CompletedFormReader.read(Array(text.utf8), with: ReviewFixture.reader()).form)
        let files = ["Qid0.png": [UInt8]([1]), "Qid0(2).mov": [2], "Qid0(3).m4a": [3]]
        var asked: [String] = []
        let (media, warnings) = CompletedFormMedia.embeddable(form) { name in
            asked.append(name)
            return files[name].map { .found(fileName: name, bytes: $0) } ?? .absent
        }
        #expect(media.map(\.attachment.name) == ["Qid0", "Qid0(2)", "Qid0(3)"])
        #expect(media.map(\.attachment.kind) == [.image, .video, .voice])
        #expect(media.map(\.bytes) == [[1], [2], [3]])
        #expect(asked == ["Qid0.jpg", "Qid0.jpeg", "Qid0.png", "Qid0(2).mov", "Qid0(3).m4a", "Qid0(4).m4a"])
        #expect(warnings.map(\.code) == ["embed.media-missing"])
        #expect(warnings.first?.message == "voice note 'Qid0(4)' is not embedded: no file Qid0(4).m4a beside the form")
        #expect(warnings.first?.position?.line == 3)
    }

    /// What is embedded stays within `room`, so the written form reads back within the reader's
    /// limit; what does not fit is left out with a warning, and what comes after may still fit.
    @Test func mediaBeyondTheRoomLeftAreLeftOutWithAWarning() throws {
        let text = """
            {"questions": [{"answer-type": "short-answer", "question": "Seal?",
             "user-answer": {"short-answer": "", "comment": "c", "images": ["Qid0"], "videos": ["Qid0(2)"],
              "voice": ["Qid0(3)"]}}]}
            """
        let form = try #require(CompletedFormReader.read(Array(text.utf8), with: ReviewFixture.reader()).form)
        let sizes = ["Qid0.jpg": 30, "Qid0(2).mov": 300, "Qid0(3).m4a": 3]
        let (media, warnings) = CompletedFormMedia.embeddable(form, room: 100) { name in
            sizes[name].map { .found(fileName: name, bytes: Array(repeating: 7, count: $0)) } ?? .absent
        }
        #expect(media.map(\.attachment.name) == ["Qid0", "Qid0(3)"])
        #expect(warnings.map(\.code) == ["embed.media-too-large"])
        #expect(warnings.first?.message.hasPrefix("video 'Qid0(2)' is not embedded: Qid0(2).mov") == true)
    }
}
