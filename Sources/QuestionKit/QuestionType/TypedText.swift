/// How QuestionKit compares what people type: `"  Good "` matches `"good"`, and `""` or `"   "`
/// counts as nothing typed. Question types use these so that every type compares alike.
///
/// Functions of a namespace rather than members of `String`: an extension of a standard type would
/// show in every file that imports QuestionKit.
public enum TypedText {
    /// Whether `text` is empty or only white space (the web editor padded option lists with `""`).
    public static func isBlank(_ text: String) -> Bool {
        isBlank(utf8: text.utf8) { text.allSatisfy(\.isWhitespace) }
    }

    /// Whether the UTF-8 text `bytes` is blank: decided by its bytes while they are ASCII, by
    /// `unicode` at the first that is not (e.g. a no-break space).
    static func isBlank(utf8 bytes: some Sequence<UInt8>, unicode: () -> Bool) -> Bool {
        for byte in bytes {
            switch byte {
            case 0x20, 0x09...0x0D: continue
            case ..<0x80: return false
            default: return unicode()
            }
        }
        return true
    }

    /// `text` without white space at either end.
    public static func trimmed(_ text: String) -> Substring {
        var start = text.startIndex
        var end = text.endIndex
        while start < end, text[start].isWhitespace { start = text.index(after: start) }
        while end > start, text[text.index(before: end)].isWhitespace { end = text.index(before: end) }
        return text[start..<end]
    }

    /// `text` as answers and options are compared: trimmed and lowercased.
    public static func comparisonKey(_ text: String) -> String {
        var text = text
        // Most text is ASCII; lowering bytes avoids a Unicode property look-up per letter.
        let ascii: String? = text.withUTF8 { bytes in
            trimmedASCII(bytes).map { lowercasedASCII(UnsafeBufferPointer(rebasing: bytes[$0])) }
        }
        return ascii ?? trimmed(text).lowercased()
    }

    /// The range of `bytes` without white space at either end, when they are all ASCII; nil
    /// otherwise (their key is then Unicode's to make).
    static func trimmedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Range<Int>? {
        guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
        var start = 0
        var end = bytes.count
        while start < end, isASCIISpace(bytes[start]) { start += 1 }
        while end > start, isASCIISpace(bytes[end - 1]) { end -= 1 }
        return start..<end
    }

    /// The ASCII `bytes` with A to Z lowered.
    static func lowercasedASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        String(unsafeUninitializedCapacity: bytes.count) { output in
            for offset in 0..<bytes.count { output[offset] = lowercasedASCII(bytes[offset]) }
            return bytes.count
        }
    }

    @inline(__always) static func lowercasedASCII(_ byte: UInt8) -> UInt8 {
        (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
    }

    @inline(__always) private static func isASCIISpace(_ byte: UInt8) -> Bool {
        byte == 0x20 || (0x09...0x0D).contains(byte)
    }
}

/// The comparison key (`TypedText.comparisonKey`) of a string node, read where the string lies:
/// its trimmed source bytes while they are unescaped ASCII, so that options checked against each
/// other and against accepted answers need no `String` each. Other text (escapes, or beyond
/// ASCII, where lowering may even turn a letter into ASCII) makes its key as a `String` when
/// compared. Holds no reference, so that a list of keys costs no retain per entry: each use names
/// the document the node lies in.
package struct NodeComparisonKey: Sendable {
    /// The string node's position among its document's entries.
    package let index: Int
    /// The key's bytes in the document, trimmed but not yet lowered; nil when the key is made as a `String`.
    private let asciiBytes: Range<Int>?
    /// Whether the key is empty: the text is blank (`TypedText.isBlank`).
    package let isEmpty: Bool
    /// Whether the text has white space at either end, which the key leaves out.
    package let hasSpaceAround: Bool

    /// The key of `node`; nil when it is not a string.
    package init?(_ node: JSONNode) {
        guard node.kind == .string else { return nil }
        index = node.index
        let content = node.entry.contentRange
        if let trimmed = node.withUnescapedUTF8(TypedText.trimmedASCII) ?? nil {
            asciiBytes = (content.lowerBound + trimmed.lowerBound)..<(content.lowerBound + trimmed.upperBound)
            isEmpty = trimmed.isEmpty
            hasSpaceAround = trimmed.count != content.count
        } else {
            let value = node.decodedString
            asciiBytes = nil
            isEmpty = TypedText.isBlank(value)
            hasSpaceAround = value.first?.isWhitespace == true || value.last?.isWhitespace == true
        }
    }

    /// The string node, in `document`.
    package func node(in document: JSONDocument) -> JSONNode { JSONNode(document: document, index: index) }

    /// The key as a `String`, for hashing a long list of keys.
    package func string(in document: JSONDocument) -> String {
        guard let asciiBytes else { return TypedText.comparisonKey(node(in: document).decodedString) }
        return document.bytes.withUnsafeBufferPointer { source in
            TypedText.lowercasedASCII(UnsafeBufferPointer(rebasing: source[asciiBytes]))
        }
    }

    /// Whether the key is `key`, itself a comparison key (e.g. `"none"`).
    package func equals(_ key: String, in document: JSONDocument) -> Bool {
        guard let asciiBytes else { return string(in: document) == key }
        var key = key
        return key.withUTF8 { wanted in
            document.bytes.withUnsafeBufferPointer { source in
                Self.equalLowercased(UnsafeBufferPointer(rebasing: source[asciiBytes]), wanted)
            }
        }
    }

    /// Whether this key and `other` compare alike, both of nodes in `document`.
    package func equals(_ other: Self, in document: JSONDocument) -> Bool {
        guard let left = asciiBytes, let right = other.asciiBytes else {
            return string(in: document) == other.string(in: document)
        }
        guard left.count == right.count else { return false }
        return document.bytes.withUnsafeBufferPointer { source in
            Self.equalLowercased(
                UnsafeBufferPointer(rebasing: source[left]), UnsafeBufferPointer(rebasing: source[right]))
        }
    }

    /// Whether `left` and `right` are alike once A to Z are lowered in both.
    private static func equalLowercased(
        _ left: UnsafeBufferPointer<UInt8>, _ right: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard left.count == right.count else { return false }
        for offset in 0..<left.count
        where TypedText.lowercasedASCII(left[offset]) != TypedText.lowercasedASCII(right[offset]) {
            return false
        }
        return true
    }
}

extension JSONNode {
    /// Whether this string's value is blank (see `TypedText.isBlank`), from its source bytes when they
    /// have no escapes: no `String` is made for text that is only checked.
    package var isBlankString: Bool {
        let entry = self.entry
        guard entry.flags & JSONEntry.hasEscapes == 0 else { return TypedText.isBlank(decodedString) }
        let content = Int(entry.start) + 1..<max(Int(entry.start) + 1, Int(entry.end) - 1)
        return document.bytes.withUnsafeBufferPointer { source in
            TypedText.isBlank(utf8: UnsafeBufferPointer(rebasing: source[content])) { TypedText.isBlank(decodedString) }
        }
    }
}
