import FormGenerators
import Foundation
import QuestionKit
import QuestionKitCLI
import QuestionKitForms
import QuestionKitPDF
import QuestionTypes
import TestSupport
import Testing

/// Forms for the PDF tests: the bundled fixtures replayed with the built-in types, and generated ones.
enum PDFExportForms {
    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Every bundled fixture's path from the package root, the early-format sample's (kept out of
    /// `Templates/`) too.
    static let fixtures: [String] = GoldenFixtureTests.fixtures

    static func reader() throws -> TemplateReader {
        TemplateReader(registry: try QuestionTypeRegistry(BuiltInQuestionTypes.all))
    }

    /// The review of a bundled fixture, replayed on the template it names.
    static func review(ofFixture name: String) throws -> Review {
        let fixturePath = packageRoot + "/" + name
        let fixtureBytes = try bytes(fixturePath)
        guard let fixture = Fixture.read(fixtureBytes).fixture, let templatePath = fixture.templatePath else {
            throw Failure(description: "\(name) does not read")
        }
        let templateBytes = try bytes((fixturePath as NSString).deletingLastPathComponent + "/" + templatePath)
        return try review(template: templateBytes, fixture: fixture)
    }

    /// The review of `fixture` replayed on the template of `templateBytes`.
    static func review(template templateBytes: [UInt8], fixture: Fixture) throws -> Review {
        guard let template = try reader().read(templateBytes).template else {
            throw Failure(description: "the template does not read")
        }
        let result = FixtureReplayer(fixture: fixture, template: template).replay()
        return Review(form: result.session.form)
    }

    /// The review of a generated form of `count` questions (see `TemplateGenerator`).
    static func generatedReview(questions count: Int) throws -> Review {
        let template = Array(TemplateGenerator.template(questions: count, longTexts: true).utf8)
        guard
            let fixture = Fixture.read(Array(FixtureGenerator.fixture(questions: count, seed: 1, longTexts: true).utf8))
                .fixture
        else {
            throw Failure(description: "the generated fixture does not read")
        }
        return try review(template: template, fixture: fixture)
    }

    static func bytes(_ path: String) throws -> [UInt8] {
        [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
    }

    /// Every text of the review a reader must find in the PDF: questions, values, chosen options,
    /// table cells, comments, media names.
    static func expectedTexts(_ review: Review) -> [String] {
        var texts: [String] = []
        for row in review.rows {
            texts += [row.question, row.comment] + row.media.map(\.name)
            // A question not asked prints its conditions and why, in place of its answer.
            texts += [row.logic?.askedWhen, row.logic?.notAsked].compactMap { $0 }
            guard row.logic?.notAsked == nil else { continue }
            for block in row.rendering.blocks {
                switch block {
                case .value(let text), .note(let text): texts.append(text)
                case .choices(let choices): texts += choices.filter(\.isChosen).map { $0.label + " - Selected" }
                case .grid(let grid):
                    texts += grid.header + grid.rows.map(\.label)
                    for cell in grid.rows.flatMap(\.cells) {
                        if case .text(let text) = cell { texts.append(text) }
                        if case .check(let value?) = cell { texts.append(value ? "yes" : "no") }
                    }
                case .drawing(let drawing):
                    for case .text(let text, _, _, _, _) in drawing.elements { texts.append(text) }
                }
            }
        }
        return texts.filter { !TypedText.isBlank($0) }
    }

    /// The characters `document` shows as replacements (no installed font has them).
    static func replacedCharacters(_ document: PDFDocument) -> Set<Unicode.Scalar> {
        Set(document.warnings.compactMap { if case .missingGlyph(let scalar) = $0 { scalar } else { nil } })
    }

    /// Text with every run of white space made one space, so that wrapped lines compare equal.
    static func normalized(_ text: String) -> String {
        text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }
}

/// The external PDF tools (`qpdf`, `pdftotext`, `pdftoppm`), used when installed.
enum PDFExportTools {
    static func path(of tool: String) -> String? { ExternalProgram.find(tool) }

    static var available: Bool { ["qpdf", "pdftotext"].allSatisfy { path(of: $0) != nil } }

    /// Whether every fallback font (DejaVu Sans, its bold, Droid Sans Fallback) could be read.
    static var hasFonts: Bool { FormPDFOptions.systemFonts.fonts.unavailable.isEmpty }

    /// Why a test that needs the tools is skipped.
    static let toolsMissing: Comment =
        "qpdf or pdftotext is not installed (Debian qpdf, poppler-utils: Scripts/install-pdf-tools.sh)"
    /// Why a test that needs every fallback font is skipped.
    static let fontsMissing: Comment =
        "DejaVu Sans or Droid Sans Fallback is not installed (fonts-dejavu-core, fonts-droid-fallback)"

    /// Runs `tool` to the end and returns its exit status and its standard output and error.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String, error: String) {
        let result = try ExternalProgram.run(tool, arguments)
        return (result.status, result.standardOutput, result.standardError)
    }

    /// `qpdf --check` and the text `pdftotext` extracts, for the PDF `bytes` (written to `folder`).
    static func check(_ bytes: [UInt8], name: String, in folder: TemporaryFolder) throws -> (
        qpdf: (status: Int32, output: String, error: String), text: String
    ) {
        let file = folder.path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: file))
        let qpdf = try run("qpdf", ["--check", file])
        let text = try run("pdftotext", ["-enc", "UTF-8", file, "-"]).output
        return (qpdf, text)
    }
}
