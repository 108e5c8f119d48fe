import QuestionKit
import QuestionKitForms

/// Turns QuestionKit diagnostics into LSP diagnostics.
///
/// A diagnostic carries a line and column (in Unicode scalars); its range is the JSON token that
/// starts there, found in the text (a string with its quotes, a number, a literal), so a broken
/// document needs no parse. A container is marked by its opening bracket alone, which keeps a
/// problem about a whole question from painting the question.
enum DiagnosticConversion {
    /// All of `diagnostics`, in their order.
    static func lspDiagnostics(_ diagnostics: [Diagnostic], in lines: LineIndex, source: String) -> [JSONWriter.Value] {
        diagnostics.map { lspDiagnostic($0, in: lines, source: source) }
    }

    static func lspDiagnostic(_ diagnostic: Diagnostic, in lines: LineIndex, source: String) -> JSONWriter.Value {
        var members: [(String, JSONWriter.Value)] = [
            ("range", lines.range(range(of: diagnostic, in: lines))),
            ("severity", severity(diagnostic.severity).json),
            ("code", .string(diagnostic.code)),
            ("source", .string(source)),
            ("message", .string(diagnostic.message + (diagnostic.hint.map { "\n" + $0 } ?? ""))),
        ]
        if !diagnostic.pointer.isEmpty { members.append(("data", .object([("pointer", .string(diagnostic.pointer))]))) }
        return .object(members)
    }

    /// A note (valid, written an older way) is information.
    static func severity(_ severity: Severity) -> DiagnosticSeverity {
        switch severity {
        case .error: .error
        case .warning: .warning
        case .note: .information
        }
    }

    /// The byte range a diagnostic marks.
    static func range(of diagnostic: Diagnostic, in lines: LineIndex) -> Range<Int> {
        guard let position = diagnostic.position else { return 0..<0 }
        let start = lines.offset(of: position)
        return start..<tokenEnd(from: start, in: lines.bytes)
    }

    /// The end of the token at `start`: past a string's closing quote (or the line's end when
    /// unterminated), a number or literal's last character, one character otherwise.
    static func tokenEnd(from start: Int, in bytes: [UInt8]) -> Int {
        guard start < bytes.count else { return start }
        var index = start
        let first = bytes[index]
        switch first {
        case UInt8(ascii: "\""):
            index += 1
            while index < bytes.count {
                let byte = bytes[index]
                if byte == 0x0A || byte == 0x0D { return index }
                index += byte == UInt8(ascii: "\\") ? 2 : 1
                if byte == UInt8(ascii: "\"") { return index }
            }
            return min(index, bytes.count)
        case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"):
            while index < bytes.count, isWordByte(bytes[index]) { index += 1 }
            return index
        default:
            return min(start + LineIndex.scalarLength(first), bytes.count)
        }
    }

    private static func isWordByte(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "z"),
            UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "."):
            true
        default: false
        }
    }
}
