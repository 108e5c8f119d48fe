import QuestionKit
import QuestionKitForms

/// The counts a report closes with: files checked, problems of each severity, files with errors.
struct DiagnosticTally: Sendable {
    private(set) var files = 0
    private(set) var errors = 0
    private(set) var warnings = 0
    private(set) var notes = 0
    private(set) var failingFiles = 0

    /// Counts one file's diagnostics.
    mutating func count(_ diagnostics: [Diagnostic]) {
        beginFile()
        for diagnostic in diagnostics { count(diagnostic) }
        endFile()
    }

    mutating func beginFile() { files += 1 }

    mutating func count(_ diagnostic: Diagnostic) {
        switch diagnostic.severity {
        case .error: errors += 1
        case .warning: warnings += 1
        case .note: notes += 1
        }
        fileHasErrors = fileHasErrors || diagnostic.severity == .error
    }

    mutating func endFile() {
        if fileHasErrors { failingFiles += 1 }
        fileHasErrors = false
    }

    private var fileHasErrors = false
}

/// `validate`'s report, written as the diagnostics come (text, or the JSON envelope of
/// `DiagnosticPrinter.json`, byte for byte what `DiagnosticPrinter` prints for them all at once) and sent out in chunks: a million problems
/// never sit in memory as diagnostics nor as one text.
struct DiagnosticReport {
    /// JSON (`DiagnosticPrinter.json`) rather than text.
    let isJSON: Bool
    /// Notes are left out, and not counted (`--quiet`); warnings and errors are reported.
    let leavesOutNotes: Bool
    /// A run with nothing to report still prints its summary line (`--watch`, where silence could
    /// be a run that has not happened); otherwise a clean run prints nothing.
    let summarisesCleanRuns: Bool
    private(set) var tally = DiagnosticTally()
    /// What is printed is sent out whenever this many bytes wait.
    static let chunkBytes = 1 << 20

    /// An empty report, in JSON when `isJSON`, without notes when `leavesOutNotes`.
    init(isJSON: Bool, leavesOutNotes: Bool = false, summarisesCleanRuns: Bool = false) {
        self.summarisesCleanRuns = summarisesCleanRuns
        self.isJSON = isJSON
        self.leavesOutNotes = leavesOutNotes
    }

    /// Adds the diagnostics of a file that has them all already; `checked` false for one that was
    /// not checked (skipped by a folder walk), which is not counted among the files.
    mutating func add(_ file: FileDiagnostics, checked: Bool = true, to context: inout CommandContext) {
        add(path: file.path, source: file.source, checked: checked, to: &context) { each in
            file.diagnostics.forEach(each)
        }
    }

    /// Adds the diagnostics `produce` hands over one by one, for the file at `path` whose bytes
    /// are `source` (for excerpts).
    mutating func add(
        path: String, source: [UInt8]?, checked: Bool = true, to context: inout CommandContext,
        _ produce: ((Diagnostic) -> Void) -> Void
    ) {
        if checked { tally.beginFile() }
        let shownPath = Array(TerminalText.escaped(path).utf8)
        writer.style = isJSON ? .plain : context.outputStyle
        if isJSON {
            if files == 0 { writer.appendJSONEnvelopeStart() }
            writer.appendJSONFileStart(path: path, first: files == 0)
            files += 1
        }
        var excerpts: SourceExcerpts?
        var written = 0
        produce { diagnostic in
            if leavesOutNotes, diagnostic.severity == .note { return }
            tally.count(diagnostic)
            if isJSON {
                writer.appendJSONDiagnostic(diagnostic, file: path, first: written == 0)
                written += 1
            } else {
                if excerpts == nil, let source { excerpts = SourceExcerpts(bytes: source) }
                writer.appendText(diagnostic, path: shownPath, excerpts: &excerpts)
            }
            if writer.bytes.count >= Self.chunkBytes { send(to: &context) }
        }
        if isJSON { writer.appendJSONFileEnd(empty: written == 0) }
        send(to: &context)
        tally.endFile()
    }

    /// Sends what the writer holds out, after what was printed before: as bytes where the
    /// context writes bytes, else as text.
    private mutating func send(to context: inout CommandContext) {
        guard !writer.bytes.isEmpty else { return }
        guard context.emitBytes != nil else {
            context.standardOutput += writer.take()
            return context.flushOutput()
        }
        // A report to a closed output is lost as `print`'s text would be: there is no one to tell.
        try? context.writeOutput(writer.bytes, to: OutputFile.standardOutput)
        writer.bytes.removeAll(keepingCapacity: true)
    }

    /// Closes the report: the JSON envelope's summary, or the summary line when there was
    /// something to report. A clean run prints nothing, as linters do, so that a folder of good
    /// templates is silent in a CI log and `validate` in a script says nothing unless it must
    /// (its exit status, 0, says it passed).
    mutating func finish(_ context: inout CommandContext) {
        if isJSON {
            if files == 0 { writer.appendJSONEnvelopeStart() }
            writer.appendJSONEnvelopeEnd(summary: DiagnosticPrinter.jsonSummary(tally), noFiles: files == 0)
            context.standardOutput += writer.take()
        } else if summarisesCleanRuns || tally.errors + tally.warnings + tally.notes > 0 {
            context.print(DiagnosticPrinter.summary(tally, style: context.outputStyle))
        }
    }

    /// The files written into the JSON envelope so far.
    private var files = 0
    private var writer = DiagnosticWriter()
}
