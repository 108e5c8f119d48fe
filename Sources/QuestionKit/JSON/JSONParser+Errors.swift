// Each syntax problem: its code, a message that quotes the offending text, and the fix when one
// is known. Every `fail…` records the error and returns the value for the caller to throw.
extension JSONParserEngine {
    mutating func warnByteOrderMark() {
        warn(
            "json.byte-order-mark", "the input starts with a UTF-8 byte-order mark (EF BB BF)", at: 0,
            hint: "JSON text should not start with a byte-order mark (RFC 8259 §8.1); save the file as UTF-8 "
                + "without BOM.")
    }

    mutating func failEmpty() -> JSONParseStop {
        fail(
            "json.empty", "the input contains only whitespace; expected a JSON value", at: 0,
            hint: "A template is a JSON object: start with '{'.")
    }

    mutating func failTrailingContent() -> JSONParseStop {
        if let stop = failSpecialCharacter(inValue: false) { return stop }
        return fail(
            "json.trailing-content", "unexpected \(describeCharacter(at: pos)) after the end of the JSON value",
            at: pos,
            hint: "A JSON text holds exactly one value: remove the extra text, or wrap the values in an array.",
            inValue: false)
    }

    /// An error for the byte at `pos`, which is not what the grammar allows here.
    mutating func failUnexpected(
        expected: String, hint: String?, inValue: Bool, fixes: [FixIt] = []
    ) -> JSONParseStop {
        guard pos < end else { return failUnexpectedEnd(expected: expected, inValue: inValue) }
        if let stop = failSpecialCharacter(inValue: inValue) { return stop }
        return fail(
            "json.unexpected-character", "unexpected character \(describeCharacter(at: pos)); expected \(expected)",
            at: pos, hint: hint, inValue: inValue, fixes: fixes)
    }

    /// A comment, a single quote or invalid UTF-8 at `pos` get their own codes wherever they occur.
    private mutating func failSpecialCharacter(inValue: Bool) -> JSONParseStop? {
        let byte = base[pos]
        if byte == ASCII.slash, pos + 1 < end, base[pos + 1] == ASCII.slash || base[pos + 1] == ASCII.star {
            let commentEnd = commentEnd(from: pos)
            return fail(
                "json.comment", "comment '\(sourceText(pos..<commentEnd, limit: 30))' is not allowed in JSON", at: pos,
                hint: "JSON has no comments; move the note into a string field or delete it.", inValue: inValue)
        }
        if byte == ASCII.apostrophe {
            var close = pos + 1
            while close < end, base[close] != ASCII.apostrophe, base[close] >= 0x20 { close += 1 }
            let text = sourceText(pos..<min(close + 1, end), limit: 30)
            return fail(
                "json.single-quote", "single-quoted string \(text); JSON strings use double quotes", at: pos,
                hint: "Use double quotes.", inValue: inValue)
        }
        if byte >= 0x80, utf8SequenceLength(at: pos) == 0 { return failInvalidUTF8(at: pos) }
        return nil
    }

    /// The offset just past the comment at `start`: the end of its line, or past its `*/`.
    func commentEnd(from start: Int) -> Int {
        var index = start + 2
        if base[start + 1] == ASCII.star {
            while index + 1 < end, !(base[index] == ASCII.star && base[index + 1] == ASCII.slash) { index += 1 }
            return min(index + 2, end)
        }
        while index < end, base[index] != ASCII.lineFeed, base[index] != ASCII.carriageReturn { index += 1 }
        return index
    }

