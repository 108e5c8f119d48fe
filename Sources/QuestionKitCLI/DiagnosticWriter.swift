import QuestionKit
import QuestionKitForms

/// Writes diagnostics as `DiagnosticPrinter` prints them, into UTF-8 bytes: a report of a million
/// problems is a million of these, so nothing here builds a String per piece. The escaped code
/// and hint are kept for the next diagnostic (problems repeat a few codes and hints), and an
/// excerpt of printable ASCII is copied from the source as it is.
struct DiagnosticWriter {
    /// What has been written and not taken yet.
    var bytes: [UInt8] = []
    /// Whether the severity is coloured (text only).
    var style = TerminalStyle.plain
    private var code = CachedText()
    private var hint = CachedText()

    /// A code or hint and its escaped UTF-8, for the next diagnostic with the same one.
    private struct CachedText {
        var text: String?
        var shown: [UInt8] = []

        mutating func shown(_ newText: String) -> [UInt8] {
            if newText != text {
                text = newText
                shown = Array(TerminalText.escaped(newText).utf8)
            }
            return shown
        }
    }

    /// The bytes written so far as text, leaving none.
    mutating func take() -> String {
        defer { bytes.removeAll(keepingCapacity: true) }
        return String(decoding: bytes, as: UTF8.self)
    }

    /// Writes one diagnostic as `DiagnosticPrinter.text` prints it; `path` already escaped.
    mutating func appendText(_ diagnostic: Diagnostic, path: [UInt8], excerpts: inout SourceExcerpts?) {
        bytes += path
        bytes.append(UInt8(ascii: ":"))
        if let position = diagnostic.position {
            appendDecimal(position.line)
            bytes.append(UInt8(ascii: ":"))
            appendDecimal(position.column)
            bytes.append(UInt8(ascii: ":"))
        }
        bytes.append(UInt8(ascii: " "))
        append(text: style.severity(diagnostic.severity))
        append(": ")
        append(text: TerminalText.escaped(diagnostic.message))
        append(" [")
        bytes += code.shown(diagnostic.code)
        append("]\n")
        if let position = diagnostic.position, excerpts != nil {
            appendExcerpt(line: position.line, column: position.column, excerpts: &excerpts)
        }
        if let text = diagnostic.hint {
            append("  hint: ")
            bytes += hint.shown(text)
            bytes.append(UInt8(ascii: "\n"))
        }
    }

    /// The source line's window and its caret (`DiagnosticPrinter.excerpt`). A window of printable
    /// ASCII (the usual one) shows as it is, the caret after as many spaces as characters before it.
    private mutating func appendExcerpt(line: Int, column: Int, excerpts: inout SourceExcerpts?) {
        guard let window = excerpts?.excerptBytes(line: line, column: column) else { return }
        let copied = window.bytes.withUnsafeBufferPointer { source in
            for byte in source where byte < 0x20 || byte >= 0x7F { return false }
            append("    ")
            if window.isCutBefore { append("…") }
            bytes.append(contentsOf: source)
            return true
        }
        guard copied else {
            // Rare: tabs, escapes or other scripts; the window is cut again as a String.
            guard let excerpt = excerpts?.excerpt(line: line, column: column) else { return }
            return append(text: DiagnosticPrinter.excerpt(excerpt))
        }
        if window.isCutAfter { append("…") }
        append("\n    ")
        let caretColumn = window.caretOffset + (window.isCutBefore ? 1 : 0)
        bytes.append(contentsOf: repeatElement(UInt8(ascii: " "), count: caretColumn))
        append("^\n")
    }

    /// Opens the envelope `validate --format json` and `test --format json` print:
    /// `{"files": [{"file", "diagnostics": [...]}, ...], "summary": {...}}`.
    mutating func appendJSONEnvelopeStart() {
        append("{\n  \"files\": [")
    }

    /// Opens the object of the file at `path` in the envelope's `files`, up to its `diagnostics`.
    mutating func appendJSONFileStart(path: String, first: Bool) {
        append(first ? "\n    {\n      " : ",\n    {\n      ")
        JSONWriter.appendQuoted("file", to: &bytes)
        append(": ")
        JSONWriter.appendQuoted(path, to: &bytes)
        append(",\n      \"diagnostics\": [")
    }

    /// Closes the object of a file, which had diagnostics or not.
    mutating func appendJSONFileEnd(empty: Bool) {
        append(empty ? "]\n    }" : "\n      ]\n    }")
    }

    /// Closes the envelope's `files` (which held any or none) and writes its `summary`.
    mutating func appendJSONEnvelopeEnd(summary: JSONWriter.Value, noFiles: Bool) {
        append(noFiles ? "],\n  \"summary\": " : "\n  ],\n  \"summary\": ")
        JSONWriter.append(summary, depth: 1, to: &bytes)
        append("\n}\n")
    }

    /// Writes one diagnostic as an element of a file's `diagnostics` in the envelope, as
    /// `JSONWriter` writes `DiagnosticPrinter.jsonObject` at that depth.
    mutating func appendJSONDiagnostic(_ diagnostic: Diagnostic, file: String, first: Bool) {
        append(first ? "\n        {" : ",\n        {")
        guard case .object(let members) = DiagnosticPrinter.jsonObject(diagnostic, file: file) else { return }
        for (index, (key, value)) in members.enumerated() {
            append(index == 0 ? "\n          " : ",\n          ")
            JSONWriter.appendQuoted(key, to: &bytes)
            append(": ")
            switch value {
            case .string(let text): JSONWriter.appendQuoted(text, to: &bytes)
            case .integer(let number): appendDecimal(number)
            // A diagnostic without a hint or fixes (the most) makes no writer for them.
            case .null: append("null")
            case .array(let elements) where elements.isEmpty: append("[]")
            default: JSONWriter.append(value, depth: 5, to: &bytes)
            }
        }
        append("\n        }")
    }

    /// Appends the UTF-8 of `text` in one copy.
    private mutating func append(text: String) {
        var text = text
        text.withUTF8 { bytes.append(contentsOf: $0) }
    }

    /// Appends a literal's UTF-8 (the separators between a diagnostic's parts) without a String;
    /// a short one byte by byte, cheaper than a copy of a buffer.
    private mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { literal in
            guard literal.count > 8 else {
                for byte in literal { bytes.append(byte) }
                return
            }
            bytes.append(contentsOf: literal)
        }
    }

    /// `number` in decimal digits, as `String(number)` writes it.
    private mutating func appendDecimal(_ number: Int) {
        guard number > 0 else { return append(text: String(number)) }
        var divisor = 1
        while number / divisor >= 10 { divisor *= 10 }
        while divisor > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(number / divisor % 10))
            divisor /= 10
        }
    }
}
