import FormGenerators
import Foundation
import QuestionKit
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
        return lines
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
