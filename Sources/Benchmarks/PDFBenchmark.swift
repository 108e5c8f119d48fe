import FormGenerators
import Foundation
import QuestionKit
import QuestionKitArchive
import QuestionKitForms
import QuestionKitPDF

/// Printed forms: pages per second and bytes per page for large forms, and the size of a form with
/// a few CJK characters (whose fonts are embedded as subsets).
enum PDFBenchmark {
    static func run(reader: TemplateReader) -> [String] {
        let (fonts, _) = PDFFontSet.loadingFonts()
        var options = FormPDFOptions()
        options.fonts = fonts
        var lines: [String] = []
        for count in [1_000, 10_000] {
            guard let review = review(questions: count, reader: reader, comment: nil) else {
                return ["the generated \(count)-question form did not replay"]
            }
            var pages = 0
            var bytes = 0
            let timing = Measure.seconds(runs: count >= 10_000 ? 2 : 5) {
                let document = FormPDF.render(review, options: options)
                pages = document.pages.count
                bytes = (try? document.write().count) ?? 0
            }
            lines.append(
                String(
                    format:
                        "| %d-question completed form | %d pages, %.1f MB | %.0f ms | %.0f pages/s | %.1f KB/page |",
                    count, pages, Double(bytes) / 1e6, timing.median * 1000, Double(pages) / timing.median,
                    Double(bytes) / Double(max(pages, 1)) / 1000))
        }
        if let review = review(questions: 20, reader: reader, comment: "温度正常, Ω 12.5, «ok», Привет") {
            let document = FormPDF.render(review, options: options)
            let bytes = (try? document.write().count) ?? 0
            lines.append(
                String(
                    format:
                        "| 20-question form with CJK, Greek and Cyrillic comments | %d pages | | | %.1f KB in total |",
                    document.pages.count, Double(bytes) / 1000))
        }
        return lines + imageLines()
    }

    /// How fast photo files are read for embedding: a PNG's chunks are walked and CRC-checked, a
    /// JPEG's segments skipped by their lengths; neither is decoded.
    static func imageLines() -> [String] {
        let megabytes = 8
        var chunks: [UInt8] = []
        for _ in 0..<(megabytes * 16) {
            chunks += pngChunk("IDAT", [UInt8](repeating: 0x5A, count: 1 << 16))
        }
        let header = pngChunk("IHDR", [0, 0, 16, 0, 0, 0, 16, 0, 8, 2, 0, 0, 0])
        let png = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] + header + chunks + pngChunk("IEND", [])
        var jpeg: [UInt8] = [0xFF, 0xD8]
        for _ in 0..<(megabytes * 16) {
            jpeg += [0xFF, 0xE1, 0xFF, 0xFF] + [UInt8](repeating: 0x5A, count: 0xFFFD)
        }
        jpeg += [0xFF, 0xC0, 0, 11, 8, 0, 16, 0, 16, 1, 1, 0x11, 0, 0xFF, 0xD9]
        return [("PNG", png), ("JPEG", jpeg)].map { name, bytes in
            let timing = Measure.seconds(runs: 5) { _ = try? PDFImage.read(bytes) }
            return String(
                format: "| reading a %d MB %@ for embedding | | %.1f ms | %.0f MB/s | |", megabytes, name,
                timing.median * 1000, Double(bytes.count) / 1e6 / timing.median)
        }
    }

    private static func pngChunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let typed = Array(type.utf8) + data
        let crc = CRC32.checksum(typed[...])
        return bytes(UInt32(data.count)) + typed + bytes(crc)
    }

    private static func bytes(_ value: UInt32) -> [UInt8] {
        (0..<4).map { UInt8(truncatingIfNeeded: value >> (24 - 8 * $0)) }
    }

    /// The review of a generated form, replayed from a generated fixture (with `comment` added to
    /// every fourth answer (the short answers, which have no comment of their own) when given).
    static func review(questions count: Int, reader: TemplateReader, comment: String?) -> Review? {
        guard let template = reader.read(Array(TemplateGenerator.template(questions: count).utf8)).template else {
            return nil
        }
        var fixture = FixtureGenerator.fixture(questions: count, seed: 3)
        if let comment {
            for number in stride(from: 1, through: count, by: 4) {
                fixture = fixture.replacingOccurrences(
                    of: "\"\(number)\": {", with: "\"\(number)\": {\"comment\": \"\(comment)\", ")
            }
        }
        guard let form = ReplayBenchmark.replay(Array(fixture.utf8), template: template) else { return nil }
        return Review(form: form)
    }
}
