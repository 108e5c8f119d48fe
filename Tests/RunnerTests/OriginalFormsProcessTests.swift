import Foundation
import TestSupport
import Testing

/// Completed forms in the original system's shape that break the template's rules, as real ones
/// do (`.5`, `5.`, three choices under `max-answers "2"`, both true/false values, an option the
/// template lacks, a word for a number): reading is lenient, so every command reads them.
@Suite struct OriginalFormsProcessTests {
    static let form = "Tests/Templates/original-forms/rule-breaking-answers.completed.json"

    /// The answers that break a rule: question number, its line in the form, and the code.
    static let broken = [
        (3, 67, "multiple-choice.too-many-answers"), (4, 86, "true-false.answer-not-single"),
        (5, 109, "multiple-choice.unknown-option"), (7, 147, "short-answer.not-a-number"),
    ]

    @Test func reviewShowsEachBrokenAnswerAsStoredWithALocatedWarningAndAFlag() throws {
        let result = try ToolProcess.run(["review", Self.form])
        #expect(result.status == 0, "\(result.standardError)")
        let output = result.standardOutput
        for (number, line, code) in Self.broken {
            #expect(output.contains("  Question \(number), line \(line), column "), "\(number)")
            #expect(output.contains("[\(code)]"), "\(code)")
            #expect(result.standardError.contains("\(Self.form):\(line):"), "\(line)")
            #expect(result.standardError.contains("warning:"))
        }
        let attention = try #require(output.components(separatedBy: "Attention required:").last)
        for number in [3, 4, 5, 7] { #expect(attention.contains("  Question \(number): "), "\(number)") }
        // The stored answers, marked, wrap within the answer column.
        #expect(output.contains("⚠ Air filter, Oil"))
        #expect(output.contains("⚠ True, False (as"))
        #expect(!result.standardError.contains("error:"))
    }

    @Test func theNumbersTheOriginalTookAreReadAsNumbers() throws {
        let result = try ToolProcess.run(["review", "--format", "json", Self.form])
        #expect(result.status == 0)
        let review = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(review["rows"] as? [[String: Any]])
        // ".5" is the lower bound itself, "5." lies within -20 to "80.": neither is flagged.
        #expect((rows[0]["flags"] as? [Any])?.isEmpty == true)
        #expect((rows[1]["flags"] as? [Any])?.isEmpty == true)
        #expect(rows[0]["answer"] as? String == ".5")
        #expect(review["flaggedQuestions"] as? [Int] == [3, 4, 5, 7])
    }

    @Test func reviewJSONCarriesEachRowsLocatedWarnings() throws {
        let result = try ToolProcess.run(["review", "--format", "json", Self.form])
        #expect(result.status == 0)
        let review = try #require(
            try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
        let rows = try #require(review["rows"] as? [[String: Any]])
        var warned: [Int] = []
        for row in rows {
            let number = try #require(row["number"] as? Int)
            let warnings = try #require(row["warnings"] as? [[String: Any]], "row \(number)")
            guard let (_, line, code) = Self.broken.first(where: { $0.0 == number }) else {
                #expect(warnings.isEmpty, "row \(number)")
                continue
            }
            warned.append(number)
            let warning = try #require(warnings.first { $0["code"] as? String == code })
            #expect(warning["line"] as? Int == line)
            #expect((warning["column"] as? Int ?? 0) > 0)
            #expect((warning["pointer"] as? String)?.hasPrefix("/questions/\(number - 1)/user-answer") == true)
            #expect((warning["message"] as? String)?.isEmpty == false)
            // The same warning as on standard error.
            #expect(result.standardError.contains("\(Self.form):\(line):"))
        }
        #expect(warned == Self.broken.map(\.0))
        // The fields there were before stay as they were.
        #expect(Set(rows[0].keys).isSuperset(of: ["number", "section", "question", "answer", "flags", "media"]))
    }

    @Test func textExportPrintsTheStoredAnswersMarkedWithTheirWarnings() throws {
        let result = try ToolProcess.run(["export", "--format", "text", Self.form])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(result.standardOutput.contains("⚠ Frayed (as stored)"))
        #expect(result.standardOutput.contains("⚠ about 9 (as stored)"))
        for (_, line, code) in Self.broken {
            #expect(result.standardOutput.contains("Warning: line \(line), column "), "\(line)")
            #expect(result.standardOutput.contains("[\(code)]"))
        }
    }

    @Test func pdfExportSucceeds() throws {
        let folder = try TemporaryFolder()
        let pdf = folder.path + "/form.pdf"
        let result = try ToolProcess.run(["export", "--format", "pdf", "-o", pdf, Self.form])
        #expect(result.status == 0, "\(result.standardError)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
        #expect(bytes.starts(with: Data("%PDF-".utf8)))
        guard ExternalProgram.find("pdftotext") != nil else { return }
        let text = try ExternalProgram.run("pdftotext", ["-raw", pdf, "-"]).standardOutput
        #expect(text.contains("Frayed (as stored)"))
        #expect(text.contains("multiple-choice.too-many-answers"))
    }

    /// Nothing changed, so nothing moves: the JSON export is the form, byte for byte, and the
    /// original viewer reads it.
    @Test func jsonExportIsTheFormByteForByteAndTheOriginalViewerReadsIt() throws {
        let result = try ToolProcess.run(["export", "--format", "json", Self.form])
        #expect(result.status == 0, "\(result.standardError)")
        let original = try String(contentsOfFile: packageRoot + "/" + Self.form, encoding: .utf8)
        #expect(result.standardOutput == original)
        let page = try OriginalViewer.open(Data(result.standardOutput.utf8))
        #expect(page.questions.map(\.answer)[3...5] == ["True", "Frayed", "True"])
        #expect(page.imageNames == ["Qid1"])
    }
}
