import Foundation
import QuestionKit
import QuestionKitForms
import QuestionKitPDF
import TestSupport
import Testing

/// The printed form of every bundled fixture, checked by independent readers when installed
/// (`Scripts/install-pdf-tools.sh`; without them those tests are skipped, saying why): `qpdf --check`
/// accepts it without warnings, and the text `pdftotext` extracts holds every question, answer and comment. `QUESTIONKIT_PDF_OUT=DIR` keeps
/// the PDFs there, to look at.
@Suite("Printed forms (PDF)")
struct PDFExportFixtureTests {
    static let keptFolder = ProcessInfo.processInfo.environment["QUESTIONKIT_PDF_OUT"]
    static let options = FormPDFOptions(creationDate: Date(timeIntervalSince1970: 1_795_000_000))

    static func keep(_ bytes: [UInt8], as name: String) throws {
        guard let folder = keptFolder else { return }
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try Data(bytes).write(to: URL(fileURLWithPath: folder + "/" + name))
    }

    /// Every character of every bundled form shows, but those of a fallback font that is not installed,
    /// which are then named with that font; with every font installed, nothing is replaced.
    @Test(arguments: PDFExportForms.fixtures)
    func fixtureLosesNoCharacterButThoseOfAMissingFont(_ fixture: String) throws {
        let review = try PDFExportForms.review(ofFixture: fixture)
        let document = FormPDF.render(review, options: Self.options)
        let warnings = Self.options.fonts.warnings(for: document.warnings)
        let unexplained = warnings.filter {
            if case .fallbackFontUnavailable = $0 { false } else { true }
        }
        #expect(unexplained.isEmpty, "\(unexplained)")
        if Self.options.fonts.unavailable.isEmpty {
            #expect(document.warnings.isEmpty, "\(document.warnings)")
        }
        try Self.keep(
            try document.write(),
            as: (fixture as NSString).lastPathComponent.replacingOccurrences(of: ".fixture.json", with: ".pdf"))
    }

    @Test(.enabled(if: PDFExportTools.available, PDFExportTools.toolsMissing), arguments: PDFExportForms.fixtures)
    func fixturePrintsEveryQuestionAnswerAndComment(_ fixture: String) throws {
        let review = try PDFExportForms.review(ofFixture: fixture)
        let document = FormPDF.render(review, options: Self.options)
        let bytes = try document.write()
        let name = (fixture as NSString).lastPathComponent.replacingOccurrences(of: ".fixture.json", with: ".pdf")
        let folder = try TemporaryFolder()
        let (qpdf, text) = try PDFExportTools.check(bytes, name: name, in: folder)
        #expect(qpdf.status == 0, "qpdf: \(qpdf.output) \(qpdf.error)")
        #expect(qpdf.error.isEmpty && !qpdf.output.lowercased().contains("warning"), "\(qpdf.output) \(qpdf.error)")
        let extracted = PDFExportForms.normalized(text)
        // Characters a missing font would have shown come out as replacements; the rest must be there.
        let missing = PDFExportForms.replacedCharacters(document)
        for expected in PDFExportForms.expectedTexts(review)
        where !expected.unicodeScalars.contains(where: missing.contains) {
            #expect(extracted.contains(PDFExportForms.normalized(expected)), "not found in the PDF text: \(expected)")
        }
        #expect(extracted.contains("Page 1 of \(document.pages.count)"))
        // Reading order: the questions come out in the form's order.
        var searchFrom = extracted.startIndex
        for row in review.rows where !row.question.unicodeScalars.contains(where: missing.contains) {
            let found = extracted.range(
                of: PDFExportForms.normalized(row.question), range: searchFrom..<extracted.endIndex)
            #expect(found != nil, "question \(row.number) is out of order")
            searchFrom = found?.upperBound ?? searchFrom
        }
    }
}

extension PDFExportFixtureTests {
    static let unicodeTemplate = """
        {
          "Title": "Prüfbericht – Transformator Ω-7",
          "RevisionNumber": "2",
          "MIDiscipline": "Электрика",
          "questions": [
            {"answer-type": "short-answer", "qid": "1", "section": "Messung «Temperatur»",
             "question": "Öltemperatur 温度 (°C)", "answers": ["", "", "", "", ""]},
            {"answer-type": "multiple-choice", "qid": "4", "question": "Состояние изоляции",
             "answers": ["Хорошее", "Плохое «трещины»", "温度过高", "", ""], "max-answers": "2"},
            {"answer-type": "table-answer", "qid": "3", "question": "Widerstand in Ω", "numRows": 3,
             "numColumns": 3, "firstRow": ["Фаза", "R (Ω)", "温度"],
             "firstColumn": ["", "U–V", "V–W"], "rowType": ["", "text", "text"]}
          ]
        }
        """
    static let unicodeFixture = """
        {
          "technician": "Дмитрий Иванов", "foreman": "王伟", "completedDate": "Nov 22, 2026",
          "submittedDate": "Nov 23, 2026",
          "answers": {
            "1": {"answer": "温度 42 Ω «ok»", "comment": "Измерено дважды, «стабильно»; 温度计 OK."},
            "2": {"answer": ["Плохое «трещины»", "温度过高"], "comment": "Ω-Prüfung bestanden"},
            "3": {"answer": {"2,2": "0,42 Ω", "2,3": "温度 35", "3,2": "Ω ≈ 0,41", "3,3": "«норма»"}}
          },
          "foremanComment": "Принято. 温度 überwachen."
        }
        """

    /// 温度, Ω, «» and Cyrillic in answers, comments and the header show in the PDF and come back out.
    @Test(
        .enabled(if: PDFExportTools.available, PDFExportTools.toolsMissing),
        .enabled(if: PDFExportTools.hasFonts, PDFExportTools.fontsMissing))
    func nonLatinTextShowsAndExtracts() throws {
        let fixture = try #require(Fixture.read(Array(Self.unicodeFixture.utf8)).fixture)
        let review = try PDFExportForms.review(template: Array(Self.unicodeTemplate.utf8), fixture: fixture)
        let document = FormPDF.render(review, options: Self.options)
        let bytes = try document.write()
        try Self.keep(bytes, as: "unicode.pdf")
        #expect(document.warnings.isEmpty, "\(document.warnings)")
        let folder = try TemporaryFolder()
        let (qpdf, text) = try PDFExportTools.check(bytes, name: "unicode.pdf", in: folder)
        #expect(qpdf.status == 0 && qpdf.error.isEmpty, "\(qpdf.output) \(qpdf.error)")
        let extracted = PDFExportForms.normalized(text)
        for expected in PDFExportForms.expectedTexts(review) + ["Дмитрий Иванов", "王伟", "Принято. 温度 überwachen."] {
            #expect(extracted.contains(PDFExportForms.normalized(expected)), "not found in the PDF text: \(expected)")
        }
        for fragment in ["温度", "Ω", "«", "»", "Состояние"] {
            #expect(extracted.contains(fragment))
        }
        // Subset fonts keep a form with a few non-Latin characters small.
        #expect(bytes.count < 100_000, "\(bytes.count) bytes")
    }
}
