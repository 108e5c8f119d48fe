import FormGenerators
import QuestionKit
import QuestionKitForms
import QuestionTypes
import Synchronization
import TestSupport
import Testing

@testable import QuestionKitCLI

/// `validate` writes its report as the diagnostics are located and sends it out in chunks (issue
/// 10): the bytes are those of printing every diagnostic at once.
@Suite("Streamed validation report")
struct DiagnosticReportTests {
    /// A template with 20,000 duplicate `noCells`, about 4 MB of text report.
    static let template = HostileTemplateGenerator.duplicateNoCells(20_000)

    /// What the whole-file printers make of the template's diagnostics.
    private func printedAtOnce(_ path: String, json: Bool) throws -> String {
        let reader = try TemplateReader(registry: QuestionTypeRegistry(BuiltInQuestionTypes.all))
        let bytes = Array(Self.template.utf8)
        let file = FileDiagnostics(path: path, diagnostics: reader.diagnose(bytes), source: bytes)
        #expect(file.diagnostics.count >= 19_999)
        return json
            ? DiagnosticPrinter.json([file]) : DiagnosticPrinter.text(file) + DiagnosticPrinter.summary([file]) + "\n"
    }

    /// With `asBytes`, the report goes out through `emitBytes` (as the real tool sends it).
    @Test(arguments: [false, true], [false, true])
    func theStreamedReportIsTheWholeReportInChunks(json: Bool, asBytes: Bool) throws {
        let folder = try TemporaryFolder()
        let path = try folder.write("nocells.json", Self.template)
        let chunks = Mutex<[String]>([])
        let sendBytes: @Sendable ([UInt8]) -> String? = { bytes in
            chunks.withLock { $0.append(String(decoding: bytes, as: UTF8.self)) }
            return nil
        }
        let arguments = ["validate"] + (json ? ["--format", "json"] : []) + [path]
        let outcome = QuestionKitTool(types: BuiltInQuestionTypes.all).run(
            arguments, emit: { output, _ in chunks.withLock { $0.append(output) } },
            emitBytes: asBytes ? sendBytes : nil)
        let sent = chunks.withLock { $0 }
        #expect(outcome.status == 0)
        #expect(sent.filter { !$0.isEmpty }.count >= 2)
        // Each chunk goes out once it reaches the chunk size: it holds at most one diagnostic more.
        #expect(sent.allSatisfy { $0.utf8.count < DiagnosticReport.chunkBytes + 4_096 })
        #expect(sent.joined() + outcome.standardOutput == (try printedAtOnce(path, json: json)))
    }

    @Test func theTallyCountsSeveritiesAndFailingFiles() {
        var tally = DiagnosticTally()
        tally.count([
            Diagnostic(severity: .error, code: "a", message: "a"), Diagnostic(severity: .note, code: "b", message: "b"),
        ])
        tally.count([Diagnostic(severity: .warning, code: "c", message: "c")])
        tally.count([])
        #expect(
            [tally.files, tally.errors, tally.warnings, tally.notes, tally.failingFiles] == [3, 1, 1, 1, 1])
        #expect(DiagnosticPrinter.summary(tally) == "checked 3 files: 1 error, 1 warning, 1 note (1 file with errors)")
    }
}
