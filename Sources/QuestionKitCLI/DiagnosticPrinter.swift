import QuestionKit
import QuestionKitForms

/// Prints diagnostics the way compilers do, or as JSON for machines.
package enum DiagnosticPrinter {
    /// `path:line:column: severity: message [code]`, the source line with a caret under the
    /// column, then `hint: …`. Editors and CI systems recognise the first line. Control characters
    /// from the file (or its name) are shown escaped, see ``TerminalText``; the severity is
    /// coloured when `style` is.
    ///
    /// With `repeatedNotes` `.summarised`, only the first note of each code is printed; the file's
    /// report closes with a line per such code saying how many more there were. `convert` reports
    /// one note for each comment or accepted answer it carries in an extension: thousands of lines
    /// that say one thing, in which its warnings (what was *not* carried) would be lost. Errors and
    /// warnings are always printed each, and `--format json` lists every note.
    package static func text(
        _ file: FileDiagnostics, style: TerminalStyle = .plain, repeatedNotes: RepeatedNotes = .printed
    ) -> String {
        guard !file.diagnostics.isEmpty else { return "" }
        var excerpts = file.source.map { SourceExcerpts(bytes: $0) }
        let path = Array(TerminalText.escaped(file.path).utf8)
        var writer = DiagnosticWriter()
        writer.style = style
        // The codes of the notes printed, in the order first seen, and how many more each had.
        var notesLeftOut: [String: Int] = [:]
        var noteCodes: [String] = []
        for diagnostic in file.diagnostics {
            if repeatedNotes == .summarised, diagnostic.severity == .note {
                if let count = notesLeftOut[diagnostic.code] {
                    notesLeftOut[diagnostic.code] = count + 1
                    continue
                }
                notesLeftOut[diagnostic.code] = 0
                noteCodes.append(diagnostic.code)
            }
            writer.appendText(diagnostic, path: path, excerpts: &excerpts)
        }
        for code in noteCodes {
            guard let count = notesLeftOut[code], count > 0 else { continue }
            let message =
                "\(plural(count, "more note")) of this kind not shown (--format json lists every one)"
            writer.appendText(
                Diagnostic(severity: .note, code: code, message: message), path: path, excerpts: &excerpts)
        }
        return writer.take()
    }

    /// Whether a text report prints every note, or the first of each code and a count of the rest.
    package enum RepeatedNotes: Sendable {
        case printed
        case summarised
    }

    /// The window of the source line and a caret under its column (see `SourceLocator.excerpt`).
    /// Control characters are shown escaped, the caret still under its column.
    static func excerpt(_ window: SourceExcerpt) -> String {
        var shown = ""
        var padding = ""
        if !window.text.unicodeScalars.contains(where: { $0 == "\t" || TerminalText.isEscaped($0) }) {
            shown = window.text
            padding = String(repeating: " ", count: window.caretOffset)
        } else {
            // A tab stays a tab, above and under, so that the caret lines up however wide the terminal
            // shows it; an escaped character takes as many columns as its escape.
            for (index, scalar) in window.text.unicodeScalars.enumerated() {
                let text = scalar == "\t" ? "\t" : TerminalText.shown(scalar)
                shown += text
                if index < window.caretOffset {
                    padding += scalar == "\t" ? "\t" : String(repeating: " ", count: text.unicodeScalars.count)
                }
            }
        }
        if window.isCutBefore {
            shown = "…" + shown
            padding = " " + padding
        }
        if window.isCutAfter { shown += "…" }
        return "    \(shown)\n    \(padding)^\n"
    }

    /// The diagnostics of the files in the envelope `validate` and `test` print (see
    /// `DiagnosticReport`): `{"files": [{"file", "diagnostics": [...]}], "summary": {...}}`, each
    /// diagnostic an object with `file`, `severity`, `code`, `message`, `pointer`, `line` and
    /// `column` (left out for a problem of the whole file), `hint` (null when there is none) and
    /// `fixes`.
    package static func json(_ files: [FileDiagnostics]) -> String {
        var writer = DiagnosticWriter()
        var tally = DiagnosticTally()
        writer.appendJSONEnvelopeStart()
        for (index, file) in files.enumerated() {
            tally.count(file.diagnostics)
            writer.appendJSONFileStart(path: file.path, first: index == 0)
            for (number, diagnostic) in file.diagnostics.enumerated() {
                writer.appendJSONDiagnostic(diagnostic, file: file.path, first: number == 0)
            }
            writer.appendJSONFileEnd(empty: file.diagnostics.isEmpty)
        }
        writer.appendJSONEnvelopeEnd(summary: jsonSummary(tally), noFiles: files.isEmpty)
        return writer.take()
    }

    /// The envelope's `summary`: `{files, errors, warnings, notes}`, then the `more` members a
    /// command adds (`test`: passed, failed).
    static func jsonSummary(_ tally: DiagnosticTally, more: [(String, JSONWriter.Value)] = []) -> JSONWriter.Value {
        .object(
            [
                ("files", .integer(tally.files)), ("errors", .integer(tally.errors)),
                ("warnings", .integer(tally.warnings)), ("notes", .integer(tally.notes)),
            ] + more)
    }

    /// One diagnostic as `{file, severity, code, message, pointer, line, column, hint, fixes}`, then
    /// the `more` members a command adds. A problem of the whole file (no position: unreadable, too
    /// large, no templates) has no `line` and `column`, rather than a made-up 0:0.
    static func jsonObject(
        _ diagnostic: Diagnostic, file: String, more: [(String, JSONWriter.Value)] = []
    ) -> JSONWriter.Value {
        // One array, sized once: a report of a million problems makes a million of these.
        var members: [(String, JSONWriter.Value)] = []
        members.reserveCapacity(9 + more.count)
        members.append(("file", .string(file)))
        members.append(("severity", .string(diagnostic.severity.rawValue)))
        members.append(("code", .string(diagnostic.code)))
        members.append(("message", .string(diagnostic.message)))
        members.append(("pointer", .string(diagnostic.pointer)))
        if let position = diagnostic.position {
            members.append(("line", .integer(position.line)))
            members.append(("column", .integer(position.column)))
        }
        members.append(("hint", diagnostic.hint.map { .string($0) } ?? .null))
        members.append(("fixes", .array(diagnostic.fixes.map(jsonObject))))
        members += more
        return .object(members)
    }

    /// One fix-it as `{title, safe, edits: [{start, end, replacement}]}`, offsets in UTF-8 bytes.
    static func jsonObject(_ fix: FixIt) -> JSONWriter.Value {
        .object([
            ("title", .string(fix.title)),
            ("safe", .bool(fix.isSafe)),
            (
                "edits",
                .array(
                    fix.edits.map { edit in
                        .object([
                            ("start", .integer(edit.range.lowerBound)), ("end", .integer(edit.range.upperBound)),
                            ("replacement", .string(edit.replacement)),
                        ])
                    })
            ),
        ])
    }

    /// `checked 3 files: 2 errors, 1 warning` — the closing line of a human-readable run; notes
    /// are counted after them (`no problems, 2 notes` when there is nothing else).
    package static func summary(_ files: [FileDiagnostics]) -> String {
        var tally = DiagnosticTally()
        for file in files { tally.count(file.diagnostics) }
        return summary(tally)
    }

    /// The closing line for the counts in `tally`; with colour, each count of problems in its
    /// severity's colour when there are any, "no problems" green.
    static func summary(_ tally: DiagnosticTally, style: TerminalStyle = .plain) -> String {
        let checked = "checked \(plural(tally.files, "file"))"
        let count = { (number: Int, noun: String, severity: Severity) -> String in
            number > 0 ? style.paint(plural(number, noun), TerminalStyle.color(of: severity)) : plural(number, noun)
        }
        let noteCount = tally.notes > 0 ? ", \(count(tally.notes, "note", .note))" : ""
        guard tally.errors + tally.warnings > 0 else {
            return "\(checked): \(style.paint("no problems", .green))\(noteCount)"
        }
        let detail = tally.errors > 0 ? " (\(plural(tally.failingFiles, "file")) with errors)" : ""
        return "\(checked): \(count(tally.errors, "error", .error)), \(count(tally.warnings, "warning", .warning))"
            + "\(noteCount)\(detail)"
    }

    static func plural(_ count: Int, _ noun: String) -> String { "\(count) \(noun)\(count == 1 ? "" : "s")" }
}
