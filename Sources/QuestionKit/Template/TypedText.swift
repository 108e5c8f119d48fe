/// How QuestionKit compares what people type: `"  Good "` matches `"good"`, and `""` or `"   "`
/// counts as nothing typed. Question types use these so that every type compares alike.
extension String {
    /// Whether the text is empty or only white space (the web editor padded option lists with `""`).
    public var isBlank: Bool {
        Self.isBlank(utf8: utf8) { allSatisfy(\.isWhitespace) }
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

    /// The text without white space at either end.
    public var trimmingWhitespace: Substring {
        var start = startIndex
        var end = endIndex
        while start < end, self[start].isWhitespace { start = index(after: start) }
        while end > start, self[index(before: end)].isWhitespace { end = index(before: end) }
        return self[start..<end]
    }

    /// The text as answers and options are compared: trimmed and lowercased.
    public var comparisonKey: String {
        var text = self
        // Most text is ASCII; lowering bytes avoids a Unicode property look-up per letter.
        let ascii: String? = text.withUTF8 { bytes in
            guard bytes.allSatisfy({ $0 < 0x80 }) else { return nil }
            let isSpace: (UInt8) -> Bool = { $0 == 0x20 || (0x09...0x0D).contains($0) }
            var start = 0
            var end = bytes.count
            while start < end, isSpace(bytes[start]) { start += 1 }
            while end > start, isSpace(bytes[end - 1]) { end -= 1 }
            return String(unsafeUninitializedCapacity: end - start) { output in
                for offset in 0..<(end - start) {
                    let byte = bytes[start + offset]
                    output[offset] = (0x41...0x5A).contains(byte) ? byte | 0x20 : byte
                }
                return end - start
            }
        }
        return ascii ?? trimmingWhitespace.lowercased()
    }
}

extension JSONNode {
    /// Whether this string's value is blank (see `String.isBlank`), from its source bytes when they
    /// have no escapes: no `String` is made for text that is only checked.
    var isBlankString: Bool {
        let entry = self.entry
        guard entry.flags & JSONEntry.hasEscapes == 0 else { return decodedString.isBlank }
        let content = Int(entry.start) + 1..<max(Int(entry.start) + 1, Int(entry.end) - 1)
        return document.bytes.withUnsafeBufferPointer { source in
            String.isBlank(utf8: UnsafeBufferPointer(rebasing: source[content])) { decodedString.isBlank }
        }
    }
}
