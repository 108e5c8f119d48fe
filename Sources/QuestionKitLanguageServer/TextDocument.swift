import QuestionKit

/// An open document: its text as the client last sent it, and what was found in it.
struct TextDocument {
    let uri: String
    private(set) var bytes: [UInt8]
    private(set) var version: Int?
    private(set) var lines: LineIndex
    /// The diagnostics of the current text; nil until computed (after each change).
    var diagnostics: [Diagnostic]?

    /// The size the text would have had, when that is over the limit the document was given: its
    /// text is then dropped (kept empty) until a change replaces it whole. Nil within the limit.
    private(set) var refusedSize: Int?

    init(uri: String, text: String, version: Int?, encoding: PositionEncoding, limit: Int) {
        self.uri = uri
        self.bytes = Array(text.utf8)
        self.version = version
        self.lines = LineIndex(bytes: [], encoding: encoding)
        if bytes.count > limit {
            refuse(size: bytes.count)
        } else {
            lines = LineIndex(bytes: bytes, encoding: encoding)
        }
    }

    /// The file-system path of a `file:` URI (percent-decoded), or the URI itself.
    var path: String { Self.path(of: uri) }

    /// Applies `textDocument/didChange`'s content changes in order: a change with a `range`
    /// replaces it, one without replaces the whole text. A change that would make the text longer
    /// than `limit` bytes drops it; ranged changes to a dropped text are ignored (there is no text
    /// to apply them to), until one replaces it whole.
    mutating func apply(changes: JSONNode, version: Int?, limit: Int) throws(RPCError) {
        guard changes.kind == .array else { throw .invalidParams("'contentChanges' must be an array") }
        for change in changes.elements {
            let replacement = Array(try change.string("text").utf8)
            if let range = change["range"] {
                guard refusedSize == nil else { continue }
                let start = lines.offset(of: try LSPPosition(try range.required("start")))
                let end = max(start, lines.offset(of: try LSPPosition(try range.required("end"))))
                let size = bytes.count - (end - start) + replacement.count
                guard size <= limit else {
                    refuse(size: size)
                    continue
                }
                bytes.replaceSubrange(start..<end, with: replacement)
            } else {
                guard replacement.count <= limit else {
                    refuse(size: replacement.count)
                    continue
                }
                bytes = replacement
                refusedSize = nil
            }
            lines = LineIndex(bytes: bytes, encoding: lines.encoding)
        }
        self.version = version
        diagnostics = nil
    }

    private mutating func refuse(size: Int) {
        refusedSize = size
        bytes = []
        lines = LineIndex(bytes: [], encoding: lines.encoding)
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
