/// Decodes the escapes of a JSON string that the parser has already validated.
enum JSONStringDecoder {
    /// The value of a string whose content (the bytes between the quotes) contains escapes:
    /// `\" \\ \/ \b \f \n \r \t` and `\uXXXX`, with surrogate pairs combined.
    ///
    /// The content must have passed the parser's checks; anything malformed is decoded leniently
    /// (a stray escape is kept as written, a lone surrogate becomes U+FFFD) rather than trapping.
    static func decode(_ content: ArraySlice<UInt8>) -> String {
        String(decoding: decodeBytes(content), as: UTF8.self)
    }

    /// The UTF-8 bytes of the string's value.
    static func decodeBytes(_ content: ArraySlice<UInt8>) -> [UInt8] {
        var output = [UInt8]()
        output.reserveCapacity(content.count)
        var index = content.startIndex
        let end = content.endIndex
        while index < end {
            let byte = content[index]
            guard byte == UInt8(ascii: "\\"), index + 1 < end else {
                output.append(byte)
                index += 1
                continue
            }
            let escaped = content[index + 1]
            if let simple = simpleEscape(escaped) {
                output.append(simple)
                index += 2
            } else if escaped == UInt8(ascii: "u"), let (scalar, length) = unicodeEscape(content, at: index) {
                appendUTF8(scalar, to: &output)
                index += length
            } else {
                output.append(byte)
                index += 1
            }
        }
        // Malformed UTF-8 (kept past an error when recovering) reads as U+FFFD, as `String` decodes
        // it: two keys that decode to one string are one key for duplicates and look-ups alike.
        guard output.contains(where: { $0 >= 0x80 }) else { return output }
        return Array(String(decoding: output, as: UTF8.self).utf8)
    }

    /// The byte a one-character escape stands for, or nil when `escaped` is not one.
    static func simpleEscape(_ escaped: UInt8) -> UInt8? {
        switch escaped {
        case UInt8(ascii: "\""): 0x22
        case UInt8(ascii: "\\"): 0x5C
        case UInt8(ascii: "/"): 0x2F
        case UInt8(ascii: "b"): 0x08
        case UInt8(ascii: "f"): 0x0C
        case UInt8(ascii: "n"): 0x0A
        case UInt8(ascii: "r"): 0x0D
        case UInt8(ascii: "t"): 0x09
        default: nil
        }
    }

    /// The value of one hexadecimal digit, or nil.
    @inline(__always)
    static func hexValue(_ byte: UInt8) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F"): UInt32(byte - UInt8(ascii: "A") + 10)
        default: nil
        }
    }

    /// The four hex digits after `\u` at `index` (the backslash), or nil when they are not there.
    static func hexQuad<C: Collection<UInt8>>(_ content: C, at index: C.Index) -> UInt32? where C.Index == Int {
        guard index + 6 <= content.endIndex, content[index + 1] == UInt8(ascii: "u") else { return nil }
        var value: UInt32 = 0
        for offset in 2..<6 {
            guard let digit = hexValue(content[index + offset]) else { return nil }
            value = value << 4 | digit
        }
        return value
    }

    /// The scalar of a `\uXXXX` escape (or a surrogate pair of them) at `index` and the number of
    /// bytes it spans; a lone surrogate decodes to U+FFFD.
    private static func unicodeEscape(_ content: ArraySlice<UInt8>, at index: Int) -> (UInt32, Int)? {
        guard let first = hexQuad(content, at: index) else { return nil }
        switch first {
        case 0xD800...0xDBFF:
            if index + 6 < content.endIndex, content[index + 6] == UInt8(ascii: "\\"),
                let second = hexQuad(content, at: index + 6), (0xDC00...0xDFFF).contains(second)
            {
                return (0x10000 + ((first - 0xD800) << 10) + (second - 0xDC00), 12)
            }
            return (0xFFFD, 6)
        case 0xDC00...0xDFFF:
            return (0xFFFD, 6)
        default:
            return (first, 6)
        }
    }

    /// Appends the UTF-8 encoding of a scalar value (assumed valid) to `output`.
    static func appendUTF8(_ scalar: UInt32, to output: inout [UInt8]) {
        switch scalar {
        case 0..<0x80:
            output.append(UInt8(truncatingIfNeeded: scalar))
        case 0x80..<0x800:
            output.append(UInt8(truncatingIfNeeded: 0xC0 | scalar >> 6))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        case 0x800..<0x10000:
            output.append(UInt8(truncatingIfNeeded: 0xE0 | scalar >> 12))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        default:
            output.append(UInt8(truncatingIfNeeded: 0xF0 | scalar >> 18))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 12 & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar >> 6 & 0x3F))
            output.append(UInt8(truncatingIfNeeded: 0x80 | scalar & 0x3F))
        }
    }
}
