import Foundation
import TestSupport
import Testing

/// `--embed-media`: the photos beside a form embedded as base64 under `media.images`, as the
/// original app wrote them, by `run --out` and `export --format json`.
@Suite struct EmbedMediaProcessTests {
    static let template = """
        {"Title": "Pump", "questions": [
          {"answer-type": "true/false", "question": "Isolated?"},
          {"answer-type": "short-answer", "question": "Seal condition"}
        ]}
        """
    static let fixture = """
        {"template": "pump.json", "technician": "Ann",
         "answers": {"1": {"answer": ["Yes"]}, "2": {"answer": "Worn", "media": ["image", "image"]}}}
        """
    static let photos = packageRoot + "/Tests/Templates/print-sample/"

    /// A folder with the template and the fixture, the completed form written by `run --out` into
    /// `out`, with the photos beside the fixture when `withPhotos`.
    static func replayed(embedding: Bool, withPhotos: Bool = true) throws -> (TemporaryFolder, ProgramResult) {
        let folder = try TemporaryFolder()
        try folder.write("pump.json", template)
        try folder.write("pump.fixture.json", fixture)
        if withPhotos {
            for photo in ["Qid1.jpg", "Qid1(2).png"] {
                try FileManager.default.copyItem(atPath: photos + photo, toPath: folder.path + "/" + photo)
            }
        }
        let result = try ToolProcess.run(
            ["run", "pump.json", "--answers", "pump.fixture.json", "--out", "out"]
                + (embedding ? ["--embed-media"] : []),
            in: folder.path)
        return (folder, result)
    }

    static func base64(of photo: String) throws -> String {
        try Data(contentsOf: URL(fileURLWithPath: photos + photo)).base64EncodedString()
    }

