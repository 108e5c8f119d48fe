import Foundation
import TestSupport
import Testing

/// `questionkit run --pdf` and `questionkit export` as a user runs them, checked by independent
/// readers (qpdf, pdftotext) when they are installed (CI installs them).
@Suite struct PDFProcessTests {
    static let toolsInstalled = ["qpdf", "pdftotext"].allSatisfy { ExternalProgram.find($0) != nil }

    @Test(.enabled(if: toolsInstalled, "qpdf and pdftotext are not installed (Scripts/install-pdf-tools.sh)"))
    func runWritesAPDFThatQpdfAcceptsAndPdftotextReads() throws {
        let folder = try TemporaryFolder()
        let pdf = folder.path + "/pump.pdf"
        let run = try ToolProcess.run([
            "run", "Templates/pump-inspection.json", "--answers", "Templates/fixtures/pump-inspection.fixture.json",
            "--pdf", pdf, "--page-size", "a4",
        ])
        #expect(run.status == 0, "\(run.standardError)")
        #expect(run.standardOutput.hasSuffix("wrote \(pdf)\n"))
        let check = try ExternalProgram.run("qpdf", ["--check", pdf])
        #expect(check.status == 0)
        #expect(!(check.standardOutput + check.standardError).contains("WARNING"))
        let text = try ExternalProgram.run("pdftotext", ["-raw", pdf, "-"]).standardOutput
        for expected in [
            "Centrifugal Pump Monthly Inspection", "Record the LOTO permit number.", "LOTO-2026-11-0387",
            "Page 1 of", "Attention required",
        ] {
            #expect(text.contains(expected), "the PDF text lacks \(expected)")
        }
        let info = try ExternalProgram.run("pdfinfo", [pdf]).standardOutput
        #expect(info.contains("595.28 x 841.89"), "not A4: \(info)")
    }

    /// The README's first command: its form needs no character beyond Helvetica, so no font is
    /// mentioned, whichever fonts are installed.
    @Test func theReadmeCommandWarnsAboutNoFont() throws {
        let folder = try TemporaryFolder()
        let run = try ToolProcess.run([
            "run", "Templates/pump-inspection.json", "--answers", "Templates/fixtures/pump-inspection.fixture.json",
            "--pdf", folder.path + "/pump-inspection.pdf",
        ])
        #expect(run.status == 0)
        #expect(run.standardError == "")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/pump-inspection.pdf"))
    }

    @Test func exportWritesEveryFormat() throws {
        let folder = try TemporaryFolder()
        let run = try ToolProcess.run([
            "run", "Templates/pump-inspection.json", "--answers", "Templates/fixtures/pump-inspection.fixture.json",
            "--out", folder.path,
        ])
        #expect(run.status == 0)
        let completed = folder.path + "/pump-inspection.completed.json"
        let text = try ToolProcess.run(["export", completed, "--format", "text"])
        #expect(text.status == 0)
        #expect(
            text.standardOutput == (try String(contentsOfFile: folder.path + "/pump-inspection.txt", encoding: .utf8)))
        let json = try ToolProcess.run(["export", completed, "--format", "json", "-o", folder.path + "/again.json"])
        #expect(json.status == 0)
        #expect(
            (try String(contentsOfFile: folder.path + "/again.json", encoding: .utf8))
                == (try String(contentsOfFile: completed, encoding: .utf8)))
        let pdf = try ToolProcess.run(["export", completed, "--format", "pdf", "-o", folder.path + "/form.pdf"])
        #expect(pdf.status == 0, "\(pdf.standardError)")
        let bytes = try Data(contentsOf: URL(fileURLWithPath: folder.path + "/form.pdf"))
        #expect(bytes.starts(with: Data("%PDF-1.7".utf8)))
        let noOutput = try ToolProcess.run(["export", completed, "--format", "pdf"])
        #expect(noOutput.status == 64)
        #expect(noOutput.standardError.contains("a PDF needs an output file: pass -o FILE"))
    }
}
