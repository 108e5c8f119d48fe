import Foundation
import Testing

/// `fieldkit run` and `test` replay the bundled site visit: the new types appear in the review,
/// the text export, the completed form and the PDF like the built-in ones.
@Suite struct RunProcessTests {
    static let template = "Templates/site-visit.json"
    static let fixture = "Templates/fixtures/site-visit.fixture.json"

    @Test func theBundledFixturePasses() throws {
        let result = try ToolProcess.run(["test", "Templates/"])
        #expect(result.status == 0, "\(result.standardOutput)")
        #expect(result.standardOutput == "PASS Templates/fixtures/site-visit.fixture.json\n1 passed, 0 failed\n")
    }

    @Test func replayShowsDatesAndRatingsInReviewTextAndCompletedForm() throws {
        let folder = try temporaryFolder("run")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let run = try ToolProcess.run(["run", Self.template, "--answers", Self.fixture, "--out", folder])
        #expect(run.status == 0, "\(run.standardError)")
        for line in [
            "1   Visit          Date of this visit              2026-03-12",
            "5   Fire pump      Condition of the diesel engine  2 of 5                  Fuel weeping at   !",
            "  Question 3: 2025-04-18 is before the earliest accepted date 2025-07-01",
            "  Question 5: rated 2 of 5, below the accepted minimum 3",
        ] {
            #expect(run.standardOutput.contains(line + "\n"), "review has no line '\(line)'")
        }
        let text = try String(contentsOfFile: folder + "/site-visit.txt", encoding: .utf8)
        // The rating is drawn as boxes in the PDF; the text export prints the drawing's fallback.
        let rating = "\n2 of 5\n  (1 = Unfit for service, 5 = As new)\n  (accepted: 3 or more)\n"
        #expect(text.contains(rating))
        #expect(text.contains("2025-04-18\n  (accepted: on or after 2025-07-01)\n"))
        let completed = try #require(
            try JSONSerialization.jsonObject(
                with: Data(contentsOf: URL(fileURLWithPath: folder + "/site-visit.completed.json")))
                as? [String: Any])
        let questions = try #require(completed["questions"] as? [[String: Any]])
        let stored = questions.map { ($0["user-answer"] as? [String: Any])?["short-answer"] as? String }
        #expect(stored[0] == "2026-03-12")
        #expect(stored[4] == "2")
        #expect(stored[8] == "7")
        let review = try ToolProcess.run(["review", folder + "/site-visit.completed.json"])
        #expect(review.status == 0, "\(review.standardError)")
        #expect(review.standardOutput.contains("  Question 5: rated 2 of 5, below the accepted minimum 3\n"))
    }

    // PDF export (`run --pdf FILE`) is being added to QuestionKit; this runs once the option exists.
    @Test(.enabled(if: ToolProcess.offers("--pdf", in: "run"), "run has no --pdf option yet"))
    func replayShowsDatesAndRatingsInThePDF() throws {
        let folder = try temporaryFolder("pdf")
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let pdf = folder + "/site-visit.pdf"
        let run = try ToolProcess.run(["run", Self.template, "--answers", Self.fixture, "--pdf", pdf])
        #expect(run.status == 0, "\(run.standardError)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: pdf))
        #expect(bytes.starts(with: Data("%PDF-".utf8)))
        let text = try PDFText.extract(pdf)
        // "1 2 3 4 5 2 of 5": the numbered boxes of the rating's drawing, then its words.
        for phrase in [
            "2026-03-12", "2025-04-18", "on or after 2025-07-01", "Unfit for service", "rated 2 of 5", "4 5 2 of 5",
        ] {
            #expect(text.contains(phrase), "the PDF's text has no '\(phrase)'")
        }
        let check = try PDFText.run("qpdf", ["--check", pdf])
        #expect(check.status == 0 && !check.output.contains("WARNING"), "qpdf --check: \(check.output)")
    }
}

/// The text of a PDF, by `pdftotext`, and other PDF tools (poppler-utils and qpdf; QuestionKit's CI
/// installs them with Scripts/install-pdf-tools.sh).
enum PDFText {
    static func extract(_ path: String) throws -> String {
        let output = try run("pdftotext", ["-layout", path, "-"]).output
        // pdftotext breaks long lines; phrases are searched with their spaces collapsed.
        return output.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    /// Runs `tool` found on the PATH; its exit status and its standard output and error together.
    static func run(_ tool: String, _ arguments: [String]) throws -> (status: Int32, output: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [tool] + arguments
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }
}