    @Test func runEmbedsThePhotosBesideTheFixtureAndExportKeepsThem() throws {
        let (folder, run) = try Self.replayed(embedding: true)
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardError == "")
        let completed = folder.path + "/out/pump.completed.json"
        let written = try Data(contentsOf: URL(fileURLWithPath: completed))
        let page = try OriginalViewer.open(written)
        #expect(
            page.images == ["Qid1": try Self.base64(of: "Qid1.jpg"), "Qid1(2)": try Self.base64(of: "Qid1(2).png")])

        // Read back and exported again, with or without --embed-media (no photo files beside it
        // now: the embedded ones stay), the form keeps the same base64, byte for byte.
        for extra in [[], ["--embed-media"]] {
            let exported = try ToolProcess.run(["export", "--format", "json", completed] + extra)
            #expect(exported.status == 0)
            #expect(exported.standardError == "")
            #expect(exported.standardOutput == String(decoding: written, as: UTF8.self))
        }
    }

    @Test func exportEmbedsThePhotosBesideTheForm() throws {
        let (folder, run) = try Self.replayed(embedding: false)
        #expect(run.status == 0, "\(run.standardError)")
        let completed = folder.path + "/out/pump.completed.json"
        #expect(try OriginalViewer.open(Data(contentsOf: URL(fileURLWithPath: completed))).images == [:])
        try FileManager.default.copyItem(atPath: Self.photos + "Qid1.jpg", toPath: folder.path + "/out/Qid1.jpg")

        let exported = try ToolProcess.run(["export", "--format", "json", "--embed-media", completed])
        #expect(exported.status == 0)
        #expect(
            try OriginalViewer.open(Data(exported.standardOutput.utf8)).images == [
                "Qid1": try Self.base64(of: "Qid1.jpg")
            ])
        // The photo without a file is left out, with a warning at its name in the form.
        #expect(exported.standardError.contains("pump.completed.json:"))
        #expect(exported.standardError.contains("warning: photo 'Qid1(2)' is not embedded: no file Qid1(2).jpg"))
        #expect(exported.standardError.contains("[embed.media-missing]"))
    }

    @Test func aFIFOALinkOutOfTheFolderAndAnOversizedFileAreLeftOutWithWarnings() throws {
        let (folder, run) = try Self.replayed(embedding: false)
        #expect(run.status == 0, "\(run.standardError)")
        let out = folder.path + "/out/"
        #expect(mkfifo(out + "Qid1.jpg", 0o600) == 0)
        try folder.write("outside.jpg", "not beside the form")
        try FileManager.default.createSymbolicLink(atPath: out + "Qid1(2).jpg", withDestinationPath: "../outside.jpg")

        let exported = try ToolProcess.run(["export", "--format", "json", "--embed-media", out + "pump.completed.json"])
        #expect(exported.status == 0)
        #expect(try OriginalViewer.open(Data(exported.standardOutput.utf8)).images == [:])
        let warnings = exported.standardError.split(separator: "\n").filter { $0.contains("[embed.media-refused]") }
        #expect(warnings.count == 2, "\(exported.standardError)")
        #expect(exported.standardError.contains("photo 'Qid1' is not embedded: Qid1.jpg is not a regular file"))
        #expect(
            exported.standardError.contains(
                "photo 'Qid1(2)' is not embedded: Qid1(2).jpg leads out of the form's folder"))

        // Sparse: 33 MiB long without 33 MiB written.
        try FileManager.default.removeItem(atPath: out + "Qid1.jpg")
        #expect(FileManager.default.createFile(atPath: out + "Qid1.jpg", contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: out + "Qid1.jpg"))
        try handle.truncate(atOffset: 33 << 20)
        try handle.close()
        let large = try ToolProcess.run(["export", "--format", "json", "--embed-media", out + "pump.completed.json"])
        #expect(large.status == 0)
        #expect(
            large.standardError.contains(
                "photo 'Qid1' is not embedded: Qid1.jpg has 34603008 bytes, more than 33554432"))
    }

    @Test func embedMediaIsForCompletedFormJSONOnly() throws {
        let (folder, _) = try Self.replayed(embedding: false, withPhotos: false)
        let result = try ToolProcess.run(
            ["export", "--format", "text", "--embed-media", folder.path + "/out/pump.completed.json"])
        #expect(result.status == 64)
        #expect(result.standardError.contains("--embed-media"))
    }

    /// Issue 23: the original uploaded every attachment embedded; `run --out --embed-media` embeds
    /// a question's photo, video and voice note, each under its kind, and the form reads back.
    @Test func runEmbedsPhotosVideosAndVoiceNotes() throws {
        let folder = try TemporaryFolder()
        try folder.write("pump.json", Self.template)
        try folder.write(
            "pump.fixture.json",
            #"{"technician": "Ann", "answers": {"1": {"answer": ["Yes"]}, "#
                + #""2": {"answer": "Worn", "media": ["image", "video", "voice"]}}}"#)
        try FileManager.default.copyItem(atPath: Self.photos + "Qid1.jpg", toPath: folder.path + "/Qid1.jpg")
        try folder.write("Qid1(2).mov", "a video")
        try folder.write("Qid1(3).m4a", "a voice note")
        let run = try ToolProcess.run(
            ["run", "pump.json", "--answers", "pump.fixture.json", "--out", "out", "--embed-media"], in: folder.path)
        #expect(run.status == 0 && run.standardError == "", "\(run.standardError)")
        let completed = folder.path + "/out/pump.completed.json"
        let page = try OriginalViewer.open(Data(contentsOf: URL(fileURLWithPath: completed)))
        #expect(page.images == ["Qid1": try Self.base64(of: "Qid1.jpg")])
        #expect(page.videos == ["Qid1(2)": Data("a video".utf8).base64EncodedString()])
        #expect(page.voice == ["Qid1(3)": Data("a voice note".utf8).base64EncodedString()])
        let review = try ToolProcess.run(["review", completed])
        #expect(review.status == 0 && review.standardError == "", "\(review.standardError)")

        // Without the voice note's file, it is left out with a warning at its name.
        try FileManager.default.removeItem(atPath: folder.path + "/Qid1(3).m4a")
        let again = try ToolProcess.run([
            "export", "--format", "json", "--embed-media", folder.path + "/out/pump.completed.json",
        ])
        #expect(again.status == 0)
        #expect(again.standardError == "", "embedded already: \(again.standardError)")
        let bare = try ToolProcess.run(
            ["run", "pump.json", "--answers", "pump.fixture.json", "--out", "out2", "--embed-media"], in: folder.path)
        #expect(bare.standardError.contains("warning: voice note 'Qid1(3)' is not embedded: no file Qid1(3).m4a"))
        #expect(
            try OriginalViewer.open(Data(contentsOf: URL(fileURLWithPath: folder.path + "/out2/pump.completed.json")))
                .voice == [:])
    }

    /// Issue 23: `run --pdf` draws the thumbnails of the photos beside the fixture, as `export`
    /// does; a photo the fixture only names (no file) is printed by name, without a warning.
    @Test func runPrintsThePhotosBesideTheFixture() throws {
        let (folder, _) = try Self.replayed(embedding: false)
        let withPhotos = try ToolProcess.run(
            ["run", "pump.json", "--answers", "pump.fixture.json", "--pdf", "with.pdf"], in: folder.path)
        #expect(withPhotos.status == 0)
        #expect(!withPhotos.standardError.contains("photo"), "\(withPhotos.standardError)")
        let pdf = try String(decoding: Data(contentsOf: URL(fileURLWithPath: folder.path + "/with.pdf")), as: UTF8.self)
        #expect(pdf.components(separatedBy: "/Subtype /Image").count - 1 == 2)

        for photo in ["Qid1.jpg", "Qid1(2).png"] {
            try FileManager.default.removeItem(atPath: folder.path + "/" + photo)
        }
        let without = try ToolProcess.run(
            ["run", "pump.json", "--answers", "pump.fixture.json", "--pdf", "without.pdf"], in: folder.path)
        #expect(without.status == 0)
        #expect(!without.standardError.contains("photo"), "\(without.standardError)")
        let bare = try String(
            decoding: Data(contentsOf: URL(fileURLWithPath: folder.path + "/without.pdf")), as: UTF8.self)
        #expect(!bare.contains("/Subtype /Image"))
    }
}
