// Strings: the hot loop of the parser, since most bytes of a template are inside strings.
extension JSONParserEngine {
    /// Scans the string whose opening quote is at the current position and moves past its closing
    /// quote. Returns whether the string contains a backslash escape.
    @inline(__always)
    mutating func scanString() throws(JSONParseStop) -> Bool {
        let open = pos
        var index = pos + 1
        var escaped = false
        while true {
            index = skipPlainStringBytes(from: index)
            guard index < end else {
                pos = end
                throw failUnterminatedString(openingQuote: open)
            }
            let byte = base[index]
            if byte == ASCII.quote {
                pos = index + 1
                return escaped
            }
            if byte == ASCII.backslash {
                escaped = true
                do {
                    index = try scanEscape(at: index, openingQuote: open)
                } catch {
                    if index + 2 >= end {
                        pos = end
                        throw error
                    }
                    index = try resume(after: error, at: index + 2)
                }
            } else if byte >= 0x80 {
                let length = utf8SequenceLength(at: index)
                guard length > 0 else {
                    // Recovering: decoded (as U+FFFD) rather than compared byte for byte.
                    escaped = true
                    index = try resume(after: failInvalidUTF8(at: index), at: index + 1)
                    continue
                }
                index += length
            } else {
                let stop = failControlCharacter(at: index)
                if byte == ASCII.lineFeed || byte == ASCII.carriageReturn {
                    // Recovering, the string ends at the line break, which its entry spans as if it
                    // were the closing quote (so that its value is the text before it).
                    pos = try resume(after: stop, at: index + 1)
                    return escaped
                }
                index = try resume(after: stop, at: index + 1)
            }
        }
    }

    /// Where to go on after an error inside a string when recovering; rethrows `stop` otherwise.
    private func resume(after stop: JSONParseStop, at offset: Int) throws(JSONParseStop) -> Int {
        guard recovering, !gaveUp else { throw stop }
        return offset
    }

    /// The offset of the first byte at or after `index` that needs a closer look: a quote, a
    /// backslash, a control character or a non-ASCII byte (or `end`).
    @inline(__always)
    mutating func skipPlainStringBytes(from start: Int) -> Int {
        var index = start
        // Eight bytes at a time. Only the lowest flag of a word is exact (a borrow runs into later
        // bytes only), and it is the one wanted: the first byte that needs a closer look.
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        while index + 8 <= end {
            let word = UInt64(littleEndian: UnsafeRawPointer(base + index).loadUnaligned(as: UInt64.self))
            let quotes = word ^ (ones &* UInt64(ASCII.quote))
            let backslashes = word ^ (ones &* UInt64(ASCII.backslash))
            let special =
                (word | ((word &- ones &* 0x20) & ~word))
                | ((quotes &- ones) & ~quotes)
                | ((backslashes &- ones) & ~backslashes)
            let flagged = special & highs
            if flagged != 0 { return index + flagged.trailingZeroBitCount >> 3 }
            index += 8
        }
        while index < end {
            let byte = base[index]
            if byte == ASCII.quote || byte == ASCII.backslash || byte < 0x20 || byte >= 0x80 { break }
            work.singleBytes += 1
            index += 1
        }
        return index
    }

    /// Checks the escape whose backslash is at `index`; returns the offset just after it.
    private mutating func scanEscape(at index: Int, openingQuote: Int) throws(JSONParseStop) -> Int {
        guard index + 1 < end else { throw failUnterminatedString(openingQuote: openingQuote) }
        let escapedByte = base[index + 1]
        if escapedByte != ASCII.lowerU {
            guard JSONStringDecoder.simpleEscape(escapedByte) != nil else { throw failInvalidEscape(at: index) }
            return index + 2
        }
        let first = try hexQuad(at: index, openingQuote: openingQuote)
        switch first {
        case 0xDC00...0xDFFF:
            throw failLoneSurrogate(at: index, value: first)
        case 0xD800...0xDBFF:
            guard index + 7 < end, base[index + 6] == ASCII.backslash, base[index + 7] == ASCII.lowerU else {
                if index + 6 >= end { throw failUnterminatedString(openingQuote: openingQuote) }
                throw failLoneSurrogate(at: index, value: first)
            }
            let second = try hexQuad(at: index + 6, openingQuote: openingQuote)
            guard (0xDC00...0xDFFF).contains(second) else { throw failLoneSurrogate(at: index, value: first) }
            return index + 12
        default:
            return index + 6
        }
    }

    /// The value of the four hex digits of the `\u` escape whose backslash is at `index`.
    private mutating func hexQuad(at index: Int, openingQuote: Int) throws(JSONParseStop) -> UInt32 {
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard index + offset < end else { throw failUnterminatedString(openingQuote: openingQuote) }
            guard let digit = JSONStringDecoder.hexValue(base[index + offset]) else {
                throw failInvalidEscape(at: index)
            }
            value = (value << 4) | digit
        }
        return value
    }

    /// The length of the well-formed UTF-8 sequence starting at `index` (whose first byte is
    /// 0x80 or more), or 0 when it is malformed: a stray continuation byte, an overlong form, an
    /// encoded surrogate, a value above U+10FFFF, or a sequence cut short.
    func utf8SequenceLength(at index: Int) -> Int {
        let lead = base[index]
        let length: Int
        var low: UInt8 = 0x80
        var high: UInt8 = 0xBF
        switch lead {
        case 0xC2...0xDF: length = 2
        case 0xE0: length = 3; low = 0xA0
        case 0xE1...0xEC, 0xEE...0xEF: length = 3
        case 0xED: length = 3; high = 0x9F
        case 0xF0: length = 4; low = 0x90
        case 0xF1...0xF3: length = 4
        case 0xF4: length = 4; high = 0x8F
        default: return 0
        }
        guard index + length <= end else { return 0 }
        let second = base[index + 1]
        guard second >= low, second <= high else { return 0 }
        var offset = 2
        while offset < length {
            guard base[index + offset] & 0xC0 == 0x80 else { return 0 }
            offset += 1
        }
        return length
    }
}
