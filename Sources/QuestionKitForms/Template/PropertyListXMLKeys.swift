import QuestionKit

/// Finds a key that appears twice in one dictionary of an XML property list.
///
/// Foundation reads such a dictionary keeping the last value without a word, so the first is
/// silently lost; a binary property list with a key twice is refused (see ``BinaryPropertyList``),
/// and this makes the XML format refuse it the same way, with the same message and pointer. It
/// walks the bytes once (after Foundation has read them as XML), following only what matters:
/// `dict`, `array` and `key` elements, their nesting, and the values counted as they start.
/// Comments, processing instructions, the document type and CDATA are skipped or read as text;
/// entity and character references in keys are decoded, so `a&amp;b` and `a&#38;b` are one key.
enum PropertyListXMLKeys {
    /// One open `dict` or `array`, with the pointer token of its place in its parent.
    private struct Container {
        var isDictionary: Bool
        var token: String
        var keys: Set<[UInt8]> = []
        /// The last key read in a dictionary (the token of its next value).
        var key = ""
        var count = 0
    }

    /// The first key that appears twice in one dictionary of the XML property list `bytes`, as the
    /// error a binary property list gives; nil when there is none (or the text is not UTF-8).
    static func firstDuplicate(in bytes: [UInt8]) -> PropertyListError? {
        var scanner = XMLScanner(bytes: bytes)
        var open: [Container] = []
        var keyText: [UInt8]?
        while let tag = scanner.next(text: &keyText) {
            switch (tag.name, tag.kind) {
            case ("key", .start): keyText = []
            case ("key", _):
                let key = tag.kind == .empty ? [] : keyText ?? []
                keyText = nil
                guard open.last?.isDictionary == true else { break }
                guard open[open.count - 1].keys.insert(key).inserted else {
                    let pointer = open.dropFirst().map { "/" + $0.token }.joined()
                    let name = String(decoding: key, as: UTF8.self)
                    return PropertyListError(
                        pointer: pointer, reason: "the key '\(name)' appears twice in one dictionary")
                }
                open[open.count - 1].key = JSONPointer.escape(String(decoding: key, as: UTF8.self))
            case ("plist", _): break
            case (_, .end):
                if tag.name == "dict" || tag.name == "array", !open.isEmpty { open.removeLast() }
            case (let name, let kind):
                let token = open.last.map { $0.isDictionary ? $0.key : String($0.count) } ?? ""
                if !open.isEmpty { open[open.count - 1].count += 1 }
                if kind == .start, name == "dict" || name == "array" {
                    open.append(Container(isDictionary: name == "dict", token: token))
                }
            }
        }
        return nil
    }
}

/// The tags of an XML text in order, and the text of the element being read when asked for.
private struct XMLScanner {
    enum Kind { case start, end, empty }

    let bytes: [UInt8]
    var offset = 0

    init(bytes: [UInt8]) {
        self.bytes = bytes
    }

    /// The next tag; the text (decoded) before it is appended to `text` when that is not nil.
    mutating func next(text: inout [UInt8]?) -> (name: String, kind: Kind)? {
        while offset < bytes.count {
            guard bytes[offset] == UInt8(ascii: "<") else {
                let end = bytes[offset...].firstIndex(of: UInt8(ascii: "<")) ?? bytes.count
                if text != nil { text?.append(contentsOf: Self.decoded(bytes[offset..<end])) }
                offset = end
                continue
            }
            if starts(with: "<!--") {
                skip(past: "-->")
            } else if starts(with: "<![CDATA[") {
                let start = offset + 9
                skip(past: "]]>")
                if text != nil { text?.append(contentsOf: bytes[start..<max(start, offset - 3)]) }
            } else if starts(with: "<?") {
                skip(past: "?>")
            } else if starts(with: "<!") {
                skipDeclaration()
            } else {
                return tag()
            }
        }
        return nil
    }

    private mutating func tag() -> (name: String, kind: Kind) {
        let isEnd = offset + 1 < bytes.count && bytes[offset + 1] == UInt8(ascii: "/")
        let nameStart = offset + (isEnd ? 2 : 1)
        let close = bytes[offset...].firstIndex(of: UInt8(ascii: ">")) ?? bytes.count
        var nameEnd = nameStart
        while nameEnd < close, !Self.endsAName(bytes[nameEnd]) { nameEnd += 1 }
        let isEmpty = close > nameStart && close < bytes.count && bytes[close - 1] == UInt8(ascii: "/")
        offset = min(close + 1, bytes.count)
        let name = String(decoding: bytes[nameStart..<max(nameStart, nameEnd)], as: UTF8.self)
        return (name, isEnd ? .end : isEmpty ? .empty : .start)
    }

    private static func endsAName(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: "/") || byte == UInt8(ascii: ">") || byte == 0x20 || byte == 0x09 || byte == 0x0A
            || byte == 0x0D
    }

    private func starts(with prefix: String) -> Bool {
        bytes[offset...].starts(with: prefix.utf8)
    }

    private mutating func skip(past terminator: String) {
        let pattern = Array(terminator.utf8)
        var index = offset + 1
        while index < bytes.count {
            if bytes[index] == pattern[0], bytes[index...].starts(with: pattern) {
                offset = index + pattern.count
                return
            }
            index += 1
        }
        offset = bytes.count
    }

    /// `<!DOCTYPE …>`, with an internal subset in brackets.
    private mutating func skipDeclaration() {
        var depth = 0
        while offset < bytes.count {
            switch bytes[offset] {
            case UInt8(ascii: "["): depth += 1
            case UInt8(ascii: "]"): depth -= 1
            case UInt8(ascii: ">") where depth <= 0:
                offset += 1
                return
            default: break
            }
            offset += 1
        }
    }

    private static let entities: [String: Unicode.Scalar] = [
        "lt": "<", "gt": ">", "amp": "&", "quot": "\"", "apos": "'",
    ]

    /// Text with its references decoded: `&lt;`, `&gt;`, `&amp;`, `&quot;`, `&apos;`, `&#n;`, `&#xh;`.
    static func decoded(_ text: ArraySlice<UInt8>) -> [UInt8] {
        var result: [UInt8] = []
        result.reserveCapacity(text.count)
        var index = text.startIndex
        while index < text.endIndex {
            guard text[index] == UInt8(ascii: "&"),
                let semicolon = text[index...].prefix(12).firstIndex(of: UInt8(ascii: ";"))
            else {
                result.append(text[index])
                index += 1
                continue
            }
            let name = String(decoding: text[(index + 1)..<semicolon], as: UTF8.self)
            let number =
                name.hasPrefix("#x")
                ? UInt32(name.dropFirst(2), radix: 16)
                : name.hasPrefix("#") ? UInt32(name.dropFirst(), radix: 10) : nil
            if let scalar = entities[name] ?? number.flatMap({ Unicode.Scalar($0) }) {
                result.append(contentsOf: String(Character(scalar)).utf8)
                index = semicolon + 1
            } else {
                result.append(text[index])
                index += 1
            }
        }
        return result
    }
}
