// Errors inside scalar values: numbers, bare words and bytes that are not UTF-8.
extension JSONParserEngine {
    mutating func failInvalidNumber(at start: Int) -> JSONParseStop {
        let token = sourceText(start..<max(numberTokenEnd(from: start), start + 1))
        return fail("json.invalid-number", "invalid number '\(token)'", at: start, hint: Self.numberHint(token))
    }

    mutating func failLeadingZero(at start: Int) -> JSONParseStop {
        let token = sourceText(start..<numberTokenEnd(from: start))
        var body = Substring(token)
        var sign = ""
        if body.first == "-" {
            sign = "-"
            body = body.dropFirst()
        }
        while body.count > 1, body.first == "0", let second = body.dropFirst().first, ("0"..."9").contains(second) {
            body = body.dropFirst()
        }
        return fail(
            "json.leading-zero", "number '\(token)' has a leading zero", at: start,
            hint: "Write \(sign)\(body), not \(token); quote it if it is a code.")
    }

    mutating func failInvalidLiteral(from start: Int, to wordEnd: Int) -> JSONParseStop {
        let word = sourceText(start..<wordEnd)
        return fail(
            "json.invalid-literal", "invalid literal '\(word)'; expected true, false or null", at: start,
            hint: Self.literalHint(word))
    }

    mutating func failInvalidUTF8(at offset: Int) -> JSONParseStop {
        var sequence = [base[offset]]
        var index = offset + 1
        while index < end, index < offset + 4, base[index] & 0xC0 == 0x80 {
            sequence.append(base[index])
            index += 1
        }
        let shown = sequence.map(Self.hexByte).joined(separator: " ")
        return fail(
            "json.invalid-utf8", "invalid UTF-8: \(Self.utf8Problem(sequence)) (\(shown))", at: offset,
            hint: "Save the file as UTF-8; these bytes look like another encoding, such as Latin-1 or Windows-1252.")
    }

    /// What is wrong with a malformed UTF-8 sequence (its lead byte and the continuation bytes
    /// after it).
    static func utf8Problem(_ sequence: [UInt8]) -> String {
        let lead = sequence[0]
        let second = sequence.count > 1 ? sequence[1] : nil
        switch lead {
        case 0x80...0xBF:
            return "stray continuation byte"
        case 0xC0, 0xC1:
            return "overlong encoding"
        case 0xE0 where second.map { $0 < 0xA0 } ?? false, 0xF0 where second.map { $0 < 0x90 } ?? false:
            return "overlong encoding"
        case 0xED where second.map { $0 >= 0xA0 } ?? false:
            return "encoded UTF-16 surrogate"
        case 0xF4 where second.map { $0 >= 0x90 } ?? false, 0xF5...0xF7:
            return "value above U+10FFFF"
        case 0xF8...0xFF:
            return "byte that never occurs in UTF-8"
        default:
            return "truncated sequence"
        }
    }

    /// How to fix a malformed number, from what it looks like.
    static func numberHint(_ token: String) -> String {
        let lower = token.lowercased()
        if lower.contains("inf") || lower.contains("nan") {
            return "JSON has no NaN or Infinity; use null, or a string."
        }
        if token.hasPrefix("+") { return "JSON numbers have no '+' sign; write \(token.dropFirst())." }
        if token.hasPrefix(".") || token.hasPrefix("-.") { return "Write a digit before the '.', as in 0.5." }
        if token == "-" { return "A '-' must be followed by digits." }
        if token.hasSuffix(".") { return "Write a digit after the '.', as in 1.0." }
        if let last = token.last, "eE+-".contains(last) { return "Write digits after the exponent, as in 1e3." }
        if token.filter({ $0 == "." }).count > 1 {
            return "A number has at most one '.'; quote it if it is a version or a code (\"\(token)\")."
        }
        return "A JSON number looks like -12.5e3; quote the value if it is text."
    }

    /// How to fix a bare word where a value was expected.
    static func literalHint(_ word: String) -> String {
        let lower = word.lowercased()
        let literals = ["true", "false", "null"]
        if literals.contains(lower) { return "JSON literals are lower-case: write \(lower)." }
        if lower == "nan" || lower.hasPrefix("inf") { return "JSON has no NaN or Infinity; use null, or a string." }
        if ["undefined", "none", "nil"].contains(lower) { return "Write null." }
        if let literal = literals.first(where: { $0.hasPrefix(lower) || lower.hasPrefix($0) }) {
            return "Did you mean \(literal)?"
        }
        return "If this is text, put it in double quotes: \"\(word)\"."
    }
}