    mutating func failUnexpectedEnd(expected: String, inValue: Bool = true) -> JSONParseStop {
        var hint: String?
        if let frame = frames.last {
            let opened = position(Int(entries[Int(frame.index)].start))
            hint =
                "The \(frame.isObject ? "object" : "array") opened at line \(opened.line), column "
                + "\(opened.column) is not closed with '\(frame.isObject ? "}" : "]")'."
        }
        return fail(
            "json.unexpected-end", "unexpected end of input; expected \(expected)", at: end, hint: hint,
            inValue: inValue)
    }

    mutating func failUnexpectedInValue() -> JSONParseStop {
        let byte = base[pos]
        if byte == ASCII.plus || byte == ASCII.dot { return failInvalidNumber(at: pos) }
        var hint: String?
        if byte == ASCII.comma {
            hint = "Remove the extra ','; write null for a missing value."
        } else if byte == ASCII.closeBracket || byte == ASCII.closeBrace {
            hint = "Write a value here (null if there is none)."
        }
        return failUnexpected(expected: "a value", hint: hint, inValue: true)
    }

    mutating func failAfterValue(isObject: Bool) -> JSONParseStop {
        let byte = base[pos]
        var hint: String?
        var fixes: [FixIt] = []
        if byte == (isObject ? ASCII.closeBracket : ASCII.closeBrace) {
            hint =
                isObject
                ? "This object was opened with '{'; close it with '}'."
                : "This array was opened with '['; close it with ']'."
        } else if byte == ASCII.quote || byte == ASCII.openBrace || byte == ASCII.openBracket
            || byte == ASCII.minus || Self.isWordByte(byte)
        {
            hint = isObject ? "Add a ',' between the members." : "Add a ',' between the elements."
            fixes = missingCommaFix(isObject: isObject).map { [$0] } ?? []
        }
        return failUnexpected(
            expected: isObject ? "',' or '}'" : "',' or ']'", hint: hint, inValue: false, fixes: fixes)
    }

    /// A comma directly before the closing bracket at `pos`.
    mutating func failTrailingComma(at comma: Int) -> JSONParseStop {
        let close = base[pos] == ASCII.closeBrace ? "}" : "]"
        return fail(
            "json.trailing-comma", "trailing comma before '\(close)'", at: comma,
            hint: "Remove the ',' before '\(close)'.", inValue: false,
            fixes: [trailingCommaFix(at: comma, before: close)])
    }

    mutating func failTooDeep() -> JSONParseStop {
        gaveUp = true
        let bracket = base[pos] == ASCII.openBrace ? "{" : "["
        return fail(
            "json.too-deep", "'\(bracket)' nests deeper than the limit of \(maxDepth) levels", at: pos,
            hint: "Flatten the structure: arrays and objects may nest at most \(maxDepth) levels deep.")
    }

    mutating func failUnexpectedInKey() -> JSONParseStop {
        var wordEnd = pos
        while wordEnd < end, Self.isWordByte(base[wordEnd]) { wordEnd += 1 }
        let hint = wordEnd > pos ? "Put the key in double quotes: \"\(sourceText(pos..<wordEnd))\"." : nil
        return failUnexpected(expected: "a string key", hint: hint, inValue: true)
    }

    mutating func failMissingColon() -> JSONParseStop {
        failUnexpected(expected: "':' after the key", hint: "Write a ':' between the key and its value.", inValue: true)
    }

    mutating func failUnterminatedString(openingQuote: Int) -> JSONParseStop {
        fail(
            "json.unterminated-string", "unterminated string \(sourceText(openingQuote..<end, limit: 30))",
            at: openingQuote, hint: "Add the closing '\"'.")
    }

    mutating func failControlCharacter(at offset: Int) -> JSONParseStop {
        let byte = base[offset]
        let escapes: [UInt8: String] = [0x08: "\\b", 0x09: "\\t", 0x0A: "\\n", 0x0C: "\\f", 0x0D: "\\r"]
        let escape = escapes[byte] ?? "\\u00" + Self.hexByte(byte).dropFirst(2)
        let lineBreak = byte == ASCII.lineFeed || byte == ASCII.carriageReturn
        return fail(
            "json.control-character", "control character \(Self.controlName(byte)) inside a string", at: offset,
            hint: "Write it as the escape \(escape)"
                + (lineBreak ? ", or close the string with '\"' before the line break." : "."))
    }

    mutating func failInvalidEscape(at backslash: Int) -> JSONParseStop {
        let escapedByte = base[backslash + 1]
        var textEnd = backslash + 2
        if escapedByte == ASCII.lowerU {
            while textEnd < min(backslash + 6, end), JSONStringDecoder.hexValue(base[textEnd]) != nil { textEnd += 1 }
        } else if escapedByte >= 0x80 {
            textEnd = backslash + 1 + max(utf8SequenceLength(at: backslash + 1), 1)
        }
        let text =
            escapedByte < 0x20
            ? "a backslash followed by \(Self.controlName(escapedByte))" : "'\(sourceText(backslash..<textEnd))'"
        let detail = escapedByte == ASCII.lowerU ? " (\\u needs four hex digits)" : ""
        return fail(
            "json.invalid-escape", "invalid escape \(text) in a string\(detail)", at: backslash,
            hint: #"Valid escapes are \" \\ \/ \b \f \n \r \t and \u with four hex digits; "#
                + #"write a backslash itself as \\."#)
    }

    mutating func failLoneSurrogate(at backslash: Int, value: UInt32) -> JSONParseStop {
        let text = sourceText(backslash..<backslash + 6)
        let message =
            value < 0xDC00
            ? "lone high surrogate '\(text)': it must be followed by a low surrogate (\\uDC00 to \\uDFFF)"
            : "lone low surrogate '\(text)': it must follow a high surrogate (\\uD800 to \\uDBFF)"
        return fail(
            "json.lone-surrogate", message, at: backslash,
            hint: #"Write a character beyond U+FFFF as a surrogate pair (😀 is \ud83d\ude00) or as itself."#)
    }
}
