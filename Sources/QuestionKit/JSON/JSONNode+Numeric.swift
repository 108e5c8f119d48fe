#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Decimal numbers written as text, as the MI format allows for counts and bounds
/// (`"max-answers": "2"`, `"from": "-5.5"`).
public enum DecimalText {
    /// Parses an optional minus sign, digits, and an optional fraction (`-12`, `3.25`), ignoring
    /// surrounding spaces. Digits may be missing on one side of the point (`.5`, `5.`), as the
    /// original app's number field allowed. No exponent, no plus sign, no thousands separators:
    /// what a technician types into a number field.
    public static func parse(_ text: String) -> Double? {
        var text = text
        return text.withUTF8(parse(utf8:))
    }

    /// `parse` over the text's UTF-8 bytes, so that a document's string is read where it lies,
    /// without making a `String` (bounds are read this way for every question that has them).
    static func parse(utf8 text: UnsafeBufferPointer<UInt8>) -> Double? {
        var start = 0
        var end = text.count
        while start < end, text[start] == 0x20 { start += 1 }
        while end > start, text[end - 1] == 0x20 { end -= 1 }
        let trimmed = UnsafeBufferPointer(rebasing: text[start..<end])
        var digitsBeforePoint = 0
        var digitsAfterPoint = 0
        var seenPoint = false
        for (offset, byte) in trimmed.enumerated() {
            switch byte {
            case UInt8(ascii: "-") where offset == 0:
                continue
            case UInt8(ascii: "."):
                if seenPoint { return nil }
                seenPoint = true
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                if seenPoint { digitsAfterPoint += 1 } else { digitsBeforePoint += 1 }
            default:
                return nil
            }
        }
        guard digitsBeforePoint + digitsAfterPoint > 0 else { return nil }
        // `strtod` reads ".5" and "5." as they are; "-.5" too.
        return DecimalText.double(fromValidated: trimmed)
    }

    /// The value of number text already known to be well formed (JSON number grammar, or the
    /// grammar above). Whole numbers of up to 15 digits, the common case, are exact in a `Double`
    /// and are summed here (`-0` stays negative zero, as `strtod` reads it). Others go to `strtod`,
    /// which rounds correctly and, unlike the generic `Double(String)`, needs no dynamic cast per
    /// call; the text is copied to a NUL-terminated buffer on the stack.
    static func double(fromValidated text: UnsafeBufferPointer<UInt8>) -> Double {
        if let whole = wholeNumber(text) { return whole }
        return withUnsafeTemporaryAllocation(of: CChar.self, capacity: text.count + 1) { buffer in
            var offset = 0
            for byte in text {
                buffer[offset] = CChar(bitPattern: byte)
                offset += 1
            }
            buffer[offset] = 0
            guard let start = buffer.baseAddress else { return .nan }  // capacity ≥ 1: never nil
            return strtod(start, nil)
        }
    }

    /// The value of an optional minus and 1 to 15 digits (below 2^53, so exact); nil for other text. (The value
    /// `strtod` and `Double(String)` read too: a type reading a bound in place sums it here.)
    @inline(__always)
    package static func wholeNumber(_ text: UnsafeBufferPointer<UInt8>) -> Double? {
        let isNegative = text.first == UInt8(ascii: "-")
        let digitsStart = isNegative ? 1 : 0
        guard text.count > digitsStart, text.count - digitsStart <= 15 else { return nil }
        var value = 0
        for index in digitsStart..<text.count {
            let digit = text[index] &- UInt8(ascii: "0")
            guard digit <= 9 else { return nil }
            value = value &* 10 &+ Int(digit)
        }
        return isNegative ? -Double(value) : Double(value)
    }
}

extension JSONNode {
    /// The value of a JSON number, or of a string holding a decimal number (see `DecimalText`);
    /// nil for anything else.
    public var numericValue: Double? {
        switch kind {
        case .number: return numberValue
        case .string:
            // Read where the text lies unless escapes make its bytes differ from its value.
            let entry = self.entry
            guard entry.flags & JSONEntry.hasEscapes == 0 else { return stringValue.flatMap(DecimalText.parse) }
            let content = entry.contentRange
            return document.bytes.withUnsafeBufferPointer { source in
                DecimalText.parse(utf8: UnsafeBufferPointer(rebasing: source[content]))
            }
        default: return nil
        }
    }

    /// Like `numericValue`, but only for whole numbers that fit an `Int`.
    public var integerValue: Int? {
        guard let value = numericValue, value.rounded() == value, abs(value) < 1e15 else { return nil }
        return Int(value)
    }
}

extension JSONNode {
    /// The value as a message quotes it: `'text'` (shortened past 40 characters), numbers,
    /// booleans and null as written, and containers by kind (`an array`). Every type words its
    /// messages alike with it ("must be a string, not 7").
    public var quotedForMessage: String {
        switch kind {
        case .string:
            let text = stringValue ?? ""
            return "'" + (text.count > 40 ? text.prefix(39) + "…" : text) + "'"
        case .number, .boolean, .null:
            return sourceText
        case .array, .object:
            return kind.description
        }
    }
}
