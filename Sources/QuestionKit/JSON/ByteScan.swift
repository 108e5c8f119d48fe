/// Whether text holds a byte that needs a closer look, checked eight bytes at a time: printing a
/// diagnostic escapes its message for the terminal and quotes it for JSON, and a byte-by-byte loop
/// over every message of a million problems cost 14 instructions a byte.
package enum ByteScan {
    /// Whether `text` has a byte below `limit` (at most 0x80) or equal to one of `marks`.
    package static func contains(below limit: UInt8, orAnyOf marks: (UInt8, UInt8, UInt8), in text: String) -> Bool {
        var text = text
        return text.withUTF8 { contains(below: limit, orAnyOf: marks, in: $0) }
    }

    /// Whether `bytes` have a byte below `limit` (at most 0x80) or equal to one of `marks`.
    package static func contains(
        below limit: UInt8, orAnyOf marks: (UInt8, UInt8, UInt8), in bytes: UnsafeBufferPointer<UInt8>
    ) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var offset = 0
        while offset + 8 <= bytes.count {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + offset).loadUnaligned(as: UInt64.self))
            if flags(word, below: limit, orAnyOf: marks) != 0 { return true }
            offset += 8
        }
        while offset < bytes.count {
            let byte = bytes[offset]
            if byte < limit || byte == marks.0 || byte == marks.1 || byte == marks.2 { return true }
            offset += 1
        }
        return false
    }

    /// Whether the eight bytes of `word` (little-endian) hold one that JSON must escape: a control character,
    /// a quote or a backslash.
    @inline(__always)
    package static func needsEscape(word: UInt64) -> Bool {
        flags(word, below: 0x20, orAnyOf: (UInt8(ascii: "\""), UInt8(ascii: "\\"), UInt8(ascii: "\\"))) != 0
    }

    /// The high bit of each byte of `word` below `limit` or equal to one of `marks`, and perhaps of bytes after
    /// such a byte; none when it has none.
    @inline(__always)
    private static func flags(_ word: UInt64, below limit: UInt8, orAnyOf marks: (UInt8, UInt8, UInt8)) -> UInt64 {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        // A byte of `word - ones * n` whose high bit is newly set (and `~word` keeps it) is a
        // byte below n; a zero byte of `word ^ ones * mark` is the mark. Borrows only ever add
        // flags after a true one, so a word with none flagged has none.
        func flagged(_ word: UInt64, below n: UInt8) -> UInt64 { (word &- ones &* UInt64(n)) & ~word & highs }
        return flagged(word, below: limit) | flagged(word ^ (ones &* UInt64(marks.0)), below: 1)
            | flagged(word ^ (ones &* UInt64(marks.1)), below: 1) | flagged(word ^ (ones &* UInt64(marks.2)), below: 1)
    }
}
