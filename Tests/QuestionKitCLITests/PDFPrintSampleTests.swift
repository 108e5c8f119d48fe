import Foundation
import QuestionKit
import QuestionKitArchive
import QuestionKitCLI
import QuestionKitForms
import QuestionKitPDF
import TestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `export --format pdf` of the sample completed form beside its two photos
/// (`Tests/Templates/print-sample`): empty metadata fields, photos, a 25-column table.
@Suite("Printed form of the sample with photos")
struct PDFPrintSampleTests {
    static let folder = packageRoot + "/Tests/Templates/print-sample"
    static let form = folder + "/tap-changer.completed.json"

    static func review() throws -> Review {
        let bytes = try PDFExportForms.bytes(form)
        let form = try #require(CompletedFormReader.read(bytes, with: try PDFExportForms.reader()).form)
        return Review(form: form)
    }

    /// Exports `path` to a PDF in `folder` and returns the outcome and the PDF's bytes.
    static func export(_ path: String, in folder: TemporaryFolder, _ extra: [String] = []) throws -> (
        outcome: QuestionKitTool.Outcome, pdf: [UInt8]
    ) {
        let output = folder.path + "/out.pdf"
        let outcome = runTool(["export", path, "--format", "pdf", "-o", output] + extra)
        let pdf = (try? PDFExportForms.bytes(output)) ?? []
        return (outcome, pdf)
    }

    static func imageCount(_ pdf: [UInt8]) -> Int {
        String(decoding: pdf, as: UTF8.self).components(separatedBy: "/Subtype /Image").count - 1
    }

    @Test func bothPhotosAreEmbeddedWithoutAWarning() throws {
        let folder = try TemporaryFolder()
        let (outcome, pdf) = try Self.export(Self.form, in: folder)
        // On a machine without DejaVu Sans the sample's "Ω" is replaced, with a warning naming the
        // font; no other warning (a photo's) may appear.
        let warnings = outcome.standardError.split(separator: "\n").filter { !$0.contains("font '") }
        #expect(outcome.status == 0 && warnings.isEmpty, "\(outcome.standardError)")
        #expect(Self.imageCount(pdf) == 2)
        let text = String(decoding: pdf, as: UTF8.self)
        #expect(text.contains("/Filter /DCTDecode") && text.contains("/Predictor 15"))
    }

    @Test(.enabled(if: PDFExportTools.available, PDFExportTools.toolsMissing))
    func qpdfIsCleanAndPdftotextHasEveryValue() throws {
        let folder = try TemporaryFolder()
        let (outcome, pdf) = try Self.export(
            Self.form, in: folder, ["--heading", "Generation Maintenance Instruction"])
        #expect(outcome.status == 0)
        let (qpdf, text) = try PDFExportTools.check(pdf, name: "sample.pdf", in: folder)
        #expect(qpdf.status == 0 && qpdf.error.isEmpty, "\(qpdf.output) \(qpdf.error)")
        #expect(!qpdf.output.lowercased().contains("warning"), "\(qpdf.output)")
        let extracted = PDFExportForms.normalized(text)
        let review = try Self.review()
        let header = review.header
        var expected = PDFExportForms.expectedTexts(review) + header.metadata.map(\.value).filter { !$0.isEmpty }
        expected +=
            [header.title, header.revision, header.technician, header.completedDate, header.foreman]
            .compactMap { $0 } + ["Generation Maintenance Instruction", "WO#:", "Original Issue Date"]
        for value in expected where !value.contains("@") {
            #expect(extracted.contains(PDFExportForms.normalized(value)), "not found in the PDF text: \(value)")
        }
        #expect(!extracted.contains("reliability.alerts@example.com"), "the e-mail address is not printed")
        #expect(!extracted.contains("MIDiscipline"))
    }

