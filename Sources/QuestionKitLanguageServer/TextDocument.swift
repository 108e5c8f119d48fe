import QuestionKit
import QuestionKitForms

/// An open document: its text as the client last sent it, and what was found in it.
struct TextDocument {
    let uri: String
    private(set) var version: Int?
    /// The text and its positions.
    private(set) var lines: LineIndex
    /// The diagnostics of the current text; nil until computed (after each change).
    var diagnostics: [Diagnostic]?
    /// The last check, of the text as it was then; nil when the next check must be whole.
    private var check: DocumentCheck?
    /// The bytes changed since the last check: a range of the text checked then, and its length
    /// now (several edits make one range that holds them all). Nil when nothing changed.
    private var edited: (range: Range<Int>, count: Int)?

    /// The size the text would have had, when that is over the limit the document was given: its
    /// text is then dropped (kept empty) until a change replaces it whole. Nil within the limit.
    private(set) var refusedSize: Int?

    init(uri: String, text: String, version: Int?, encoding: PositionEncoding, limit: Int) {
        self.uri = uri
        let bytes = Array(text.utf8)
        self.version = version
        self.lines = LineIndex(bytes: [], encoding: encoding)
        if bytes.count > limit {
            refuse(size: bytes.count)
        } else {
            lines = LineIndex(bytes: bytes, encoding: encoding)
        }
    }

    /// The text, as UTF-8.
    var bytes: [UInt8] { lines.bytes }

    /// The file-system path of a `file:` URI (percent-decoded), or the URI itself.
    var path: String { Self.path(of: uri) }

    /// Applies `textDocument/didChange`'s content changes in order: a change with a `range`
    /// replaces it, one without replaces the whole text. A change that would make the text longer
    /// than `limit` bytes drops it; ranged changes to a dropped text are ignored (there is no text
    /// to apply them to), until one replaces it whole.
    mutating func apply(changes: JSONNode, version: Int?, limit: Int) throws(RPCError) {
        guard changes.kind == .array else { throw .invalidParams("'contentChanges' must be an array") }
        // All read before any is applied: a bad one leaves the text as it was.
        let read = try changes.elements.map { change throws(RPCError) in
            let range = try change["range"].map { range throws(RPCError) in
                (try LSPPosition(try range.required("start")), try LSPPosition(try range.required("end")))
            }
            return (replacement: Array(try change.string("text").utf8), range: range)
        }
        for (replacement, range) in read {
            if let range {
                guard refusedSize == nil else { continue }
                let start = lines.offset(of: range.0)
                let end = max(start, lines.offset(of: range.1))
                let size = bytes.count - (end - start) + replacement.count
                guard size <= limit else {
                    refuse(size: size)
                    continue
                }
                lines.replace(start..<end, with: replacement)
                noteEdit(start..<end, count: replacement.count)
            } else {
                guard replacement.count <= limit else {
                    refuse(size: replacement.count)
                    continue
                }
                lines = LineIndex(bytes: replacement, encoding: lines.encoding)
                refusedSize = nil
                check = nil
            }
        }
        self.version = version
        diagnostics = nil
    }

    /// Adds the edit of `range` (of the current text) into `count` bytes to `edited`.
    private mutating func noteEdit(_ range: Range<Int>, count: Int) {
        guard let (checked, now) = edited else {
            edited = (range, count)
            return
        }
        // `checked` became the `now` bytes from its start; before it and after them the texts
        // agree, so the union of the two edits is a range of both texts.
        let end = checked.lowerBound + now
        let lower = min(checked.lowerBound, range.lowerBound)
        let upper = max(end, range.upperBound)
        edited = (lower..<(checked.upperBound + upper - end), upper - lower + count - range.count)
    }

    /// The diagnostics of the text: from the last check when nothing changed since, else checked
    /// in part when the last check allows it (see `TemplateCheck`), else by `checkWhole`.
    mutating func checkText(_ checkWhole: (_ path: String, _ bytes: [UInt8]) -> DocumentCheck) -> [Diagnostic] {
        defer { edited = nil }
        if let check, edited == nil { return check.diagnostics }
        if case .template(var template) = check, let edited {
            // Taken out first, so that its arrays are updated in place rather than copied.
            check = nil
            if template.update(
                replacing: edited.range, count: edited.count, in: lines.bytes, position: lines.sourcePosition)
            {
                check = .template(template)
                return template.diagnostics
            }
        }
        let checked = checkWhole(path, lines.bytes)
        check = checked
        return checked.diagnostics
    }

    private mutating func refuse(size: Int) {
        refusedSize = size
        lines = LineIndex(bytes: [], encoding: lines.encoding)
        check = nil
        edited = nil
    }

    static func path(of uri: String) -> String {
        guard uri.hasPrefix("file://") else { return uri }
        var rest = Array(uri.utf8.dropFirst(7))
        // file://host/path: a host other than localhost is not a local path; keep the path part.
        if let slash = rest.firstIndex(of: UInt8(ascii: "/")) { rest = Array(rest[slash...]) }
        var decoded: [UInt8] = []
        var index = 0
        while index < rest.count {
            if rest[index] == UInt8(ascii: "%"), index + 2 < rest.count,
                let value = UInt8(String(decoding: rest[(index + 1)...(index + 2)], as: UTF8.self), radix: 16)
            {
                decoded.append(value)
                index += 3
            } else {
                decoded.append(rest[index])
                index += 1
            }
        }
        return String(decoding: decoded, as: UTF8.self)
    }
}
