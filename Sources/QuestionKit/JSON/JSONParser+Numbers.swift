// Numbers and the literals true, false and null.
extension JSONParserEngine {
    @inline(__always)
    private func isDigit(_ index: Int) -> Bool {
        index < end && base[index] &- ASCII.zero < 10
    }

    /// Scans the number at the current position (a digit or '-') and moves past it:
    /// `-? (0 | [1-9][0-9]*) (. [0-9]+)? ([eE] [+-]? [0-9]+)?`, not followed by a letter, digit,
    /// '.', '+' or '-'.
    mutating func scanNumber() throws(JSONParseStop) {
        let start = pos
        var index = pos
        if base[index] == ASCII.minus { index += 1 }
        guard isDigit(index) else { throw failInvalidNumber(at: start) }
        if base[index] == ASCII.zero {
            index += 1
            if isDigit(index) { throw failLeadingZero(at: start) }
        } else {
            repeat { index += 1 } while isDigit(index)
        }
        if index < end, base[index] == ASCII.dot {
            index += 1
            guard isDigit(index) else { throw failInvalidNumber(at: start) }
            repeat { index += 1 } while isDigit(index)
        }
        if index < end, base[index] | 0x20 == ASCII.lowerE {
            index += 1
            if index < end, base[index] == ASCII.plus || base[index] == ASCII.minus { index += 1 }
            guard isDigit(index) else { throw failInvalidNumber(at: start) }
            repeat { index += 1 } while isDigit(index)
        }
        if index < end,
            Self.isWordByte(base[index]) || base[index] == ASCII.dot || base[index] == ASCII.plus
                || base[index] == ASCII.minus
        {
            throw failInvalidNumber(at: start)
        }
        pos = index
    }

    /// Scans the word at the current position (it starts with a letter), which must be `true`,
    /// `false` or `null`, and moves past it.
    mutating func scanLiteral() throws(JSONParseStop) -> JSONKind {
        let start = pos
        var index = pos
        while index < end, Self.isWordByte(base[index]) { index += 1 }
        let kind: JSONKind?
        switch index - start {
        case 4 where matches("true", at: start): kind = .boolean
        case 4 where matches("null", at: start): kind = .null
        case 5 where matches("false", at: start): kind = .boolean
        default: kind = nil
        }
        guard let kind else { throw failInvalidLiteral(from: start, to: index) }
        pos = index
        return kind
    }

    /// Whether the bytes at `offset` are `word` (ASCII).
    @inline(__always)
    private func matches(_ word: StaticString, at offset: Int) -> Bool {
        let length = word.utf8CodeUnitCount
        guard offset + length <= end else { return false }
        let pointer = word.utf8Start
        for index in 0..<length where base[offset + index] != pointer[index] {
            return false
        }
        return true
    }

    /// Letters, digits and '_': the bytes that continue a bare word such as `true` or `NaN`.
    @inline(__always)
    static func isWordByte(_ byte: UInt8) -> Bool {
        byte &- ASCII.zero < 10 || (byte | 0x20) &- ASCII.lowerA < 26 || byte == 0x5F
    }
}