    @Test func aMissingPhotoIsALocatedWarningAndItsNameIsPrinted() throws {
        let folder = try TemporaryFolder()
        let copy = folder.path + "/form.json"
        try FileManager.default.copyItem(atPath: Self.form, toPath: copy)
        try FileManager.default.copyItem(atPath: Self.folder + "/Qid1.jpg", toPath: folder.path + "/Qid1.jpg")
        try Data([0xFF, 0xD8, 0xFF]).write(to: URL(fileURLWithPath: folder.path + "/Qid1(2).png"))
        let (outcome, pdf) = try Self.export(copy, in: folder)
        #expect(outcome.status == 0)
        #expect(Self.imageCount(pdf) == 1)
        #expect(
            outcome.standardError.contains(
                "form.json:51:11: warning: photo 'Qid1(2)' is not printed (Qid1(2).png): the image file is cut short"),
            "\(outcome.standardError)")
        try FileManager.default.removeItem(atPath: folder.path + "/Qid1.jpg")
        let (again, _) = try Self.export(copy, in: folder)
        #expect(again.standardError.contains("form.json:50:11: warning: photo 'Qid1' is not printed: no file Qid1.jpg"))
    }

    /// A PNG whose image data is no zlib stream, or whose header claims 2³¹−1 × 2³¹−1 pixels, would
    /// go into the PDF as it is and break or stall the viewer: it is a located warning, and the form
    /// prints with the photo's name (issue 24).
    @Test func aHostilePNGIsALocatedWarningAndTheFormPrints() throws {
        let sample = try PDFExportForms.bytes(Self.folder + "/Qid1(2).png")
        // The sample's IHDR data is bytes 16..<29, its IDAT's type and data 37..<1407 (1,366 bytes).
        let notZlib = Self.withChunk(sample, 37..<1407, changed: 41..<43, to: [0x00, 0x01])
        let huge = Self.withChunk(
            sample, 12..<29, changed: 16..<24, to: [0x7F, 0xFF, 0xFF, 0xFF, 0x7F, 0xFF, 0xFF, 0xFF])
        let expected = [
            "not a zlib stream: its first bytes 00 01 are not a zlib header",
            "an image of 2147483647 × 2147483647 pixels (more than 50 megapixels) is not supported",
        ]
        for (photo, reason) in zip([notZlib, huge], expected) {
            let folder = try TemporaryFolder()
            let copy = folder.path + "/form.json"
            try FileManager.default.copyItem(atPath: Self.form, toPath: copy)
            try FileManager.default.copyItem(atPath: Self.folder + "/Qid1.jpg", toPath: folder.path + "/Qid1.jpg")
            try Data(photo).write(to: URL(fileURLWithPath: folder.path + "/Qid1(2).png"))
            let (outcome, pdf) = try Self.export(copy, in: folder)
            #expect(outcome.status == 0)
            #expect(Self.imageCount(pdf) == 1)
            #expect(
                outcome.standardError.contains(
                    "form.json:51:11: warning: photo 'Qid1(2)' is not printed (Qid1(2).png): "),
                "\(outcome.standardError)")
            #expect(outcome.standardError.contains(reason), "\(outcome.standardError)")
        }
    }

    /// `png` with the bytes at `changed` replaced inside the chunk whose type and data are `chunk`,
    /// and that chunk's CRC (the four bytes after it) made right again.
    private static func withChunk(
        _ png: [UInt8], _ chunk: Range<Int>, changed: Range<Int>, to bytes: [UInt8]
    ) -> [UInt8] {
        var changedPNG = png
        changedPNG.replaceSubrange(changed, with: bytes)
        let crc = CRC32.checksum(changedPNG[chunk])
        changedPNG.replaceSubrange(
            chunk.upperBound..<chunk.upperBound + 4,
            with: (0..<4).map { UInt8(truncatingIfNeeded: crc >> (24 - 8 * $0)) })
        return changedPNG
    }

    @Test func aFIFONamedLikeAPhotoIsNotOpened() throws {
        let folder = try TemporaryFolder()
        let copy = folder.path + "/form.json"
        try FileManager.default.copyItem(atPath: Self.form, toPath: copy)
        #expect(mkfifo(folder.path + "/Qid1.jpg", 0o644) == 0)
        let (outcome, _) = try Self.export(copy, in: folder)
        #expect(outcome.status == 0)
        #expect(outcome.standardError.contains("photo 'Qid1' is not printed: Qid1.jpg is not a regular file"))
    }

    @Test func anEmbeddedPhotoIsPrintedWithoutAFile() throws {
        let folder = try TemporaryFolder()
        let photo = try PDFExportForms.bytes(Self.folder + "/Qid1.jpg")
        var text = String(decoding: try PDFExportForms.bytes(Self.form), as: UTF8.self)
        text = text.replacingOccurrences(
            of: #""images": {}"#, with: #""images": {"Qid1": "\#(Data(photo).base64EncodedString())"}"#)
        let path = try folder.write("form.json", text)
        let (outcome, pdf) = try Self.export(path, in: folder)
        #expect(outcome.status == 0)
        #expect(Self.imageCount(pdf) == 1)
        #expect(outcome.standardError.contains("photo 'Qid1(2)' is not printed"))
        #expect(!outcome.standardError.contains("photo 'Qid1' "))
    }

    @Test func aLogoThatIsNoImageIsAnError() throws {
        let folder = try TemporaryFolder()
        let logo = try folder.write("logo.png", "not a picture")
        let (outcome, _) = try Self.export(Self.form, in: folder, ["--logo", logo])
        #expect(outcome.status == 1)
        #expect(outcome.standardError.contains("--logo '\(logo)': not a JPEG or PNG image"), "\(outcome.standardError)")
        let (withLogo, pdf) = try Self.export(Self.form, in: folder, ["--logo", Self.folder + "/Qid1(2).png"])
        #expect(withLogo.status == 0)
        #expect(Self.imageCount(pdf) == 2, "the logo is the same file as a photo: embedded once")
    }
}
